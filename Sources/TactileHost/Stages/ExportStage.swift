import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// Exports: the editor's requests go to the exporter, and its news come back — progress into
/// the export sheet, the end into a banner and the log (`exportEnd`: its outcome, and the file's
/// name or the reason).
public final class ExportStage: HostStage {
    /// The exporter the editor's exports go to: the services', or a replay's recorded news
    /// (`TracePlayer` installs `ReplayedExports` for a trace that offered exports).
    var exporter: MovieExporting?
    /// The news taken this step (a recording keeps it with the frame).
    private(set) var news: MovieExportNews?

    public init(exporter: MovieExporting?) { self.exporter = exporter }

    public func stepBegan(_ step: inout StageStep) {
        let session = step.session, now = step.now
        session.state.exportAvailable = exporter != nil
        news = exporter?.takeNews(now: now)?.quantized
        guard let news else { return }
        let strings = session.theme.strings
        func end(
            _ message: String, isError: Bool, _ ending: InteractionEvent.ExportEnd, reveal: Banner.Reveal? = nil, for seconds: Double? = nil
        ) {
            session.addToNextFrameLog(LogEvent(time: now, .exportEnd(ending)))
            session.state.exportRun = nil
            session.state.banner = Banner(
                message: message, isError: isError, until: now + .seconds(seconds ?? session.configuration.editing.bannerDuration),
                reveal: reveal)
        }
        switch news {
        case let .progress(fraction, secondsLeft):
            guard session.state.exportRun != nil else { return }
            session.state.exportRun?.fraction = fraction
            session.state.exportRun?.secondsLeft = secondsLeft
        case let .finished(path, bytes):
            // Where it went, in words, with a button to show it; the whole path in the log.
            end(
                strings.savedIn(path, bytes: bytes, home: HomePath.expanding("~")), isError: false,
                .init(outcome: .finished, file: path.split(separator: "/").last.map(String.init) ?? path, path: path, bytes: Double(bytes)),
                reveal: Banner.Reveal(label: strings[.showFile], path: path), for: session.configuration.editing.exportBannerDuration)
            session.state.exportSheet = false
        case let .failed(reason):
            end(strings.format(.exportFailed, ["reason": reason]), isError: true, .init(outcome: .failed, reason: reason))
        case .cancelled:
            end(strings[.exportCancelled], isError: false, .init(outcome: .cancelled))
        }
        session.needsPresent = true
    }

    /// Starts or cancels the exports the editor's frame asked for.
    public func frameDidRun(_ output: inout FrameOutput, released: [InputEvent], _ step: inout StageStep) {
        let session = step.session
        for export in output.exports {
            switch export {
            case let .start(settings):
                if let exporter {
                    exporter.start(session.state.project, settings: settings)
                } else {
                    session.state.exportRun = nil
                    session.state.banner = Banner(
                        message: session.theme.strings.format(.exportFailed, ["reason": "this session cannot write movies (use tactile export)"]),
                        isError: true, until: step.now + .seconds(session.configuration.editing.bannerDuration))
                }
            case .cancel:
                exporter?.cancel()
            }
        }
    }
}
