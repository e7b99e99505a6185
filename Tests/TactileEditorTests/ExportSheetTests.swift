import XCTest
import TactileCore
import TactileHost
import TactileInput
import TactileUI
@testable import TactileEditor

/// The Export sheet (issue 18): the title bar's Export button, the choices, and what the host
/// is asked to do. The host's exporter here is a stand-in that remembers what it was asked and
/// reports what the test says; `MovieExportTests` and `ExportWindowFlowTests` run the real one.
final class ExportSheetTests: XCTestCase {
    final class ScriptedExporter: MovieExporting {
        var started: [(Project, MovieSettings)] = []
        var cancels = 0
        var news: [MovieExportNews] = []
        func start(_ project: Project, settings: MovieSettings) { started.append((project, settings)) }
        func cancel() { cancels += 1 }
        func takeNews(now: Time) -> MovieExportNews? { news.isEmpty ? nil : news.removeFirst() }
    }

    private func harness(locale: String? = nil) -> (EditorHarness, ScriptedExporter) {
        var configuration = TactileConfiguration()
        if let locale { configuration.theme.locale = locale }
        let exporter = ScriptedExporter()
        let h = EditorHarness(configuration: configuration, services: HostServices(exporter: exporter))
        h.frame()
        return (h, exporter)
    }

    func testWithoutAnExporterThereIsNoExportButton() {
        let h = EditorHarness()
        XCTAssertNil(h.element("toolbar.export"), "replays and kiosks offer no export")
    }

    /// The review's case: the export sheet's header had no Done, as every other sheet's has.
    /// The review's case: the option buttons were 36 pt tall. Each is a finger's height, and the
    /// sheet still stands whole on a landscape phone.
    func testEveryOptionIsAFingersHeightAndTheSheetFitsALandscapePhone() {
        for viewport in [Size(width: 390, height: 844), Size(width: 844, height: 390)] {
            var configuration = TactileConfiguration()
            configuration.layout.viewport = viewport
            let h = EditorHarness(configuration: configuration, viewport: viewport, services: HostServices(exporter: ScriptedExporter()))
            h.tap("toolbar.export")
            h.run(until: h.now + .seconds(0.5))
            let options = h.output.elements.filter { $0.role == "exportChoice" }
            XCTAssertFalse(options.isEmpty, "\(viewport): \(h.output.elements.map(\.id).filter { $0.hasPrefix("export") })")
            XCTAssertTrue(options.allSatisfy { $0.hitFrame.height >= 44 }, "\(viewport): \(options.map { ($0.id, $0.hitFrame.height) })")
            let sheet = h.output.elements.first { $0.id == "exportSheet" }?.frame ?? .zero
            XCTAssertGreaterThanOrEqual(sheet.minY, 0, "\(viewport): the sheet's top on the screen: \(sheet)")
            XCTAssertLessThanOrEqual(sheet.maxY, viewport.height, "\(viewport)")
        }
    }

    func testTheSheetsHeaderHasDoneAndItCloses() {
        let (h, _) = harness()
        h.tap("toolbar.export")
        XCTAssertNotNil(h.element("exportSheet"))
        XCTAssertEqual(h.element("exportSheet.action")?.label, "Done")
        h.tap("exportSheet.action")
        XCTAssertNil(h.element("exportSheet"), "Done closes it")
    }

    func testTheSheetEstimatesTheFilesSizeFromTheChoices() throws {
        let (h, _) = harness()
        h.tap("toolbar.export")
        h.tap("exportSheet.size.720p")
        h.tap("exportSheet.quality.Standard")
        // The demo, 21 s at 720p, 30 fps, standard: its movie is 2.43 MB (Docs/Benchmarks.md).
        XCTAssertEqual(h.element("exportSheet")?.state["estimate"], .string("about 2.4 MB"))
        func bytes() throws -> Double {
            guard case let .number(n)? = h.element("exportSheet")?.state["estimatedBytes"] else { throw XCTSkip("no estimate") }
            return n
        }
        let standard = try bytes()
        h.tap("exportSheet.quality.High")
        XCTAssertGreaterThan(try bytes(), 1.5 * standard, "six steps of CRF down: about twice the picture's bits")
        h.tap("exportSheet.size.1080p")
        XCTAssertGreaterThan(try bytes(), 2 * standard)
    }

