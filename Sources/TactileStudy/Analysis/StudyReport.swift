import Foundation
import TactileCore
import TactileLab

/// What `tactile report STUDY_DIR` says about a study: per task and variant the success rate
/// (adjusted-Wald interval), the time on task of successes (geometric mean and interval), errors,
/// misses, frustration signals and the SEQ; per participant and variant the SUS; and between
/// variants the differences with their intervals and the test the design calls for (paired for
/// within subjects, independent groups for between), said in plain words. Each variant is
/// compared with the first (the study file's order). Markdown, HTML (with plots) and JSON.
public struct StudyReport {
    public typealias Estimate = Statistics.Estimate
    public let results: StudyResults

    /// One task with one variant.
    public struct Cell {
        public var task: String, variant: String
        public var attempts = 0, successes = 0
        public var success: Estimate?
        /// Time on task of the successes (seconds), and their geometric mean.
        public var times: [Double] = []
        public var time: Estimate?
        public var meanErrors = 0.0, meanMisses = 0.0
        /// Attempts with at least one error, and their share with its adjusted-Wald interval.
        public var attemptsWithErrors = 0
        public var errorRate: Estimate?
        public var seq: Estimate?
        public var seqValues: [Double] = []
        /// Frustration signals during the task, by kind.
        public var signals: [String: Int] = [:]
    }

    /// A difference between a variant and the reference variant.
    public struct Comparison {
        /// "time", "success", "seq" or "sus".
        public var measure: String
        public var task: String?
        public var reference: String, variant: String
        /// The test: "paired t on log times", "Welch t on log times", "McNemar exact", "N−1
        /// two-proportion", "Wilcoxon signed-rank exact", "Wilcoxon rank-sum exact".
        public var test: String
        public var statistic: Double?, df: Double?, p: Double?
        /// The difference (variant − reference; for time the ratio variant / reference).
        public var estimate: Estimate?
        /// Participants (within) or attempts (between) it rests on.
        public var n: Int
        /// The finding in plain words.
        public var sentence: String
        /// The confidence `estimate`'s interval reaches (0.95 unless a small sample cannot give it).
        public var confidence = 0.95
    }

    public private(set) var tasks: [String] = []
    public private(set) var cells: [Cell] = []
    /// SUS scores: participant, variant, score.
    public private(set) var sus: [(participant: String, variant: String, score: Double)] = []
    public private(set) var susByVariant: [(variant: String, estimate: Estimate?, n: Int)] = []
    public private(set) var comparisons: [Comparison] = []
    /// Input-to-present latency per variant, over every block recorded in a window (the feel
    /// lab's figures: `latency.jsonl` of each block).
    public private(set) var latency: [(variant: String, figures: LatencyFigures)] = []
    public var within: Bool { results.design != "between" }

    public init(_ results: StudyResults) {
        self.results = results
        for p in results.participants { for b in p.blocks { for a in b.attempts where !tasks.contains(a.task) { tasks.append(a.task) } } }
        computeCells()
        computeSUS()
        computeComparisons()
        for v in results.variants {
            let text = results.participants.flatMap { $0.blocks.filter { $0.variant == v } }.compactMap {
                try? String(contentsOf: $0.url.appendingPathComponent(SessionRecorder.FileName.latency), encoding: .utf8)
            }.joined(separator: "\n")
            if !text.isEmpty, let figures = LatencyFigures.read(text), figures.all.frames > 0 { latency.append((v, figures)) }
        }
    }

    public func cell(_ task: String, _ variant: String) -> Cell? { cells.first { $0.task == task && $0.variant == variant } }

    // MARK: Figures

