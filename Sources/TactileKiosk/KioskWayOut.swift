import TactileCore
import TactileInput

/// The kiosk's one way out, shared by the editor kiosk (`KioskMode`) and a kiosk study: the exit
/// gesture on the visitor's raw touches (the hold of `exitFingers` fingers, or the corner taps in
/// `exitCornerSequence`), then the PIN pad, refusing digits for `pinLockoutDuration` after
/// `pinAttempts` wrong PINs in a row (the count is kept when the pad closes and opens again), then
/// the exit. Without a PIN the gesture leads straight out.
public struct KioskWayOut: Sendable {
    /// What a step of the way out led to.
    public enum Outcome: Equatable, Sendable {
        /// The gesture was made and the PIN pad opened: the fingers on the screen must let go of
        /// what they held.
        case padOpened
        /// The right PIN (or, without a PIN, the gesture): leave.
        case exit
        /// The pad was cancelled or timed out.
        case padClosed
    }

    public let settings: TactileConfiguration.Kiosk
    /// The gesture being watched.
    public private(set) var gesture: ExitGesture
    /// The PIN pad while it is open.
    public private(set) var pad: PinPad?
    /// Judges the PIN (from `kiosk.pinHash`, or an older file's `kiosk.pin`); nil: no PIN, the
    /// gesture opens the way at once. A replay puts the recorded verdicts in its place.
    public var verifier: PinVerifier?
    /// Wrong PINs since the last lockout.
    public private(set) var failures = 0
    /// Until when the pad refuses digits.
    public private(set) var lockedUntil: Time?

    public init(settings: TactileConfiguration.Kiosk) {
        self.settings = settings
        gesture = ExitGesture(settings: settings)
        verifier = PinVerifier(settings: settings)
    }

    /// Whether the PIN pad is open (it then takes the input).
    public var isOpen: Bool { pad != nil }

    /// Follows the visitor's `input` (in a viewport of `viewport`) while the pad is closed:
    /// `.padOpened` or `.exit` when the gesture was completed by `now`.
    public mutating func watch(_ input: [InputEvent], viewport: Size, now: Time) -> Outcome? {
        guard pad == nil else { return nil }
        let asked = gesture.update(with: input, viewport: viewport) || gesture.holdCompleted(at: now)
        guard asked else { return nil }
        gesture.reset()
        guard let verifier else { return .exit }
        pad = PinPad(verifier: verifier, timeout: settings.pinTimeout, openedAt: now, lockedUntil: lockedUntil)
        return .padOpened
    }

    /// The pad's `keys` tapped at `now` (seen by a `PinPadView` pass over the open pad); also
    /// closes the pad when it timed out.
    public mutating func press(_ keys: [PinPad.Key], now: Time) -> Outcome? {
        guard var pad else { return nil }
        var outcome: PinPad.Outcome?
        for key in keys where outcome == nil || outcome == .wrong {
            outcome = pad.press(key, at: now)
            if outcome == .wrong {
                failures += 1
                if failures >= settings.pinAttempts {
                    failures = 0
                    let until = now + .seconds(settings.pinLockoutDuration)
                    lockedUntil = until
                    pad.lock(until: until)
                }
            }
        }
        self.pad = pad
        // The pad stays on screen for the last frame before the exit.
        if outcome == .unlocked { failures = 0; return .exit }
        if outcome == .cancelled || now >= pad.closesAt { self.pad = nil; return .padClosed }
        return nil
    }

    /// Closes the pad (after the exit it led to).
    public mutating func close() { pad = nil }

    /// Forgets the gesture in progress (the screen was handed to someone else).
    public mutating func resetGesture() { gesture.reset() }

    /// The next instant the way out needs a step without input, and why: the hold completing,
    /// the pad's lockout countdown (it changes every second) or its timeout.
    public func nextDue(after now: Time? = nil) -> (time: Time, reason: String)? {
        guard let pad else { return gesture.holdDue.map { ($0, "kiosk exit hold") } }
        if let locked = pad.lockedUntil, let now, locked > now {
            let whole = Time.seconds(1)
            let left = locked - now
            let tick = locked - whole * (left.ticks / whole.ticks)
            return (min(tick > now ? tick : tick + whole, pad.closesAt), "kiosk PIN lockout")
        }
        return (pad.closesAt, "kiosk PIN timeout")
    }
}
