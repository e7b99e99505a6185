import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileMedia
@testable import TactileStudy
import TactileUI
import TactileEditor
import TactileTestSupport
@testable import TactileApp

/// `tactile report STUDY_DIR` over results with figures known in advance: the right test for
/// the design, its numbers, the words a researcher reads, the CSV files and the HTML page.
final class StudyReportTests: XCTestCase, ReplayTesting {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("study-report") }
    override func tearDown() { removeTestFolder() }

    let timesA = [10.0, 12, 15, 20, 11, 14], timesB = [7.0, 9, 10, 13, 8, 9]
    let susA = [
        [3, 3, 3, 3, 3, 3, 3, 3, 3, 3], [4, 2, 4, 2, 4, 2, 4, 2, 4, 2], [3, 2, 3, 2, 3, 2, 3, 2, 3, 2],
        [4, 3, 4, 3, 4, 3, 4, 3, 4, 3], [3, 3, 4, 3, 3, 3, 4, 3, 3, 3], [2, 3, 3, 3, 2, 3, 3, 3, 2, 3],
    ]
    let susB = [
        [4, 2, 4, 2, 4, 2, 4, 2, 4, 2], [5, 1, 5, 2, 4, 1, 5, 2, 4, 1], [4, 2, 4, 2, 4, 2, 4, 1, 4, 2],
        [4, 2, 4, 2, 5, 2, 4, 2, 4, 2], [4, 2, 4, 2, 4, 2, 4, 2, 4, 2], [3, 2, 4, 2, 3, 2, 4, 2, 3, 2],
    ]

    /// Six participants, each meeting A then B (or B then A): B is faster at "trim"; P06 gave up on it with B.
    func writeWithinStudy() throws {
        for p in 1...6 {
            let a = StudyFixture.Block(
                variant: "A", attempts: [("trim", true, timesA[p - 1]), ("split", true, 5)], seq: ["trim": 4], sus: susA[p - 1],
                signals: p == 1 ? [(.rage, "trim"), (.rage, "trim")] : [])
            let b = StudyFixture.Block(variant: "B", attempts: [("trim", p != 6, timesB[p - 1]), ("split", true, 5)], seq: ["trim": 6], sus: susB[p - 1])
            try StudyFixture.write(participant: p, blocks: p % 2 == 1 ? [a, b] : [b, a], variants: ["A", "B"], into: folder)
        }
    }

    func testAWithinSubjectsStudyIsComparedOnTheSameParticipants() throws {
        try writeWithinStudy()
        let report = StudyReport(try StudyResults.read(folder))
        XCTAssertEqual(report.results.variants, ["A", "B"], "in the study file's order, whoever met which first")
        let trimA = try XCTUnwrap(report.cell("trim", "A")), trimB = try XCTUnwrap(report.cell("trim", "B"))
        XCTAssertEqual(trimA.successes, 6)
        XCTAssertEqual(trimB.successes, 5)
        XCTAssertEqual(trimB.success, Statistics.adjustedWald(successes: 5, trials: 6))
        XCTAssertEqual(try XCTUnwrap(trimA.time?.value), exp(timesA.map(log).reduce(0, +) / 6), accuracy: 1e-9, "the geometric mean")
        XCTAssertEqual(trimA.signals["rage"], 2)

        // Time: paired on the five who completed with both, on log times.
        let time = try XCTUnwrap(report.comparisons.first { $0.measure == "time" && $0.task == "trim" })
        let expected = try XCTUnwrap(Statistics.pairedT(Array(timesB.prefix(5)).map(log), Array(timesA.prefix(5)).map(log)))
        XCTAssertEqual(time.test, "paired t on log times")
        XCTAssertEqual(time.n, 5)
        XCTAssertEqual(try XCTUnwrap(time.p), expected.p, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(time.estimate?.value), exp(expected.difference.value), accuracy: 1e-12)
        let less = Int(((1 - exp(expected.difference.value)) * 100).rounded())
        XCTAssertTrue(time.sentence.hasPrefix("With B, trim took \(less) % less time than with A (95 % CI "), time.sentence)
        XCTAssertTrue(time.sentence.contains("paired t(4) = "), time.sentence)
        let needed = try XCTUnwrap(Statistics.pairedSampleSize(expected, n: 5))
        XCTAssertTrue(time.sentence.hasSuffix(" About \(needed) participants would find a difference this size with 80 % power."), time.sentence)

        // Success: McNemar's exact test on the discordant participant (P06).
        let success = try XCTUnwrap(report.comparisons.first { $0.measure == "success" && $0.task == "trim" })
        XCTAssertEqual(success.test, "McNemar exact")
        XCTAssertEqual(success.p, 1)
        XCTAssertTrue(success.sentence.contains("not a clear difference"), success.sentence)

        // SUS: each participant's two scores, Wilcoxon's signed-rank test (exact; `SignedRankTests`
        // checks it against R), never a t test on answers from a rating scale.
        let sus = try XCTUnwrap(report.comparisons.first { $0.measure == "sus" })
        let scoresA = susA.map { Questionnaire.susScore($0)! }, scoresB = susB.map { Questionnaire.susScore($0)! }
        let expectedSUS = try XCTUnwrap(SignedRank.test(scoresB, scoresA))
        XCTAssertEqual(sus.test, "Wilcoxon signed-rank exact")
        XCTAssertEqual(try XCTUnwrap(sus.estimate?.value), expectedSUS.shift, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(sus.p), expectedSUS.p, accuracy: 1e-12)
        XCTAssertTrue(sus.sentence.contains("Wilcoxon signed-rank exact V = ") && sus.sentence.contains("rank-biserial r = "), sus.sentence)
        // The sign test beside it: of those who scored the variants differently, how many scored B higher.
        let higher = zip(scoresB, scoresA).filter { $0 > $1 }.count, lower = zip(scoresB, scoresA).filter { $0 < $1 }.count
        XCTAssertTrue(sus.sentence.contains("sign test \(higher) of \(higher + lower) higher with B, p = "), sus.sentence)
        XCTAssertTrue(report.markdown.contains("| V = \(StudyReport.rankSum(expectedSUS.v)) |"), "the statistic named: \(report.markdown)")
        XCTAssertFalse(report.methods.contains("paired t tests"), "no t test on rating-scale answers: \(report.methods)")
        XCTAssertEqual(report.susByVariant.first { $0.variant == "B" }?.estimate?.value, Statistics.mean(scoresB))

        // Blocks recorded in a window have their latency: it joins the report per variant.
        let md = report.markdown
        XCTAssertFalse(md.contains("In-app latency"), "no block was recorded in a window")
        XCTAssertTrue(md.contains("## Findings"))
        XCTAssertTrue(md.contains(time.sentence))
        XCTAssertTrue(md.contains("| trim | B | 6 | 83 % ("), md)
        XCTAssertTrue(md.contains("| Rage taps |") || md.contains("Rage taps"), "the signals table")
    }

    func testTheFeelLabsLatencyJoinsTheReportPerVariant() throws {
        try writeWithinStudy()
        // P01's B block was recorded in a window: ten input frames of 20 … 29 ms.
        let lines = (0..<10).map {
            #"{"t":\#($0),"gesture":"tap","events":1,"firstArrival":0,"lastArrival":0,"presented":0,"total":\#(20 + $0),"waiting":1,"ui":2,"render":3,"present":4}"#
        }
        let block = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("P01").path).first { $0.hasSuffix("-B") })
        try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("P01/\(block)/latency.jsonl"), atomically: true, encoding: .utf8)
        // The observer page ran on the study machine during P01's session.
        let studyLog = folder.appendingPathComponent("P01/study-log.jsonl")
        let earlier = (try? String(contentsOf: studyLog, encoding: .utf8)) ?? ""
        try (earlier + #"{"t":1,"kind":"observer.page","local":true}"# + "\n").write(to: studyLog, atomically: true, encoding: .utf8)
        let report = StudyReport(try StudyResults.read(folder))
        XCTAssertTrue(
            report.markdown.contains("**The observer page ran on the study machine** during the sessions of P01: its drawing competes with"),
            report.markdown)
        XCTAssertTrue(StudyCSV.participantsCSV(report.results, everyone: report.results.participants).contains("observer_local"))
        XCTAssertEqual(report.latency.map(\.variant), ["B"])
        XCTAssertEqual(report.latency.first?.figures.all.frames, 10)
        XCTAssertTrue(report.markdown.contains("| B | 10 | 24.0 | 29.0 | 29.0 |"), "p50, p95, p99 by nearest rank: \(report.markdown)")
    }

    func testABetweenSubjectsStudyComparesIndependentGroups() throws {
        for p in 1...8 {
            let variant = p % 2 == 1 ? "A" : "B"
            let seconds = variant == "A" ? timesA[(p - 1) / 2] : timesB[(p - 1) / 2]
            try StudyFixture.write(
                participant: p, blocks: [StudyFixture.Block(variant: variant, attempts: [("trim", p != 8, seconds)], sus: susA[(p - 1) / 2])],
                variants: ["A", "B"], design: .between, into: folder)
        }
        let report = StudyReport(try StudyResults.read(folder))
        let time = try XCTUnwrap(report.comparisons.first { $0.measure == "time" })
        XCTAssertEqual(time.test, "Welch t on log times")
        let expected = try XCTUnwrap(Statistics.welchT(Array(timesB.prefix(3)).map(log), Array(timesA.prefix(4)).map(log)))
        XCTAssertEqual(try XCTUnwrap(time.p), expected.p, accuracy: 1e-12)
        let success = try XCTUnwrap(report.comparisons.first { $0.measure == "success" })
        XCTAssertEqual(success.test, "N−1 two-proportion")
        XCTAssertEqual(success.estimate, Statistics.agrestiCaffo(3, 4, 4, 4))
        // SUS: the two groups answered alike (the same four questionnaires each), so by hand W is
        // half of the 16 pairs and nothing differs: Wilcoxon's rank-sum test, never Welch's t.
        let sus = try XCTUnwrap(report.comparisons.first { $0.measure == "sus" })
        XCTAssertEqual(sus.test, "Wilcoxon rank-sum exact")
        XCTAssertEqual(sus.statistic, 8)
        XCTAssertEqual(try XCTUnwrap(sus.p), 1, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(sus.estimate?.value), 0, accuracy: 1e-12)
        XCTAssertTrue(sus.sentence.contains("Wilcoxon rank-sum exact W = 8, p = 1.000"), sus.sentence)
        XCTAssertTrue(report.markdown.contains("| W = 8 |"), report.markdown)
        XCTAssertTrue(report.methods.contains("rank-sum (Mann–Whitney) test, exact") && !report.methods.contains("SEQ and SUS by Welch"), report.methods)
    }

    func testTheSEQChartRunsFromOneToSevenWithATickOnEachAnswerAndBarsRisingFromOne() throws {
        try writeWithinStudy()
        let plots = try StudyPlots(StudyReport(try StudyResults.read(folder)))
        let estimate = StudyReport.Estimate(6, 5, 7)
        let list = plots.bars(
            title: "SEQ", groups: ["trim"], values: [[estimate]], maximum: 7, format: { String(format: "%.0f", $0) }, minimum: 1,
            ticks: Array(1...7).map(Double.init), points: [[[5, 7, 6, 6]]])
        // Each participant's answer is a dot over the bar; the two 6s side by side, not one on the other.
        let dots: [Point] = list.commands.compactMap { command -> Point? in
            guard case let .fillCircle(center, _, color) = command, color != Color.white else { return nil }
            return center
        }
        XCTAssertEqual(dots.count, 4)
        let sixes = dots.filter { abs($0.y - dots.map(\.y).sorted()[1]) < 0.01 }
        XCTAssertEqual(sixes.count, 2)
        XCTAssertNotEqual(sixes.first?.x, sixes.last?.x, "equal answers side by side")
        let labels = list.commands.compactMap { command -> String? in
            guard case let .text(run) = command, run.text.count == 1, run.text.allSatisfy(\.isNumber) else { return nil }
            return run.text
        }
        XCTAssertEqual(labels, ["1", "2", "3", "4", "5", "6", "7"], "a tick on each point of the scale, none between")
        let filled: [Rect] = list.commands.compactMap { command -> Rect? in
            // The bars: not the background, not the legend's swatches above the plot.
            guard case let .fillRect(rect, color, _) = command, color != Color.white, rect.y >= StudyPlots.Look().top else { return nil }
            return rect
        }
        let bar = try XCTUnwrap(filled.first)
        // The plot's axis runs from 1 at its bottom: a bar of 6 fills five sixths of it.
        let look = StudyPlots.Look()
        let plotHeight = look.height - look.top - look.bottom
        XCTAssertEqual(bar.height, plotHeight * 5 / 6, accuracy: 0.01, "the bar rises from 1, not 0")
    }

    func testClipLinksAreRelativeToTheReportSoItsFolderCanBeMovedOrShared() {
        XCTAssertEqual(
            Commands.relativeLink(to: URL(fileURLWithPath: "/r/out/clips/P01 a#1.mp4"), from: URL(fileURLWithPath: "/r/out")), "clips/P01%20a%231.mp4")
        XCTAssertEqual(Commands.relativeLink(to: URL(fileURLWithPath: "/r/clips/a.mp4"), from: URL(fileURLWithPath: "/r/out/html")), "../../clips/a.mp4")
        XCTAssertEqual(Commands.relativeLink(to: URL(fileURLWithPath: "/elsewhere/a.mp4"), from: URL(fileURLWithPath: "/r/out")), "../../elsewhere/a.mp4")
    }

    func testTheCSVFilesAreTidyAndTheHTMLEmbedsItsPlots() throws {
        try writeWithinStudy()
        let out = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-out")
        defer { try? FileManager.default.removeItem(at: out) }
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let md = try Commands.report(
            [folder.path], out: nil, json: out.appendingPathComponent("r.json").path,
            html: out.appendingPathComponent("r.html").path, csv: out.appendingPathComponent("csv").path)
        XCTAssertTrue(md.hasPrefix("# Study report: Fixture study"))
        let attempts = try String(contentsOf: out.appendingPathComponent("csv/attempts.csv"), encoding: .utf8).components(separatedBy: "\r\n").filter {
            !$0.isEmpty
        }
        XCTAssertEqual(attempts.count, 1 + 6 * 2 * 2, "a header and one row per attempt")
        XCTAssertEqual(
            attempts[0],
            "participant,variant,block,position,task,outcome,success,seconds,misses,off_task,errors,undos,seq,rage,dead,near_miss,unresponsive,freeze,"
                + "scripted,restarted,observed,run,counted,not_counted_why")
        XCTAssertTrue(
            attempts.contains { $0.hasPrefix("P01,A,1,1,trim,completed,1,10,0,0,0,0,4,2,0,0,0,0,0,0,0,") && $0.hasSuffix(",1,") },
            "counted, no why: \(attempts.joined(separator: "\n"))")
        let answers = try String(contentsOf: out.appendingPathComponent("csv/answers.csv"), encoding: .utf8).components(separatedBy: "\r\n").filter {
            !$0.isEmpty
        }
        XCTAssertEqual(answers.count, 1 + 6 * 2 * (1 + 10))
        let participants = try String(contentsOf: out.appendingPathComponent("csv/participants.csv"), encoding: .utf8)
        XCTAssertTrue(participants.contains("P02,2,2027-01-15T08:00:00Z,2027-01-15T08:00:00Z,B>A,2,"), participants)
        XCTAssertEqual(StudyCSV.text([["a,b", "say \"hi\"", "plain"]]), "\"a,b\",\"say \"\"hi\"\"\",plain\r\n")

        let html = try String(contentsOf: out.appendingPathComponent("r.html"), encoding: .utf8)
        let images = html.components(separatedBy: "src=\"data:image/png;base64,").dropFirst()
        XCTAssertEqual(images.count, 5, "success, time, time distribution, SEQ, SUS")
        let first = try XCTUnwrap(images.first?.prefix { $0 != "\"" })
        let png = try ImageCodec.decodePNG(try XCTUnwrap(Data(base64Encoded: String(first))))
        XCTAssertEqual(png.width, 1440)
        XCTAssertTrue(html.contains("<h2>Findings</h2>"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("r.json"))) as? [String: Any])
        XCTAssertEqual(json["participants"] as? Int, 6)
    }

    func testABrokenAnswersFileIsLeftOutNamingTheFieldAndTheRestIsReported() throws {
        try writeWithinStudy()
        let broken = folder.appendingPathComponent("P03/answers.json")
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: broken)) as? [String: Any])
        var blocks = try XCTUnwrap(object["blocks"] as? [[String: Any]])
        blocks[1]["variant"] = 7
        object["blocks"] = blocks
        try JSONSerialization.data(withJSONObject: object).write(to: broken)
        let results = try StudyResults.read(folder)
        XCTAssertEqual(results.participants.count, 5)
        XCTAssertEqual(results.problems, ["P03/answers.json: blocks[1].variant: missing or of the wrong kind"])
        XCTAssertTrue(StudyReport(results).markdown.contains("Left out: P03/answers.json: blocks[1].variant"))
    }

    /// Answers files with numbers no study makes (1e19 misses, −9.3e18 errors, an SEQ of −3, a
    /// negative time), read by the real `tactile report`: each participant is left out naming
    /// the field and the range, the rest are reported, and nothing crashes.
    func testOutOfRangeNumbersInAnswersAreRefusedByFieldAndTheRestReported() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Fuzz")
        let expected = [
            "results-huge-counts": "Left out: P01/answers.json: blocks[1].tasks[0].misses: must be 0 to 1000000, not 1e+19",
            "results-out-of-scale-answers": "Left out: P01/answers.json: answers[0].value: must be 1 to 7, not -3",
            "results-negative-time": "Left out: P01/answers.json: blocks[1].tasks[0].seconds: must be 0 to 10000000, not -5",
        ]
        for (name, line) in expected {
            let (status, output) = try runTool(try tactileBinary().path, ["report", fixtures.appendingPathComponent(name).path])
            XCTAssertEqual(status, 0, "\(name): \(output)")
            XCTAssertTrue(output.contains(line), "\(name): \(output.prefix(800))")
            XCTAssertTrue(output.contains("1 participant"), "P02 is reported: \(output.prefix(800))")
        }
    }
}
