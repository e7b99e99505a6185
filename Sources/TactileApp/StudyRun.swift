import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileMedia
import TactileSDL
import TactileStudy

/// `tactile study run`: one participant through a study file in a window (`StudySession`).
public enum StudyRun {
    /// Runs participant `participant` ("P07", "7"; nil: asked on the keypad) of the study at
    /// `path`, results into `out`. Returns what to print at the end.
    public static func run(study path: String, participant: String?, out: String, scale: Double?, fill: Bool, fullscreen: Bool, size: String?,
                           settings: Settings, mediaDir: String?) throws -> String {
        MediaMemory.returnLargeBuffersToTheSystem()
        let study = try StudyFile.load(URL(fileURLWithPath: (path as NSString).expandingTildeInPath))
        let folder = URL(fileURLWithPath: (out as NSString).expandingTildeInPath)
        let number = try participant.map(parseParticipant)
        if let number, let refusal = StudySession.refusal(of: number, in: folder) {
            throw CommandError.badInput("--participant \(participant!): \(refusal) (\(folder.path)); give another number")
        }
        try SessionRecorder.checkWritable(folder)
        var base = try study.configuration(variant: nil)
        let overlay = try settings.load()
        let adjust: (inout TactileConfiguration) -> Void = { c in
            c.theme.locale = overlay.theme.locale
            if let ui = settings.uiScale { c.layout.uiScale = ui }
        }
        adjust(&base)
        let project = try Inputs.project(at: study.project?.path)
        let library = try MediaFolder.library(mediaDir)
        let options = WindowOptions(viewport: try Inputs.size(size) ?? base.layout.viewport, scale: try Inputs.scale(scale), fill: fill, fullscreen: fullscreen)
        let host = WindowHost(options: options, configuration: base)
        let media = MediaCache(settings: base.media, mode: .background(wake: { SDLEvents.pushWake() }),
                               proxies: ProxyStore(folder: ProxyStore.defaultFolder, settings: base.media))
        host.media = media
        TerminationSignals.install()
        var session: StudySession?
        do {
            try host.run { window in
                let s = StudySession(study: study, folder: folder, participant: number, configuration: base, measurer: window.measurer,
                                     media: media, library: library, project: project, viewport: options.viewport)
                s.framesPerSecond = window.refreshRate
                s.clockOrigin = window.clock.originUptimeNanoseconds
                s.adjustConfiguration = adjust
                s.onProblem = { FileHandle.standardError.write(Data("tactile: \($0)\n".utf8)) }
                s.prepare = { part in
                    part.refreshRate = window.refreshRate
                    part.stopwatch = window.clock
                    let rate = part.configuration.media.playbackSampleRate
                    part.sound = { project, position in
                        PlaybackMixer(project: project, from: position, sampleRate: rate) { media.status(of: $0).info?.hasAudio == true }
                    }
                }
                session = s
                return s
            }
        } catch let e as SDLError {
            throw CommandError(e.message)
        }
        guard let session else { return "" }
        session.close()
        guard let n = session.participant, session.answers != nil else {
            return session.stage == .declined ? "The participant did not agree: nothing was recorded.\n" : "Nothing was recorded.\n"
        }
        let where_ = session.participantFolder(n).path
        return session.stage == .thanks
            ? "\(StudyAnswers.name(of: n)) finished the study: answers and recordings in \(where_)\n"
            : "\(StudyAnswers.name(of: n)) stopped at \(session.stageName): what was done is kept in \(where_)\n"
    }

    /// "P07", "p7" or "7" → 7.
    static func parseParticipant(_ text: String) throws -> Int {
        let digits = text.hasPrefix("P") || text.hasPrefix("p") ? String(text.dropFirst()) : text
        guard let n = Int(digits), (1...9999).contains(n) else {
            throw CommandError.badInput("--participant \(PrintableText.of(text, limit: 40)): expected a participant number such as P07 or 7 (1 to 9999)")
        }
        return n
    }
}