    private mutating func computeCells() {
        for task in tasks {
            for variant in results.variants {
                var c = Cell(task: task, variant: variant)
                var errors = 0, misses = 0
                for p in results.participants {
                    for b in p.blocks where b.variant == variant {
                        for a in b.attempts where a.task == task {
                            c.attempts += 1
                            errors += a.errors; misses += a.misses
                            if a.errors > 0 { c.attemptsWithErrors += 1 }
                            if a.succeeded { c.successes += 1; c.times.append(a.seconds) }
                        }
                        for s in b.signals where s.task == task { c.signals[s.kind, default: 0] += 1 }
                    }
                    c.seqValues += p.answers.filter { $0.variant == variant && $0.questionnaire == "seq" && $0.task == task }.map { Double($0.value) }
                }
                guard c.attempts > 0 else { continue }
                c.success = Statistics.adjustedWald(successes: c.successes, trials: c.attempts)
                c.time = Self.guarded(Statistics.geometricMean(c.times.filter { $0 > 0 }), n: c.times.count)
                c.meanErrors = Double(errors) / Double(c.attempts)
                c.errorRate = Statistics.adjustedWald(successes: c.attemptsWithErrors, trials: c.attempts)
                c.meanMisses = Double(misses) / Double(c.attempts)
                c.seq = Self.guarded(Statistics.meanInterval(c.seqValues) ?? Statistics.mean(c.seqValues).map { Estimate($0, $0, $0) }, n: c.seqValues.count)
                    .map { Self.clamped($0, to: 1...7) }
                cells.append(c)
            }
        }
    }

    private mutating func computeSUS() {
        for p in results.participants {
            for s in p.scores where s.questionnaire == "sus" { sus.append((p.name, s.variant, s.score)) }
        }
        for v in results.variants {
            let scores = sus.filter { $0.variant == v }.map(\.score)
            let estimate = Self.guarded(Statistics.meanInterval(scores) ?? Statistics.mean(scores).map { Estimate($0, $0, $0) }, n: scores.count)
            susByVariant.append((v, estimate.map { Self.clamped($0, to: 0...100) }, scores.count))
        }
    }

    /// Participant `p`'s attempt at `task` with `variant` (its first block of that variant).
    private func attempt(_ p: StudyResults.Participant, _ task: String, _ variant: String) -> StudyResults.Attempt? {
        p.blocks.first { $0.variant == variant }?.attempts.first { $0.task == task }
    }

    private func seqOf(_ p: StudyResults.Participant, _ task: String, _ variant: String) -> Double? {
        p.answers.last { $0.variant == variant && $0.questionnaire == "seq" && $0.task == task }.map { Double($0.value) }
    }

    private func susOf(_ p: StudyResults.Participant, _ variant: String) -> Double? {
        p.scores.last { $0.variant == variant && $0.questionnaire == "sus" }?.score
    }

    private mutating func computeComparisons() {
        guard let reference = results.variants.first, results.variants.count > 1 else { return }
        for variant in results.variants.dropFirst() {
            for task in tasks {
                if let c = timeComparison(task, reference, variant) { comparisons.append(c) }
                if let c = successComparison(task, reference, variant) { comparisons.append(c) }
                if let c = scoreComparison("seq", task: task, reference, variant, unit: "points", of: { seqOf($0, task, $1) }) { comparisons.append(c) }
            }
            if let c = scoreComparison("sus", task: nil, reference, variant, unit: "points", of: { susOf($0, $1) }) { comparisons.append(c) }
        }
    }

    /// Fewer values than this give no interval and no test: with two, a t interval spans orders of
    /// magnitude (one pair of times gave 0.5 s to 1,011,462 s), so the report says what cannot be
    /// estimated instead.
    static let minimumSample = 3

    /// `estimate` without its interval when it rests on fewer than `minimumSample` values.
    static func guarded(_ estimate: Estimate?, n: Int) -> Estimate? {
        guard let estimate, n < minimumSample else { return estimate }
        return Estimate(estimate.value, estimate.value, estimate.value)
    }

    /// `estimate` kept inside the values its scale has (an SEQ interval never below 1 or above 7).
    static func clamped(_ estimate: Estimate, to scale: ClosedRange<Double>) -> Estimate {
        func clamp(_ v: Double) -> Double { min(max(v, scale.lowerBound), scale.upperBound) }
        return Estimate(clamp(estimate.value), clamp(estimate.low), clamp(estimate.high))
    }

