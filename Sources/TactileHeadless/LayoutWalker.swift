import TactileCore
import TactileHost
import TactileInput
import TactileUI

/// Drives a session through a screen's steps on a virtual clock, as a person would: an editor's
/// host session on its trace player, or another session (a study's, the calibration) stepped
/// as its window steps it.
final class LayoutWalker {
    let session: any LaysOutScreens
    private let player: TracePlayer?
    private var clock: Time = .zero

    init(host: HeadlessSession) { session = host.host; player = host.player }
    init(_ other: any LaysOutScreens) { session = other; player = nil }

    var now: Time { player?.clock.now ?? clock }

    /// The colour behind the pictures (the theme's background; black behind the calibration).
    var background: Color { (session as? HostSession)?.theme.background ?? Color(hex: 0x000000) }

    /// What each surface shows now.
    func layouts() -> [ScreenLayout] { session.screenLayouts(at: now) }

    /// Runs a step with `events` now.
    func send(_ events: [InputEvent]) {
        if let player { player.runFrame(events: events); return }
        _ = session.step(events, now: clock, context: StepContext())
    }

    /// Moves the clock on by `seconds`, stepping at every instant the session asks for.
    func settle(_ seconds: Double) {
        let end = now + .seconds(seconds)
        if let player { player.runDueFrames(through: end); return }
        while let due = session.nextDue(after: clock)?.time, due <= end {
            clock = max(clock, due)
            _ = session.step([], now: clock, context: StepContext())
            if session.nextDue(after: clock)?.time ?? end + .seconds(1) <= clock { clock = clock + .seconds(0.001) }
        }
        clock = end
        _ = session.step([], now: clock, context: StepContext())
    }

    /// Takes `screen`'s steps (or its other way, where they cannot be taken); why it could not,
    /// when it could not.
    func walk(_ screen: LayoutScreen) -> String? {
        if player != nil { send([]) }
        settle(0.5)
        guard let why = take(screen.steps), let other = screen.otherWay else { return nil }
        return take(other).map { "\(why), nor by the other way: \($0)" }
    }

    private func take(_ steps: [LayoutScreen.Step]) -> String? {
        for step in steps {
            switch step {
            case let .tap(id):
                // One a sheet's scroll has out of its window is scrolled into it first, as a person would.
                reveal(id)
                guard let target = layouts().first?.elements.last(where: { $0.id == id }), !target.hitFrame.isEmpty else {
                    return "\(id) is not on the screen"
                }
                tap(at: target.hitFrame.center)
            case let .tapAt(fraction):
                let size = session.viewport
                tap(at: Point(x: fraction.x * size.width, y: fraction.y * size.height))
            case let .hold(fingers, seconds):
                let size = session.viewport
                let points = (0..<fingers).map { Point(x: size.width * Double($0 + 1) / Double(fingers + 1), y: size.height / 2) }
                send(points.enumerated().map { .touch(.down, id: PointerID($0.offset + 1), at: $0.element, time: now) })
                settle(seconds)
                send(points.enumerated().map { .touch(.up, id: PointerID($0.offset + 1), at: $0.element, time: now) })
            case let .key(key): send([.key(key, time: now)])
            case let .text(words): send([.text(words, time: now)])
            case let .projects(news): send([.projects(news, time: now)])
            case let .wait(seconds): settle(seconds)
            case .openTuning, .panelOutside:
                if case .openTuning = step { session.toggleTuning() }
                session.placePanel(outside: true, width: nil)
                send([])
            case let .press(id, seconds):
                guard let target = layouts().first?.elements.last(where: { $0.id == id }), !target.hitFrame.isEmpty else {
                    return "\(id) is not on the screen"
                }
                send([.touch(.down, id: 1, at: target.hitFrame.center, time: now)])
                settle(seconds)
                // (Still down: the screen is looked at while it holds.)
                continue
            case let .drag(id, dx):
                // From the area's lower trailing corner, clear of what lies on it (a clip would move).
                guard let area = layouts().first?.targets.last(where: { $0.id == id })?.frame else { return "\(id) is not on the screen" }
                let from = Point(x: area.maxX - 24, y: area.maxY - 12)
                send([.touch(.down, id: 1, at: from, time: now)])
                for k in 1...8 {
                    settle(1.0 / 60)
                    send([.touch(.move, id: 1, at: Point(x: from.x + dx * Double(k) / 8, y: from.y), time: now)])
                }
                settle(0.2) // held still: no fling
                send([.touch(.up, id: 1, at: Point(x: from.x + dx, y: from.y), time: now)])
            }
            // Sheets slide, banners come: what a person sees once it settles.
            settle(0.6)
        }
        return nil
    }

    /// Scrolls element `id` into its scroll view's window where the window cuts it, or the
    /// project list's rows until it shows (a few swipes at most).
    private func reveal(_ id: String) {
        for _ in 0..<6 {
            guard let phone = layouts().first else { return }
            let element = phone.elements.last { $0.id == id }
            if element?.hitFrame.isEmpty ?? true, let list = phone.elements.first(where: { $0.role == "projectList" }) {
                // Towards it (down the list where it is not drawn at all): a swipe over the list's middle.
                let reach = list.frame.height * 0.4
                let by = element.map { max(-reach, min(reach, $0.frame.midY - list.frame.midY)) } ?? reach
                swipe(from: Point(x: list.frame.midX, y: list.frame.midY + by / 2), up: by)
                continue
            }
            guard let element,
                element.hitFrame.height < element.frame.height - 1,
                let view = phone.scrollViews.last(where: { $0.window.minX <= element.frame.midX && element.frame.midX <= $0.window.maxX })
            else { return }
            let by = max(-0.8 * view.window.height, min(0.8 * view.window.height, element.frame.midY - view.window.midY))
            swipe(from: Point(x: view.window.maxX - 4, y: by > 0 ? view.window.maxY - 4 : view.window.minY + 4), up: by)
        }
    }

    /// A finger's swipe `up` points (down where negative), held still before it lifts (no fling).
    private func swipe(from: Point, up: Double) {
        send([.touch(.down, id: 1, at: from, time: now)])
        for k in 1...8 {
            settle(1.0 / 60)
            send([.touch(.move, id: 1, at: Point(x: from.x, y: from.y - up * Double(k) / 8), time: now)])
        }
        settle(0.2)
        send([.touch(.up, id: 1, at: Point(x: from.x, y: from.y - up), time: now)])
        settle(0.6)
    }

    /// Drags scroll view `id` on the phone up to its end, a finger's swipe at a time along its
    /// trailing edge (as a person reads a long sheet); whether it got there.
    func scrollToEnd(_ id: String) -> Bool {
        for _ in 0..<40 {
            guard let view = layouts().first?.scrollViews.last(where: { $0.id == id }) else { return false }
            if view.offset >= view.maximumOffset - 0.5 { return true }
            swipe(from: Point(x: view.window.maxX - 4, y: view.window.maxY - 4), up: min(view.window.height * 0.8, view.maximumOffset - view.offset + 24))
        }
        return false
    }

    private func tap(at point: Point) {
        send([.touch(.down, id: 1, at: point, time: now)])
        // The finger lifts 80 ms later, nothing run between (a tap, not a hold).
        if let player { player.clock.advance(to: now + .milliseconds(80)) } else { clock = clock + .milliseconds(80) }
        send([.touch(.up, id: 1, at: point, time: now)])
    }
}
