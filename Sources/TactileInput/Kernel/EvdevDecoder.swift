import TactileCore

/// One contact's change in a frame the kernel committed (at EV_SYN SYN_REPORT): it went down,
/// moved or lifted, with the kernel's timestamp of that frame.
public struct KernelTouch: Hashable, Sendable {
    /// The multitouch slot the contact occupies (0 on a single-touch device).
    public var slot: Int
    /// The kernel's tracking id of the contact (ABS_MT_TRACKING_ID); a single-touch device has
    /// none, so the decoder numbers its contacts from 0.
    public var trackingID: Int32
    /// `.down`, `.move` or `.up` (never `.cancel`).
    public var phase: TouchPhase
    /// The position in the device's own units (ABS_MT_POSITION_X / ABS_X).
    public var rawX: Int32
    /// The position in the device's own units (ABS_MT_POSITION_Y / ABS_Y).
    public var rawY: Int32
    /// The position as fractions of the panel, `(raw - minimum) / (maximum - minimum)` per axis
    /// as SDL gives `tfinger.x` and `y`; nil while the decoder does not know the axis ranges.
    public var position: Point?
    /// The frame's kernel timestamp (its SYN_REPORT's `tv_sec` and `tv_usec`) in nanoseconds, on
    /// the clock the device stamps with: CLOCK_MONOTONIC once asked (EVIOCSCLOCKID), else
    /// CLOCK_REALTIME.
    public var kernelNanoseconds: Int64

    public init(slot: Int, trackingID: Int32, phase: TouchPhase, rawX: Int32, rawY: Int32, position: Point?, kernelNanoseconds: Int64) {
        self.slot = slot; self.trackingID = trackingID; self.phase = phase
        self.rawX = rawX; self.rawY = rawY; self.position = position; self.kernelNanoseconds = kernelNanoseconds
    }
}

/// Decodes the raw bytes read from a Linux input device (/dev/input/eventN) into the touches it
/// reports, with the kernel's timestamps. Pure: fed bytes in chunks of any size (a chunk may end
/// mid-record; the rest is kept for the next), it returns the changes of each frame it completes.
///
/// The bytes are `struct input_event` as a 64-bit Linux kernel writes them: 24 bytes each,
/// little-endian `tv_sec` (Int64), `tv_usec` (Int64), `type` (UInt16), `code` (UInt16) and
/// `value` (Int32). Two kinds of device are understood:
/// - multitouch protocol B (ABS_MT_SLOT, ABS_MT_TRACKING_ID with -1 for a lift,
///   ABS_MT_POSITION_X and _Y), committed at each SYN_REPORT. Once a device has sent one
///   ABS_MT event, its single-touch axes (the kernel's pointer emulation) are ignored;
/// - single-touch devices (ABS_X, ABS_Y, and EV_KEY BTN_TOUCH 1 and 0), as slot 0.
/// Protocol A (SYN_MT_REPORT) is not.
///
/// The kernel sends an axis only when its value changes, so the decoder keeps each slot's last
/// position across contacts. What it has not been told it treats as unknown and never invents:
/// a change whose position is unknown (an axis not yet reported since the decoder started or
/// since events were dropped) is not reported, nor are events of a contact that was already
/// down when the decoder started, nor events while the current slot is unknown.
///
/// SYN_DROPPED (the reader fell behind and the kernel threw events away) discards the frame in
/// progress and everything up to and including the next SYN_REPORT. The frames after that
/// resync: positions and the current slot are unknown until reported again, and each slot keeps
/// its contact until it reappears with a tracking id: a changed id is a fresh down, and the old
/// contact's lift, which happened in the lost events at a time nobody knows, is not reported.
/// A record whose time cannot be a kernel's (a negative second, microseconds outside
/// 0 ..< 1,000,000) means the stream is corrupt and is handled as SYN_DROPPED.
public struct EvdevDecoder: Sendable {
    /// An axis's range as the device reports it (EVIOCGABS's `minimum` and `maximum`).
    public struct AxisRange: Hashable, Sendable {
        public var minimum: Int32
        public var maximum: Int32
        public init(minimum: Int32, maximum: Int32) { self.minimum = minimum; self.maximum = maximum }

        /// `value` as a fraction of the range, as SDL computes it; nil for an empty range.
        public func fraction(of value: Int32) -> Double? {
            guard maximum > minimum else { return nil }
            return (Double(value) - Double(minimum)) / (Double(maximum) - Double(minimum))
        }
    }

    /// The size of one `struct input_event` on 64-bit Linux.
    public static let recordSize = 24
    /// Slots beyond this many are ignored (panels have 2 to 20; a hostile stream could name any).
    public static let slotCount = 64

