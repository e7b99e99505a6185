import Foundation
import TactileCore
import TactileEditor

/// Which screen a recorded block showed when: the editor while a task runs, a questionnaire
/// (`seq`, `sus` or the study's own id) while it is asked, and `between` otherwise (the task card
/// between tasks, the block's start and end). Read from the block's `log.jsonl`, so a touch can be
/// drawn over the screen it landed on (`tactile heatmap STUDY_DIR`).
public struct BlockScreens: Sendable {
    /// One stretch of one screen.
    public struct Span: Sendable, Equatable {
        public var start: Double, end: Double
        /// "editor", "seq", "sus", a study's own questionnaire id.
        public var screen: String
        /// The task it belongs to (the task running, or the task an SEQ asks about).
        public var task: String?
    }

    /// The screen every span of the block that is not a task or a questionnaire shows.
    public static let between = "between", editor = "editor"

    public var spans: [Span] = []

    public init(spans: [Span] = []) { self.spans = spans }

    /// The block recorded in `folder`.
    public static func read(_ folder: URL) -> BlockScreens {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("log.jsonl"), encoding: .utf8) else { return BlockScreens() }
        var spans: [Span] = []
        var open: Span?
        for line in text.split(separator: "\n") {
            guard let e = LogEvent(jsonLine: line) else { continue }
            let t = e.time.seconds
            switch e.event {
            case let .taskBegan(task, _, _):
                if var o = open { o.end = t; spans.append(o) }
                open = Span(start: t, end: .infinity, screen: editor, task: task)
            case let .questionnaireBegan(questionnaire, _, task):
                if var o = open { o.end = t; spans.append(o) }
                open = Span(start: t, end: .infinity, screen: questionnaire, task: task)
            case .taskEnded, .questionnaireDone:
                if var o = open { o.end = t; spans.append(o) }
                open = nil
            default: continue
            }
        }
        if let open { spans.append(open) }
        return BlockScreens(spans: spans)
    }

    /// The screen shown at `t` and its task (`between` and nil outside every span). A touch at
    /// the very instant one screen gave way to the next belongs to the one it ended (the tap that
    /// closed it).
    public func screen(at t: Double) -> (screen: String, task: String?) {
        if let s = spans.first(where: { t >= $0.start && t <= $0.end }) { return (s.screen, s.task) }
        return (Self.between, nil)
    }

    /// When `screen` (for `task`, when given) first showed, or nil.
    public func firstShown(_ screen: String, task: String? = nil) -> Double? {
        spans.first { $0.screen == screen && (task == nil || $0.task == task) }?.start
    }
}
