import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileStudy
@testable import TactileApp
import TactileHeadless

/// Kiosk mode in the host session on the virtual clock, as the window runs it: the attract
/// loop, a visitor who edits and walks away (their session saved, and replayable), the demo
/// coming back, the way out.
final class KioskSessionTests: XCTestCase, ReplayTesting {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("kiosk-session") }
    override func tearDown() { removeTestFolder() }

    /// A kiosk session over the demo, measured with the real fonts as replays are.
    func kiosk(_ settings: (inout TactileConfiguration.Kiosk) -> Void, visitors: KioskVisitors? = nil) throws -> HeadlessSession {
        var c = TactileConfiguration()
        settings(&c.kiosk)
        let session = try HeadlessSession(
            project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1, configuration: c,
            kiosk: KioskSetup(attractTrace: try AttractTour.builtIn(), demo: DemoProject.make()))
        if let visitors {
            session.host.add(
                SessionEvents(
                    frame: { visitors.record($0) },
                    visitor: { command, state, time in visitors.handle(command, state: state, at: time, framesPerSecond: 60) }))
        }
        return session
    }

    func testAnIdleVisitorsSessionIsSavedAndReplaysAndTheDemoComesBack() throws {
        let sessions = folder.appendingPathComponent("visitors")
        let visitors = KioskVisitors(folder: sessions, configuration: try RecordedConfiguration(TactileConfiguration()))
        let session = try kiosk(
            {
                $0.idleTimeout = 1.5; $0.exitHoldDuration = 0.6
            }, visitors: visitors)
        let player = session.player
        player.runDueFrames(through: .seconds(0.3))
        XCTAssertEqual(session.host.kiosk?.phase, .attract, "the attract loop plays")
        var events = tap(Point(x: 195 + 108 + 30, y: 606), at: 0.3) // select City Lights…
        events += tap(Point(x: 356, y: 778), at: 0.9) // …and delete it
        // The visitor walks away; at 4.5 s staff hold five fingers for a second.
        events += (1...5).map { InputEvent.touch(.down, id: 10 + $0, at: Point(x: 60 + Double($0) * 45, y: 300), time: .seconds(4.5)) }
        player.play(Trace(viewport: Size(width: 390, height: 844), events: events), until: .seconds(5.6))
        XCTAssertTrue(session.host.exited, "the hold opened the way out")
        XCTAssertNotNil(session.host.state.project.clip(withID: "city"), "the demo came back for the next visitor")
        visitors.finish(project: session.host.state.project)
        let saved = try FileManager.default.contentsOfDirectory(atPath: sessions.path).sorted()
        XCTAssertEqual(saved.count, 2, "the idle visitor, then the one who used the way out: \(saved)")
        let first = sessions.appendingPathComponent(saved[0])
        let end = try ProjectFile.load(from: first.appendingPathComponent(SessionRecorder.FileName.projectEnd))
        XCTAssertNil(end.clip(withID: "city"), "the visitor's deletion is in their session")
        let recordedLog = try String(contentsOf: first.appendingPathComponent(SessionRecorder.FileName.log), encoding: .utf8)
        XCTAssertTrue(recordedLog.hasPrefix("{\"t\":0"), "times count from the visitor's first touch: \(recordedLog.prefix(80))")
        _ = try Commands.replay(trace: first.path, project: nil, outputs: .init(logOut: path("replayed.jsonl")), scale: 1, until: nil)
        XCTAssertEqual(try String(contentsOfFile: path("replayed.jsonl"), encoding: .utf8), recordedLog, "the visitor's session replays line for line")
    }

    func testAWholeKioskRunRecordedOnTheVirtualClockReplaysToTheSameLog() throws {
        // Two rounds of the attract loop, a visitor, an idle reset, the hold and the PIN (kept
        // as a salted hash: a wrong one, then the right one).
        let run = folder.appendingPathComponent("run")
        var c = TactileConfiguration()
        c.kiosk.idleTimeout = 5; c.kiosk.exitHoldDuration = 0.6; c.kiosk.pinHash = try PinHash.make("12"); c.kiosk.pinDigits = 2
        let setup = KioskSetup(attractTrace: try AttractTour.builtIn(), demo: DemoProject.make())
        let session = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1, configuration: c, kiosk: setup)
        let recording = try Recording(folder: run, project: DemoProject.make(), configuration: try RecordedConfiguration(c), kiosk: setup)
        recording.attach(to: session.host, framesPerSecond: 60)
        let keys = Dictionary(uniqueKeysWithValues: PinPad.keys(in: Size(width: 390, height: 844)).map { ($0.key, $0.frame.center) })
        var events = tap(Point(x: 249, y: 606), at: 20)
        events += tap(Point(x: 356, y: 778), at: 21)
        events += tap(Point(x: 150, y: 760), at: 30)
        events += (1...5).map { InputEvent.touch(.down, id: 10 + $0, at: Point(x: 60 + Double($0) * 45, y: 300), time: .seconds(31)) }
        events += (1...5).map { InputEvent.touch(.up, id: 10 + $0, at: Point(x: 60 + Double($0) * 45, y: 300), time: .seconds(32)) }
        events += tap(keys[.digit(1)]!, at: 33) + tap(keys[.digit(1)]!, at: 33.5)
        events += tap(keys[.digit(1)]!, at: 34) + tap(keys[.digit(2)]!, at: 35)
        // The session steps whenever work is due, as the window does; the recording marks each step.
        session.player.play(Trace(viewport: Size(width: 390, height: 844), events: events), until: .seconds(36))
        recording.finish(project: session.host.state.project)
        XCTAssertTrue(session.host.exited)
        // The recording holds the verdicts, never the PIN nor its hash (only its length).
        let config = try String(contentsOf: run.appendingPathComponent("config.json"), encoding: .utf8)
        XCTAssertFalse(config.contains(c.kiosk.pinHash) || config.contains("$y$"), "no hash in a shared folder")
        XCTAssertTrue(config.contains("\"pinDigits\" : 2"), config)
        let trace = try String(contentsOf: run.appendingPathComponent("trace.jsonl"), encoding: .utf8)
        XCTAssertEqual(trace.components(separatedBy: "\"type\":\"pin\"").count - 1, 2, "two verdicts recorded")
        XCTAssertTrue(trace.contains("\"type\":\"pin\",\"accepted\":false") && trace.contains("\"type\":\"pin\",\"accepted\":true"))
        // Nor the taps that typed it: on the open pad every digit is kept on the 0 key.
        for digit in [1, 2] {
            let line = Trace.line(for: .touch(.down, id: 1, at: keys[.digit(digit)]!, time: .zero))
            let position = String(line[line.range(of: "\"x\"")!.lowerBound...].dropLast())
            XCTAssertFalse(trace.contains(position), "digit \(digit)'s key (\(position)) is not in the trace")
        }
        let recordedLog = try String(contentsOf: run.appendingPathComponent("log.jsonl"), encoding: .utf8)
        _ = try Commands.replay(trace: run.path, project: nil, outputs: .init(stateOut: path("p.json"), logOut: path("l.jsonl")), scale: 1, until: nil)
        XCTAssertEqual(try String(contentsOfFile: path("l.jsonl"), encoding: .utf8), recordedLog, "the same log, line for line")
        XCTAssertEqual(try ProjectFile.load(from: URL(fileURLWithPath: path("p.json"))), session.host.state.project)
    }

    func testAKioskRunThatClosedAndWasWokenAfterHoursReplaysTheSame() throws {
        // Sunday 17:59:50, open until 18:00: the attract loop, closing time, a touch after hours.
        let run = folder.appendingPathComponent("hours")
        var c = TactileConfiguration()
        c.kiosk.schedule.sunday = "09:00-18:00"; c.kiosk.closedWake = 5
        let setup = KioskSetup(attractTrace: try AttractTour.builtIn(), demo: DemoProject.make())
        let session = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1, configuration: c, kiosk: setup)
        session.host.wallClockOrigin = .seconds(6 * 86_400 + 17 * 3600 + 59 * 60 + 50)
        let recording = try Recording(folder: run, project: DemoProject.make(), configuration: try RecordedConfiguration(c), kiosk: setup)
        recording.attach(to: session.host, framesPerSecond: 60)
        session.player.play(Trace(viewport: Size(width: 390, height: 844), events: tap(Point(x: 249, y: 606), at: 40)), until: .seconds(60))
        recording.finish(project: session.host.state.project)
        XCTAssertEqual(session.host.kiosk?.phase, .closed, "asleep again 5 s after the visitor's tap")
        let kioskJSON = try String(contentsOf: run.appendingPathComponent("kiosk.json"), encoding: .utf8)
        XCTAssertTrue(kioskJSON.contains("weekClock"), kioskJSON)
        let recordedLog = try String(contentsOf: run.appendingPathComponent("log.jsonl"), encoding: .utf8)
        XCTAssertTrue(recordedLog.contains("select"), "the woken visitor's tap selected Beach")
        _ = try Commands.replay(trace: run.path, project: nil, outputs: .init(logOut: path("h.jsonl")), scale: 1, until: nil)
        XCTAssertEqual(try String(contentsOfFile: path("h.jsonl"), encoding: .utf8), recordedLog, "the same log, line for line")
    }
}