    /// The X axis's range, for positions as panel fractions (nil: positions are not given).
    public var xRange: AxisRange?
    /// The Y axis's range, for positions as panel fractions (nil: positions are not given).
    public var yRange: AxisRange?
    /// The multitouch slot the next events are about; nil when unknown (after dropped events,
    /// until the stream names one). A caller that can ask the device (EVIOCGABS(ABS_MT_SLOT)'s
    /// value) may set it after reading everything waiting.
    public var currentSlot: Int?
    /// Whether the device has sent multitouch (ABS_MT) events, so its single-touch ones are
    /// ignored.
    public private(set) var isMultitouch = false

    /// What a slot holds: its contact's tracking id (nil: no contact, or one the decoder never
    /// saw begin) and its last position (nil: unknown).
    private struct Slot: Equatable {
        var trackingID: Int32?
        var x: Int32?
        var y: Int32?
    }

    /// Bytes of a record that a chunk ended in the middle of.
    private var remainder: [UInt8] = []
    /// The slots as of the last SYN_REPORT, and as the frame in progress leaves them.
    private var committed = [Slot](repeating: Slot(), count: EvdevDecoder.slotCount)
    private var pending = [Slot](repeating: Slot(), count: EvdevDecoder.slotCount)
    /// The single-touch contact, as of the last SYN_REPORT and in the frame in progress (its
    /// `trackingID` is the decoder's own count while BTN_TOUCH is down).
    private var committedSingle = Slot()
    private var pendingSingle = Slot()
    private var singleTouching: Bool?
    private var pendingSingleTouching: Bool?
    private var nextSingleContact: Int32 = 0
    /// Whether the frame in progress carried an ABS_MT event.
    private var frameIsMultitouch = false
    /// Between SYN_DROPPED and the SYN_REPORT that ends the lost stretch.
    private var dropping = false
    /// Slots whose contact may have changed in dropped events, until their tracking id changes.
    private var uncertain = [Bool](repeating: false, count: EvdevDecoder.slotCount)

    /// A decoder for a device whose axes span `xRange` and `yRange` (nil: unknown, positions
    /// not given), whose current slot is `slot` (EVIOCGABS(ABS_MT_SLOT)'s value; 0 on a device
    /// just plugged in).
    public init(xRange: AxisRange? = nil, yRange: AxisRange? = nil, slot: Int? = 0) {
        self.xRange = xRange
        self.yRange = yRange
        self.currentSlot = slot.flatMap { (0..<Self.slotCount).contains($0) ? $0 : nil }
    }

    /// Whether the decoder holds part of a record, waiting for the rest.
    public var isWaitingForMoreBytes: Bool { !remainder.isEmpty }

    /// Takes the next bytes read from the device and returns the changes of every frame they
    /// complete, in order (within a frame: by slot, a lift before the down that reuses its slot).
    public mutating func decode<Bytes: Sequence>(_ chunk: Bytes) -> [KernelTouch] where Bytes.Element == UInt8 {
        remainder.append(contentsOf: chunk)
        var changes: [KernelTouch] = []
        var start = 0
        while remainder.count - start >= Self.recordSize {
            handle(record: remainder[start..<start + Self.recordSize], into: &changes)
            start += Self.recordSize
        }
        remainder.removeFirst(start)
        return changes
    }

    // MARK: Records

    private enum EventType {
        static let synchronization: UInt16 = 0x00
        static let key: UInt16 = 0x01
        static let absolute: UInt16 = 0x03
    }

    private enum Code {
        static let report: UInt16 = 0
        static let dropped: UInt16 = 3
        static let touch: UInt16 = 0x14a
        static let x: UInt16 = 0x00
        static let y: UInt16 = 0x01
        static let slot: UInt16 = 0x2f
        static let positionX: UInt16 = 0x35
        static let positionY: UInt16 = 0x36
        static let trackingID: UInt16 = 0x39
    }

    /// The latest second a record may carry: its time in nanoseconds must fit an `Int64`.
    private static let latestSecond = Int64.max / 1_000_000_000 - 1

    private mutating func handle(record: ArraySlice<UInt8>, into changes: inout [KernelTouch]) {
        let base = record.startIndex
        let seconds = Int64(bitPattern: littleEndian(record, at: base, count: 8))
        let microseconds = Int64(bitPattern: littleEndian(record, at: base + 8, count: 8))
        let type = UInt16(truncatingIfNeeded: littleEndian(record, at: base + 16, count: 2))
        let code = UInt16(truncatingIfNeeded: littleEndian(record, at: base + 18, count: 2))
        let value = Int32(bitPattern: UInt32(truncatingIfNeeded: littleEndian(record, at: base + 20, count: 4)))

        guard (0...Self.latestSecond).contains(seconds), (0..<1_000_000).contains(microseconds) else {
            beginDropping()
            return
        }
        if dropping {
            if type == EventType.synchronization && code == Code.report { endDropping() }
            return
        }
        switch (type, code) {
        case (EventType.synchronization, Code.report):
            commit(at: seconds * 1_000_000_000 + microseconds * 1000, into: &changes)
        case (EventType.synchronization, Code.dropped):
            beginDropping()
        case (EventType.absolute, Code.slot):
            frameIsMultitouch = true
            currentSlot = (0..<Self.slotCount).contains(Int(value)) ? Int(value) : nil
        case (EventType.absolute, Code.trackingID):
            frameIsMultitouch = true
            if let slot = currentSlot { pending[slot].trackingID = value < 0 ? nil : value }
        case (EventType.absolute, Code.positionX):
            frameIsMultitouch = true
            if let slot = currentSlot { pending[slot].x = value }
        case (EventType.absolute, Code.positionY):
            frameIsMultitouch = true
            if let slot = currentSlot { pending[slot].y = value }
        case (EventType.absolute, Code.x):
            pendingSingle.x = value
        case (EventType.absolute, Code.y):
            pendingSingle.y = value
        case (EventType.key, Code.touch):
            // 2 would be an autorepeat, which touch buttons do not send.
            if value == 0 || value == 1 { pendingSingleTouching = value == 1 }
        default:
            break // Other axes (pressure, touch size), other keys, SYN_CONFIG, SYN_MT_REPORT.
        }
    }

