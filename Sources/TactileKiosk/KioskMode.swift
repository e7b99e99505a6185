import TactileCore
import TactileInput

/// Kiosk mode's rules, as a value the host session drives with its input and clock (in the
/// window and in replays alike): who has the editor (a visitor, the attract loop, the PIN pad),
/// when the visitor has gone (idle timeout), and when staff asked for the way out. It touches
/// neither the editor nor the window; it tells the session what to do (`Command`) and which
/// events the editor gets.
public struct KioskMode: Sendable {
    /// Who has the screen.
    public enum Phase: Equatable, Sendable {
        case visitor, attract, pin
        /// The attract loop played `kiosk.dimAfter` seconds untouched: the screen is dimmed and
        /// nothing runs until a touch.
        case dimmed
        /// Outside opening hours: the screen is black and nothing runs until a touch or opening time.
        case closed
    }

    /// What the host must do.
    public enum Command: Equatable, Sendable {
        /// A visitor touched the screen: a new visitor session begins (after `resetToDemo`).
        case visitorArrived
        /// The visitor has been idle for `idleTimeout`: save their session.
        case visitorLeft
        /// Put the demo project back, in a fresh editor (then the events of this step apply).
        case resetToDemo
        /// Close the program (the way out was used).
        case exit
        /// The nightly restart (`kiosk.restartAt`): save, then exit for the service to start anew.
        case restart
    }

    /// What one step decided: the events the editor gets, and the commands, in order.
    public struct Step: Equatable, Sendable {
        public var events: [InputEvent] = []
        public var commands: [Command] = []
    }

    public let settings: TactileConfiguration.Kiosk
    public private(set) var phase: Phase
    /// The visitor's idle time, from their last input.
    private var idle: VisitorIdle
    /// The last real input (the idle timer runs from it).
    public var lastInput: Time { idle.lastInput }
    /// Whether the visitor on screen has touched anything since the demo came back.
    public private(set) var visitorActive: Bool
    /// The way out: the exit gesture, the PIN pad and its lockout (the same as a kiosk study's).
    public private(set) var wayOut: KioskWayOut
    public var exitGesture: ExitGesture { wayOut.gesture }
    public var pinPad: PinPad? { wayOut.pad }
    /// Judges the PIN (from `kiosk.pinHash`, or an older file's `kiosk.pin`); nil: no PIN, the
    /// way out opens at once. A replay puts the recorded verdicts in its place.
    public var pinVerifier: PinVerifier? {
        get { wayOut.verifier }
        set { wayOut.verifier = newValue }
    }
    public private(set) var attract: AttractLoop
    /// The phase the PIN pad returns to when cancelled.
    private var phaseBeforePin: Phase = .visitor
    /// Wrong PINs since the last lockout (kept when the pad closes, so closing it does not reset the count).
    public var pinFailures: Int { wayOut.failures }
    /// Until when the PIN pad refuses digits, after `pinAttempts` wrong PINs in a row.
    public var pinLockedUntil: Time? { wayOut.lockedUntil }
    /// When the attract loop began showing (the invitation's pulse counts from here).
    public private(set) var invitationSince: Time
    /// Opening hours and the nightly restart.
    public let hours: OpeningHours
    /// The week clock (time since Monday 00:00, local) at the last step, when the host knows it.
    public private(set) var lastWeek: Time?
    /// The restart's time came while a visitor was at the screen: it happens when they leave.
    public private(set) var restartPending = false
    /// When the last step ran.
    private var lastStepAt = Time.zero

    /// The next opening change or restart in session time, when the week clock is known.
    private var hoursDue: (time: Time, reason: String)? {
        guard let week = lastWeek, !hours.alwaysOpen || hours.restartAt != nil, let next = hours.nextChange(after: week) else { return nil }
        return (lastStepAt + (next - week), "kiosk opening hours")
    }

    /// Kiosk rules starting at `now`: in the attract loop, or (`visitorPresent`, after a
    /// recovery) with a visitor's work on screen.
    public init(settings: TactileConfiguration.Kiosk, attractTrace: Trace, now: Time, visitorPresent: Bool = false) {
        self.settings = settings
        wayOut = KioskWayOut(settings: settings)
        phase = visitorPresent ? .visitor : .attract
        visitorActive = visitorPresent
        idle = VisitorIdle(since: now)
        attract = AttractLoop(trace: attractTrace, pause: settings.attractPause, startingAt: now)
        invitationSince = now
        hours = OpeningHours(settings: settings)
    }

