import TactileCore
import TactileStudy
import TactileInput
import TactileUI

/// Input delivered to the editor in one frame, at `at`. The events carry their own times, which
/// are normally `at` but need not be (a storm sends times that go backwards).
public struct MonkeyBatch: Sendable, Hashable {
    public var at: Time
    public var events: [InputEvent]
    public init(at: Time, events: [InputEvent]) { self.at = at; self.events = events }
}

/// One thing the monkey does: a gesture as batches of input, and when it is ready to act again.
public struct MonkeyGesture: Sendable {
    public var action: Monkey.Action
    /// The input, batch by batch, in delivery order.
    public var batches: [MonkeyBatch]
    /// When the monkey acts next (the gesture's end plus a pause).
    public var end: Time
    /// Every event of the gesture, in delivery order.
    public var events: [InputEvent] { batches.flatMap(\.events) }
}

/// A seeded random user: given what is on screen (the inspect elements the editor returned, with
/// roles and hit frames) it picks a real target and makes a gesture on it — taps, double taps,
/// long presses, clip moves, trims, scrolls, flings, pinches, scrubs on the canvas and the scrub
/// bar, toolbar buttons, keys, the media browser — or a touch storm (see `MonkeyStorms.swift`).
/// Pure: the same seed and the same screens give the same gestures.
public struct Monkey: Sendable {
    /// The kinds of thing the monkey does.
    public enum Action: String, CaseIterable, Sendable, Hashable {
        case tap, miss, doubleTap, longPress, moveClip, trim, scroll, fling, pinch, canvasScrub, barScrub, button, key, browser, idle
        /// Split the clip under the playhead (selecting it first when it is not selected).
        case split
        /// Ten fingers at once, cancels, stray ids, positions far outside the window (and NaN),
        /// times going backwards within a batch, focus lost mid-gesture.
        case storm
    }

    /// How often the monkey does what: a weight per action.
    public struct Profile: Sendable, Hashable {
        public var weights: [Action: Double]
        public init(weights: [Action: Double]) { self.weights = weights }

        /// Mostly ordinary use, with a storm now and then.
        public static let everyday = Profile(weights: [
            .tap: 12, .miss: 3, .doubleTap: 3, .longPress: 5, .moveClip: 10, .trim: 12, .scroll: 6, .fling: 6, .pinch: 6,
            .canvasScrub: 4, .barScrub: 4, .button: 10, .key: 7, .browser: 4, .idle: 3, .split: 3, .storm: 3,
        ])
        /// Storms most of the time, with enough ordinary gestures in between to keep edits coming.
        public static let storms = Profile(weights: [
            .tap: 3, .moveClip: 3, .trim: 3, .pinch: 2, .fling: 2, .button: 2, .key: 1, .storm: 20,
        ])
    }

    /// The random source (public so a run can report where it got to).
    public internal(set) var random: SplitMix64
    public let profile: Profile
    /// The next finger id a landing finger gets, as a host numbers them.
    var nextFinger: PointerID = 1

    public init(seed: UInt64, profile: Profile = .everyday) {
        random = SplitMix64(seed: seed)
        self.profile = profile
    }

    /// The next gesture, starting at `now`, on the screen described by `elements`.
    public mutating func next(at now: Time, elements: [UIElement], viewport: Size) -> MonkeyGesture {
        let screen = Screen(elements: elements, viewport: viewport)
        let actions = Action.allCases.filter { (profile.weights[$0] ?? 0) > 0 }
        let start = now + .milliseconds(random.int(1...40))
        var action = actions[random.weighted(actions.map { profile.weights[$0]! })]
        // An open sheet covers the editor: mostly deal with it, as a person would.
        if screen.has("mediaBrowser"), action != .storm, random.chance(0.7) { action = .browser }
        var g = GestureBuilder(start: start)
        // A folded timeline or a turned device: a person would put it back before long.
        let needsTimeline: Set<Action> = [.doubleTap, .longPress, .moveClip, .trim, .scroll, .fling, .pinch, .split]
        if needsTimeline.contains(action), !screen.has("track"), let toggle = screen.first("collapseButton"), random.chance(0.5) {
            tap(at: point(in: toggle.hitFrame), into: &g)
            action = .button
        } else if viewport.width > viewport.height, action != .storm, random.chance(0.1) {
            g.key(.rotate)
            action = .key
        } else {
            action = make(action, on: screen, into: &g)
        }
        let pause = Time.milliseconds(action == .idle ? random.int(500...5000) : random.int(60...700))
        return MonkeyGesture(action: action, batches: g.batches, end: g.t + pause)
    }

