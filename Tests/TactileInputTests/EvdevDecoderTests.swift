import XCTest
import TactileCore
@testable import TactileInput

/// The bytes a touchscreen's /dev/input/eventN gives become the touches it reports, with the
/// kernel's times, however the bytes are chunked and whatever garbage arrives.
final class EvdevDecoderTests: XCTestCase {
    /// X spans 100 … 1100 and Y 0 … 2000, so 350 and 500 are a quarter of the way.
    let xRange = EvdevDecoder.AxisRange(minimum: 100, maximum: 1100)
    let yRange = EvdevDecoder.AxisRange(minimum: 0, maximum: 2000)

    func decoder() -> EvdevDecoder { EvdevDecoder(xRange: xRange, yRange: yRange) }

    /// A frame of `events` (type, code, value) and its SYN_REPORT, stamped `ms` milliseconds
    /// after second 1000.
    func frame(at ms: Int64, _ events: [(UInt16, UInt16, Int32)]) -> [UInt8] {
        (events + [(0, 0, 0)]).flatMap {
            InputEventBytes.record(seconds: 1000 + ms / 1000, microseconds: ms % 1000 * 1000, type: $0.0, code: $0.1, value: $0.2)
        }
    }

    func nanoseconds(_ ms: Int64) -> Int64 { (1000 + ms / 1000) * 1_000_000_000 + ms % 1000 * 1_000_000 }

    func change(_ phase: TouchPhase, slot: Int, id: Int32, _ x: Int32, _ y: Int32, _ fx: Double, _ fy: Double, at ms: Int64) -> KernelTouch {
        KernelTouch(slot: slot, trackingID: id, phase: phase, rawX: x, rawY: y, position: Point(x: fx, y: fy), kernelNanoseconds: nanoseconds(ms))
    }

    // Event types and codes, from linux/input-event-codes.h.
    let abs: UInt16 = 3, key: UInt16 = 1, syn: UInt16 = 0
    let slot: UInt16 = 0x2f, trackingID: UInt16 = 0x39, mtX: UInt16 = 0x35, mtY: UInt16 = 0x36, pressure: UInt16 = 0x3a
    let absX: UInt16 = 0, absY: UInt16 = 1, touch: UInt16 = 0x14a, dropped: UInt16 = 3

    /// Two fingers: down one after the other, both moving in one frame, a pressure-only frame,
    /// then each lifting. The device also sends its single-touch emulation, which is ignored.
    var twoFingers: [UInt8] {
        frame(at: 10, [(abs, slot, 0), (abs, trackingID, 7), (abs, mtX, 350), (abs, mtY, 500), (key, touch, 1), (abs, absX, 350), (abs, absY, 500)])
            + frame(at: 18, [(abs, slot, 1), (abs, trackingID, 8), (abs, mtX, 850), (abs, mtY, 1500)])
            + frame(at: 26, [(abs, slot, 0), (abs, mtX, 360), (abs, slot, 1), (abs, mtY, 1490), (abs, absX, 360)])
            + frame(at: 30, [(abs, pressure, 40)])
            + frame(at: 34, [(abs, slot, 0), (abs, trackingID, -1)])
            + frame(at: 42, [(abs, slot, 1), (abs, trackingID, -1), (key, touch, 0)])
    }

    var expectedTwoFingers: [KernelTouch] {
        [
            change(.down, slot: 0, id: 7, 350, 500, 0.25, 0.25, at: 10),
            change(.down, slot: 1, id: 8, 850, 1500, 0.75, 0.75, at: 18),
            change(.move, slot: 0, id: 7, 360, 500, 0.26, 0.25, at: 26),
            change(.move, slot: 1, id: 8, 850, 1490, 0.75, 0.745, at: 26),
            change(.up, slot: 0, id: 7, 360, 500, 0.26, 0.25, at: 34),
            change(.up, slot: 1, id: 8, 850, 1490, 0.75, 0.745, at: 42),
        ]
    }

    func testTwoFingersGoDownMoveAndLiftWithTheirFramesTimesAndPanelFractions() {
        var d = decoder()
        XCTAssertEqual(d.decode(twoFingers), expectedTwoFingers)
        XCTAssertTrue(d.isMultitouch)
        XCTAssertEqual(expectedTwoFingers[0].kernelNanoseconds, 1_000_010_000_000)
    }

    func testEachFrameIsReportedWhenItsSynReportArrives() {
        var d = decoder()
        let firstFrame = frame(at: 10, [(abs, slot, 0), (abs, trackingID, 7), (abs, mtX, 350), (abs, mtY, 500)])
        XCTAssertEqual(d.decode(firstFrame.dropLast(24)), [], "nothing before the SYN_REPORT")
        XCTAssertEqual(d.decode(firstFrame.suffix(24)), [change(.down, slot: 0, id: 7, 350, 500, 0.25, 0.25, at: 10)])
    }