    /// Whether the screen stands idle at `now`: the attract loop, dimmed, or a visitor's screen
    /// untouched for a whole `kiosk.burnInInterval` (they have probably left).
    public func isIdle(at now: Time) -> Bool {
        phase == .attract || phase == .dimmed || (phase == .visitor && now - lastInput >= .seconds(max(1, settings.burnInInterval)))
    }

    /// When the idle screen's shifts count from.
    private var idleSince: Time { phase == .visitor ? lastInput : invitationSince }

    /// The burn-in shift at `now`: while the screen stands idle (`isIdle`), the picture steps
    /// round eight offsets of `kiosk.burnInShift` points, one every `kiosk.burnInInterval`
    /// seconds; none while a visitor touches it (or the PIN pad is open, or closed and black).
    public func burnInOffset(at now: Time) -> Point {
        guard isIdle(at: now), settings.burnInShift > 0 else { return .zero }
        let interval = Time.seconds(max(1, settings.burnInInterval))
        let step = Int(max(0, (now - idleSince).ticks) / interval.ticks) % 9
        let s = settings.burnInShift
        let ring: [(Double, Double)] = [(0, 0), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
        return Point(x: ring[step].0 * s, y: ring[step].1 * s)
    }

    /// When the burn-in shift next moves, while one applies.
    func nextBurnInShift(after now: Time) -> Time? {
        guard phase == .attract || phase == .dimmed || phase == .visitor, settings.burnInShift > 0 else { return nil }
        let interval = Time.seconds(max(1, settings.burnInInterval))
        let n = max(0, (now - idleSince).ticks) / interval.ticks + 1
        return idleSince + Time(ticks: interval.ticks * n)
    }

    /// Session time of the next opening change or restart, from the week clock `week` at `now`.
    func nextHoursChange(now: Time, week: Time?) -> Time? {
        guard let week, let next = hours.nextChange(after: week) else { return nil }
        return now + (next - week)
    }

    /// The invitation's pulse: bright, then dim, each for `kiosk.invitationPulse` seconds, on a
    /// cyclic schedule (the seed's `CyclicTimelineSchedule`): the loop wakes only at the changes.
    public var invitationSchedule: CyclicTimelineSchedule {
        let half = Time.seconds(max(0.05, settings.invitationPulse))
        return CyclicTimelineSchedule(timeOffsets: [half, half])
    }

    /// Whether the invitation is in the bright half of its pulse at `now`.
    public func invitationIsBright(at now: Time) -> Bool {
        let half = max(1, invitationSchedule.timeOffsets[0].ticks)
        return max(0, (now - invitationSince).ticks) / half % 2 == 0
    }

    /// Takes the real input that arrived by `now` (in a viewport of `viewport`) and decides.
    /// While the PIN pad is open, the input is the pad's: `pinKeys` are the keys its UI pass saw
    /// tapped (`PinPadView`).
    /// `week` is the week clock now (time since Monday 00:00, local), when the host knows it:
    /// opening hours and the nightly restart follow it.
    public mutating func step(_ input: [InputEvent], viewport: Size, now: Time, pinKeys: [PinPad.Key] = [], week: Time? = nil) -> Step {
        var step = Step()
        let previousWeek = lastWeek
        lastWeek = week
        lastStepAt = now
        if let week, let previousWeek, hours.restartFalls(after: previousWeek, through: week) { restartPending = true }
        if phase == .pin {
            stepPin(pinKeys, now: now, into: &step)
            return step
        }
        let open = week.map(hours.isOpen) ?? true
        let realTouchNow = input.contains {
            if case .touch(_, .down, _) = $0.kind { return true }; return false
        }
        // The nightly restart, when nobody is at the screen.
        if restartPending && (phase != .visitor || !visitorActive) && !realTouchNow {
            restartPending = false
            step.commands.append(.restart)
            return step
        }
        if phase == .closed {
            if realTouchNow {
                // A touch wakes it for a visitor, even after hours.
                phase = .visitor
                step.commands += [.resetToDemo, .visitorArrived]
                visitorActive = true
                idle.saw(inputAt: now)
                step.events = input
                return step
            }
            guard open else { return step }
            phase = .attract
            attract.restart(at: now)
            invitationSince = now
            step.commands.append(.resetToDemo)
        }
        if (phase == .attract || phase == .dimmed) && !open && !realTouchNow {
            // Closing time: black, nothing runs.
            phase = .closed
            step.commands.append(.resetToDemo)
            return step
        }
        // Only a finger landing brings a visitor: a key (a keyboard left on the stand, a stray
        // Escape) neither stops the attract loop nor starts an empty visitor session.
        let realTouch = input.contains {
            if case .touch(_, .down, _) = $0.kind { return true }; return false
        }
        if (phase == .attract || phase == .dimmed) && realTouch {
            // Any touch stops the loop at once: the demo comes back fresh and the visitor has it.
            phase = .visitor
            step.commands += [.resetToDemo, .visitorArrived]
            visitorActive = true
            idle.saw(inputAt: now)
        } else if phase == .visitor && !input.isEmpty {
            if !visitorActive && realTouch { visitorActive = true; step.commands.append(.visitorArrived) }
            idle.saw(inputAt: now)
        }
        if phase == .visitor {
            let asked = wayOut.watch(input, viewport: viewport, now: now)
            step.events = input
            if let asked {
                // The editor lets go of every finger (the gesture's fingers must not edit anything).
                step.events.append(InputEvent(time: now, kind: .focusLost))
                if asked == .exit { step.commands.append(.exit) } else { phaseBeforePin = phase; phase = .pin }
                return step
            }
            let timeout = open ? settings.idleTimeout : min(settings.idleTimeout, settings.closedWake)
            if idle.hasGone(at: now, timeout: timeout) {
                if visitorActive { step.commands.append(.visitorLeft) }
                step.commands.append(.resetToDemo)
                visitorActive = false
                phase = open ? .attract : .closed
                attract.restart(at: now)
                invitationSince = now
                wayOut.resetGesture()
                step.events = []
            }
        }
        if phase == .attract, settings.dimAfter > 0, now - invitationSince >= .seconds(settings.dimAfter) {
            // Nobody came for a long while: dim the screen, stop the tour, draw nothing more.
            phase = .dimmed
            step.commands.append(.resetToDemo)
            return step
        }
        if phase == .attract {
            if now >= attract.roundEnds {
                step.commands.append(.resetToDemo)
                attract.restart(at: now)
            }
            step.events += attract.events(through: now)
        }
        return step
    }

    /// The next instant a step must run even without input, and why (after `now`, when given:
    /// a locked PIN pad counts down every second).
    public func nextDue(after now: Time? = nil) -> (time: Time, reason: String)? {
        switch phase {
        case .pin:
            // While locked, the countdown on the pad changes every second.
            return wayOut.nextDue(after: now)
        case .closed:
            return hoursDue
        case .dimmed:
            let shift = nextBurnInShift(after: now ?? lastStepAt).map { ($0, "kiosk burn-in shift") }
            return [hoursDue, shift].compactMap { $0 }.min { $0.time < $1.time }
        case .attract:
            var loop = (attract.nextEventDue ?? attract.roundEnds, "kiosk attract loop")
            if let due = hoursDue, due.time < loop.0 { loop = due }
            if let shift = nextBurnInShift(after: now ?? lastStepAt), shift < loop.0 { loop = (shift, "kiosk burn-in shift") }
            if settings.dimAfter > 0, invitationSince + .seconds(settings.dimAfter) <= loop.0 {
                loop = (invitationSince + .seconds(settings.dimAfter), "kiosk dims")
            }
            guard let now, let pulse = invitationSchedule.nextEntry(after: now, startingAt: invitationSince, mode: .normal), pulse < loop.0 else { return loop }
            return (pulse, "kiosk invitation pulse")
        case .visitor:
            // After hours a woken kiosk sleeps again sooner (`kiosk.closedWake`).
            let open = lastWeek.map(hours.isOpen) ?? true
            var gone = (idle.due(timeout: open ? settings.idleTimeout : min(settings.idleTimeout, settings.closedWake)), "kiosk idle timeout")
            if let hold = wayOut.nextDue(after: now), hold.time < gone.0 { return hold }
            if let shift = nextBurnInShift(after: now ?? lastStepAt), shift < gone.0 { gone = (shift, "kiosk burn-in shift") }
            return gone
        }
    }

    /// Whether the kiosk draws something that changes with time alone (the exit hold's ring).
    public var isAnimating: Bool { phase == .visitor && exitGesture.holdStarted != nil }

    private mutating func stepPin(_ keys: [PinPad.Key], now: Time, into step: inout Step) {
        guard pinPad != nil else { phase = .visitor; return }
        switch wayOut.press(keys, now: now) {
        case .exit?: step.commands.append(.exit)
        case .padClosed?:
            phase = phaseBeforePin
            idle.saw(inputAt: now)
            if phase == .attract { attract.restart(at: now); invitationSince = now; step.commands.append(.resetToDemo) }
        default: break
        }
    }
}
