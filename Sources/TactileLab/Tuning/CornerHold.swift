import Foundation
import TactileCore
import TactileInput

/// The hidden gesture that opens the tuning panel on a touchscreen: one finger held still in the
/// screen's top-left corner (`overlays.tuningCorner` points a side) for `overlays.tuningHold`
/// seconds. Pure: fed the editor's touches and the time, it says when the hold completes and
/// which finger made it (the host then cancels that finger for the editor).
public struct CornerHold {
    public var corner: Double
    public var hold: Time
    public var slop: Double
    private var finger: (id: PointerID, at: Point, since: Time)?
    private var downs: Set<PointerID> = []

    public init(corner: Double, hold: Time, slop: Double) { self.corner = corner; self.hold = hold; self.slop = slop }

    /// Forgets a hold in progress (the gesture was turned off).
    public mutating func reset() { finger = nil }

    /// The finger whose hold is in progress, if one is: the editor does not see it until it is
    /// known not to be the hold (it moved or lifted first).
    public var holding: PointerID? { finger?.id }

    /// When the hold in progress completes, if one is.
    public var due: Time? { finger.map { $0.since + hold } }

    /// Feeds `events` (viewport points) up to `now`; returns the finger whose hold completed, and where it is.
    public mutating func feed(_ events: [InputEvent], now: Time) -> (id: PointerID, at: Point)? {
        for e in events {
            guard case let .touch(id, phase, p) = e.kind else {
                if e.kind == .focusLost { finger = nil; downs.removeAll() }
                continue
            }
            switch phase {
            case .down:
                finger = downs.isEmpty && p.x >= 0 && p.y >= 0 && p.x < corner && p.y < corner ? (id, p, e.time) : nil
                downs.insert(id)
            case .move:
                if let f = finger, f.id == id, hypot(p.x - f.at.x, p.y - f.at.y) > slop { finger = nil }
            case .up, .cancel:
                downs.remove(id)
                if finger?.id == id { finger = nil }
            }
        }
        guard let f = finger, now >= f.since + hold else { return nil }
        finger = nil
        return (f.id, f.at)
    }
}
