import TactileCore
import TactileInput
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
    var lastHits: [Hit] = []
    var taps: TapTracker
    /// How far outside a button a lift still taps it (`input.tapOutset`).
    var tapOutset: Double
    /// The arena that settles gestures on elements that offer them (the timeline).
    public internal(set) var arena: GestureArena
    /// Each scroll view's scroll, while it is drawn (`UIContext.scrolling`).
    var scrolls: [WidgetID: ScrollOffset] = [:]
    /// Fingers holding a button shown large (`offerLargeContent`): their lift is no tap.
    var readingLarge: Set<PointerID> = []
    /// How a scroll view is flung and slows (`input.velocityWindow`, `maximumFlingSpeed`,
    /// `sheetDecelerationRate`, `sheetFlingLeastSpeed`).
    var fling: ScrollFling

    public init(input: TactileConfiguration.Input, rules: ArenaRules = .timeline) {
        taps = TapTracker(slop: input.tapSlop, maximumDuration: .seconds(input.tapMaximumDuration))
        tapOutset = input.tapOutset
        arena = GestureArena(rules: rules, thresholds: GestureArena.Thresholds(input))
        fling = ScrollFling(input)
    }

    /// The arena's decisions since they were last taken (for the log and the arena debugger).
    public mutating func takeArenaDecisions() -> [ArenaDecision] { arena.takeDecisions() }

    /// Takes new touch thresholds (a reloaded configuration) without letting go of any finger.
    public mutating func adopt(_ input: TactileConfiguration.Input) {
        taps.slop = input.tapSlop
        taps.maximumDuration = .seconds(input.tapMaximumDuration)
        tapOutset = input.tapOutset
        arena.thresholds = GestureArena.Thresholds(input)
        fling = ScrollFling(input)
    }
}

/// A hit area registered in a pass.
/// An area that took touches in a pass: the widget's key (its element's id), its hit frame, and
/// whether it offers gestures to the arena (a list's row, a clip) or is a plain button.
public struct TouchTarget: Hashable, Sendable {
    public var id: String
    public var frame: Rect
    public var takesGestures: Bool
    public init(id: String, frame: Rect, takesGestures: Bool) { self.id = id; self.frame = frame; self.takesGestures = takesGestures }
}

struct Hit: Sendable {
    var id: WidgetID
    var frame: Rect
    /// The gestures the element offers; nil for plain widgets (buttons).
    var gestures: GestureTarget?
    /// Whether a finger landing here stays out of the arena even while other fingers are in it.
    var exclusive: Bool
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
    /// The gestures the arena recognised on this widget in this pass (tap, double tap, long
    /// press, scroll, move, trim, pinch; each with its phase and translation), for the view to
    /// turn into what the user meant, at its call site.
    public var gestures: [PassGesture] = []
    /// Whether a finger holds the widget and is still over it: show it pressed. Sliding off
    /// un-highlights it, and lifting there does not tap, as on iOS.
    public var isPressedDown: Bool { fingers.contains { hotFingers.contains($0) } }
}

/// A gesture the arena recognised in a pass, with its place in the pass's order (widgets get
/// them at their call sites; the editor applies them in the arena's order).
public struct PassGesture: Hashable, Sendable {
    /// Its place among the pass's gestures.
    public var index: Int
    public var event: GestureEvent
    public init(index: Int, event: GestureEvent) { self.index = index; self.event = event }
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
    /// Every area that took touches in this pass, in the order registered (later on top): what
    /// the layout check compares (`tactile lint-layout`).
    public private(set) var touchTargets: [TouchTarget] = []
    /// Fingers that went down on no widget in this pass (misses).
    public private(set) var unclaimedPresses: [Point] = []
    /// Where plain widgets (buttons) were tapped in this pass.
    public private(set) var widgetTaps: [Point] = []