    /// The comparison that cannot be made, and why: too few participants or answers, or
    /// differences that do not vary (a t statistic would be infinite; R's t.test refuses it).
    private func unestimable(
        _ measure: String, task: String?, _ ref: String, _ variant: String, test: String, n: Int, what: String, test t: Statistics.TTest?
    ) -> Comparison? {
        let who = within ? "participant\(n == 1 ? "" : "s")" : "value\(n == 1 ? "" : "s")"
        if n < Self.minimumSample {
            return Comparison(
                measure: measure, task: task, reference: ref, variant: variant, test: test, statistic: nil, df: nil, p: nil, estimate: nil, n: n,
                sentence: "\(what) with \(variant) and \(ref) cannot be compared from \(n) \(who) (at least \(Self.minimumSample) are needed).")
        }
        if let t, !t.t.isFinite || t.difference.low == t.difference.high {
            return Comparison(
                measure: measure, task: task, reference: ref, variant: variant, test: test, statistic: nil, df: nil, p: nil,
                estimate: t.difference, n: n,
                sentence: "\(what) with \(variant) and \(ref) differed by the same amount for all \(n) \(who): no spread, so no \(test) test can be computed.")
        }
        return nil
    }

    /// Within subjects, how many participants a difference this size would need for 80 % power
    /// (" About 34 participants would find a difference this size with 80 % power."); "" otherwise.
    private func powerNote(_ t: Statistics.TTest, n: Int) -> String {
        guard within, let needed = Statistics.pairedSampleSize(t, n: n) else { return "" }
        return " About \(needed) participants would find a difference this size with 80 % power."
    }

    private func timeComparison(_ task: String, _ ref: String, _ variant: String) -> Comparison? {
        var test: Statistics.TTest?, n = 0
        let name: String
        if within {
            var a: [Double] = [], b: [Double] = []
            for p in results.participants {
                guard let x = attempt(p, task, ref), let y = attempt(p, task, variant), x.succeeded, y.succeeded, x.seconds > 0, y.seconds > 0 else { continue }
                a.append(log(y.seconds)); b.append(log(x.seconds))
            }
            test = Statistics.pairedT(a, b); n = a.count; name = "paired t on log times"
        } else {
            let a = cell(task, variant)?.times.filter { $0 > 0 }.map(log) ?? [], b = cell(task, ref)?.times.filter { $0 > 0 }.map(log) ?? []
            test = Statistics.welchT(a, b); n = a.count + b.count; name = "Welch t on log times"
        }
        if let refusal = unestimable("time", task: task, ref, variant, test: name, n: n, what: "The time on \(task)", test: test) {
            return n == 0 ? nil : refusal
        }
        guard let t = test else { return nil }
        let ratio = Estimate(exp(t.difference.value), exp(t.difference.low), exp(t.difference.high))
        let who = within ? "\(n) participant\(n == 1 ? "" : "s") who completed it with both" : "\(n) completed attempts"
        let c = Self.change(ratio)
        let sentence =
            "With \(variant), \(task) took \(c.words) than with \(ref)\(Self.unclear(c.clear)) (95 % CI \(c.interval); "
            + "\(Self.tText(t, name: within ? "paired t" : "Welch t")); \(who))." + powerNote(t, n: n)
        return Comparison(
            measure: "time", task: task, reference: ref, variant: variant, test: name, statistic: t.t, df: t.df, p: t.p,
            estimate: ratio, n: n, sentence: sentence)
    }

