import XCTest
import TactileCore
@testable import TactileInput

final class TraceTests: XCTestCase {
    func testParsesAndWritesTheDocumentedFormat() throws {
        let text = """
            {"tactile_trace":1,"viewport":{"width":390,"height":844}}
            {"t":0.016,"type":"down","id":1,"x":120.5,"y":600}
            {"t":0.05,"type":"move","id":1,"x":121,"y":601}
            {"t":0.1,"type":"up","id":1,"x":121,"y":601}
            {"t":0.5,"type":"key","key":"space"}

            {"t":0.9,"type":"blur"}
            """
        let trace = try Trace.parse(text)
        XCTAssertEqual(trace.viewport, Size(width: 390, height: 844))
        XCTAssertEqual(trace.events.count, 5)
        XCTAssertEqual(trace.events[0], .touch(.down, id: 1, at: Point(x: 120.5, y: 600), time: .seconds(0.016)))
        XCTAssertEqual(trace.events[3], .key(.space, time: .seconds(0.5)))
        XCTAssertEqual(trace.events[4].kind, .focusLost)
        XCTAssertEqual(try Trace.parse(trace.serialized()), trace)
    }

    func testTypedTextRoundTripsAndBadTextIsRefusedByName() throws {
        let header = "{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844}}\n"
        let trace = try Trace.parse(header + "{\"t\":0.6,\"type\":\"text\",\"text\":\"é \\\"q\\\" 😀\"}\n{\"t\":0.7,\"type\":\"key\",\"key\":\"backspace\"}")
        XCTAssertEqual(trace.events[0], .text("é \"q\" 😀", time: .seconds(0.6)))
        XCTAssertEqual(trace.events[1], .key(.backspace, time: .seconds(0.7)))
        XCTAssertEqual(try Trace.parse(trace.serialized()), trace, "quotes and emoji survive writing")
        func message(_ line: String) -> String? {
            do { _ = try Trace.parse(header + line); return nil } catch { return (error as? TraceError)?.message }
        }
        XCTAssertEqual(message("{\"t\":0,\"type\":\"text\",\"text\":\"\"}")?.hasPrefix("text:"), true)
        XCTAssertEqual(message("{\"t\":0,\"type\":\"text\",\"text\":7}")?.hasPrefix("text:"), true)
        XCTAssertEqual(message("{\"t\":0,\"type\":\"text\",\"text\":\"\(String(repeating: "x", count: 65))\"}")?.hasPrefix("text:"), true)
    }

    func testErrorsNameTheLine() {
        func error(_ text: String) -> TraceError? {
            do { _ = try Trace.parse(text); return nil } catch { return error as? TraceError }
        }
        let header = "{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844}}\n"
        XCTAssertEqual(error("")?.line, 1)
        XCTAssertEqual(error("{\"t\":0}")?.line, 1)
        XCTAssertEqual(error(header + "{\"t\":0,\"type\":\"wiggle\"}")?.line, 2)
        XCTAssertEqual(error(header + "{\"t\":1,\"type\":\"key\",\"key\":\"space\"}\n{\"t\":0.5,\"type\":\"key\",\"key\":\"space\"}")?.line, 3)
        XCTAssertEqual(error(header + "{\"t\":0,\"type\":\"down\",\"id\":1}")?.message, "x, y: a down event needs numbers within ±1,000,000 points")
        XCTAssertEqual(error(header + "not json")?.line, 2)
        XCTAssertEqual(
            error(header + "{\"t\":0,\"type\":\"frame\"}\n{\"t\":0.1,\"type\":\"frame\"}\n{\"t\":0.2")?.line, nil,
            "the torn last line a killed recording leaves is skipped")
        XCTAssertEqual(error(header + "{\"t\":0.2\n{\"t\":0.3,\"type\":\"frame\"}")?.line, 2, "a torn line elsewhere is an error")
    }