    var memory: UIMemory
    /// The scroll views being laid out, outermost first: how far down each moves its content
    /// (minus its scroll) and the window it shows it through (`scrolling`).
    var shifts: [(dy: Double, window: Rect)] = []
    /// How long a finger holds a button that offers its large content before it shows
    /// (`offerLargeContent`); nil: never.
    public var largeContentDelay: Time?
    /// The button held long enough in this pass: what to show large.
    public internal(set) var largeContent: LargeContent?
    /// The scroll views drawn in this pass, in order.
    public internal(set) var scrollViews: [ScrollView] = []
    /// Their scrolls after this pass: kept for the next (one not drawn forgets its scroll).
    var scrolls: [WidgetID: ScrollOffset] = [:]
    private var ids = IDStack()
    private var hits: [Hit] = []
    /// Gestures the arena recognised in this pass, in order.
    public private(set) var gestures: [GestureEvent] = []
    private var pressed: [PointerID: Point] = [:]
    /// The fingers of `pressed` in the order they landed (a dictionary's order differs from run
    /// to run, and replays must give the same log).
    private var pressOrder: [PointerID] = []
    private var pressTargets: [PointerID: WidgetID] = [:]
    /// When each finger of `pressed` went down.
    private var pressTimes: [PointerID: Time] = [:]
    private var released: [PointerID: (location: Point, tap: Bool)] = [:]
    private var claimed: Set<PointerID> = []
    /// Fingers the arena followed that lifted in this pass.
    private var liftedInArena: Set<PointerID> = []
    private var hot: [PointerID: WidgetID] = [:]
    /// This pass's gestures by the widget they belong to (made once, when a widget first asks).
    private lazy var gesturesByOwner: [UInt64: [PassGesture]] = {
        var out: [UInt64: [PassGesture]] = [:]
        for (i, g) in gestures.enumerated() { if let owner = g.target.owner { out[owner, default: []].append(PassGesture(index: i, event: g)) } }
        return out
    }()

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
                if routeToArena(id: id, phase: phase, location: location, time: event.time, hits: memory.lastHits) { continue }
                let tap = self.memory.taps.handle(id: id, phase: phase, location: location, time: event.time)
                switch phase {
                case .down:
                    self.memory.fingers[id] = location
                    self.memory.origins[id] = location
                    self.memory.active[id] = nil
                    if pressed.updateValue(location, forKey: id) == nil { pressOrder.append(id) }
                    pressTimes[id] = event.time
                    if let target = memory.lastHits.last(where: { $0.frame.contains(location) }) { pressTargets[id] = target.id }
                case .move:
                    if self.memory.fingers[id] != nil { self.memory.fingers[id] = location }
                case .up:
                    // An up for a finger that is not down (a stray id) leaves no finger behind.
                    if self.memory.fingers[id] != nil {
                        released[id] = (location, tap != nil)
                        self.memory.fingers[id] = location
                    }
                case .cancel:
                    released[id] = nil
                    self.memory.fingers[id] = nil
                    self.memory.origins[id] = nil
                    self.memory.active[id] = nil
                }
            case .focusLost:
                gestures += self.memory.arena.cancelAll(at: event.time)
                cancelAllFingers()
            case .key, .text, .voice, .mediaFolder, .projects:
                break
            }
        }
        gestures += self.memory.arena.advance(to: now)
        // Hot per finger: the top-most widget under each finger, as last drawn.
        for (finger, location) in self.memory.fingers {
            if let target = memory.lastHits.last(where: { $0.frame.contains(location) }) { hot[finger] = target.id }
        }
    }

    /// Gives a touch to the arena when it belongs there: a finger landing on an element that
    /// offers gestures, or on anything but a button while other fingers are in the arena (a second
    /// finger for a pinch), and every later phase of a finger the arena follows.
    private func routeToArena(id: PointerID, phase: TouchPhase, location: Point, time: Time, hits: [Hit]) -> Bool {
        if phase == .down {
            let top = hits.last { $0.frame.contains(location) }
            let joins = memory.arena.isEngaged && !(top?.exclusive ?? false)
            guard top?.gestures != nil || joins else { return false }
            memory.fingers[id] = location
            memory.origins[id] = location
            memory.active[id] = nil
            gestures += memory.arena.handle(
                id: id, phase: phase, location: location, time: time,
                target: top?.gestures ?? GestureTarget(id: "screen", gestures: [.pinch]))
            return true
        }
        guard memory.arena.follows(id) else { return false }
        if phase == .up { liftedInArena.insert(id) }
        gestures += memory.arena.handle(id: id, phase: phase, location: location, time: time, target: nil)
        if phase == .move { memory.fingers[id] = location } else { memory.fingers[id] = nil; memory.origins[id] = nil }
        return true
    }

    /// Drops every finger (the window lost focus).
    private func cancelAllFingers() {
        memory.taps.cancelAll()
        memory.fingers.removeAll(); memory.origins.removeAll(); memory.active.removeAll()
        pressed.removeAll(); pressOrder.removeAll(); released.removeAll(); pressTargets.removeAll()
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
    public func interact(_ key: String, hitFrame asLaidOut: Rect, gestures: GestureTarget? = nil, exclusive: Bool = false) -> Interaction {
        let wid = ids.id(key)
        // Inside a scroll view: where it is on the screen, and only the part its window shows.
        let hitFrame = onScreen(asLaidOut, clipped: true)
        hits.append(Hit(id: wid, frame: hitFrame, gestures: gestures, exclusive: exclusive))
        touchTargets.append(TouchTarget(id: key, frame: hitFrame, takesGestures: gestures != nil))
        if gestures != nil { hits[hits.count - 1].gestures!.owner = wid.value }
        var result = Interaction()
        if gestures != nil && !self.gestures.isEmpty {
            result.gestures = gesturesByOwner[wid.value] ?? []
        }
        for finger in pressOrder where pressed[finger] != nil {
            let location = pressed[finger]!
            guard
                gestures == nil
                    && (pressTargets[finger] == wid
                        || (pressTargets[finger] == nil && !claimed.contains(finger) && memory.lastHits.isEmpty && hitFrame.contains(location)))
            else { continue }
            memory.active[finger] = wid
            claimed.insert(finger)
            result.pressed = true
            result.location = laidOut(location)
        }
        for (finger, holder) in memory.active where holder == wid {
            if let (location, tap) = released[finger] {
                result.released = true
                result.location = laidOut(location)
                if tap && !memory.readingLarge.contains(finger) && hitFrame.outsetBy(dx: memory.tapOutset, dy: memory.tapOutset).contains(location) {
                    result.tapped = true
                    widgetTaps.append(location)
                }
            } else {
                result.fingers.append(finger)
            }
        }
        result.fingers.sort()
        if !hot.isEmpty { result.hotFingers = hot.filter { $0.value == wid }.map(\.key).sorted() }
        return result
    }

    /// Where finger `id` is now, if it is down.
    public func location(of finger: PointerID) -> Point? { memory.fingers[finger].map(laidOut) }

    /// Where finger `id` first touched, if it is down.
    public func origin(of finger: PointerID) -> Point? { memory.origins[finger].map(laidOut) }

    /// Every finger down now: where it first touched and where it is, on the screen.
    var fingersDown: [(id: PointerID, origin: Point, now: Point)] {
        memory.fingers.keys.sorted().compactMap { id in memory.origins[id].map { (id, $0, memory.fingers[id]!) } }
    }

    /// Whether finger `id` lifts in this pass (off a widget, or off what the arena follows).
    func lifts(_ id: PointerID) -> Bool { released[id] != nil || liftedInArena.contains(id) }

    /// How far a finger moves before it is a drag, not a tap (`input.tapSlop`).
    var slop: Double { memory.taps.slop }

    // MARK: Output

    /// Registers an element for inspection.
    /// Inside a scroll view, its frame where the content is scrolled to, and its hit frame only
    /// where the window shows it.
    public func element(_ element: UIElement) {
        var element = element
        if !shifts.isEmpty {
            element.frame = onScreen(element.frame, clipped: false)
            element.hitFrame = onScreen(element.hitFrame, clipped: true)
        }
        elements.append(element)
    }

    /// Asks the frame loop for frames on `schedule` (from now).
    public func requestFrames(_ schedule: any TimelineSchedule, reason: String) {
        requests.append(FrameRequest(schedule, start: now, reason: reason))
    }

    /// Asks for frames on a request made earlier (keeps its start so periodic entries do not drift).
    public func requestFrames(_ request: FrameRequest) { requests.append(request) }

    /// Ends the pass and returns what the UI remembers for the next one.
    public func finish() -> UIMemory {
        precondition(ids.depth == 0, "unbalanced id scopes in a UI pass")
        for finger in pressOrder where !claimed.contains(finger) {
            guard let location = pressed[finger] else { continue }
            unclaimedPresses.append(location)
            // Every touch has an arena decision, also one that landed where nothing takes a touch
            // (the status bar, a corner, a gap between controls): the debugger and the log say so.
            memory.arena.record(
                ArenaDecision(
                    finger: finger, target: ArenaDecision.nothing, candidates: [], winner: nil, rule: "nobody: nothing under the finger takes a touch",
                    time: pressTimes[finger] ?? now, sinceDown: .zero, location: location))
        }
        for finger in released.keys {
            memory.readingLarge.remove(finger)
            memory.active[finger] = nil
            memory.fingers[finger] = nil
            memory.origins[finger] = nil
        }
        memory.lastHits = hits
        memory.scrolls = scrolls
        return memory
    }
}