    func testTheSheetShowsTheConfiguredChoicesAndTheMoviesPixels() {
        let (h, _) = harness()
        let button = h.element("toolbar.export")
        XCTAssertNotNil(button)
        XCTAssertGreaterThanOrEqual(button?.hitFrame.width ?? 0, 44, "a finger's size")
        XCTAssertLessThan(button?.frame.maxX ?? 999, h.frameOf("toolbar.undo").minX + 0.5, "beside undo")
        h.tap("toolbar.export")
        let sheet = h.element("exportSheet")
        XCTAssertEqual(sheet?.state["size"], .string("1080p"))
        XCTAssertEqual(sheet?.state["fps"], .number(30))
        XCTAssertEqual(sheet?.state["quality"], .string("standard"))
        // The demo is 9:16: 1080p is 1080 × 1920.
        XCTAssertEqual(sheet?.state["width"], .number(1080))
        XCTAssertEqual(sheet?.state["height"], .number(1920))
        XCTAssertEqual(h.elements(role: "exportChoice").map(\.label), ["720p", "1080p", "4K", "24", "25", "30", "60", "Draft", "Standard", "High"])
        XCTAssertTrue(h.elements(role: "exportChoice").allSatisfy { $0.hitFrame.height >= 36 })
        XCTAssertEqual(h.elements(role: "exportChoice").filter { $0.state["chosen"] == .bool(true) }.map(\.label), ["1080p", "30", "Standard"])
    }

    func testChoicesChangeWhatTheMovieWillBeAndStartingAsksTheHost() {
        let (h, exporter) = harness()
        h.tap("toolbar.export")
        h.tap("exportSheet.size.4K")
        h.tap("exportSheet.fps.60")
        h.tap("exportSheet.quality.High")
        XCTAssertEqual(h.element("exportSheet")?.state["width"], .number(2160))
        XCTAssertEqual(h.element("exportSheet")?.state["height"], .number(3840))
        XCTAssertTrue(h.cues.contains { $0.reason == "exportChoice" }, "each choice answers with a cue")
        h.tap(ExportSheetView.startID)
        XCTAssertEqual(exporter.started.count, 1, "the host starts the export")
        XCTAssertEqual(exporter.started.first?.1, MovieSettings(size: .p2160, framesPerSecond: 60, quality: .high))
        XCTAssertEqual(exporter.started.first?.0, h.state.project, "the project as it is now")
        XCTAssertNotNil(h.element("exportProgress"), "the sheet shows the progress")
        XCTAssertTrue(h.log.contains { $0.kind == "exportStart" && $0.fields["size"] == .string("4K") })
        // Choices are locked while it runs; a second tap on Export starts nothing.
        h.tap("exportSheet.size.720p")
        XCTAssertEqual(h.state.exportChoice.size, .p2160)
    }

    func testProgressShowsWithTimeLeftAndTheEndSaysWhereItWentWithAShowButton() throws {
        let (h, exporter) = harness()
        h.tap("toolbar.export")
        h.tap(ExportSheetView.startID)
        exporter.news = [.progress(fraction: 0.25, secondsLeft: 12.2)]
        // The editor asks for frames while the export runs, so progress shows without a touch.
        h.run(until: h.now + .seconds(0.5))
        let progress = h.element("exportProgress")
        XCTAssertEqual(progress?.state["fraction"], .number(0.25))
        XCTAssertEqual(progress?.label, "Exporting… 25% · 0:13 left")
        // Keep editing: the sheet closes, the title bar's button shows the percentage.
        h.tap(ExportSheetView.hideID)
        XCTAssertNil(h.element("exportSheet"))
        XCTAssertEqual(h.element("toolbar.export")?.state["fraction"], .number(0.25))
        XCTAssertEqual(h.element("toolbar.export")?.state["percent"], .string("25%"), "as the sheet writes it")
        let shown = h.output.drawList.commands.compactMap { c -> String? in
            if case let .text(run) = c { return run.text }; return nil
        }
        XCTAssertTrue(shown.contains("25%"), "the whole percentage on the badge, never cut short: \(shown)")
        exporter.news = [.finished(path: "/movies/Demo.mp4", bytes: 2_400_000)]
        h.run(until: h.now + .seconds(0.5))
        XCTAssertEqual(h.state.banner?.message, "“Demo.mp4” is saved in /movies (2.4 MB)", "where it went, in words")
        XCTAssertEqual(
            h.editor.theme.strings.savedIn("/movies/Demo.mp4", bytes: 0, home: nil), "“Demo.mp4” is saved in /movies",
            "a size not known (an older trace) is left out, never said as 0")
        XCTAssertEqual(
            h.editor.theme.strings.savedIn("/home/ann/Videos/Demo.mp4", bytes: 2_400_000, home: "/home/ann"), "“Demo.mp4” is saved in Videos (2.4 MB)")
        XCTAssertNil(h.state.exportRun)
        XCTAssertEqual(h.element("toolbar.export")?.state["exporting"], nil, "the button is ready for the next one")
        let end = try XCTUnwrap(h.log.last { $0.kind == "exportEnd" })
        XCTAssertEqual(end.fields["path"], .string("/movies/Demo.mp4"), "the whole path in the log")
        XCTAssertEqual(end.fields["bytes"], .number(2_400_000))
        XCTAssertEqual(h.element("banner.reveal")?.label, "Show")
        h.tap("banner.reveal")
        XCTAssertEqual(h.output.reveal, "/movies/Demo.mp4", "Show asks the shell to show the file")
        XCTAssertNil(h.state.banner)
    }

