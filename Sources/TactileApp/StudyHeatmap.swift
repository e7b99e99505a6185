import Foundation
import TactileCore
import TactileHeadless
import TactileHost
import TactileInput
import TactileMedia
import TactileStudy

/// `tactile heatmap STUDY_DIR`: the touches of a study's variant blocks, each drawn over the
/// screen it landed on — the editor, each questionnaire (SEQ, SUS, the study's own), the task card
/// between tasks — one PNG per screen, narrowed with `--task`, `--variant` and `--screen`. Each
/// screen's background is the screen itself, replayed from the first block that showed it.
enum StudyHeatmap {
    /// One screen's points, per layer, and where to take its picture from.
    private struct Screen {
        /// The points drawn, per layer.
        var points: [String: [Point]] = [:]
        /// How many points each layer has, drawn or not (a timeline touch whose time the
        /// picture's timeline does not show is counted, not drawn).
        var counts: [String: Int] = [:]
        /// Of those, the timeline touches at a time the picture's timeline does not show.
        var offTheTimeline: [String: Int] = [:]
        var viewport: Size
        var background: (session: RecordedSession, at: Double)
        /// Touches on the timeline, by their timeline time and height (drawn where the picture's
        /// timeline shows that time), and the block views the picture's moment is chosen from.
        var timelineTouches: [(layer: String, time: Time, y: Double)] = []
        var pictureViews: (views: TimelineViews, spans: [BlockScreens.Span])?
        var blocks: Set<String> = []
    }

    /// One screen's heatmap: its name ("editor", "sus"), its legend's title, the picture, and
    /// how many points each layer drew.
    struct Picture {
        var screen: String, title: String, image: RGBAImage
        var counts: [String: Int]
        /// The participants whose touches it draws.
        var participants: [String] = []
    }

