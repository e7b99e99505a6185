import TactileCore
import TactileInput

/// The kiosk's way out, watched on the visitor's raw touches: a hold of `exitFingers` fingers
/// for `exitHoldDuration`, or taps on the screen's corners in a set order within a time limit.
/// Either is hard to stumble on and easy for staff to do on purpose.
public struct ExitGesture: Sendable {
    private let settings: TactileConfiguration.Kiosk
    private var down: Set<PointerID> = []
    /// When enough fingers came down together (nil: not holding).
    public private(set) var holdStarted: Time?
    private var cornersTapped = 0
    private var sequenceStarted: Time?

    public init(settings: TactileConfiguration.Kiosk) { self.settings = settings }

    /// Follows `events` in a viewport of `viewport`; true when the way out was asked for.
    public mutating func update(with events: [InputEvent], viewport: Size) -> Bool {
        var asked = false
        for e in events {
            switch e.kind {
            case let .touch(id, phase, p):
                switch phase {
                case .down:
                    down.insert(id)
                    if settings.exitFingers > 0 && down.count >= settings.exitFingers && holdStarted == nil { holdStarted = e.time }
                    if down.count == 1 && tapCorner(at: p, viewport: viewport, time: e.time) { asked = true }
                case .up, .cancel:
                    down.remove(id)
                    if down.count < max(settings.exitFingers, 1) { holdStarted = nil }
                case .move:
                    break
                }
            case .focusLost:
                down.removeAll(); holdStarted = nil
            case .key, .text, .voice, .mediaFolder, .projects:
                break
            }
        }
        return asked
    }

    /// True once the hold has lasted long enough at `now`.
    public func holdCompleted(at now: Time) -> Bool {
        guard let start = holdStarted else { return false }
        return (now - start).seconds >= settings.exitHoldDuration
    }

    /// How far the hold has come at `now`, 0 … 1 (nil: not holding).
    public func holdProgress(at now: Time) -> Double? {
        holdStarted.map { min(1, max(0, (now - $0).seconds / settings.exitHoldDuration)) }
    }

    /// When the hold in progress completes.
    public var holdDue: Time? { holdStarted.map { $0 + .seconds(settings.exitHoldDuration) } }

    /// Forgets every finger and any sequence in progress (after the way out opened).
    public mutating func reset() {
        down.removeAll(); holdStarted = nil; cornersTapped = 0; sequenceStarted = nil
    }

    /// The corner `p` lies in, if any.
    public static func corner(at p: Point, viewport: Size, size: Double) -> KioskCorner? {
        let left = p.x <= size, right = p.x >= viewport.width - size, top = p.y <= size, bottom = p.y >= viewport.height - size
        switch (left, right, top, bottom) {
        case (true, _, true, _): return .topLeft
        case (_, true, true, _): return .topRight
        case (true, _, _, true): return .bottomLeft
        case (_, true, _, true): return .bottomRight
        default: return nil
        }
    }

    /// Counts a single finger landing at `p`; true when it completes the corner sequence.
    private mutating func tapCorner(at p: Point, viewport: Size, time: Time) -> Bool {
        let sequence = settings.exitCornerSequence
        guard !sequence.isEmpty else { return false }
        if let start = sequenceStarted, (time - start).seconds > settings.exitCornerTimeout { cornersTapped = 0; sequenceStarted = nil }
        let corner = Self.corner(at: p, viewport: viewport, size: settings.exitCornerSize)
        if corner == sequence[cornersTapped] {
            if cornersTapped == 0 { sequenceStarted = time }
            cornersTapped += 1
        } else if corner == sequence[0] {
            cornersTapped = 1; sequenceStarted = time
        } else {
            cornersTapped = 0; sequenceStarted = nil
        }
        guard cornersTapped == sequence.count else { return false }
        cornersTapped = 0; sequenceStarted = nil
        return true
    }
}
