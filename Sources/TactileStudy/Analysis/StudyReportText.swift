import Foundation
import TactileCore

/// The study report as Markdown and as JSON.
extension StudyReport {
    /// The report for people: the findings in plain words first, then the tables they rest on.
    public var markdown: String {
        var out = ["# Study report: \(results.title.isEmpty ? results.folder.lastPathComponent : results.title)", ""]
        out.append(overview)
        out.append("")
        for problem in results.problems { out.append("- Left out: \(problem)") }
        if !results.problems.isEmpty { out.append("") }
        if !comparisons.isEmpty {
            out += ["## Findings", ""]
            out += orderedComparisons.map { "- \($0.sentence)" }
            out.append("")
        }
        out += [
            "## Tasks", "",
            "| Task | Variant | Attempts | Success (95 % CI) | Time of successes, geometric mean (95 % CI) | Errors per attempt | Attempts with an error (95 % CI) | Misses per attempt | SEQ (95 % CI) |",
            "|---|---|---:|---|---|---:|---|---:|---|",
        ]
        for c in cells {
            out.append(
                "| \(c.task) | \(c.variant) | \(c.attempts) | \(Self.rateText(c)) | \(Self.timeText(c.time)) | \(Self.number(c.meanErrors)) "
                    + "| \(Self.errorRateText(c)) | \(Self.number(c.meanMisses)) | \(Self.scoreText(c.seq, n: c.seqValues.count)) |")
        }
        out += ["", Self.missesAndErrorsNote]
        out.append("")
        if !sus.isEmpty {
            out += ["## System Usability Scale", "", "| Variant | Participants | SUS (95 % CI) | Grade |", "|---|---:|---|---|"]
            for row in susByVariant where row.n > 0 {
                out.append(
                    "| \(row.variant) | \(row.n) | \(Self.scoreText(row.estimate, n: row.n)) | \(row.estimate.map { SUSGrade.of($0.value).text } ?? "–") |")
            }
            out += [
                "", SUSGrade.note, "",
                "| Participant | " + results.variants.joined(separator: " | ") + " |", "|---|" + String(repeating: "---:|", count: results.variants.count),
            ]
            for p in results.participants {
                let row = results.variants.map { v in p.scores.last { $0.variant == v && $0.questionnaire == "sus" }.map { Self.number($0.score) } ?? "–" }
                out.append("| \(p.name) | " + row.joined(separator: " | ") + " |")
            }
            out.append("")
        }
        let signalKinds = Self.signalKinds.filter { k in cells.contains { $0.signals[k] != nil } }
        if !signalKinds.isEmpty {
            out += [
                "## Frustration signals", "", "| Task | Variant | " + signalKinds.map(Self.signalName).joined(separator: " | ") + " |",
                "|---|---|" + String(repeating: "---:|", count: signalKinds.count),
            ]
            for c in cells { out.append("| \(c.task) | \(c.variant) | " + signalKinds.map { "\(c.signals[$0] ?? 0)" }.joined(separator: " | ") + " |") }
            out.append("")
        }
        let questions = ownQuestions
        if !questions.isEmpty {
            out += ["## The study's own questions", "", "| Question | Variant | Answers | Mean | Given |", "|---|---|---:|---:|---|"]
            for q in questions {
                out.append("| \(q.questionnaire) · \(q.item) | \(q.variant) | \(q.n) | \(q.mean.map(Self.number) ?? "–") | \(Self.countsText(q)) |")
            }
            out.append("")
        }
        let markers = markerRows
        if !markers.isEmpty {
            out += [
                "## Markers and notes", "",
                "Times in a block are on the block's clock, which is its video's (`tactile videos` names the file); the study clock runs "
                    + "from the participant's window opening, as the observer page's ticker shows it.", "",
                "| Participant | Variant | Block | Task | In the video | Video | Study clock | Category | By | Note |",
                "|---|---|---:|---|---:|---|---:|---|---|---|",
            ]
            for m in markers {
                out.append(
                    "| \(m.participant) | \(m.variant ?? m.part ?? "–") | \(m.block.map(String.init) ?? "–") | \(m.task ?? "–") | \(Self.clock(m.blockSeconds)) "
                        + "| \(m.video ?? "–") | \(Self.clock(m.studySeconds)) | \(m.category) | \(m.source) | \(Self.cellText(m.note ?? "")) |")
            }
            out.append("")
        }
        if !latency.isEmpty {
            out += [
                "## In-app latency", "",
                "From reading the event off the queue to the present returning (not the touch controller, the kernel or the display's scan-out), over every input frame of the blocks recorded in a window (ms).",
                "",
                "| Variant | Input frames | p50 | p95 | p99 |", "|---|---:|---:|---:|---:|",
            ]
            for (v, f) in latency {
                out.append("| \(v) | \(f.all.frames) | \(Self.number(f.all.p50)) | \(Self.number(f.all.p95)) | \(Self.number(f.all.p99)) |")
            }
            out.append("")
            if let warning = observerWarning { out += [warning, ""] }
        }
        if !comparisons.isEmpty {
            out += [
                "## Tests", "", "| Measure | Task | Variant vs reference | Test | Statistic | p | Difference (95 % CI unless said) | n |",
                "|---|---|---|---|---:|---:|---|---:|",
            ]
            for c in orderedComparisons {
                let stat = Self.statisticText(c)
                out.append(
                    "| \(c.measure) | \(c.task ?? "–") | \(c.variant) vs \(c.reference) | \(c.test) | \(stat) | \(c.p.map(Self.pValue) ?? "–") "
                        + "| \(Self.differenceText(c)) | \(c.n) |")
            }
            out.append("")
        }
        out += ["## Methods", "", methods, ""]
        return out.joined(separator: "\n")
    }