    func testInArabicTheBannerKeepsThePathAsItIsAndTheSheetItsNumbersInArabicDigits() {
        let (h, exporter) = harness(locale: "ar_EG")
        h.tap("toolbar.export")
        XCTAssertEqual(h.element("exportSheet")?.state["summary"], .string("١٠٨٠ × ١٩٢٠، ٣٠ إطار/ث"), "the sheet's numbers in Arabic digits")
        h.tap(ExportSheetView.startID)
        exporter.news = [.finished(path: "/movies/Demo 2026-11-25 10.04.09.mp4", bytes: 24_300_000)]
        h.run(until: h.now + .seconds(0.5))
        XCTAssertEqual(
            h.state.banner?.message, "حُفظ «Demo 2026-11-25 10.04.09.mp4» في /movies (٢٤٫٣ ميغابايت)", "a path in other digits names no file; the size in Arabic"
        )
    }

    func testCancelAsksTheHostToStopAndSaysSo() {
        let (h, exporter) = harness()
        h.tap("toolbar.export")
        h.tap(ExportSheetView.startID)
        h.tap(ExportSheetView.cancelID)
        XCTAssertEqual(exporter.cancels, 1)
        XCTAssertEqual(h.element("exportProgress")?.state["cancelling"], .bool(true))
        exporter.news = [.cancelled]
        h.run(until: h.now + .seconds(0.5))
        XCTAssertEqual(h.state.banner?.message, "Export cancelled")
        XCTAssertNotNil(h.element(ExportSheetView.startID), "the sheet offers Export again")
    }

    func testStartAndCancelAreEffectsOfTheFrameThatSawTheTap() {
        let (h, _) = harness()
        h.tap("toolbar.export")
        let start = h.element(ExportSheetView.startID)!.hitFrame
        XCTAssertEqual(h.frame([.touch(.down, id: 1, at: Point(x: start.midX, y: start.midY), time: h.now)]).exports, [])
        h.now += .milliseconds(80)
        let started = h.frame([.touch(.up, id: 1, at: Point(x: start.midX, y: start.midY), time: h.now)])
        XCTAssertEqual(started.exports, [.start(h.state.exportChoice)], "the frame returns the export to start")
        let cancel = h.element(ExportSheetView.cancelID)!.hitFrame
        h.now += .milliseconds(300)
        h.frame([.touch(.down, id: 1, at: Point(x: cancel.midX, y: cancel.midY), time: h.now)])
        h.now += .milliseconds(80)
        XCTAssertEqual(h.frame([.touch(.up, id: 1, at: Point(x: cancel.midX, y: cancel.midY), time: h.now)]).exports, [.cancel])
    }

    func testAFailureIsAnErrorBannerNamingTheReason() {
        let (h, exporter) = harness()
        h.tap("toolbar.export")
        h.tap(ExportSheetView.startID)
        exporter.news = [.failed("clip \"Beach\" (beach.mp4) cannot be exported: No such file")]
        h.run(until: h.now + .seconds(0.5))
        XCTAssertEqual(h.state.banner?.isError, true)
        XCTAssertEqual(h.state.banner?.message, "Export failed: clip \"Beach\" (beach.mp4) cannot be exported: No such file")
    }

    func testEscapeOrATapOutsideClosesTheSheet() {
        let (h, _) = harness()
        h.tap("toolbar.export")
        h.frame([InputEvent(time: h.now, kind: .key(.escape))])
        h.frame()
        XCTAssertNil(h.element("exportSheet"))
        h.tap("toolbar.export")
        h.tap(Point(x: 20, y: 120))
        XCTAssertNil(h.element("exportSheet"))
    }
}
