import Foundation
import TactileCore
import TactileEditor
import TactileStudy
import TactileInput
import TactileMedia
import TactileHeadless

extension Commands {
    /// `tactile heatmap`: touch-downs of one or many traces (or session folders) as a heatmap over
    /// a snapshot of the UI (the given project, else the first session's starting project, else
    /// the demo). Traces recorded at another viewport are scaled to the first's. Returns a summary.
    ///
    /// `layers` picks what is drawn: `taps` (every touch-down, the default), and from a session
    /// folder's log `misses`, `rage`, `dead`, `nearMiss` and `unresponsive` (frustration signals);
    /// the heat sums the layers chosen, and each layer's points are dotted in its own colour.
    public static func heatmap(
        traces paths: [String], out: String, project: String?, scale: Double?, radius: Double?,
        settings: Settings = Settings(), mediaDir: String? = nil, layers: [String] = ["taps"], task: String? = nil, variant: String? = nil,
        screen: String? = nil, selection: StudyResults.Selection? = nil
    ) throws -> String {
        guard !paths.isEmpty else { throw CommandError.badInput("give at least one trace or session folder") }
        for layer in layers where !HeatmapLayer.names.contains(layer) {
            throw CommandError.badInput("--layer \(PrintableText.of(layer, limit: 40)): not a layer (expected \(HeatmapLayer.names.joined(separator: ", ")))")
        }
        guard !layers.isEmpty else { throw CommandError.badInput("--layer: name at least one layer (\(HeatmapLayer.names.joined(separator: ", ")))") }
        // --out naming a folder (one that exists, or ending in "/"): the pictures go inside it,
        // never beside it as "FOLDER-editor.png".
        var isFolder: ObjCBool = false
        let out =
            out.hasSuffix("/") || (FileManager.default.fileExists(atPath: out, isDirectory: &isFolder) && isFolder.boolValue)
            ? URL(fileURLWithPath: out).appendingPathComponent("heatmap.png").path : out
        // A study's results folder: each screen's touches over that screen.
        if paths.count == 1, StudyResults.isResultsFolder(URL(fileURLWithPath: paths[0])) {
            return try StudyHeatmap.run(
                URL(fileURLWithPath: paths[0]), out: out, task: task, variant: variant, screen: screen, scale: scale, radius: radius, settings: settings,
                mediaDir: mediaDir, layers: layers, selection: selection ?? .init())
        }
        if selection != nil {
            throw CommandError.badInput("--include-scripted and --participant are for a study's results folder (made by `tactile study run`)")
        }
        if task != nil || variant != nil || screen != nil {
            throw CommandError.badInput("--task, --variant and --screen are for a study's results folder (made by `tactile study run`)")
        }
        let sessions = try paths.map { try RecordedSession.open($0, project: project, settings: settings) }
        let first = sessions[0]
        let viewport = first.trace.viewport
        let pixelsPerPoint = try Inputs.scale(scale) ?? 2
        let sigmaPoints = radius ?? 10
        guard sigmaPoints.isFinite, sigmaPoints > 0, sigmaPoints <= 200 else { throw CommandError.badInput("--radius must be between 0 and 200 points") }
        var points: [Point] = [], marks: [Heatmap.Mark] = []
        var counts: [String: Int] = [:]
        for (s, path) in zip(sessions, paths) {
            let kx = viewport.width / s.trace.viewport.width, ky = viewport.height / s.trace.viewport.height
            for layer in layers {
                let found: [Point]
                if layer == "taps" {
                    found = s.trace.events.compactMap { e in if case let .touch(_, .down, p) = e.kind { return p } else { return nil } }
                } else {
                    guard let folder = s.folder else {
                        throw CommandError.badInput("\(path): --layer \(layer) reads a session folder's log; this is a bare trace")
                    }
                    found = HeatmapLayer.points(layer, inLogOf: folder)
                }
                counts[layer, default: 0] += found.count
                for p in found {
                    let q = Point(x: p.x * kx * pixelsPerPoint, y: p.y * ky * pixelsPerPoint)
                    points.append(q)
                    marks.append(Heatmap.Mark(point: q, color: HeatmapLayer.color(layer)))
                }
            }
        }
        let session = try HeadlessSession(
            project: first.project, viewport: viewport, scale: pixelsPerPoint,
            configuration: first.configuration, library: try MediaFolder.library(mediaDir))
        let heat = Heatmap.render(points, over: try session.renderLatest(), sigma: sigmaPoints * pixelsPerPoint, marks: marks, dot: 2.5 * pixelsPerPoint)
        let image = try HeatmapLegend.adding(
            to: heat, title: "\(sessions.count) session\(sessions.count == 1 ? "" : "s")",
            entries: layers.map { HeatmapLegend.Entry(label: HeatmapLayer.label($0), count: counts[$0] ?? 0, color: HeatmapLayer.color($0)) },
            scale: pixelsPerPoint)
        do { try ImageCodec.writePNG(image, to: URL(fileURLWithPath: out)) } catch {
            throw CommandError("\(out): cannot write the PNG (\(CommandError.reason(error)))")
        }
        let what = layers.map { "\(counts[$0] ?? 0) \($0 == "taps" ? "touch-downs" : $0)" }.joined(separator: ", ")
        return "\(what) from \(sessions.count) session\(sessions.count == 1 ? "" : "s") drawn over \(image.width)x\(image.height) px"
    }
}

/// The heatmap's layers: what each draws, read from a session folder's log, and its dots' colour.
enum HeatmapLayer {
    static let names = ["taps", "misses", "rage", "dead", "nearMiss", "unresponsive"]

    /// The points of `layer` in the log of the session in `folder` (misses, or one kind of signal).
    static func points(_ layer: String, inLogOf folder: URL) -> [Point] { timedPoints(layer, inLogOf: folder).map(\.point) }

    /// The points of `layer` in the log of the session in `folder`, each with its time.
    static func timedPoints(_ layer: String, inLogOf folder: URL) -> [(t: Double, point: Point)] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("log.jsonl"), encoding: .utf8) else { return [] }
        // Misses as every figure counts them (`Misses`: the report, the CSVs, task.ended).
        if layer == "misses" { return Misses.counted(in: text.split(separator: "\n").compactMap { LogEvent(jsonLine: $0) }) }
        let needle = "\"signal\":\"\(layer)\""
        return text.split(separator: "\n").compactMap { line -> (Double, Point)? in
            guard line.contains(needle), let o = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                let x = JSONNumber.double(o["x"]), let y = JSONNumber.double(o["y"])
            else { return nil }
            return (JSONNumber.double(o["t"]) ?? 0, Point(x: x, y: y))
        }
    }

    /// What the legend calls a layer.
    static func label(_ layer: String) -> String {
        ["taps": "touch-downs", "misses": "misses", "rage": "rage taps", "dead": "dead taps", "nearMiss": "near misses", "unresponsive": "unresponsive"][layer]
            ?? layer
    }

    /// Dots: touch-downs white, misses cyan, rage taps red, dead taps yellow, near misses orange,
    /// unresponsive drags magenta.
    static func color(_ layer: String) -> (r: UInt8, g: UInt8, b: UInt8) {
        switch layer {
        case "misses": return (0, 230, 255)
        case "rage": return (255, 40, 40)
        case "dead": return (255, 220, 0)
        case "nearMiss": return (255, 150, 0)
        case "unresponsive": return (255, 0, 220)
        default: return (255, 255, 255)
        }
    }
}
