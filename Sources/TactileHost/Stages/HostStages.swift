import TactileCore

/// The stages a host session runs, in order: the one place the order is seen. A new stage is a
/// file of its own and one line here.
public enum HostStages {
    /// The window's (and every replay's) stages: exports' news first, then the microphone's news
    /// joining the input, live settings (reloads, the tuning panel and its corner, the A/B flip),
    /// the kiosk, added latency, sound, frustration signals, prediction.
    static func standard(
        study: TactileConfiguration.Study, input: TactileConfiguration.Input, feel: TactileConfiguration.Feel, overlays: TactileConfiguration.Overlays,
        services: HostServices, kiosk: KioskStage?
    ) -> [HostStage] {
        var stages: [HostStage] = [
            ExportStage(exporter: services.exporter), VoiceStage(voice: services.voice), MediaFolderStage(list: services.mediaFolder),
            ProjectShelfStage(shelf: services.projectShelf), SettingsStage(overlays: overlays),
        ]
        if let kiosk { stages.append(kiosk) }
        stages += [
            AddedLatencyStage(), SoundStage(sound: services.sound), FrustrationStage(study: study, input: input),
            PredictionStage(feel: feel, input: input),
        ]
        return stages
    }
}
