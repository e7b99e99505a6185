import CSDL2
import XCTest
import TactileTestSupport
import Foundation
import TactileCore
import TactileInput
@testable import TactileSDL

/// A device node is read without ever blocking; a FIFO stands in for /dev/input/eventN.
final class EvdevDeviceTests: XCTestCase, StartsPrograms {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-evdev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A FIFO named `name` in the test's directory.
    func fifo(_ name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return path
    }

    /// One `struct input_event` as a 64-bit little-endian kernel writes it.
    func record(microseconds: Int64, type: UInt16, code: UInt16, value: Int32) -> [UInt8] {
        func bytes<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }
        return bytes(Int64(1000)) + bytes(microseconds) + bytes(type) + bytes(code) + bytes(value)
    }

    func testAFIFOsRecordsArriveAsWrittenAndNothingWaitingReadsEmptyAtOnce() throws {
        let path = try fifo("event0")
        let device = try EvdevDevice(path: path, anyNode: true)
        XCTAssertEqual(device.name, path, "not an input device: named by its path")
        XCTAssertNil(device.xRange)
        XCTAssertNil(device.yRange)
        XCTAssertFalse(device.hasMonotonicTimestamps)

        let writer = open(path, O_WRONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(writer, 0)
        defer { close(writer) }
        let started = Date()
        XCTAssertEqual(device.readAvailable(), [], "nothing written yet")

        let down =
            record(microseconds: 10_000, type: 3, code: 0x39, value: 7) + record(microseconds: 10_000, type: 3, code: 0x35, value: 350)
            + record(microseconds: 10_000, type: 3, code: 0x36, value: 500) + record(microseconds: 10_000, type: 0, code: 0, value: 0)
        XCTAssertEqual(down.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }, down.count)
        let read = device.readAvailable()
        XCTAssertEqual(read, down)
        XCTAssertEqual(device.readAvailable(), [], "everything was read")
        XCTAssertEqual(down.prefix(30).withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }, 30)
        XCTAssertEqual(device.readAvailable(), Array(down.prefix(30)), "part of a record is returned as it is")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "no read blocked")
        XCTAssertNil(device.readFailure)

        var decoder = device.makeDecoder()
        decoder.xRange = .init(minimum: 100, maximum: 1100)
        decoder.yRange = .init(minimum: 0, maximum: 2000)
        XCTAssertEqual(
            decoder.decode(read),
            [KernelTouch(slot: 0, trackingID: 7, phase: .down, rawX: 350, rawY: 500, position: Point(x: 0.25, y: 0.25), kernelNanoseconds: 1_000_010_000_000)])
    }

    func testARegularFileReadsToItsEndAndThenEmpty() throws {
        let path = directory.appendingPathComponent("recorded").path
        let bytes = record(microseconds: 5, type: 0, code: 0, value: 0) + record(microseconds: 6, type: 0, code: 0, value: 0)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let device = try EvdevDevice(path: path, anyNode: true)
        XCTAssertEqual(device.readAvailable(), bytes)
        XCTAssertEqual(device.readAvailable(), [])
        XCTAssertEqual(device.readAvailable(limit: 10), [], "at the end")
    }

    func testOnlyAnInputDeviceIsTakenAndNodesThatAreNotOneAreRefusedSayingWhatTheyAre() throws {
        let file = directory.appendingPathComponent("big").path
        try Data(count: 100).write(to: URL(fileURLWithPath: file))
        let fifo = try fifo("event3")
        for (path, what) in [
            ("/dev/zero", "a device that does not answer as one"), ("/dev/urandom", "a device that does not answer as one"), (file, "a file"),
            (fifo, "a FIFO"), (directory.path, "a folder"),
        ] {
            XCTAssertThrowsError(try EvdevDevice(path: path)) { error in
                XCTAssertEqual(error as? EvdevDevice.Failure, .notAnInputDevice(path: path, what: what))
                XCTAssertTrue("\(error)".hasSuffix("not an input device (/dev/input/eventN)"), "\(error)")
            }
        }
    }

    func testADeviceThatFloodsEveryLookIsGivenUpAndThenCostsNothing() throws {
        // A node that always has a full read waiting: 4 MB, read 64 KB a look.
        let path = directory.appendingPathComponent("flood").path
        try Data(count: 4 << 20).write(to: URL(fileURLWithPath: path))
        let device = try EvdevDevice(path: path, anyNode: true)
        for _ in 0..<(EvdevDevice.floodReads - 1) { XCTAssertEqual(device.readAvailable().count, 1 << 16) }
        XCTAssertNil(device.gaveUp, "a burst is read")
        _ = device.readAvailable()
        XCTAssertTrue(device.gaveUp?.contains("floods") ?? false, "\(String(describing: device.gaveUp))")
        XCTAssertEqual(device.readAvailable(), [], "nothing more is read")
    }

    func testAMissingNodeFailsSayingWhy() {
        let path = directory.appendingPathComponent("event9").path
        XCTAssertThrowsError(try EvdevDevice(path: path)) { error in
            guard case let EvdevDevice.Failure.cannotOpen(failedPath, reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(failedPath, path)
            XCTAssertFalse(reason.isEmpty)
        }
    }

    func testFindPrefersTheExactNameThenOneContainingIt() throws {
        // FIFOs are named by their paths, which contain their node names.
        let first = try fifo("event2"), second = try fifo("event10")
        _ = try fifo("mouse0") // not an event node: never opened
        XCTAssertEqual(try EvdevDevice.find(named: second, in: directory.path, anyNode: true).get().path, second, "the exact name")
        XCTAssertEqual(try EvdevDevice.find(named: "EVENT", in: directory.path, anyNode: true).get().path, first, "the first by number containing it")
        guard case let .failure(.notFound(name, _, seen, denied)) = EvdevDevice.find(named: "ILITEK ILITEK-TP", in: directory.path, anyNode: true) else {
            return XCTFail("found a device not so named")
        }
        XCTAssertEqual(name, "ILITEK ILITEK-TP")
        XCTAssertEqual(seen, [first, second])
        XCTAssertEqual(denied, [])
        guard case .failure = EvdevDevice.find(named: "", in: directory.path) else { return XCTFail("an empty name names nothing") }
    }

    func testANodeThisUserMayNotReadSaysToJoinTheInputGroup() throws {
        try XCTSkipIf(geteuid() == 0, "root reads everything")
        let path = try fifo("event3")
        XCTAssertEqual(chmod(path, 0), 0)
        XCTAssertThrowsError(try EvdevDevice(path: path)) { error in
            XCTAssertEqual(error as? EvdevDevice.Failure, .permissionDenied(path: path))
        }
        guard case let .failure(failure) = EvdevDevice.find(named: "touch", in: directory.path) else { return XCTFail("found a device") }
        XCTAssertEqual(failure, .notFound(name: "touch", directory: directory.path, seen: [], denied: [path]))
        XCTAssertTrue(failure.description.contains("`input` group"), failure.description)
    }

    func testTheKernelsStampReadFromTheNodeTimesTheTouchSDLGivesForTheSameFinger() throws {
        let path = try fifo("event1")
        let device = try EvdevDevice(path: path, anyNode: true)
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(writer, 0)
        defer { close(writer) }
        // A finger down at (500, 250) of a 0…1000 panel, stamped 1000.010 s; then SYN_REPORT.
        let bytes =
            record(microseconds: 10_000, type: 3, code: 0x2f, value: 0) + record(microseconds: 10_000, type: 3, code: 0x39, value: 42)
            + record(microseconds: 10_000, type: 3, code: 0x35, value: 500) + record(microseconds: 10_000, type: 3, code: 0x36, value: 250)
            + record(microseconds: 10_000, type: 0, code: 0, value: 0)
        XCTAssertEqual(bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }, bytes.count)
        var decoder = EvdevDecoder(xRange: .init(minimum: 0, maximum: 1000), yRange: .init(minimum: 0, maximum: 1000))
        var translator = EventTranslator()
        // The session's clock read zero when the kernel's read 1000 s.
        translator.kernelTimes = KernelTimestampMatcher(originNanoseconds: 1_000_000_000_000)
        translator.kernelTimes?.record(decoder.decode(device.readAvailable()))
        let frame = DeviceFrame(window: Size(width: 446, height: 900), viewport: Size(width: 390, height: 844), scale: 1, fill: false, margin: 28)
        var e = SDL_Event()
        e.type = SDL_FINGERDOWN.rawValue
        e.tfinger.touchId = 3; e.tfinger.fingerId = 7; e.tfinger.x = 0.5; e.tfinger.y = 0.25
        var events: [TactileInput.InputEvent] = []
        _ = translator.translate(e, frame: frame, windowPixels: Size(width: 446, height: 900), now: .seconds(0.016), into: &events)
        XCTAssertEqual(events.first?.kernelTime, .seconds(0.010), "6 ms from the kernel to SDL's queue")
        // A finger elsewhere finds no stamp: none is guessed.
        e.tfinger.fingerId = 8; e.tfinger.x = 0.9
        _ = translator.translate(e, frame: frame, windowPixels: Size(width: 446, height: 900), now: .seconds(0.017), into: &events)
        XCTAssertNil(events.last?.kernelTime)
        XCTAssertEqual(
            events.first,
            events.first.map {
                var c = $0; c.kernelTime = nil; return c
            }, "a measurement: equality ignores it")
    }
}
