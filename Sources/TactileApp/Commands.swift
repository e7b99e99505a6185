import Foundation
import TactileCore
import TactileEditor
import TactileInput
import TactileMedia

/// The headless commands, callable from the command line and from tests.
public enum Commands {
    /// `tactile snapshot`: renders one frame with no window and writes a PNG.
    public static func snapshot(out: String, project path: String?, size: String?, scale: Double?, at seconds: Double?,
                                uiScale: Double? = nil, mediaDir: String? = nil) throws {
        let session = try HeadlessSession(project: try Inputs.project(at: path), viewport: try Inputs.size(size),
                                          scale: try Inputs.scale(scale) ?? 2, at: try time(seconds),
                                          configuration: try Inputs.configuration(uiScale: uiScale), library: try MediaFolder.library(mediaDir))
        try session.writeSnapshot(to: out)
    }

    /// `tactile inspect`: the elements on screen as JSON, after an optional replay.
    public static func inspect(project path: String?, replay: String?, size: String?, scale: Double?, at seconds: Double?,
                               uiScale: Double? = nil, mediaDir: String? = nil, until: Double? = nil) throws -> String {
        let trace = try replay.map(Inputs.trace(at:))
        let session = try HeadlessSession(project: try Inputs.project(at: path), viewport: try Inputs.size(size) ?? trace?.viewport,
                                          scale: try Inputs.scale(scale) ?? 2, at: try time(seconds),
                                          configuration: try Inputs.configuration(uiScale: uiScale), library: try MediaFolder.library(mediaDir))
        if let trace { session.driver.play(trace, until: try time(until)) }
        return session.inspectJSON().serialized(pretty: true) + "\n"
    }

    /// `tactile replay`: feeds a trace through the frame loop on a virtual clock, then writes the
    /// resulting project and a final PNG. Returns a one-line summary.
    public static func replay(trace tracePath: String, project path: String?, stateOut: String?, snapshot: String?,
                              scale: Double?, until seconds: Double?, uiScale: Double? = nil, mediaDir: String? = nil) throws -> String {
        let trace = try Inputs.trace(at: tracePath)
        let session = try HeadlessSession(project: try Inputs.project(at: path), viewport: trace.viewport, scale: try Inputs.scale(scale) ?? 2,
                                          configuration: try Inputs.configuration(uiScale: uiScale), library: try MediaFolder.library(mediaDir))
        session.driver.play(trace, until: try time(seconds))
        if let stateOut {
            do { try ProjectFile.save(session.driver.state.project, to: URL(fileURLWithPath: stateOut)) } catch {
                throw CommandError("\(stateOut): cannot write the project (\(error))")
            }
        }
        if let snapshot { try session.writeSnapshot(to: snapshot) }
        let d = session.driver
        return "replayed \(trace.events.count) events over \(String(format: "%.3f", d.clock.now.seconds)) s: "
            + "\(d.loop.framesRun) frames run, \(d.framesRendered) rendered, \(d.log.count) log events"
    }

    /// `tactile probe`: one JSON object per file (a JSON array of them). Returns the text and
    /// whether every file was fine.
    public static func probe(_ paths: [String]) -> (json: String, allOK: Bool) {
        MediaLog.quiet()
        let reports = paths.map(MediaProbe.probe)
        return (JSONValue.array(reports.map(\.json)).serialized(pretty: true) + "\n", reports.allSatisfy(\.ok))
    }

    private static func time(_ seconds: Double?) throws -> Time? {
        guard let seconds else { return nil }
        guard seconds.isFinite, seconds >= 0 else { throw CommandError.badInput("times must be seconds ≥ 0, not \(seconds)") }
        return .seconds(seconds)
    }
}