    /// `count` bytes of `record` from `offset`, as a little-endian unsigned number.
    private func littleEndian(_ record: ArraySlice<UInt8>, at offset: Int, count: Int) -> UInt64 {
        var result: UInt64 = 0
        for i in (0..<count).reversed() { result = result << 8 | UInt64(record[offset + i]) }
        return result
    }

    // MARK: Frames

    /// Ends a frame: reports what changed since the last one.
    private mutating func commit(at nanoseconds: Int64, into changes: inout [KernelTouch]) {
        if frameIsMultitouch { isMultitouch = true }
        frameIsMultitouch = false
        if isMultitouch {
            for slot in 0..<Self.slotCount where pending[slot] != committed[slot] {
                let resync = uncertain[slot] && pending[slot].trackingID != committed[slot].trackingID
                if resync { uncertain[slot] = false }
                compare(committed[slot], pending[slot], slot: slot, resync: resync, at: nanoseconds, into: &changes)
            }
        } else {
            var now = pendingSingle
            switch (singleTouching, pendingSingleTouching) {
            case (true, false): now.trackingID = nil
            case (false, true), (nil, true):
                now.trackingID = nextSingleContact
                nextSingleContact = nextSingleContact == Int32.max ? 0 : nextSingleContact + 1
            default: break
            }
            compare(committedSingle, now, slot: 0, resync: false, at: nanoseconds, into: &changes)
            pendingSingle = now
            singleTouching = pendingSingleTouching
        }
        committed = pending
        committedSingle = pendingSingle
    }

    /// The changes from `before` to `after` in one slot. `resync`: the slot's first change of
    /// contact after dropped events, whose old contact may have lifted in them.
    private func compare(_ before: Slot, _ after: Slot, slot: Int, resync: Bool, at nanoseconds: Int64, into changes: inout [KernelTouch]) {
        if let lifted = before.trackingID, lifted != after.trackingID {
            if after.trackingID == nil {
                append(.up, slot: slot, contact: lifted, x: after.x, y: after.y, at: nanoseconds, into: &changes)
            } else if !resync {
                // Replaced without a lift between: the old contact was last where it was before
                // this frame's axes, which are the new one's.
                append(.up, slot: slot, contact: lifted, x: before.x, y: before.y, at: nanoseconds, into: &changes)
            }
        }
        guard let contact = after.trackingID else { return }
        if contact != before.trackingID {
            append(.down, slot: slot, contact: contact, x: after.x, y: after.y, at: nanoseconds, into: &changes)
        } else if after.x != before.x || after.y != before.y {
            append(.move, slot: slot, contact: contact, x: after.x, y: after.y, at: nanoseconds, into: &changes)
        }
    }

    private func append(_ phase: TouchPhase, slot: Int, contact: Int32, x: Int32?, y: Int32?, at nanoseconds: Int64, into changes: inout [KernelTouch]) {
        guard let x, let y else { return }
        var position: Point?
        if let fx = xRange?.fraction(of: x), let fy = yRange?.fraction(of: y) { position = Point(x: fx, y: fy) }
        changes.append(KernelTouch(slot: slot, trackingID: contact, phase: phase, rawX: x, rawY: y, position: position, kernelNanoseconds: nanoseconds))
    }

    // MARK: Dropped events

    /// SYN_DROPPED, or a corrupt record: forgets the frame in progress and ignores everything up
    /// to the next SYN_REPORT.
    private mutating func beginDropping() {
        dropping = true
        pending = committed
        pendingSingle = committedSingle
        pendingSingleTouching = singleTouching
        frameIsMultitouch = false
    }

    /// The SYN_REPORT after dropped events: what the lost events would have changed is unknown.
    private mutating func endDropping() {
        dropping = false
        currentSlot = nil
        for slot in 0..<Self.slotCount {
            committed[slot].x = nil
            committed[slot].y = nil
            uncertain[slot] = true
        }
        committedSingle.x = nil
        committedSingle.y = nil
        pending = committed
        pendingSingle = committedSingle
    }
}