    func testAStreamSplitAtAnyByteDecodesAsTheWholeDoes() {
        let bytes = twoFingers
        for split in 0...bytes.count {
            var d = decoder()
            let changes = d.decode(bytes[..<split]) + d.decode(bytes[split...])
            XCTAssertEqual(changes, expectedTwoFingers, "split at byte \(split)")
            XCTAssertFalse(d.isWaitingForMoreBytes)
        }
        var byteByByte = decoder()
        XCTAssertEqual(bytes.flatMap { byteByByte.decode([$0]) }, expectedTwoFingers)
    }

    func testANewContactKeepsTheAxisTheKernelDidNotResend() {
        var d = decoder()
        let bytes =
            frame(at: 10, [(abs, trackingID, 7), (abs, mtX, 350), (abs, mtY, 500)])
            + frame(at: 20, [(abs, trackingID, -1)])
            + frame(at: 30, [(abs, trackingID, 9), (abs, mtY, 1000)]) // X is still 350, so the kernel leaves it out
        XCTAssertEqual(
            d.decode(bytes),
            [
                change(.down, slot: 0, id: 7, 350, 500, 0.25, 0.25, at: 10),
                change(.up, slot: 0, id: 7, 350, 500, 0.25, 0.25, at: 20),
                change(.down, slot: 0, id: 9, 350, 1000, 0.25, 0.5, at: 30),
            ])
    }

    func testWithoutAxisRangesChangesHaveNoPanelPosition() {
        var d = EvdevDecoder()
        let changes = d.decode(frame(at: 10, [(abs, trackingID, 7), (abs, mtX, 350), (abs, mtY, 500)]))
        XCTAssertEqual(changes.count, 1)
        XCTAssertEqual(changes.first?.rawX, 350)
        XCTAssertNil(changes.first?.position)
    }

    func testSynDroppedDiscardsTheLostStretchAndOnlyWhatIsReportedAgainCounts() {
        var d = decoder()
        let before = frame(
            at: 10,
            [(abs, slot, 0), (abs, trackingID, 7), (abs, mtX, 350), (abs, mtY, 500), (abs, slot, 1), (abs, trackingID, 8), (abs, mtX, 850), (abs, mtY, 1500)])
        XCTAssertEqual(d.decode(before).map(\.phase), [.down, .down])

        // A frame cut short by SYN_DROPPED, the lost stretch, and the SYN_REPORT that ends it.
        let t18 = { (type: UInt16, code: UInt16, value: Int32) in
            InputEventBytes.record(seconds: 1000, microseconds: 18_000, type: type, code: code, value: value)
        }
        let lost =
            t18(abs, slot, 0) + t18(abs, mtX, 400) + t18(syn, dropped, 0) + t18(abs, slot, 1) + t18(abs, trackingID, -1) + t18(abs, mtX, 700)
            + frame(at: 26, [])
        XCTAssertEqual(d.decode(lost), [], "the partial frame and the lost stretch are discarded")

        XCTAssertEqual(d.decode(frame(at: 34, [(abs, mtX, 999), (abs, mtY, 999)])), [], "the current slot is unknown until named")
        XCTAssertEqual(
            d.decode(frame(at: 42, [(abs, slot, 0), (abs, mtX, 420), (abs, slot, 1), (abs, mtX, 860), (abs, mtY, 1510)])),
            [change(.move, slot: 1, id: 8, 860, 1510, 0.76, 0.755, at: 42)], "slot 0's Y is unknown until reported again")
        XCTAssertEqual(
            d.decode(frame(at: 50, [(abs, slot, 0), (abs, mtY, 540), (abs, slot, 1), (abs, trackingID, 12), (abs, mtX, 600), (abs, mtY, 1000)])),
            [
                change(.move, slot: 0, id: 7, 420, 540, 0.32, 0.27, at: 50),
                // Contact 8 may have lifted in the lost events, at a time nobody knows: no lift for it.
                change(.down, slot: 1, id: 12, 600, 1000, 0.5, 0.5, at: 50),
            ])
        XCTAssertEqual(
            d.decode(frame(at: 58, [(abs, trackingID, -1), (abs, slot, 0), (abs, trackingID, -1)])),
            [
                change(.up, slot: 0, id: 7, 420, 540, 0.32, 0.27, at: 58),
                change(.up, slot: 1, id: 12, 600, 1000, 0.5, 0.5, at: 58),
            ])
    }

