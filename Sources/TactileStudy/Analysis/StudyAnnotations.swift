import Foundation
import TactileCore

/// The study's annotations as the report lists them: every marker and note (the operator's keys
/// in the window, the observer page's buttons and notes) with its place and clocks, and the
/// answers to the study's own questions (any questionnaire besides the SEQ and the SUS).
extension StudyReport {
    /// One marker or note, where it was made.
    public struct MarkerRow: Sendable {
        public var participant: String
        /// The variant and block number ("–"/nil outside the variant blocks).
        public var variant: String?, block: Int?
        /// The part's folder ("block1-outside", "practice"), nil outside every part.
        public var part: String?
        public var task: String?
        /// Seconds on the block's clock, which is the block's video's (`tactile videos` names it
        /// `video`); nil outside the variant blocks.
        public var blockSeconds: Double?
        public var video: String?
        /// Seconds on the study's clock (since the participant's window opened).
        public var studySeconds: Double?
        public var category: String, source: String, note: String?
        /// The name `tactile clips` gives this marker's clip (without ".mp4"); nil outside a block.
        public var clipName: String?
    }

    /// Every marker and note, participant by participant, in the order made: those before the
    /// first block (the consent, the practice), then block by block (a run cut short before the
    /// run that replaced it), then those after the last.
    public var markerRows: [MarkerRow] {
        var rows: [MarkerRow] = []
        for p in results.participants {
            func other(_ m: BlockTimeline.Marker) -> MarkerRow {
                MarkerRow(
                    participant: p.name, variant: nil, block: nil, part: m.part, task: m.task, blockSeconds: m.t,
                    video: m.part.flatMap { part in m.t.map { _ in "\(p.name)-\(part).mp4" } }, studySeconds: m.studyT, category: m.category,
                    source: m.source, note: m.note)
            }
            let interrupted = { (m: BlockTimeline.Marker) in m.part?.contains("-interrupted-") == true }
            let firstBlock = p.blocks.first?.timeline.markers.first?.studyT
            // Outside the blocks: before the first block's first marker on the study clock, or after.
            let loose = p.otherMarkers.filter { !interrupted($0) }
            let before = loose.filter { m in p.blocks.isEmpty || (m.studyT ?? 0) < (firstBlock ?? .infinity) && (m.part == nil || m.part == "practice") }
            rows += before.map(other)
            for b in p.blocks {
                // The interrupted run's markers: its block's variant and number, and its own clip
                // (`tactile clips` cuts the interrupted session as any other).
                var counted: [String: Int] = [:]
                for m in p.otherMarkers where interrupted(m) && m.part?.hasPrefix(b.folder + "-interrupted-") == true {
                    var row = other(m)
                    row.variant = b.variant
                    row.block = b.part
                    let session = m.part ?? b.folder, n = (counted[session] ?? 0) + 1
                    counted[session] = n
                    row.clipName = Self.clipName(session: "\(p.name)-\(session)", marker: n, category: m.category)
                    rows.append(row)
                }
                for (i, m) in b.timeline.markers.enumerated() {
                    var row = MarkerRow(
                        participant: p.name, variant: b.variant, block: b.part, part: b.folder, task: m.task, blockSeconds: m.t,
                        video: "\(p.name)-\(b.folder).mp4", studySeconds: m.studyT, category: m.category, source: m.source, note: m.note)
                    row.clipName = Self.clipName(session: "\(p.name)-\(b.folder)", marker: i + 1, category: m.category)
                    rows.append(row)
                }
            }
            let placed = Set(before.map { "\($0.studyT ?? -1)|\($0.category)|\($0.note ?? "")" })
            rows += loose.filter { !placed.contains("\($0.studyT ?? -1)|\($0.category)|\($0.note ?? "")") }.map(other)
        }
        return rows
    }

    /// The answers to one of the study's own questions with one variant.
    public struct OwnQuestion: Sendable {
        public var questionnaire: String, item: String, variant: String
        public var n: Int
        public var mean: Double?
        /// How often each answer was given, in the order of the scale ("1", "2", …) or of the
        /// choices' first appearance ("Yes", "No").
        public var counts: [(answer: String, count: Int)]
    }

    /// The study's own questions (neither SEQ nor SUS), per item and variant.
    public var ownQuestions: [OwnQuestion] {
        var keys: [(String, String)] = []
        let answers = results.participants.flatMap(\.answers).filter { $0.questionnaire != "seq" && $0.questionnaire != "sus" }
        for a in answers where !keys.contains(where: { $0 == (a.questionnaire, a.item) }) { keys.append((a.questionnaire, a.item)) }
        var out: [OwnQuestion] = []
        for (questionnaire, item) in keys {
            for variant in results.variants {
                let given = answers.filter { $0.questionnaire == questionnaire && $0.item == item && $0.variant == variant }
                guard !given.isEmpty else { continue }
                let choices = given.allSatisfy { $0.choice != nil }
                var counts: [(answer: String, count: Int)] = []
                let ordered = choices ? given : given.sorted { $0.value < $1.value }
                for a in ordered {
                    let label = choices ? a.choice! : String(a.value)
                    if let i = counts.firstIndex(where: { $0.answer == label }) { counts[i].count += 1 } else { counts.append((label, 1)) }
                }
                out.append(
                    OwnQuestion(
                        questionnaire: questionnaire, item: item, variant: variant, n: given.count,
                        mean: choices ? nil : Statistics.mean(given.map { Double($0.value) }), counts: counts))
            }
        }
        return out
    }

    /// The name `tactile clips` gives a session's `marker`th marker's clip (1 for the first):
    /// "P01-block1-outside-marker-02-confusion".
    public static func clipName(session: String, marker: Int, category: String) -> String {
        "\(session)-marker-\(String(format: "%02d", marker))-\(slug(category))"
    }

    /// A name part for a file: letters, digits and dashes, at most 40.
    public static func slug(_ s: String) -> String { String(s.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" }.prefix(40)) }

    /// "1:05.3" for 65.3 s: minutes and seconds to the tenth, as a video player shows them.
    static func clock(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite else { return "–" }
        let tenths = Int((max(0, seconds) * 10).rounded())
        return "\(tenths / 600):" + String(format: "%02d.%d", (tenths / 10) % 60, tenths % 10)
    }

    /// "Yes × 3 · No × 1", or "4 × 2 · 5 × 1" on a scale.
    static func countsText(_ q: OwnQuestion) -> String {
        q.counts.map { "\($0.answer) × \($0.count)" }.joined(separator: " · ")
    }
}
