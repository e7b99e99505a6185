import Foundation
import TactileCore
import TactileStudy
import TactileInput
import TactileMedia

extension Commands {
    /// `tactile heatmap`: touch-downs of one or many traces (or session folders) as a heatmap over
    /// a snapshot of the UI (the given project, else the first session's starting project, else
    /// the demo). Traces recorded at another viewport are scaled to the first's. Returns a summary.
    public static func heatmap(traces paths: [String], out: String, project: String?, scale: Double?, radius: Double?,
                               settings: Settings = Settings(), mediaDir: String? = nil) throws -> String {
        guard !paths.isEmpty else { throw CommandError.badInput("give at least one trace or session folder") }
        let sessions = try paths.map { try RecordedSession.open($0, project: project, settings: settings) }
        let first = sessions[0]
        let viewport = first.trace.viewport
        let pixelsPerPoint = try Inputs.scale(scale) ?? 2
        let sigmaPoints = radius ?? 10
        guard sigmaPoints.isFinite, sigmaPoints > 0, sigmaPoints <= 200 else { throw CommandError.badInput("--radius must be between 0 and 200 points") }
        var points: [Point] = []
        for s in sessions {
            let kx = viewport.width / s.trace.viewport.width, ky = viewport.height / s.trace.viewport.height
            for e in s.trace.events {
                guard case let .touch(_, .down, p) = e.kind else { continue }
                points.append(Point(x: p.x * kx * pixelsPerPoint, y: p.y * ky * pixelsPerPoint))
            }
        }
        let session = try HeadlessSession(project: first.project, viewport: viewport, scale: pixelsPerPoint,
                                          configuration: first.configuration, library: try MediaFolder.library(mediaDir))
        let image = Heatmap.render(points, over: try session.renderLatest(), sigma: sigmaPoints * pixelsPerPoint)
        do { try ImageCodec.writePNG(image, to: URL(fileURLWithPath: out)) } catch {
            throw CommandError("\(out): cannot write the PNG (\(error))")
        }
        return "\(points.count) touch-downs from \(sessions.count) session\(sessions.count == 1 ? "" : "s") drawn over \(image.width)x\(image.height) px"
    }
}
