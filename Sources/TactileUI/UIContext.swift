import TactileCore
import TactileInput

/// What the UI remembers between passes: which widget each finger holds (hot / active per
/// finger, so two fingers can hold two widgets), where the fingers are, and last pass's hit
/// areas (a press goes to the top-most widget under the finger as the user saw it).
public struct UIMemory: Sendable {
    /// The widget each finger holds.
    public internal(set) var active: [PointerID: WidgetID] = [:]
    /// Where each finger that is down is now.
    public internal(set) var fingers: [PointerID: Point] = [:]
    /// Where each finger that is down first touched.
    public internal(set) var origins: [PointerID: Point] = [:]
    /// Last pass's hit areas, in emission order (later is on top).
    var lastHits: [(id: WidgetID, frame: Rect)] = []
    var taps: TapTracker

    public init(tapSlop: Double, tapMaximumDuration: Time) {
        taps = TapTracker(slop: tapSlop, maximumDuration: tapMaximumDuration)
    }
}

/// What happened to a widget in this pass, as a widget function returns it.
public struct Interaction: Sendable, Hashable {
    /// The fingers holding the widget now.
    public var fingers: [PointerID] = []
    /// A finger went down on the widget in this pass.
    public var pressed = false
    /// A finger holding the widget lifted in this pass.
    public var released = false
    /// A finger tapped the widget (lifted inside, within slop and time).
    public var tapped = false
    /// Where the tap or press happened.
    public var location: Point?
    /// The fingers over the widget now, where it is the top-most widget (hot, per finger).
    public var hotFingers: [PointerID] = []
    /// Whether any finger holds the widget.
    public var isHeld: Bool { !fingers.isEmpty }
    /// Whether a finger holds the widget and is still over it: show it pressed. Sliding off
    /// un-highlights it, and lifting there does not tap, as on iOS.
    public var isPressedDown: Bool { fingers.contains { hotFingers.contains($0) } }
}

/// One immediate-mode UI pass: `begin` (the initialiser) → widget calls → `finish()`.
/// Widgets are functions that register a hit area, draw, and return what happened.
public final class UIContext {
    /// The instant of this pass on the frame loop's clock.
    public let now: Time
    public let measurer: TextMeasurer
    public let theme: Theme
    /// The viewport the pass lays out in.
    public let viewport: Size
    /// The draw list being built.
    public var draw = DrawList()
    /// The elements registered for inspection.
    public private(set) var elements: [UIElement] = []
    /// Frames the widgets asked for.
    public private(set) var requests: [FrameRequest] = []
    /// Fingers that went down on no widget in this pass (misses).
    public private(set) var unclaimedPresses: [Point] = []

    private var memory: UIMemory
    private var ids = IDStack()
    private var hits: [(id: WidgetID, frame: Rect)] = []
    private var pressed: [PointerID: Point] = [:]
    private var pressTargets: [PointerID: WidgetID] = [:]
    private var released: [PointerID: (location: Point, tap: Bool)] = [:]
    private var claimed: Set<PointerID> = []
    private var hot: [PointerID: WidgetID] = [:]

    /// Begins a pass with the touches that arrived since the last one. A finger changes phase
    /// at most once per pass (`Editor` splits event batches so).
    public init(memory: UIMemory, touches: [InputEvent], now: Time, viewport: Size, measurer: TextMeasurer, theme: Theme) {
        self.memory = memory
        self.now = now
        self.viewport = viewport
        self.measurer = measurer
        self.theme = theme
        for event in touches {
            switch event.kind {
            case let .touch(id, phase, location):
                let tap = self.memory.taps.handle(id: id, phase: phase, location: location, time: event.time)
                switch phase {
                case .down:
                    self.memory.fingers[id] = location
                    self.memory.origins[id] = location
                    self.memory.active[id] = nil
                    pressed[id] = location
                    if let target = memory.lastHits.last(where: { $0.frame.contains(location) }) { pressTargets[id] = target.id }
                case .move:
                    if self.memory.fingers[id] != nil { self.memory.fingers[id] = location }
                case .up:
                    if self.memory.fingers[id] != nil { released[id] = (location, tap != nil) }
                    self.memory.fingers[id] = location
                case .cancel:
                    released[id] = nil
                    self.memory.fingers[id] = nil
                    self.memory.origins[id] = nil
                    self.memory.active[id] = nil
                }
            case .focusLost:
                cancelAllFingers()
            case .key:
                break
            }
        }
        // Hot per finger: the top-most widget under each finger, as last drawn.
        for (finger, location) in self.memory.fingers {
            if let target = memory.lastHits.last(where: { $0.frame.contains(location) }) { hot[finger] = target.id }
        }
    }

    /// Drops every finger (the window lost focus).
    private func cancelAllFingers() {
        memory.taps.cancelAll()
        memory.fingers.removeAll(); memory.origins.removeAll(); memory.active.removeAll()
        pressed.removeAll(); released.removeAll(); pressTargets.removeAll()
    }

    // MARK: Ids

    /// The id of `key` in the current scope.
    public func id(_ key: String) -> WidgetID { ids.id(key) }

    /// Runs `body` inside the id scope `key`.
    public func scope<R>(_ key: String, _ body: () -> R) -> R {
        ids.push(key); defer { ids.pop() }
        return body()
    }

    // MARK: Interaction

    /// Registers `hitFrame` for the widget `key` and reports what the fingers did to it.
    /// Later calls sit on top of earlier ones.
    @discardableResult
    public func interact(_ key: String, hitFrame: Rect) -> Interaction {
        let wid = ids.id(key)
        hits.append((wid, hitFrame))
        var result = Interaction()
        for (finger, location) in pressed where pressTargets[finger] == wid
            || (pressTargets[finger] == nil && !claimed.contains(finger) && memory.lastHits.isEmpty && hitFrame.contains(location)) {
            memory.active[finger] = wid
            claimed.insert(finger)
            result.pressed = true
            result.location = location
        }
        for (finger, holder) in memory.active where holder == wid {
            if let (location, tap) = released[finger] {
                result.released = true
                result.location = location
                if tap && hitFrame.outsetBy(dx: 8, dy: 8).contains(location) { result.tapped = true }
            } else {
                result.fingers.append(finger)
            }
        }
        result.fingers.sort()
        result.hotFingers = hot.filter { $0.value == wid }.map(\.key).sorted()
        return result
    }

    /// Where finger `id` is now, if it is down.
    public func location(of finger: PointerID) -> Point? { memory.fingers[finger] }

    /// Where finger `id` first touched, if it is down.
    public func origin(of finger: PointerID) -> Point? { memory.origins[finger] }

    // MARK: Output

    /// Registers an element for inspection.
    public func element(_ element: UIElement) { elements.append(element) }

    /// Asks the frame loop for frames on `schedule` (from now).
    public func requestFrames(_ schedule: any TimelineSchedule, reason: String) {
        requests.append(FrameRequest(schedule, start: now, reason: reason))
    }

    /// Asks for frames on a request made earlier (keeps its start so periodic entries do not drift).
    public func requestFrames(_ request: FrameRequest) { requests.append(request) }

    /// Ends the pass and returns what the UI remembers for the next one.
    public func finish() -> UIMemory {
        precondition(ids.depth == 0, "unbalanced id scopes in a UI pass")
        for (finger, location) in pressed where !claimed.contains(finger) { unclaimedPresses.append(location) }
        for finger in released.keys {
            memory.active[finger] = nil
            memory.fingers[finger] = nil
            memory.origins[finger] = nil
        }
        memory.lastHits = hits
        return memory
    }
}
