import Foundation
import TactileCore
import TactileEditor
import TactileMedia

/// Projects made from media rather than loaded from a file: the built-in demo over its
/// generated media, and `tactile run FILE…`.
public enum MediaProject {
    /// The demo over its media, made into the cache folder on first use. When they cannot be
    /// made, the demo draws placeholders and the notice says why.
    /// `stopWhen` is asked while the media are made on a first start (a termination signal).
    public static func demo(stopWhen: () -> Bool = { false }) -> (project: Project, notices: [String]) {
        do {
            let files = try DemoMedia.ensure(stopWhen: stopWhen)
            return (DemoProject.make(media: demoIDs.compactMapValues { files[$0] }), [])
        } catch {
            return (DemoProject.make(), ["The demo media could not be made (\(CommandError.reason(error))); showing placeholders."])
        }
    }

    /// The demo over where its media are or will be, at once, and the items still to make (a
    /// window's first start makes them behind the open window: `DemoMedia.make`).
    public static func demoPlanned() -> (project: Project, missing: [(item: DemoMedia.Item, path: String)]) {
        let (files, missing) = DemoMedia.planned()
        return (DemoProject.make(media: demoIDs.compactMapValues { files[$0] }), missing.map { ($0, files[$0]!) })
    }

    /// The demo's clips by id, and the media item each shows.
    static let demoIDs: [String: DemoMedia.Item] = [
        "beach": .beach, "city": .city, "forest": .forest, "title-card": .titleCard, "music": .soundtrack, "birds": .birds,
    ]

    /// A project holding `files` one after another: pictures (video, stills) on a video track,
    /// sound alone on an audio track, each at its full length (stills for `stillDuration`), in the
    /// format preset nearest the first picture's shape (9:16 when there is none).
    /// Files that cannot be used are left out and named in the notices. Paths are made whole
    /// (against the working folder).
    public static func make(files: [String], stillDuration: Time) -> (project: Project, notices: [String]) {
        var video: [Clip] = [], audio: [Clip] = []
        var notices: [String] = []
        var videoEnd = Time.zero, audioEnd = Time.zero
        var format: CompositionFormat?
        // Kept as whole paths: a project opened later from another folder (its autosave, a
        // recovery) still finds its media.
        for (n, path) in files.map({ URL(fileURLWithPath: $0).standardizedFileURL.path }).enumerated() {
            let report = MediaProbe.probe(path)
            let name = (path as NSString).lastPathComponent
            guard let info = report.mediaInfo else {
                notices.append("\(name): \(report.error ?? "cannot be used.")")
                continue
            }
            let title = (name as NSString).deletingPathExtension
            if info.hasVideo {
                if format == nil, let w = info.pictureWidth, let h = info.pictureHeight { format = .nearest(width: w, height: h) }
                let length = info.duration ?? stillDuration
                guard length > .zero else { notices.append("\(name): it has no length."); continue }
                video.append(
                    Clip(
                        id: "clip\(n + 1)", kind: info.isStill ? .image : .video, media: path, title: title, start: videoEnd,
                        duration: length, sourceDuration: info.duration))
                videoEnd = videoEnd + length
            } else if let length = info.duration, length > .zero {
                audio.append(
                    Clip(
                        id: "clip\(n + 1)", kind: .audio, media: path, title: title, start: audioEnd, duration: length,
                        sourceDuration: length))
                audioEnd = audioEnd + length
            } else {
                notices.append("\(name): it has no length.")
            }
        }
        let project = Project(
            name: files.count == 1 ? (files[0] as NSString).lastPathComponent : "Untitled", format: format ?? .default,
            tracks: [
                Track(id: "video", kind: .video, clips: video),
                Track(id: "overlay", kind: .overlay),
                Track(id: "audio", kind: .audio, clips: audio),
            ])
        return (project, notices)
    }
}
