import Foundation
import TactileCore
import TactileEditor

/// What happened in one recorded block, on the block's own clock — the clock of its `log.jsonl`
/// and of its exported video (`tactile videos` starts each video at the block's 0 s), so a time
/// read here is the time to seek to in the video: the task spans with their outcomes, the
/// frustration signals, and the markers and notes of the operator and the observers.
public struct BlockTimeline: Sendable {
    /// One task attempt from its start to its judgement.
    public struct Span: Sendable {
        public var task: String
        public var began: Double
        /// When it was judged (nil: the block ended with it open).
        public var ended: Double?
        public var outcome: String?
        /// Its time on task as judged (the report's and the CSVs' number: from its start to the
        /// moment the project settled, not to the judgement after the settle).
        public var seconds: Double?
    }

    /// A frustration signal ("rage", "dead", "nearMiss", …) with the task on show.
    public struct Signal: Sendable {
        public var kind: String, task: String?, t: Double
    }

    /// A marker or note: its category ("confusion", "note", "marker"), the words typed with it,
    /// who made it ("keyboard": the operator in the window, "observer": the observer page), the
    /// task it fell in, and on which clocks.
    public struct Marker: Sendable {
        /// Seconds on the block's clock (= in the block's video); nil for one made outside every block.
        public var t: Double?
        /// Seconds on the study's clock (since the window opened), when the study's log has it.
        public var studyT: Double?
        public var category: String, note: String?, source: String, task: String?
        /// The part it was made in ("block1-outside", "practice"); nil outside every part.
        public var part: String?
    }

    public var spans: [Span] = []
    public var signals: [Signal] = []
    public var markers: [Marker] = []
    /// The last event's time (the block's length as far as its log shows).
    public var end: Double = 0

    public init() {}

    /// The timeline of the block recorded in `folder` (its `log.jsonl`); empty when there is none.
    public static func read(_ folder: URL) -> BlockTimeline {
        var timeline = BlockTimeline()
        guard let text = try? String(contentsOf: folder.appendingPathComponent("log.jsonl"), encoding: .utf8) else { return timeline }
        for line in text.split(separator: "\n") {
            guard let e = LogEvent(jsonLine: line), e.time.seconds >= 0 else { continue }
            let t = e.time.seconds
            timeline.end = max(timeline.end, t)
            switch e.event {
            case let .taskBegan(task, _, _):
                timeline.spans.append(Span(task: task, began: t))
            case let .taskEnded(ending):
                guard let i = timeline.spans.lastIndex(where: { $0.task == ending.task && $0.ended == nil }) else { continue }
                timeline.spans[i].ended = t
                timeline.spans[i].outcome = ending.outcome.rawValue
                timeline.spans[i].seconds = ending.seconds
            case let .signal(s):
                timeline.signals.append(Signal(kind: s.kind.rawValue, task: s.task, t: t))
            case let .marker(m):
                timeline.markers.append(Marker(t: t, studyT: nil, category: m.category, note: m.note, source: m.source, task: m.task, part: m.part))
            default: continue
            }
        }
        return timeline
    }

    /// A participant's `study-log.jsonl` as the report reads it: every marker (outside the blocks
    /// too: at the consent, an introduction, the practice, the thanks) on the study's clock, in the
    /// order made, and when each part's run began (a part run again after a resume began twice).
    static func studyLog(_ participantFolder: URL) -> (markers: [Marker], partsBegan: [String: [Double]], observerOnThisMachine: Bool) {
        guard let text = try? String(contentsOf: participantFolder.appendingPathComponent("study-log.jsonl"), encoding: .utf8) else { return ([], [:], false) }
        var markers: [Marker] = [], began: [String: [Double]] = [:], local = false
        // A resumed participant's window starts its clock again at its `resumed` line: read on, it
        // continues from where the interrupted window stopped — the later of the log's last line
        // and the end of the part it was running (its recording went on after the last logged
        // line) — so the study's clock only ever goes forward and no study time is used twice.
        var offset = 0.0, last = 0.0
        for line in text.split(separator: "\n") {
            guard let e = LogEvent(jsonLine: line) else { continue }
            if case let .resumed(part, restarted) = e.event {
                offset = last
                if let restarted, let began = began[part]?.last, let ran = lastTime(inTraceOf: participantFolder.appendingPathComponent(restarted)) {
                    offset = max(offset, began + ran)
                }
            }
            let t = e.time.seconds + offset
            last = max(last, t)
            switch e.event {
            case let .partBegan(part, _): began[part, default: []].append(t)
            case let .observerPage(onThisMachine): local = local || onThisMachine
            case let .marker(m):
                markers.append(Marker(t: nil, studyT: t, category: m.category, note: m.note, source: m.source, task: m.task, part: m.part))
            default: continue
            }
        }
        return (markers, began, local)
    }

    /// The time of the last line of the session recorded in `folder` (its frame marks run to the
    /// moment its window stopped), on the session's clock; nil when it has none.
    static func lastTime(inTraceOf folder: URL) -> Double? {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(SessionRecorder.FileName.trace), encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n").reversed() {
            if let o = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any], let t = JSONNumber.double(o["t"]) { return t }
        }
        return nil
    }
}