    func testAFreezeMeasuredAfterLaterFramesWereWrittenTakesItsPlace() throws {
        // On a loaded machine a frame's latency (and so its freeze) is known only after the next
        // frames were recorded: the recording stays readable, the freeze at its own frame.
        let header = "{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844}}\n"
        let trace = try Trace.parse(
            header + "{\"t\":1.5,\"type\":\"frame\"}\n{\"t\":1.6,\"type\":\"frame\"}\n{\"t\":1.7,\"type\":\"frame\"}\n"
                + "{\"t\":1.6,\"type\":\"freeze\",\"ms\":180,\"gesture\":\"scroll\"}\n{\"t\":1.5,\"type\":\"freeze\",\"ms\":140,\"gesture\":\"tap\"}\n")
        XCTAssertEqual(trace.freezes.map(\.milliseconds), [180, 140], "in the order written")
        XCTAssertEqual(trace.freezes.map(\.time), [.seconds(1.6), .seconds(1.5)], "each with its own frame")
        XCTAssertEqual(trace.freezes.map(\.replayedAfter), [.seconds(1.7), .seconds(1.7)], "given back where the recording wrote them")
        XCTAssertEqual(try Trace.parse(trace.serialized()).freezes, trace.freezes, "and written back so")
        XCTAssertNotNil(
            (try? Trace.parse(header + "{\"t\":1.6,\"type\":\"frame\"}\n{\"t\":1.5,\"type\":\"frame\"}\n")) == nil ? "refused" : nil,
            "any other line still keeps time order")
    }

    func testRecordedTracesKeepFrameMarksPressureAndTheDisplayRate() throws {
        let text =
            "{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844},\"fps\":60}\n"
            + "{\"t\":0.000779,\"type\":\"frame\"}\n{\"t\":0.016001,\"type\":\"down\",\"id\":1,\"x\":10.125,\"y\":20,\"p\":0.5}\n"
            + "{\"t\":0.016668,\"type\":\"frame\"}\n"
        let trace = try Trace.parse(text)
        XCTAssertEqual(trace.framesPerSecond, 60)
        XCTAssertEqual(trace.frames, [.seconds(0.000779), .seconds(0.016668)])
        XCTAssertEqual(trace.events.first?.pressure, 0.5)
        XCTAssertEqual(trace.serialized(), text, "written back line for line")
        // Instants on the microsecond grid and positions in thousandths survive the round trip exactly.
        for micros in [1, 779, 16_668, 123_456_789, 3_600_000_001] {
            let t = Time.seconds(Double(micros) / 1_000_000)
            let e = InputEvent.touch(.move, id: 1, at: Point(x: 100.0 / 3, y: 2.0 / 7), time: t).roundedForTrace()
            XCTAssertEqual(try Trace.parse(Trace(viewport: Size(width: 390, height: 844), events: [e], frames: [t]).serialized()).events, [e])
        }
    }

