import Foundation
import TactileCore
import TactileMedia

// MARK: The same timeline for melt (MLT, the engine under Kdenlive and Shotcut)

/// `project` as an MLT XML document for `melt`, laid out as Shotcut lays out a timeline: the
/// main track one playlist whose cuts with a transition are small tractors (the outgoing clip's
/// tail and the incoming clip's head, a `luma` dissolve and a `mix` of their sound, using the
/// same handles `tactile export` uses), the overlay tracks' pictures and texts composited by
/// `affine` at their places and times (texts from its `pango` producer), the sound tracks mixed in at their levels. What melt is
/// not asked to do, so it is never behind for it: every transition is a dissolve (no wipe, slide
/// or zoom), the sound's fades are left out, texts have no shadow.
func meltDocument(for project: Project, size: (width: Int, height: Int), fps: Int) -> String {
    func frames(_ t: Time) -> Int { Int((t.seconds * Double(fps)).rounded()) }
    func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
    let (w, h) = size
    let total = frames(project.duration)
    // Each track a playlist: its id (the timeline's tracks name them) and its entries.
    var producers: [String] = [], tracks: [(id: String, body: String)] = [], transitions: [String] = []
    var ids: [String: String] = [:]
    func producer(_ path: String, still: Bool = false) -> String {
        if let id = ids[path] { return id }
        let id = "src\(ids.count)"
        ids[path] = id
        let service = still ? "<property name=\"mlt_service\">pixbuf</property><property name=\"length\">\(total)</property>" : ""
        producers.append("<producer id=\"\(id)\"><property name=\"resource\">\(escaped(path))</property>\(service)</producer>")
        return id
    }
    // The main track: bodies, and a tractor at each cut with a transition.
    let main = project.tracks.first { $0.kind == .video }?.clips ?? []
    var entries: [String] = []
    for (i, clip) in main.enumerated() {
        guard let path = clip.media else { continue }
        let id = producer(path)
        let before = clip.transitionIn?.half ?? .zero
        let after = i + 1 < main.count ? (main[i + 1].transitionIn?.half ?? .zero) : .zero
        if let t = clip.transitionIn, i > 0, let outgoingPath = main[i - 1].media {
            let o = main[i - 1], length = frames(t.duration)
            let oEnd = frames(o.sourceStart + o.duration)
            let tractor = "cut\(i)", outgoing = producer(outgoingPath)
            producers.append(
                """
                <tractor id="\(tractor)" in="0" out="\(length - 1)">\
                <track producer="\(outgoing)" in="\(oEnd - length / 2)" out="\(oEnd + length - length / 2 - 1)"/>\
                <track producer="\(id)" in="\(frames(clip.sourceStart) - length / 2)" out="\(frames(clip.sourceStart) + length - length / 2 - 1)"/>\
                <transition out="\(length - 1)"><property name="mlt_service">luma</property><property name="a_track">0</property><property name="b_track">1</property></transition>\
                <transition out="\(length - 1)"><property name="mlt_service">mix</property><property name="a_track">0</property><property name="b_track">1</property><property name="start">-1</property></transition>\
                </tractor>
                """)
            entries.append("<entry producer=\"\(tractor)\" in=\"0\" out=\"\(length - 1)\"/>")
        }
        let from = frames(clip.sourceStart + before), to = frames(clip.sourceStart + clip.duration - after)
        entries.append("<entry producer=\"\(id)\" in=\"\(from)\" out=\"\(to - 1)\"/>")
    }
    tracks.append(("main", entries.joined()))
    // Overlays: each on a playlist of its own, composited where its transform puts it.
    let shorter = Double(min(w, h))
    for (n, clip) in project.tracks.filter({ $0.kind == .overlay }).flatMap(\.clips).enumerated() {
        let place = clip.placement
        let id: String, box: (w: Double, h: Double)
        switch clip.kind {
        case .image:
            guard let path = clip.media else { continue }
            id = producer(path, still: true)
            // As wide as `tactile export` draws it, as tall as its own shape makes it.
            let width = shorter * 0.53 * place.scale
            let shape = MediaProbe.probe(path).video.map { Double($0.displayHeight) / Double(max(1, $0.displayWidth)) } ?? 9.0 / 16
            box = (width, width * shape)
        case .text:
            id = "text\(n)"
            let size = shorter * 0.1 * clip.style.size.factor * place.scale
            producers.append(
                "<producer id=\"\(id)\"><property name=\"mlt_service\">pango</property><property name=\"markup\">\(escaped(clip.title))</property>"
                    + "<property name=\"family\">Inter</property><property name=\"size\">\(Int(size))</property><property name=\"weight\">700</property>"
                    + "<property name=\"fgcolour\">#ffffffff</property><property name=\"length\">\(total)</property></producer>")
            // About as wide as the words set in Inter Bold at that size (the box keeps their shape).
            box = (size * 0.56 * Double(clip.title.count), size * 1.3)
        default:
            continue
        }
        let start = frames(clip.start), length = frames(clip.duration)
        let blank = start > 0 ? "<blank length=\"\(start)\"/>" : ""
        tracks.append(("overlay\(n)", "\(blank)<entry producer=\"\(id)\" in=\"0\" out=\"\(length - 1)\"/>"))
        let x = place.x * Double(w) - box.w / 2, y = place.y * Double(h) - box.h / 2
        transitions.append(
            "<transition in=\"\(start)\" out=\"\(start + length - 1)\"><property name=\"mlt_service\">affine</property><property name=\"a_track\">0</property>"
                + "<property name=\"b_track\">\(tracks.count - 1)</property><property name=\"rect\">\(Int(x)) \(Int(y)) \(Int(box.w)) \(Int(box.h)) 1</property>"
                + "<property name=\"distort\">0</property></transition>")
    }
    // Sound: each clip on a playlist of its own at its level, mixed in.
    for (n, clip) in project.tracks.filter({ $0.kind == .audio && !$0.isMuted }).flatMap(\.clips).enumerated() {
        guard let path = clip.media else { continue }
        let id = "sound\(n)"
        producers.append(
            "<producer id=\"\(id)\"><property name=\"resource\">\(escaped(path))</property>"
                + "<filter><property name=\"mlt_service\">volume</property><property name=\"level\">\(clip.sound.decibels)</property></filter></producer>")
        let start = frames(clip.start), from = frames(clip.sourceStart)
        let blank = start > 0 ? "<blank length=\"\(start)\"/>" : ""
        tracks.append(("soundtrack\(n)", "\(blank)<entry producer=\"\(id)\" in=\"\(from)\" out=\"\(from + frames(clip.duration) - 1)\"/>"))
        transitions.append(
            "<transition><property name=\"mlt_service\">mix</property><property name=\"a_track\">0</property><property name=\"b_track\">\(tracks.count - 1)</property>"
                + "<property name=\"always_active\">1</property><property name=\"sum\">1</property></transition>")
    }
    let profile =
        "<profile width=\"\(w)\" height=\"\(h)\" frame_rate_num=\"\(fps)\" frame_rate_den=\"1\" progressive=\"1\" sample_aspect_num=\"1\" "
        + "sample_aspect_den=\"1\" display_aspect_num=\"\(w)\" display_aspect_den=\"\(h)\" colorspace=\"709\"/>"
    let playlists = tracks.map { "<playlist id=\"\($0.id)\">\($0.body)</playlist>" }
    let trackRefs = tracks.map { "<track producer=\"\($0.id)\"/>" }
    return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<mlt>\(profile)\(producers.joined(separator: "\n"))\n\(playlists.joined(separator: "\n"))\n"
        + "<tractor id=\"timeline\" in=\"0\" out=\"\(total - 1)\">\(trackRefs.joined())\(transitions.joined())</tractor></mlt>\n"
}

/// The melt command line rendering `document` to `out` like `tactile export` (the same x264
/// preset, CRF, keyframe interval, no B-frames; stereo AAC at 160 kbit/s), on `threads` render threads.
func meltCommand(document: String, out: String, crf: Int, preset: String, fps: Int, threads: Int) -> [String] {
    [
        "-quiet", document, "-consumer", "avformat:\(out)", "vcodec=libx264", "preset=\(preset)", "crf=\(crf)", "g=\(fps * 2)", "bf=0",
        "acodec=aac", "ab=160k", "ar=48000", "channels=2", "real_time=-\(threads)", "terminate_on_pause=1",
    ]
}