    private func successComparison(_ task: String, _ ref: String, _ variant: String) -> Comparison? {
        guard let cr = cell(task, ref), let cv = cell(task, variant) else { return nil }
        let rates = "\(Self.percent(cv.success?.value ?? 0)) with \(variant), \(Self.percent(cr.success?.value ?? 0)) with \(ref)"
        if within {
            var both = 0, onlyRef = 0, onlyVariant = 0, neither = 0
            for p in results.participants {
                guard let x = attempt(p, task, ref), let y = attempt(p, task, variant) else { continue }
                switch (x.succeeded, y.succeeded) {
                case (true, true): both += 1
                case (true, false): onlyRef += 1
                case (false, true): onlyVariant += 1
                case (false, false): neither += 1
                }
            }
            let n = both + onlyRef + onlyVariant + neither
            if n > 0, let refusal = unestimable("success", task: task, ref, variant, test: "McNemar exact", n: n, what: "The success at \(task)", test: nil) {
                return refusal
            }
            guard n > 0, let d = Statistics.pairedRateDifference(both: both, onlyFirst: onlyRef, onlySecond: onlyVariant, neither: neither) else { return nil }
            let p = Statistics.mcNemarExactP(b: onlyRef, c: onlyVariant)
            let w = Self.points(d)
            let sentence =
                "\(task) was completed \(rates): \(w.words)\(Self.unclear(w.clear)) (95 % CI \(w.interval); McNemar exact \(Self.pText(p)); \(n) participants)."
            return Comparison(
                measure: "success", task: task, reference: ref, variant: variant, test: "McNemar exact", statistic: nil, df: nil, p: p,
                estimate: d, n: n, sentence: sentence)
        }
        if let refusal = unestimable(
            "success", task: task, ref, variant, test: "N−1 two-proportion", n: min(cv.attempts, cr.attempts), what: "The success at \(task)", test: nil)
        {
            return refusal
        }
        guard let d = Statistics.agrestiCaffo(cv.successes, cv.attempts, cr.successes, cr.attempts),
            let p = Statistics.nMinusOneTwoProportionP(cv.successes, cv.attempts, cr.successes, cr.attempts)
        else { return nil }
        let w = Self.points(d)
        let sentence =
            "\(task) was completed \(rates): \(w.words)\(Self.unclear(w.clear)) (95 % CI \(w.interval); N−1 two-proportion test \(Self.pText(p)); "
            + "\(cv.attempts) and \(cr.attempts) attempts)."
        return Comparison(
            measure: "success", task: task, reference: ref, variant: variant, test: "N−1 two-proportion", statistic: nil, df: nil, p: p,
            estimate: d, n: cv.attempts + cr.attempts, sentence: sentence)
    }

    private func scoreComparison(
        _ measure: String, task: String?, _ ref: String, _ variant: String, unit: String,
        of value: (StudyResults.Participant, String) -> Double?
    ) -> Comparison? {
        var n = 0, a: [Double] = [], b: [Double] = []
        if within {
            for p in results.participants { if let x = value(p, ref), let y = value(p, variant) { b.append(x); a.append(y) } }
            n = a.count
        } else {
            a = results.participants.compactMap { value($0, variant) }; b = results.participants.compactMap { value($0, ref) }
            n = a.count + b.count
        }
        let label = measure == "sus" ? "The SUS" : "The SEQ of \(task!)"
        // Answers on a rating scale from a few people: rank tests, exact (Wilcoxon's signed-rank
        // test within subjects, his rank-sum test between them), never a t test (its normal
        // assumption fails on ordinal answers).
        let test = within ? "Wilcoxon signed-rank" : "Wilcoxon rank-sum"
        guard n >= Self.minimumSample, !a.isEmpty, !b.isEmpty else {
            guard n > 0 else { return nil }
            let who = within ? "participant\(n == 1 ? "" : "s")" : "answer\(n == 1 ? "" : "s")"
            return Comparison(
                measure: measure, task: task, reference: ref, variant: variant, test: test, statistic: nil, df: nil, p: nil, estimate: nil, n: n,
                sentence: "\(label) with \(variant) and \(ref) cannot be compared from \(n) \(who) (at least \(Self.minimumSample) are needed).")
        }
        return within
            ? signedRankComparison(measure, task: task, ref, variant, label: label, a: a, b: b)
            : rankSumComparison(measure, task: task, ref, variant, label: label, a: a, b: b)
    }

