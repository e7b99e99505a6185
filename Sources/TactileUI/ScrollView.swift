import TactileCore
import TactileInput

/// What a vertical scroll view remembers between passes (in `UIMemory`, while it is drawn):
/// how far it is scrolled and which finger drags it.
public struct ScrollOffset: Hashable, Sendable {
    /// How far the content is moved up, in points.
    public var offset: Double = 0
    /// The finger dragging the content, if one is.
    public var grab: Grab?
    /// Fingers that moved sideways first: they belong to what they landed on (a slider), never
    /// to the scroll, until they lift.
    public var declined: [PointerID] = []
    /// How tall the content was laid out in the last pass (for a view that learns it by drawing).
    public var contentHeight: Double = 0

    /// A finger holding the content: the offset is `anchor` less the finger's height.
    public struct Grab: Hashable, Sendable {
        public var finger: PointerID
        public var anchor: Double
    }

    public init(offset: Double = 0) { self.offset = offset }
}

/// A scroll view drawn in a pass, as `tactile inspect` and the layout check see it.
public struct ScrollView: Hashable, Sendable {
    public var id: String
    /// Where it shows its content, on the screen.
    public var window: Rect
    /// How tall its content is laid out.
    public var contentHeight: Double
    /// How far its content is moved up.
    public var offset: Double
    /// How far it can scroll: 0 when everything shows.
    public var maximumOffset: Double { max(0, contentHeight - window.height) }
}

extension UIContext {
    /// A vertical scroll view: `body` lays its content out from `window`'s top as though it
    /// were `contentHeight` tall; the screen shows what falls in `window`, moved up by the
    /// scroll. Its draw commands, touch targets and elements move with it; its targets take
    /// touches only where the window shows them, and the positions its widgets read are in its
    /// own layout. It remembers its scroll while it is drawn in every pass; returns how far it
    /// is scrolled.
    ///
    /// A finger that landed in the window and moves up or down past the tap slop drags the
    /// content, whatever it landed on (a button does not then tap: it moved too far); one that
    /// moves sideways first stays with what it landed on (a slider's thumb).
    @discardableResult
    public func scrolling(_ key: String, window: Rect, contentHeight: Double, _ body: () -> Void) -> Double {
        scrolling(key, window: window, knownHeight: contentHeight) {
            body()
            return contentHeight
        }
    }

    /// A scroll view whose content's height is known only once `body` has laid it out (it
    /// returns the height): a form drawn top to bottom. Its scroll is kept within the height
    /// the pass before laid out.
    @discardableResult
    public func scrolling(_ key: String, window: Rect, _ body: () -> Double) -> Double {
        scrolling(key, window: window, knownHeight: nil, body)
    }

    private func scrolling(_ key: String, window: Rect, knownHeight: Double?, _ body: () -> Double) -> Double {
        let shown = onScreen(window, clipped: true), wid = id(key)
        let before = memory.scrolls[wid] ?? ScrollOffset()
        let height = knownHeight ?? before.contentHeight, most = max(0, height - window.height)
        var s = dragged(before, in: shown, most: most)
        s.offset = min(max(0, s.offset), most)
        let marks = draw.marks
        shifts.append((dy: -s.offset, window: shown))
        s.contentHeight = body()
        shifts.removeLast()
        draw.shift(since: marks, by: -s.offset, clippedTo: window)
        scrolls[wid] = s
        scrollViews.append(ScrollView(id: key, window: shown, contentHeight: s.contentHeight, offset: s.offset))
        return s.offset
    }

    /// The scroll after the fingers down now: the grabbing finger's move, or a new grab.
    private func dragged(_ scroll: ScrollOffset, in window: Rect, most: Double) -> ScrollOffset {
        var s = scroll
        let fingers = fingersDown
        s.declined.removeAll { id in !fingers.contains { $0.id == id } }
        if let grab = s.grab {
            if let finger = fingers.first(where: { $0.id == grab.finger }) { s.offset = grab.anchor - finger.now.y } else { s.grab = nil }
        }
        guard s.grab == nil, most > 0 else { return s }
        for finger in fingers where window.contains(finger.origin) && !s.declined.contains(finger.id) {
            let dx = finger.now.x - finger.origin.x, dy = finger.now.y - finger.origin.y
            guard max(abs(dx), abs(dy)) >= slop else { continue }
            if abs(dy) > abs(dx) {
                s.grab = ScrollOffset.Grab(finger: finger.id, anchor: s.offset + finger.now.y)
                break
            }
            s.declined.append(finger.id)
        }
        return s
    }

    /// `rect` as laid out in the scroll views open now, where it is on the screen; `clipped`:
    /// only the part their windows show (empty when none).
    func onScreen(_ rect: Rect, clipped: Bool) -> Rect {
        guard !shifts.isEmpty else { return rect }
        var r = rect.offsetBy(dx: 0, dy: shifts.reduce(0) { $0 + $1.dy })
        if clipped { for shift in shifts { r = r.intersection(shift.window) } }
        return r
    }

    /// A point on the screen, where it falls in the layout of the scroll views open now.
    func laidOut(_ point: Point) -> Point {
        guard !shifts.isEmpty else { return point }
        return Point(x: point.x, y: point.y - shifts.reduce(0) { $0 + $1.dy })
    }
}
