import CSDL2
import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
import TactileHost
import TactileKiosk
import TactileInput
import TactileSDL
@testable import TactileApp

/// `run --kiosk` in the real window loop (SDL's dummy driver, events pushed in real time): the
/// window manager's close and Ctrl+Q refused, a whole run recorded and replayed headless; and the
/// program itself under SIGTERM and SIGKILL. (Kiosk behaviour on the virtual clock: `KioskSessionTests`.)
final class KioskWindowTests: XCTestCase, ReplayTesting, RunsAlone {
    var folder: URL!
    override func setUpWithError() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        folder = try Self.makeTestFolder("kiosk")
    }
    override func tearDown() { removeTestFolder() }

    /// The kiosk's phase as the last frame left it, for a script on another thread to wait on.
    final class PhaseWatch: @unchecked Sendable {
        // Unchecked Sendable, safe: `current` is read and written only under `lock`.
        private let lock = NSLock()
        private var current: KioskMode.Phase?
        var phase: KioskMode.Phase? {
            get { lock.lock(); defer { lock.unlock() }; return current }
            set { lock.lock(); current = newValue; lock.unlock() }
        }

        /// Waits until the kiosk is back in its attract loop (a visitor walked away), up to `seconds`.
        func waitForTheAttractLoop(seconds: Double = 20) {
            Readiness.wait(timeout: seconds) { phase == .attract }
        }
    }

    /// Runs a kiosk window until `script` (on another thread) is done and the kiosk closes; the
    /// script gets where the phone's screen is and the kiosk's phase to wait on.
    static func runKiosk(
        _ settings: (inout TactileConfiguration.Kiosk) -> Void, visitors: KioskVisitors? = nil,
        configure: (HostSession) -> Void = { _ in },
        _ script: @escaping @Sendable (@escaping @Sendable () -> DeviceFrame, PhaseWatch) -> Void
    ) throws -> WindowRun {
        var c = TactileConfiguration()
        settings(&c.kiosk)
        let window = WindowRun(configuration: c, kiosk: true)
        let watch = PhaseWatch()
        // The kiosk goes fullscreen: the phone's place is read at each use.
        try window.run(
            kiosk: KioskSetup(attractTrace: try AttractTour.builtIn(), demo: DemoProject.make()),
            configure: { s in
                s.add(SessionEvents(visitor: { command, state, time in visitors?.handle(command, state: state, at: time, framesPerSecond: 60) }))
                s.add(SessionEvents(frame: { [unowned s] _ in watch.phase = s.kiosk?.phase }))
                configure(s)
            }, onFrame: { visitors?.record($0) }, script: { frame in script(frame, watch) })
        visitors?.finish(project: window.session.state.project)
        return window
    }

    static func at(_ frame: DeviceFrame, _ x: Double, _ y: Double) -> Point {
        Point(x: frame.screen.x + x * frame.scale, y: frame.screen.y + y * frame.scale)
    }

    static func click(_ p: Point) { WindowInput.click(at: p) }

    /// Five touchscreen fingers on the canvas, held for `seconds`.
    static func holdFiveFingers(_ frame: DeviceFrame, seconds: Double) {
        let w = WindowInput.windowSize(frame)
        for f in 1...5 {
            let p = at(frame, 60 + Double(f) * 45, 300)
            WindowInput.finger(SDL_FINGERDOWN, x: p.x / w.width, y: p.y / w.height, finger: Int64(f))
        }
        WindowInput.pause(seconds)
    }

    func testOnlyTheExitGestureClosesAKioskNotTheWindowManagerOrCtrlQ() throws {
        let window = try Self.runKiosk({ $0.exitHoldDuration = 1 }) { frame, _ in
            WindowInput.pause(0.2)
            WindowInput.quit() // the window manager's close
            WindowInput.key(SDLK_q, ctrl: true, settle: 0.2)
            Self.click(Self.at(frame(), 195 + 108 + 30, 606)) // a visitor selects City Lights
            Self.holdFiveFingers(frame(), seconds: 1.6)
        }
        XCTAssertEqual(window.host.ending, .sessionExit)
        XCTAssertEqual(window.session.state.selection, "city", "the quit and Ctrl+Q did not close it; the visitor's tap went to the editor")
    }

    func testAWholeKioskRunRecordedInTheWindowReplaysHeadlessFrameForFrame() throws {
        // The attract loop, a visitor who selects and deletes a clip, an idle reset back to the
        // attract loop, a second visitor, then staff leave by the hold and the PIN.
        let run = folder.appendingPathComponent("kiosk-run")
        var c = TactileConfiguration()
        c.kiosk.idleTimeout = 5; c.kiosk.exitHoldDuration = 0.6; c.kiosk.pin = "12"
        let kiosk = KioskSetup(attractTrace: try AttractTour.builtIn(), demo: DemoProject.make())
        let recording = try Recording(folder: run, project: DemoProject.make(), configuration: try RecordedConfiguration(c), kiosk: kiosk)
        let window = try Self.runKiosk({ $0 = c.kiosk }, configure: { recording.attach(to: $0, framesPerSecond: 60) }) { frame, watch in
            WindowInput.pause(1.5) // the attract loop plays
            Self.click(Self.at(frame(), 249, 606)) // a visitor: Beach…
            Self.click(Self.at(frame(), 249, 606))
            Self.click(Self.at(frame(), 356, 778)) // …deleted
            watch.waitForTheAttractLoop() // walks away: attract again
            Self.click(Self.at(frame(), 150, 760)) // a second visitor adds a text
            Self.holdFiveFingers(frame(), seconds: 1) // staff: the way out…
            let keys = Dictionary(uniqueKeysWithValues: PinPad.keys(in: Size(width: 390, height: 844)).map { ($0.key, $0.frame.center) })
            for d in [1, 2] { Self.click(Self.at(frame(), keys[.digit(d)]!.x, keys[.digit(d)]!.y)) } // …and the PIN
        }
        recording.finish(project: window.session.state.project)
        XCTAssertEqual(window.host.ending, .sessionExit, "the PIN opened the way out")
        let recorder = try XCTUnwrap(recording.recorder)
        let trace = try Trace.load(from: run.appendingPathComponent("trace.jsonl"))
        XCTAssertGreaterThan(trace.steps.count, 0, "steps where only the kiosk moved are marked")
        let recordedLog = try String(contentsOf: run.appendingPathComponent("log.jsonl"), encoding: .utf8)
        XCTAssertTrue(recordedLog.contains("\"edit\""), "the visitor's deletion is in the run's log")
        XCTAssertGreaterThan(recorder.framesWritten, 50)

        let out = folder.appendingPathComponent("replayed")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        _ = try Commands.replay(
            trace: run.path, project: nil,
            outputs: .init(
                stateOut: out.appendingPathComponent("p.json").path,
                logOut: out.appendingPathComponent("l.jsonl").path), scale: 1, until: nil)
        XCTAssertEqual(
            try String(contentsOf: out.appendingPathComponent("l.jsonl"), encoding: .utf8).split(separator: "\n"),
            recordedLog.split(separator: "\n"), "the same log, line for line: attract tour, visitors, resets")
        XCTAssertEqual(
            try ProjectFile.load(from: out.appendingPathComponent("p.json")), window.session.state.project,
            "the same final project (the second visitor's text)")
    }

    // MARK: The program under signals

    /// Starts `tactile run …` with its data in the test folder; returns once it autosaves.
    func start(_ arguments: [String], data: URL) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = try tactileBinary()
        process.arguments = ["run"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = data.path
        environment["SDL_VIDEODRIVER"] = "dummy"; environment["SDL_AUDIODRIVER"] = "dummy"
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        try process.run()
        let autosave = data.appendingPathComponent("tactile/autosave/project-\(process.processIdentifier).json")
        Readiness.wait(timeout: 60) { FileManager.default.fileExists(atPath: autosave.path) || !process.isRunning }
        XCTAssertTrue(FileManager.default.fileExists(atPath: autosave.path), "the window autosaves as it opens")
        usleep(300_000)
        return (process, err)
    }

    func testSigtermSavesAndClosesAKioskCleanly() throws {
        let data = folder.appendingPathComponent("data")
        let (process, err) = try start(["--kiosk"], data: data)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, message)
        XCTAssertTrue(message.contains("terminated: everything saved"), message)
        let autosave = data.appendingPathComponent("tactile/autosave")
        let files = try FileManager.default.contentsOfDirectory(atPath: autosave.path)
        XCTAssertEqual(files, [Autosave.FileName.lastSession], "a clean close leaves the last project and no marker")
        XCTAssertNil(Autosave.recover(from: autosave))
    }

    func testAKilledSessionsProjectComesBackOnTheNextStart() throws {
        let data = folder.appendingPathComponent("data")
        let (process, _) = try start([], data: data)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let autosave = data.appendingPathComponent("tactile/autosave")
        let recovered = try XCTUnwrap(Autosave.recover(from: autosave), "the killed session left its project behind")
        XCTAssertEqual(recovered.project.tracks.map { $0.clips.map(\.id) }, DemoProject.make().tracks.map { $0.clips.map(\.id) })
        XCTAssertTrue(recovered.file.lastPathComponent.hasPrefix("recovered-"))
        XCTAssertNil(Autosave.recover(from: autosave), "it comes back once")
    }
}