    /// The within-subjects comparison of answers `a` (with `variant`) and `b` (with `ref`), one
    /// pair per participant: Wilcoxon's signed-rank test, exact, with the Hodges–Lehmann shift
    /// and its interval, the rank-biserial correlation, the sign test beside it, and what the
    /// sample can show at all.
    private func signedRankComparison(
        _ measure: String, task: String?, _ ref: String, _ variant: String, label: String, a: [Double], b: [Double]
    ) -> Comparison? {
        let test = "Wilcoxon signed-rank exact"
        guard let ma = Statistics.mean(a), let mb = Statistics.mean(b) else { return nil }
        let said = "\(label) was \(Self.number(ma)) with \(variant) and \(Self.number(mb)) with \(ref)"
        guard let w = SignedRank.test(a, b) else {
            return Comparison(
                measure: measure, task: task, reference: ref, variant: variant, test: test, statistic: nil, df: nil, p: 1,
                estimate: Estimate(0, 0, 0), n: a.count,
                sentence: "\(said): every one of the \(a.count) participants answered the same for both, so there is no difference to test.")
        }
        let shift = Estimate(w.shift, w.shiftLow, w.shiftHigh)
        let change = Self.pointChange(shift)
        // The sign test: how many answered higher with the variant, of those who answered differently.
        let higher = zip(a, b).filter { $0 > $1 }.count, lower = zip(a, b).filter { $0 < $1 }.count
        let sign = "sign test \(higher) of \(higher + lower) higher with \(variant), \(Self.pText(Statistics.mcNemarExactP(b: higher, c: lower)))"
        let sentence =
            "\(said): \(Self.shiftWords(change.words))\(Self.unclear(change.clear && w.p < 0.05)) (Hodges–Lehmann; "
            + "\(Self.interval(change.interval, confidence: w.confidence, n: w.n)); \(w.exact ? test : "Wilcoxon signed-rank") V = \(Self.rankSum(w.v)), "
            + "\(Self.pText(w.p)); rank-biserial r = \(String(format: "%.2f", w.rankBiserial)); \(sign); \(a.count) participants)."
            + Self.reach(w.smallestP, w.n, "participant\(w.n == 1 ? "" : "s") who answered differently for the two")
        return Comparison(
            measure: measure, task: task, reference: ref, variant: variant, test: w.exact ? test : "Wilcoxon signed-rank", statistic: w.v, df: nil, p: w.p,
            estimate: shift, n: a.count, sentence: sentence, confidence: w.confidence)
    }

    /// The between-subjects comparison of answers `a` (those with `variant`) and `b` (those with
    /// `ref`): Wilcoxon's rank-sum test, exact, with the Hodges–Lehmann shift and its interval,
    /// the rank-biserial correlation, and what the sample can show at all.
    private func rankSumComparison(
        _ measure: String, task: String?, _ ref: String, _ variant: String, label: String, a: [Double], b: [Double]
    ) -> Comparison? {
        guard let w = RankSum.test(a, b), let ma = Statistics.mean(a), let mb = Statistics.mean(b) else { return nil }
        let test = w.exact ? "Wilcoxon rank-sum exact" : "Wilcoxon rank-sum"
        let shift = Estimate(w.shift, w.shiftLow, w.shiftHigh)
        let change = Self.pointChange(shift)
        let sentence =
            "\(label) was \(Self.number(ma)) with \(variant) and \(Self.number(mb)) with \(ref): \(Self.shiftWords(change.words))"
            + "\(Self.unclear(change.clear && w.p < 0.05)) (Hodges–Lehmann; \(Self.interval(change.interval, confidence: w.confidence, n: w.m + w.n)); "
            + "\(test) W = \(Self.rankSum(w.w)), \(Self.pText(w.p)); rank-biserial r = \(String(format: "%.2f", w.rankBiserial)); "
            + "\(w.m) and \(w.n) answers)." + Self.reach(w.smallestP, w.m + w.n, "answers")
        return Comparison(
            measure: measure, task: task, reference: ref, variant: variant, test: test, statistic: w.w, df: nil, p: w.p, estimate: shift,
            n: w.m + w.n, sentence: sentence, confidence: w.confidence)
    }

    /// "95 % CI …", or the confidence reached, never rounded up, when 95 % cannot be ("87.5 % CI …:
    /// 95 % cannot be reached from 4").
    static func interval(_ interval: String, confidence: Double, n: Int) -> String {
        confidence < SignedRank.wanted - 1e-9 ? "\(confidenceLevel(confidence)) CI \(interval): 95 % cannot be reached from \(n)" : "95 % CI \(interval)"
    }