    /// Builds `action` (or a fallback when the screen offers no target for it); returns what was built.
    private mutating func make(_ action: Action, on s: Screen, into g: inout GestureBuilder) -> Action {
        switch action {
        case .tap:
            guard
                let e = pickElement(
                    s,
                    roles: [
                        "clip", "track", "canvas", "ruler", "trimHandle.leading", "trimHandle.trailing",
                        "playhead", "timecode", "scrubBar", "playerBar", "banner", "mediaTile",
                    ])
            else { return make(.miss, on: s, into: &g) }
            tap(at: point(in: e.hitFrame), into: &g)
        case .miss:
            tap(at: Point(x: random.double(0...s.viewport.width), y: random.double(0...s.viewport.height)), into: &g)
        case .doubleTap:
            guard let e = pickElement(s, roles: ["clip", "track"]) else { return make(.miss, on: s, into: &g) }
            let p = point(in: e.hitFrame)
            tap(at: p, into: &g)
            g.wait(random.int(40...250))
            tap(at: Point(x: p.x + random.double(-6...6), y: p.y + random.double(-6...6)), into: &g)
        case .longPress:
            guard let e = pickElement(s, roles: ["clip"]) else { return make(.tap, on: s, into: &g) }
            let p = point(in: e.hitFrame)
            let id = finger()
            g.down(id, p)
            g.wait(random.int(520...1100))
            let end = drag(
                id, from: p, by: Point(x: random.double(-160...160), y: random.chance(0.3) ? random.double(-90...90) : 0),
                steps: random.int(0...30), into: &g)
            lift(id, at: end, into: &g)
        case .moveClip:
            return moveClip(on: s, into: &g)
        case .trim:
            return trim(on: s, into: &g)
        case .scroll, .fling:
            return scroll(action, on: s, into: &g)
        case .pinch:
            guard let e = pickElement(s, roles: ["track", "clip"]) else { return make(.tap, on: s, into: &g) }
            pinch(around: point(in: e.hitFrame), into: &g)
        case .canvasScrub, .barScrub:
            return scrub(action, on: s, into: &g)
        case .button:
            guard let e = pickElement(s, roles: ["toolbarButton", "playButton", "collapseButton", "button"]) else { return make(.miss, on: s, into: &g) }
            tap(at: point(in: e.hitFrame), into: &g)
        case .split:
            let x = s.first("playhead")?.frame.midX ?? s.viewport.width / 2
            let under = s.reachable.filter { $0.role == "clip" && $0.frame.minX < x && x < $0.frame.maxX }
            guard let button = s.reachable.first(where: { $0.id == "toolbar.split" }), !under.isEmpty else { return make(.button, on: s, into: &g) }
            if !under.contains(where: { $0.state["selected"] == .bool(true) }) {
                tap(at: point(in: random.pick(under).hitFrame), into: &g)
                g.wait(random.int(80...400))
            }
            tap(at: point(in: button.hitFrame), into: &g)
        case .key:
            let keys: [Key] = [.undo, .redo, .space, .escape, .rotate]
            g.key(keys[random.weighted([35, 25, 20, 15, 3])])
        case .browser:
            browser(s, into: &g)
        case .idle:
            break
        case .storm:
            storm(s, into: &g)
        }
        return action
    }