    /// "2026-11-26 09:12" of an ISO date and time (as written), for people.
    static func readableTime(_ iso: String) -> String {
        let parts = iso.split(separator: "T")
        guard parts.count == 2 else { return iso }
        return "\(parts[0]) \(parts[1].prefix(5))"
    }

    /// One line on who took part and how.
    var overview: String {
        let n = results.participants.count
        let design =
            within
            ? "within subjects (each participant met every variant, in a counterbalanced order)"
            : "between subjects (each participant met one variant)"
        let variants = results.variants.enumerated().map { $0 == 0 && results.variants.count > 1 ? "\($1) (the reference)" : $1 }.joined(separator: ", ")
        let finished = results.participants.filter { $0.finished != nil }.count
        let scriptedNames = results.scriptedCounted
        let scripted =
            scriptedNames.isEmpty
            ? "" : "; \(scriptedNames.count) scripted, not people, counted as asked (--include-scripted): \(scriptedNames.joined(separator: ", "))"
        let declines = results.declined.count
        let declined =
            declines == 0
            ? ""
            : " \(declines) declined the consent (\(results.declined.map(Self.readableTime).joined(separator: ", "))); nothing else of theirs was kept."
        let withdrawals = results.withdrawn.count
        let withdrawn =
            withdrawals == 0
            ? ""
            : " \(withdrawals) withdrew (\(results.withdrawn.map { "\($0.participant) on \(Self.readableTime($0.at))" }.joined(separator: ", "))); "
                + "none of it is counted here, and "
                + (results.withdrawnLeft.isEmpty
                    ? "everything this study made of them was deleted."
                    : "what this study made of them was deleted but for files its record could not prove theirs, listed by the withdrawal "
                        + "and left for the researcher ("
                        + results.withdrawnLeft.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ").")
        // Runs interrupted and run again after a resume: shown, never counted.
        let setAside = results.participants.flatMap { p in p.setAside.map { (p.name, $0) } }
        let runAgain =
            setAside.isEmpty
            ? ""
            : " "
                + setAside.map { name, b in
                    "\(name)'s block \(b.part) (\(b.variant)) was interrupted and run again after a resume: only the run again counts; the "
                        + "interrupted run's \(b.attempts.count) attempt\(b.attempts.count == 1 ? " (\(b.folder)) is" : "s (\(b.folder)) are") listed in "
                        + "attempts.csv, not counted."
                }.joined(separator: " ")
        let scriptedLeft = results.leftOut.filter { $0.why == "scripted" }.map(\.name)
        let notAsked = results.leftOut.filter { $0.why == "not asked for" }.map(\.name)
        let leftOut =
            (scriptedLeft.isEmpty
                ? ""
                : " \(scriptedLeft.count) scripted run\(scriptedLeft.count == 1 ? " is" : "s are") not people and left out of every figure "
                    + "(\(scriptedLeft.joined(separator: ", ")); --include-scripted counts \(scriptedLeft.count == 1 ? "it" : "them")).")
            + (notAsked.isEmpty ? "" : " Only \(results.participants.map(\.name).joined(separator: ", ")) counted (--participant).")
        return
            "\(n) participant\(n == 1 ? "" : "s") (\(finished) finished\(scripted)), \(design); variants \(variants); \(results.sessionCount) variant blocks recorded."
            + leftOut
            + (results.cutShort.isEmpty
                ? ""
                : " \(results.cutShort.count) stopped before their end and were not run again (\(results.cutShort.joined(separator: ", "))): "
                    + "the tasks done by then count, the rest were not met.")
            + runAgain + declined + withdrawn
    }