    /// A confidence as a percentage, never rounded up ("87.5 %", "96 %").
    static func confidenceLevel(_ confidence: Double) -> String {
        let tenths = (confidence * 1000).rounded(.down) / 10
        return (tenths == tenths.rounded() ? String(Int(tenths)) : String(format: "%.1f", tenths)) + " %"
    }

    /// A rank sum, whole or with its half.
    static func rankSum(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v) }

    /// The sentence that says no difference could be significant with this few, when so.
    static func reach(_ smallestP: Double, _ n: Int, _ who: String) -> String {
        smallestP > 0.05
            ? " With \(n) \(who), no difference could reach p < 0.05 (the smallest p this test can give is \(String(format: "%.3f", smallestP)))."
            : ""
    }

    // MARK: Words

    static func percent(_ v: Double) -> String { "\(Int((v * 100).rounded())) %" }
    static func number(_ v: Double) -> String { String(format: "%.1f", v) }
    static func pValue(_ p: Double) -> String { p < 0.001 ? "< 0.001" : String(format: "%.3f", p) }
    /// "p = 0.012" or "p < 0.001".
    static func pText(_ p: Double) -> String { p < 0.001 ? "p < 0.001" : "p = " + String(format: "%.3f", p) }
    /// A t statistic, "∞" when every difference was the same.
    static func tStatistic(_ t: Double) -> String { t.isFinite ? String(format: "%.2f", t) : (t > 0 ? "∞" : "−∞") }

    /// "paired t(9) = −3.10, p = 0.012".
    static func tText(_ t: Statistics.TTest, name: String) -> String {
        let df = t.df == t.df.rounded() ? String(Int(t.df)) : String(format: "%.1f", t.df)
        return "\(name)(\(df)) = \(tStatistic(t.t)), \(pText(t.p))"
    }

    /// A time ratio in words and its interval: ("31 % less time", "12–46 % less", clear).
    static func change(_ ratio: Estimate) -> (words: String, interval: String, clear: Bool) {
        func pct(_ r: Double) -> Int { Int((abs(1 - r) * 100).rounded()) }
        let interval: String
        if ratio.high < 1 {
            interval = "\(pct(ratio.high))–\(pct(ratio.low)) % less"
        } else if ratio.low > 1 {
            interval = "\(pct(ratio.low))–\(pct(ratio.high)) % more"
        } else {
            interval = "\(pct(ratio.low)) % less to \(pct(ratio.high)) % more"
        }
        return ("\(pct(ratio.value)) % \(ratio.value <= 1 ? "less" : "more") time", interval, ratio.high < 1 || ratio.low > 1)
    }

    /// A rate difference in words: ("20 percentage points more", "−5 to 41", clear).
    static func points(_ d: Estimate) -> (words: String, interval: String, clear: Bool) {
        let v = Int((d.value * 100).rounded()), lo = Int((d.low * 100).rounded()), hi = Int((d.high * 100).rounded())
        return ("\(abs(v)) percentage point\(abs(v) == 1 ? "" : "s") \(v >= 0 ? "more" : "fewer")", "\(lo) to \(hi)", d.low > 0 || d.high < 0)
    }

    /// A score difference in words: ("7.5 points higher", "2.1 to 12.9", clear).
    static func pointChange(_ d: Estimate) -> (words: String, interval: String, clear: Bool) {
        (
            d.value == 0 ? "none" : "\(number(abs(d.value))) points \(d.value > 0 ? "higher" : "lower")", "\(number(d.low)) to \(number(d.high))",
            d.low > 0 || d.high < 0
        )
    }

    static func unclear(_ clear: Bool) -> String { clear ? "" : ", not a clear difference" }

    /// "a median shift of 1.5 points higher", or "no median shift".
    static func shiftWords(_ words: String) -> String { words == "none" ? "no median shift" : "a median shift of \(words)" }
}