    /// Drags a clip (mostly the selected one; else selects one first, or drags an unselected one anyway).
    private mutating func moveClip(on s: Screen, into g: inout GestureBuilder) -> Action {
        // Only a selected clip moves (a drag on another scrolls): mostly drag the selected one,
        // else select one first, or drag an unselected one anyway.
        let selected = s.reachable.filter { $0.role == "clip" && $0.state["selected"] == .bool(true) }
        guard let e = !selected.isEmpty && random.chance(0.8) ? random.pick(selected) : pickElement(s, roles: ["clip"]) else {
            return make(.scroll, on: s, into: &g)
        }
        if e.state["selected"] != .bool(true), random.chance(0.5) {
            tap(at: point(in: e.hitFrame), into: &g)
            return .tap
        }
        let p = point(in: e.hitFrame)
        let id = finger()
        g.down(id, p)
        let dy = random.chance(0.35) ? random.double(-120...120) : random.double(-4...4)
        var end = drag(id, from: p, by: Point(x: random.double(-260...260), y: dy), steps: random.int(3...40), into: &g)
        end = holdNearEdge(id, from: end, viewport: s.viewport, into: &g)
        lift(id, at: end, into: &g)
        return .moveClip
    }

    /// Drags a trim handle (selecting a clip first when none shows its handles).
    private mutating func trim(on s: Screen, into g: inout GestureBuilder) -> Action {
        guard let handle = pickElement(s, roles: ["trimHandle.leading", "trimHandle.trailing"]) else {
            // No handles: select a clip first (the next trim finds its handles).
            guard let clip = pickElement(s, roles: ["clip"]) else { return make(.scroll, on: s, into: &g) }
            tap(at: point(in: clip.hitFrame), into: &g)
            return .tap
        }
        let p = point(in: handle.hitFrame)
        let id = finger()
        g.down(id, p)
        let reach = random.chance(0.2) ? 600.0 : 180.0
        var end = drag(id, from: p, by: Point(x: random.double(-reach...reach), y: random.double(-10...10)), steps: random.int(2...40), into: &g)
        end = holdNearEdge(id, from: end, viewport: s.viewport, into: &g)
        lift(id, at: end, into: &g)
        return .trim
    }

    /// Scrolls (or flings) the tracks, across or up and down.
    private mutating func scroll(_ action: Action, on s: Screen, into g: inout GestureBuilder) -> Action {
        guard let e = pickElement(s, roles: ["track", "clip", "ruler"]) else { return make(.canvasScrub, on: s, into: &g) }
        let p = point(in: e.hitFrame)
        let id = finger()
        g.down(id, p)
        let fling = action == .fling
        let vertical = random.chance(fling ? 0.15 : 0.3)
        let distance = (random.chance(0.5) ? -1.0 : 1.0) * (fling ? random.double(80...600) : random.double(20...300))
        let steps = fling ? random.int(3...8) : random.int(8...40)
        let end = drag(id, from: p, by: vertical ? Point(x: 0, y: distance) : Point(x: distance, y: 0), steps: steps, into: &g)
        if !fling { g.wait(random.int(0...200)) }
        lift(id, at: end, into: &g)
        return action
    }

    /// Scrubs the canvas or the scrub bar, in a few strokes.
    private mutating func scrub(_ action: Action, on s: Screen, into g: inout GestureBuilder) -> Action {
        let role = action == .canvasScrub ? "canvas" : "scrubBar"
        guard let e = pickElement(s, roles: [role]) else { return make(.button, on: s, into: &g) }
        let p = point(in: e.hitFrame)
        let id = finger()
        g.down(id, p)
        var at = p
        for _ in 0..<random.int(1...4) {
            let dy = action == .barScrub && random.chance(0.5) ? random.double(-200...200) : random.double(-8...8)
            at = drag(id, from: at, by: Point(x: random.double(-200...200), y: dy), steps: random.int(3...20), into: &g)
        }
        lift(id, at: at, into: &g)
        return action
    }
}