    /// The warning when the observer page ran on the study machine: its drawing competes with
    /// the participant's window, so their latency and freezes may be the page's.
    var observerWarning: String? {
        let local = results.participants.filter(\.observerOnThisMachine).map(\.name)
        guard !local.isEmpty else { return nil }
        return "**The observer page ran on the study machine** during the sessions of \(local.joined(separator: ", ")): its drawing competes with "
            + "the participant's window, so their latency and freezes may be the page's, not the variant's. Open the page on another machine."
    }

    /// The methods paragraph: what each figure is and which test gave each difference.
    var methods: String {
        "Success is the share of attempts completed, with the adjusted-Wald 95 % interval (Sauro & Lewis 2005). Time on task counts completed "
            + "attempts only and is summarised by its geometric mean with the t interval of the log times. The SEQ is the 7-point Single Ease "
            + "Question after each task (7: very easy); the SUS the ten-item System Usability Scale after each variant, scored 0–100 (Brooke 1996). "
            + (within
                ? "Each variant is compared with the reference on the same participants: times by a paired t test on log times (the ratio of "
                    + "geometric means), success by McNemar's exact test with the Agresti–Min interval, SEQ and SUS answers (ordinal, from few "
                    + "people) by Wilcoxon's signed-rank test, exact, with the sign test beside it, the Hodges–Lehmann median shift and its "
                    + "exact interval, and the rank-biserial r."
                : "Each variant is compared with the reference across groups: times by Welch's t test on log times, success by the N−1 "
                    + "two-proportion test with the Agresti–Caffo interval, SEQ and SUS answers (ordinal, from few people) by Wilcoxon's "
                    + "rank-sum (Mann–Whitney) test, exact, with the Hodges–Lehmann median shift and its exact interval, and the rank-biserial r.")
            + " Intervals are 95 % unless the sample cannot reach it (then the confidence reached is given); a sentence says when the "
            + "sample is too small for any difference to reach p < 0.05. No correction is made for testing several tasks."
    }

    /// The SUS first, then each task's time, success and SEQ.
    var orderedComparisons: [Comparison] {
        comparisons.filter { $0.measure == "sus" } + comparisons.filter { $0.measure != "sus" }
    }

