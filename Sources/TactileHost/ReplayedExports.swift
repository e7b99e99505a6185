import TactileCore
import TactileInput

/// The exporter of a replayed session that could export: it writes nothing, and hands back the
/// news the recorded session took, each at the step that took it, so the replay shows the same
/// Export button, sheet, progress and ending (and logs the same `exportEnd`) frame for frame.
public final class ReplayedExports: MovieExporting {
    private let news: [RecordedExportNews]
    private var next = 0
    /// The exports the replayed person started, and the cancels (nothing runs).
    public private(set) var started = 0, cancels = 0

    public init(_ news: [RecordedExportNews]) { self.news = news }

    public func start(_ project: Project, settings: MovieSettings) { started += 1 }

    public func cancel() { cancels += 1 }

    public func takeNews(now: Time) -> MovieExportNews? {
        guard next < news.count, news[next].time <= now else { return nil }
        defer { next += 1 }
        return news[next].news
    }
}