    static func run(
        _ folder: URL, out: String, task: String?, variant: String?, screen wanted: String?, scale: Double?, radius: Double?,
        settings: Settings, mediaDir: String?, layers: [String], selection: StudyResults.Selection = .init()
    ) throws -> String {
        let pictures = try self.pictures(
            folder, task: task, variant: variant, screen: wanted, scale: scale, radius: radius, settings: settings, mediaDir: mediaDir, layers: layers,
            selection: selection)
        let target = URL(fileURLWithPath: out)
        var lines: [String] = []
        for p in pictures {
            let file = pictures.count == 1 ? target : Self.file(target, screen: p.screen)
            do { try ImageCodec.writePNG(p.image, to: file) } catch { throw CommandError("\(file.path): cannot write the PNG (\(CommandError.reason(error)))") }
            // Noted with whom it pools, so a withdrawal finds it (`PooledOutputs`).
            PooledOutputs.note(file, in: folder, participants: p.participants, by: "heatmap")
            lines.append("\(file.path): \(p.title); " + layers.map { "\(p.counts[$0] ?? 0) \(HeatmapLayer.label($0))" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    /// Each screen's heatmap of the study in `folder`, in the order the screens were first met.
    static func pictures(
        _ folder: URL, task: String?, variant: String?, screen wanted: String?, scale: Double?, radius: Double?,
        settings: Settings, mediaDir: String?, layers: [String], allowingNone: Bool = false, selection: StudyResults.Selection = .init()
    ) throws -> [Picture] {
        let results = try StudyResults.read(folder).selecting(selection)
        let report = StudyReport(results)
        if let variant, !results.variants.contains(variant) {
            throw CommandError.badInput(
                "--variant \(PrintableText.of(variant, limit: 40)): not a variant of this study (\(results.variants.joined(separator: ", ")))")
        }
        if let task, !report.tasks.contains(task) {
            throw CommandError.badInput("--task \(PrintableText.of(task, limit: 40)): not a task of this study (\(report.tasks.joined(separator: ", ")))")
        }
        let pixelsPerPoint = try Inputs.scale(scale) ?? 2
        let sigmaPoints = radius ?? 10
        guard sigmaPoints.isFinite, sigmaPoints > 0, sigmaPoints <= 200 else { throw CommandError.badInput("--radius must be between 0 and 200 points") }
        var screens: [String: Screen] = [:], order: [String] = []
        for p in results.participants {
            for b in p.blocks where variant == nil || b.variant == variant {
                guard FileManager.default.fileExists(atPath: b.url.appendingPathComponent(SessionRecorder.FileName.trace).path) else { continue }
                let session = try RecordedSession.open(b.url.path, project: nil, settings: settings)
                let shown = BlockScreens.read(b.url)
                var found: [(layer: String, t: Double, point: Point)] = []
                for layer in layers {
                    if layer == "taps" {
                        for e in session.trace.events { if case let .touch(_, .down, point) = e.kind { found.append((layer, e.time.seconds, point)) } }
                    } else {
                        found += HeatmapLayer.timedPoints(layer, inLogOf: b.url).map { (layer, $0.t, $0.point) }
                    }
                }
                // The editor's timeline, frame by frame, read once a block (only when it has editor touches).
                var views: TimelineViews?
                func timeline() throws -> TimelineViews {
                    if let views { return views }
                    let made = try TimelineViews(replaying: session, mediaDir: mediaDir)
                    views = made
                    return made
                }
                for f in found {
                    let on = shown.screen(at: f.t)
                    guard task == nil || on.task == task, wanted == nil || on.screen == wanted else { continue }
                    if screens[on.screen] == nil {
                        // The screen's picture: shortly after it first showed (for the task filtered on).
                        let first = shown.spans.first { $0.screen == on.screen && (task == nil || $0.task == task) }
                        let at = first.map { min($0.start + 0.5, $0.end.isFinite ? $0.end : $0.start + 0.5) } ?? f.t
                        screens[on.screen] = Screen(viewport: session.trace.viewport, background: (session, at))
                        if on.screen == "editor" { screens[on.screen]!.pictureViews = (try timeline(), shown.spans.filter { $0.screen == "editor" }) }
                        order.append(on.screen)
                    }
                    screens[on.screen]!.counts[f.layer, default: 0] += 1
                    screens[on.screen]!.blocks.insert(p.name + "/" + b.folder)
                    // A touch on the timeline is kept by its timeline time, drawn once the picture's moment is chosen.
                    if on.screen == "editor", let time = try timeline().time(of: f.point, at: f.t) {
                        screens[on.screen]!.timelineTouches.append((f.layer, time, f.point.y))
                        continue
                    }
                    let k = (
                        screens[on.screen]!.viewport.width / session.trace.viewport.width, screens[on.screen]!.viewport.height / session.trace.viewport.height
                    )
                    screens[on.screen]!.points[f.layer, default: []].append(Point(x: f.point.x * k.0, y: f.point.y * k.1))
                }
            }
        }
        guard !order.isEmpty || allowingNone else {
            let filters = [variant.map { "variant \($0)" }, task.map { "task \($0)" }, wanted.map { "screen \($0)" }].compactMap { $0 }
            throw CommandError.badInput(
                "\(folder.path): no touches\(filters.isEmpty ? "" : " with " + filters.joined(separator: ", "))"
                    + " (screens are editor, between, seq, sus and the study's own questionnaires)")
        }
        var out: [Picture] = []
        for name in order {
            var s = screens[name]!
            if let (views, spans) = s.pictureViews { Self.placeTimelineTouches(&s, views: views, spans: spans) }
            let headless = try HeadlessSession(
                project: s.background.session.project, viewport: s.viewport, scale: pixelsPerPoint, configuration: s.background.session.configuration,
                library: try MediaFolder.library(mediaDir), plan: s.background.session.plan, notices: s.background.session.notices)
            var cursor = TraceCursor(s.background.session.trace)
            headless.player.advance(&cursor, through: .seconds(s.background.at))
            let all = layers.flatMap { l in (s.points[l] ?? []).map { (l, Point(x: $0.x * pixelsPerPoint, y: $0.y * pixelsPerPoint)) } }
            let heat = Heatmap.render(
                all.map(\.1), over: try headless.renderLatest(), sigma: sigmaPoints * pixelsPerPoint,
                marks: all.map { Heatmap.Mark(point: $0.1, color: HeatmapLayer.color($0.0)) }, dot: 2.5 * pixelsPerPoint)
            let filters = [variant.map { "variant \($0)" }, task.map { "task \($0)" }].compactMap { $0 }
            let title =
                "\(Self.title(of: name)) · \(s.blocks.count) block\(s.blocks.count == 1 ? "" : "s")"
                + (filters.isEmpty ? "" : " · " + filters.joined(separator: ", "))
            let image = try HeatmapLegend.adding(
                to: heat, title: title,
                entries: layers.map { layer in
                    let off = s.offTheTimeline[layer].map { " (\($0) beyond the timeline shown)" } ?? ""
                    return HeatmapLegend.Entry(label: HeatmapLayer.label(layer) + off, count: s.counts[layer] ?? 0, color: HeatmapLayer.color(layer))
                },
                scale: pixelsPerPoint)
            let who = Set(s.blocks.compactMap { $0.split(separator: "/").first.map(String.init) }).sorted()
            out.append(Picture(screen: name, title: title, image: image, counts: s.counts, participants: who))
        }
        return out
    }

    /// Chooses the picture's moment (within `spans` of the block it is taken from) whose timeline
    /// shows the most of the timeline touches, and draws each there at its time; those at a time
    /// it does not show are counted apart.
    private static func placeTimelineTouches(_ s: inout Screen, views: TimelineViews, spans: [BlockScreens.Span]) {
        guard !s.timelineTouches.isEmpty else { return }
        let candidates = views.views.filter { v in spans.contains { v.t >= $0.start && v.t <= $0.end } }
        func shown(_ v: TimelineViews.View) -> Int {
            let range = v.geometry.visibleTimes(minX: v.area.minX, maxX: v.area.maxX)
            return s.timelineTouches.filter { range.contains($0.time) }.count
        }
        // Every tenth of a second is enough to choose from.
        var best: TimelineViews.View?, bestCount = -1, lastTried = -Double.infinity
        for v in candidates where v.t - lastTried >= 0.1 {
            lastTried = v.t
            let n = shown(v)
            if n > bestCount { best = v; bestCount = n }
        }
        guard let view = best else { return }
        s.background.at = view.t
        for touch in s.timelineTouches {
            guard let x = view.x(of: touch.time) else {
                s.offTheTimeline[touch.layer, default: 0] += 1
                continue
            }
            s.points[touch.layer, default: []].append(Point(x: x, y: touch.y))
        }
    }

    /// "map.png" for the screen "sus": "map-sus.png".
    static func file(_ target: URL, screen: String) -> URL {
        let ext = target.pathExtension.isEmpty ? "png" : target.pathExtension
        return target.deletingPathExtension().deletingLastPathComponent()
            .appendingPathComponent(
                target.deletingPathExtension().lastPathComponent + "-" + screen.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" } + "." + ext)
    }

    /// What a screen is called in the legend.
    static func title(of screen: String) -> String {
        switch screen {
        case BlockScreens.editor: return "The editor during tasks"
        case BlockScreens.between: return "Between tasks (task card, the block's start and end)"
        case "seq": return "The Single Ease Question"
        case "sus": return "The System Usability Scale"
        default: return "The questionnaire \(screen)"
        }
    }
}