    /// The figures for other programs.
    public var json: JSONValue {
        func estimate(_ e: Estimate?) -> JSONValue {
            guard let e else { return .null }
            return .object([("value", .number(Self.round(e.value))), ("low", .number(Self.round(e.low))), ("high", .number(Self.round(e.high)))])
        }
        let cellValues: [JSONValue] = cells.map { c in
            .object([
                ("task", .string(c.task)), ("variant", .string(c.variant)), ("attempts", .number(Double(c.attempts))),
                ("successes", .number(Double(c.successes))), ("success", estimate(c.success)), ("time", estimate(c.time)),
                ("meanErrors", .number(Self.round(c.meanErrors))), ("attemptsWithErrors", .number(Double(c.attemptsWithErrors))),
                ("errorRate", estimate(c.errorRate)), ("meanMisses", .number(Self.round(c.meanMisses))),
                ("seq", estimate(c.seq)), ("seqAnswers", .number(Double(c.seqValues.count))),
                ("signals", .object(c.signals.sorted { $0.key < $1.key }.map { ($0.key, .number(Double($0.value))) })),
            ])
        }
        let comparisonValues: [JSONValue] = orderedComparisons.map { c in
            .object([
                ("measure", .string(c.measure)), ("task", c.task.map { .string($0) } ?? .null), ("reference", .string(c.reference)),
                ("variant", .string(c.variant)), ("test", .string(c.test)), ("statistic", c.statistic.map { .number(Self.round($0)) } ?? .null),
                ("df", c.df.map { .number(Self.round($0)) } ?? .null), ("p", c.p.map { .number(Self.round($0)) } ?? .null),
                ("estimate", estimate(c.estimate)), ("confidence", .number(Self.round(c.confidence))), ("n", .number(Double(c.n))),
                ("sentence", .string(c.sentence)),
            ])
        }
        return .object([
            ("study", .string(results.title)), ("design", .string(results.design)), ("variants", .array(results.variants.map { .string($0) })),
            ("participants", .number(Double(results.participants.count))), ("blocks", .number(Double(results.sessionCount))),
            ("declined", .number(Double(results.declined.count))), ("declinedAt", .array(results.declined.map { .string($0) })),
            ("withdrawn", .number(Double(results.withdrawn.count))),
            ("scripted", .array(results.scriptedCounted.map { .string($0) })),
            ("leftOut", .array(results.leftOut.map { .object([("participant", .string($0.name)), ("why", .string($0.why))]) })),
            ("withdrawals", .array(results.withdrawn.map { .object([("participant", .string($0.participant)), ("at", .string($0.at))]) })),
            ("tasks", .array(cellValues)),
            (
                "sus",
                .array(
                    susByVariant.map {
                        .object([
                            ("variant", .string($0.variant)), ("n", .number(Double($0.n))), ("score", estimate($0.estimate)),
                            ("grade", $0.estimate.map { .string(SUSGrade.of($0.value).grade) } ?? .null),
                        ])
                    })
            ),
            (
                "susByParticipant",
                .array(sus.map { .object([("participant", .string($0.participant)), ("variant", .string($0.variant)), ("score", .number($0.score))]) })
            ),
            ("comparisons", .array(comparisonValues)),
            (
                "latency",
                .array(
                    latency.map {
                        .object([
                            ("variant", .string($0.variant)), ("frames", .number(Double($0.figures.all.frames))),
                            ("p50", .number(Self.round($0.figures.all.p50))), ("p95", .number(Self.round($0.figures.all.p95))),
                            ("p99", .number(Self.round($0.figures.all.p99))),
                        ])
                    })
            ),
            (
                "markers",
                .array(
                    markerRows.map { m in
                        .object([
                            ("participant", .string(m.participant)), ("variant", m.variant.map { .string($0) } ?? .null),
                            ("block", m.block.map { .number(Double($0)) } ?? .null), ("part", m.part.map { .string($0) } ?? .null),
                            ("task", m.task.map { .string($0) } ?? .null), ("blockSeconds", m.blockSeconds.map { .number(Self.round($0)) } ?? .null),
                            ("video", m.video.map { .string($0) } ?? .null), ("videoSeconds", m.blockSeconds.map { .number(Self.round($0)) } ?? .null),
                            ("studySeconds", m.studySeconds.map { .number(Self.round($0)) } ?? .null), ("category", .string(m.category)),
                            ("source", .string(m.source)), ("note", m.note.map { .string($0) } ?? .null),
                        ])
                    })
            ),
            (
                "ownQuestions",
                .array(
                    ownQuestions.map { q in
                        .object([
                            ("questionnaire", .string(q.questionnaire)), ("item", .string(q.item)), ("variant", .string(q.variant)),
                            ("n", .number(Double(q.n))), ("mean", q.mean.map { .number(Self.round($0)) } ?? .null),
                            ("counts", .object(q.counts.map { ($0.answer, .number(Double($0.count))) })),
                        ])
                    })
            ),
            ("problems", .array(results.problems.map { .string($0) })),
        ])
    }