    private func header(export: Bool) -> String {
        "{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844}\(export ? ",\"export\":true" : "")}\n"
    }

    func testExportNewsRoundTripBeforeTheirFrameAndBadLinesNameTheField() throws {
        let text =
            "{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844},\"fps\":60,\"export\":true}\n"
            + "{\"t\":1.000000,\"type\":\"up\",\"id\":1,\"x\":10,\"y\":20}\n"
            + "{\"t\":1.000000,\"type\":\"export\",\"progress\":0,\"left\":12.5}\n{\"t\":1.000000,\"type\":\"frame\"}\n"
            + "{\"t\":1.250000,\"type\":\"export\",\"progress\":0.3333}\n{\"t\":1.250000,\"type\":\"frame\"}\n"
            + "{\"t\":2.000000,\"type\":\"export\",\"finished\":\"/m/Demo \\\"1\\\".mp4\",\"bytes\":1234567}\n{\"t\":2.000000,\"type\":\"frame\"}\n"
            + "{\"t\":3.000000,\"type\":\"export\",\"failed\":\"the disk is full\"}\n{\"t\":3.000000,\"type\":\"frame\"}\n"
            + "{\"t\":4.000000,\"type\":\"export\",\"cancelled\":true}\n{\"t\":4.000000,\"type\":\"frame\"}\n"
        let trace = try Trace.parse(text)
        XCTAssertTrue(trace.offersExport)
        XCTAssertEqual(
            trace.exportNews.map(\.news),
            [
                .progress(fraction: 0, secondsLeft: 12.5), .progress(fraction: 0.3333, secondsLeft: nil),
                .finished(path: "/m/Demo \"1\".mp4", bytes: 1_234_567), .failed("the disk is full"), .cancelled,
            ])
        XCTAssertEqual(trace.exportNews.map(\.time), [.seconds(1), .seconds(1.25), .seconds(2), .seconds(3), .seconds(4)])
        XCTAssertEqual(trace.serialized(), text, "written back line for line: input, then news, then the frame")
        let long = try Trace.parse(header(export: false) + "{\"t\":0,\"type\":\"export\",\"progress\":0.48333333333333334,\"left\":1.00049}")
        XCTAssertEqual(long.exportNews.first?.news, .progress(fraction: 0.4833, secondsLeft: 1), "on the grid the session uses")
        // What a session keeps of a long or empty reason always reads back.
        for reason in [String(repeating: "x", count: 5000), ""] {
            let kept = MovieExportNews.failed(reason).quantized
            let line = Trace.line(for: RecordedExportNews(time: .seconds(1), news: kept))
            XCTAssertEqual(try Trace.parse(header(export: true) + line).exportNews.first?.news, kept)
        }
        XCTAssertFalse(try Trace.parse("{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844}}").offersExport)

        let header = "{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844}}\n"
        func message(_ line: String) -> String? {
            do { _ = try Trace.parse(header + line); return nil } catch { return (error as? TraceError)?.message }
        }
        XCTAssertEqual(message("{\"t\":0,\"type\":\"export\",\"progress\":1.5}"), "progress: must be a number from 0 to 1")
        XCTAssertEqual(message("{\"t\":0,\"type\":\"export\",\"progress\":0.5,\"left\":-1}")?.hasPrefix("left:"), true)
        XCTAssertEqual(message("{\"t\":0,\"type\":\"export\",\"finished\":\"\"}")?.hasPrefix("finished:"), true)
        XCTAssertEqual(message("{\"t\":0,\"type\":\"export\",\"failed\":3}")?.hasPrefix("failed:"), true)
        XCTAssertEqual(message("{\"t\":0,\"type\":\"export\",\"cancelled\":false}"), "cancelled: must be true")
        XCTAssertEqual(message("{\"t\":0,\"type\":\"export\"}"), "an export line needs exactly one of progress, finished, failed or cancelled")
        XCTAssertEqual(message("{\"t\":0,\"type\":\"export\",\"progress\":0,\"cancelled\":true}")?.hasPrefix("an export line"), true)
        XCTAssertEqual((try? Trace.parse("{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844},\"export\":1}")) == nil, true)
    }

    func testSettingsLinesRoundTripBeforeTheirFrameAndBadOnesNameTheField() throws {
        let header = "{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844}}"
        let text =
            [
                header,
                "{\"t\":1.000000,\"type\":\"settings\",\"source\":\"tuning\",\"variant\":\"base\",\"changes\":{\"input\":{\"tapSlop\":30}}}",
                "{\"t\":1.000000,\"type\":\"frame\"}",
                "{\"t\":2.000000,\"type\":\"settings\",\"source\":\"flip\",\"variant\":\"B \\\"fast\\\"\",\"changes\":{}}",
                "{\"t\":2.000000,\"type\":\"frame\"}",
            ].joined(separator: "\n") + "\n"
        let trace = try Trace.parse(text)
        XCTAssertEqual(trace.settings.map(\.source), [.tuning, .flip])
        XCTAssertEqual(trace.settings.map(\.variant), ["base", "B \"fast\""])
        XCTAssertEqual(trace.settings[0].changes.serialized(), #"{"input":{"tapSlop":30}}"#)
        XCTAssertEqual(trace.serialized(), text, "written back line for line, each before its frame")
        func message(_ line: String) -> String? {
            do { _ = try Trace.parse(header + "\n" + line); return nil } catch { return (error as? TraceError)?.message }
        }
        XCTAssertEqual(message("{\"t\":0,\"type\":\"settings\",\"source\":\"magic\",\"variant\":\"a\",\"changes\":{}}")?.hasPrefix("source:"), true)
        XCTAssertEqual(message("{\"t\":0,\"type\":\"settings\",\"source\":\"flip\",\"changes\":{}}")?.hasPrefix("variant:"), true)
        XCTAssertEqual(message("{\"t\":0,\"type\":\"settings\",\"source\":\"flip\",\"variant\":\"a\",\"changes\":[1]}")?.hasPrefix("changes:"), true)
    }
}
