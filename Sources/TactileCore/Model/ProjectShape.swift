import Foundation

extension ProjectFile {
    /// Every field a project file may hold, in the file's own shape: the JSON of a project whose
    /// one track and one clip carry every optional part (a transform, a sticker, a style, a
    /// transition with its overlap, a speed, a fit, a sound; a muted, ducking track). Made by the
    /// file's own writer, so a path checked against it names only what a file can hold.
    public static let shape: JSONValue = {
        let second = Time.seconds(1)
        let clip = Clip(
            id: "clip", kind: .video, media: "media", title: "title", start: .zero, duration: second, sourceStart: .zero,
            sourceDuration: second, transform: OverlayTransform(x: 0.5, y: 0.5, scale: 2, rotation: 1), sticker: .heart,
            textStyle: TextStyle(size: .large, colour: .yellow, background: true),
            transitionIn: Transition(.crossDissolve, duration: second, overlap: Transition.Overlap(outgoing: second, incoming: second, everyTrack: true)),
            sound: ClipSound(decibels: -6, fadeIn: second, fadeOut: second), speed: 2, fit: .fill)
        return json(Project(name: "shape", tracks: [Track(id: "track", kind: .video, clips: [clip], isMuted: true, ducksUnderOtherSound: true)]))
    }()
}