    // MARK: Cells in words

    static let signalKinds = ["rage", "dead", "nearMiss", "unresponsive", "freeze"]
    static func signalName(_ kind: String) -> String {
        ["rage": "Rage taps", "dead": "Dead taps", "nearMiss": "Near misses", "unresponsive": "Unresponsive gestures", "freeze": "Freezes"][kind] ?? kind
    }

    static func rateText(_ c: Cell) -> String {
        guard let s = c.success else { return "–" }
        return "\(percent(s.value)) (\(percent(s.low))–\(percent(s.high))), \(c.successes)/\(c.attempts)"
    }

    /// "33 % (6–79 %), 1/3".
    static func errorRateText(_ c: Cell) -> String {
        guard let r = c.errorRate else { return "–" }
        return "\(percent(r.value)) (\(percent(r.low))–\(percent(r.high))), \(c.attemptsWithErrors)/\(c.attempts)"
    }

    /// What the misses and errors columns count (Docs/Studies.md, "Misses and errors").
    static let missesAndErrorsNote =
        "A miss is a tap that landed on no interactive element (on nothing, on a background such as the timeline's empty space, on an "
        + "element that takes no tap) or on one the task did not need, during a task; a tap that cleared the way (deselected a clip, closed "
        + "a sheet or picker) is none. The heatmaps' misses are the same taps. An error is what the study file names for the task (by default an "
        + "edit the editor refused, an edit of a clip the task's rules do not name, and an edit that left the project farther from the "
        + "rule); undos are counted apart."

    static func timeText(_ e: Estimate?) -> String {
        guard let e else { return "–" }
        return e.low == e.high ? "\(number(e.value)) s" : "\(number(e.value)) s (\(number(e.low))–\(number(e.high)))"
    }

    static func scoreText(_ e: Estimate?, n: Int) -> String {
        guard let e else { return "–" }
        return n < minimumSample || e.low == e.high ? number(e.value) : "\(number(e.value)) (\(number(e.low))–\(number(e.high)))"
    }

    static func differenceText(_ c: Comparison) -> String {
        guard let e = c.estimate else { return "–" }
        switch c.measure {
        case "time": return "×\(String(format: "%.2f", e.value)) (\(String(format: "%.2f", e.low))–\(String(format: "%.2f", e.high)))"
        case "success": return "\(Int((e.value * 100).rounded())) pp (\(Int((e.low * 100).rounded())) to \(Int((e.high * 100).rounded())))"
        default:
            // A rank test's interval at the confidence it reaches when that is below 95 %.
            let level = c.confidence < SignedRank.wanted - 1e-9 ? "\(confidenceLevel(c.confidence)) CI " : ""
            return "\(number(e.value)) (\(level)\(number(e.low)) to \(number(e.high)))"
        }
    }

    /// The test's statistic as the test names it: "t(9) = −3.10", "V = 10", "W = 35".
    static func statisticText(_ c: Comparison) -> String {
        guard let s = c.statistic else { return "–" }
        if let df = c.df { return "t(\(Self.df(df))) = \(tStatistic(s))" }
        if c.test.hasPrefix("Wilcoxon signed-rank") { return "V = \(rankSum(s))" }
        if c.test.hasPrefix("Wilcoxon rank-sum") { return "W = \(rankSum(s))" }
        return tStatistic(s)
    }

    /// Text made safe for a Markdown table cell: no pipe or line break ends the row, and an
    /// observer's note is shown as typed, never read as HTML by a Markdown viewer (`<`, `>` and
    /// `&` escaped as entities).
    static func cellText(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
    }

    static func df(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v) }
    static func round(_ v: Double) -> Double { v.isFinite ? (v * 1e6).rounded() / 1e6 : 0 }
}
