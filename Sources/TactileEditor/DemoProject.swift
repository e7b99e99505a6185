import TactileCore

/// The built-in demo project: three tracks (video, overlay, audio) with several clips in the
/// 9:16 format phones film in, overlays placed, turned and styled, so Tactile opens on something
/// real with no files given.
public enum DemoProject {
    /// The demo; `media` maps clip ids (beach, city, title-card, forest, music, birds) to the
    /// files they show, and clips without an entry draw placeholders.
    public static func make(media: [String: String] = [:]) -> Project {
        func clip(
            _ id: String, _ kind: ClipKind, _ title: String, _ start: Double, _ duration: Double,
            source: Double? = nil, sourceStart: Double = 0, transform: OverlayTransform? = nil, sticker: StickerShape? = nil,
            style: TextStyle? = nil
        ) -> Clip {
            Clip(
                id: id, kind: kind, media: media[id], title: title, start: .seconds(start), duration: .seconds(duration),
                sourceStart: .seconds(sourceStart), sourceDuration: source.map { .seconds($0) }, transform: transform, sticker: sticker,
                textStyle: style)
        }
        return Project(
            name: "Demo", format: CompositionFormat(.portrait),
            tracks: [
                Track(
                    id: "video", kind: .video,
                    clips: [
                        clip("beach", .video, "Beach", 0, 4.5, source: 8),
                        clip("city", .video, "City Lights", 4.5, 6, source: 6),
                        clip("title-card", .image, "Title Card", 10.5, 3),
                        clip("forest", .video, "Forest", 13.5, 7.5, source: 12, sourceStart: 2),
                    ]),
                Track(
                    id: "overlay", kind: .overlay,
                    clips: [
                        clip("hello", .text, "Hello!", 1, 3),
                        clip("star", .sticker, "Star", 6, 2.5, transform: OverlayTransform(x: 0.72, y: 0.24, scale: 1.25, rotation: 14), sticker: .star),
                        clip(
                            "caption", .text, "The End", 16, 4, transform: OverlayTransform(x: 0.5, y: 0.42, scale: 1.3, rotation: -6),
                            style: TextStyle(size: .large, colour: .white, background: true)),
                    ]),
                // The soundtrack ducks under the beach's voice, as a phone editor's music does.
                Track(
                    id: "audio", kind: .audio,
                    clips: [
                        clip("music", .audio, "Soundtrack", 0, 14, source: 30),
                        clip("birds", .audio, "Birdsong", 14.5, 6.5, source: 9),
                    ], ducksUnderOtherSound: true),
            ])
    }
}