    func testASingleTouchDeviceReportsItsContactsAsSlotZero() {
        var d = EvdevDecoder(xRange: .init(minimum: 0, maximum: 1000), yRange: .init(minimum: 0, maximum: 1000))
        let bytes =
            frame(at: 10, [(abs, absX, 250), (abs, absY, 500), (key, touch, 1)])
            + frame(at: 20, [(abs, absX, 300)])
            + frame(at: 30, [(key, touch, 0)])
            + frame(at: 40, [(abs, absX, 310)]) // hovering: no contact
            + frame(at: 50, [(key, touch, 1), (abs, absY, 600)])
        XCTAssertEqual(
            d.decode(bytes),
            [
                KernelTouch(slot: 0, trackingID: 0, phase: .down, rawX: 250, rawY: 500, position: Point(x: 0.25, y: 0.5), kernelNanoseconds: nanoseconds(10)),
                KernelTouch(slot: 0, trackingID: 0, phase: .move, rawX: 300, rawY: 500, position: Point(x: 0.3, y: 0.5), kernelNanoseconds: nanoseconds(20)),
                KernelTouch(slot: 0, trackingID: 0, phase: .up, rawX: 300, rawY: 500, position: Point(x: 0.3, y: 0.5), kernelNanoseconds: nanoseconds(30)),
                KernelTouch(slot: 0, trackingID: 1, phase: .down, rawX: 310, rawY: 600, position: Point(x: 0.31, y: 0.6), kernelNanoseconds: nanoseconds(50)),
            ])
        XCTAssertFalse(d.isMultitouch)
    }

    func testRandomBytesNeverCrashAndYieldNothing() {
        var generator = SplitMix(seed: 0x7AC7)
        var d = decoder()
        for _ in 0..<200 {
            let chunk = (0..<Int(generator.next() % 700)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            XCTAssertEqual(d.decode(chunk), [])
        }
    }

    func testHostileRecordsWithValidTimesNeverCrashAndNameNoSlotOutOfRange() {
        var d = decoder()
        let hostile =
            frame(at: 10, [(abs, slot, -5), (abs, trackingID, 3), (abs, mtX, 1), (abs, mtY, 1)])
            + frame(at: 20, [(abs, slot, Int32.max), (abs, trackingID, 4), (abs, mtX, 1), (abs, mtY, 1)])
            + frame(at: 30, [(0xFFFF, 0xFFFF, Int32.min), (key, touch, 2), (syn, 2, 0), (syn, 1, 0)])
        XCTAssertEqual(d.decode(hostile), [])
        let extreme = frame(at: 40, [(abs, slot, 63), (abs, trackingID, Int32.max), (abs, mtX, Int32.min), (abs, mtY, Int32.max)])
        let changes = d.decode(extreme)
        XCTAssertEqual(changes.count, 1)
        XCTAssertEqual(changes.first?.slot, 63)
        XCTAssertEqual(changes.first?.rawX, Int32.min)
        // The largest second whose nanoseconds fit an Int64.
        let latest = Int64.max / 1_000_000_000 - 1
        XCTAssertEqual(d.decode(InputEventBytes.record(seconds: latest, microseconds: 999_999, type: syn, code: 0, value: 0)), [])
        XCTAssertEqual(d.decode(InputEventBytes.record(seconds: latest + 1, microseconds: 0, type: syn, code: 0, value: 0)), [])
        XCTAssertEqual(d.decode(InputEventBytes.record(seconds: .max, microseconds: 999_999, type: syn, code: 0, value: 0)), [])
    }

    func testACorruptRecordDiscardsItsFrameAndTheStreamRecoversAfterTheNextSynReport() {
        for (seconds, microseconds) in [(Int64(1000), Int64(2_000_000)), (1000, -1), (-1, 10_000)] {
            var d = decoder()
            let corrupt =
                InputEventBytes.record(seconds: 1000, microseconds: 10_000, type: abs, code: trackingID, value: 7)
                + InputEventBytes.record(seconds: seconds, microseconds: microseconds, type: abs, code: mtX, value: 350)
                + InputEventBytes.record(seconds: 1000, microseconds: 10_000, type: abs, code: mtY, value: 500)
                + frame(at: 10, [])
            XCTAssertEqual(d.decode(corrupt), [], "a record at \(seconds) s \(microseconds) µs")
            XCTAssertEqual(
                d.decode(frame(at: 20, [(abs, slot, 0), (abs, trackingID, 9), (abs, mtX, 350), (abs, mtY, 500)])),
                [change(.down, slot: 0, id: 9, 350, 500, 0.25, 0.25, at: 20)])
        }
    }

    func testATruncatedStreamWaitsForTheRestOfItsRecord() {
        var d = decoder()
        let bytes = frame(at: 10, [(abs, trackingID, 7), (abs, mtX, 350), (abs, mtY, 500)])
        XCTAssertEqual(d.decode(bytes.dropLast()), [])
        XCTAssertTrue(d.isWaitingForMoreBytes)
        XCTAssertEqual(d.decode(bytes.suffix(1)), [change(.down, slot: 0, id: 7, 350, 500, 0.25, 0.25, at: 10)])
        XCTAssertFalse(d.isWaitingForMoreBytes)
    }
}

/// Packs `struct input_event` records as a 64-bit little-endian Linux kernel writes them.
private enum InputEventBytes {
    static func record(seconds: Int64, microseconds: Int64, type: UInt16, code: UInt16, value: Int32) -> [UInt8] {
        func bytes<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }
        return bytes(seconds) + bytes(microseconds) + bytes(type) + bytes(code) + bytes(value)
    }
}

/// A small seeded generator, so the random bytes are the same on every run.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
