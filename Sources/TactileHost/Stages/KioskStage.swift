import TactileCore
import TactileEditor
import TactileInput
import TactileKiosk
import TactileUI

/// Kiosk mode (`KioskMode`): the idle reset, the attract tour, dimming and opening hours, the way
/// out and its PIN pad. While the pad is open the input is the pad's; during the tour the
/// editor gets the tour's touches; a reset starts the editor afresh on the demo.
public final class KioskStage: HostStage {
    /// Kiosk mode's rules and state.
    public private(set) var mode: KioskMode
    let setup: KioskSetup
    /// The kiosk overlay's UI pass (invitation, exit ring, PIN pad): what it remembers between
    /// passes, and the picture of the last pass that took input (the PIN pad as it stands).
    private var memory: UIMemory
    private var pinPicture: DrawList?
    /// The PIN pad's last pass as laid out (for the layout check), while it is open.
    private(set) var pinLayout: ScreenLayout?
    /// A fresh visitor's first touches, held one frame while the new editor lays out.
    private var carried: [InputEvent] = []

    init(setup: KioskSetup, kiosk: TactileConfiguration.Kiosk, input: TactileConfiguration.Input, now: Time, pins: PinVerdictBuffer) {
        self.setup = setup
        mode = KioskMode(settings: kiosk, attractTrace: setup.attractTrace, now: now, visitorPresent: setup.visitorPresent)
        mode.pinVerifier?.onVerdict = { pins.add($0) }
        memory = UIMemory(input: input)
    }

    /// Judges the PIN with `verifier` (a replay's recorded verdicts).
    func judgePins(with verifier: PinVerifier) { mode.pinVerifier = verifier }

    /// Whether touches wait for the next frame (a reset's fresh editor).
    var hasCarried: Bool { !carried.isEmpty }

    public func route(_ input: [InputEvent], _ step: inout StageStep) -> [InputEvent] {
        let session = step.session, now = step.now
        var k = mode
        var reset = false
        // While the PIN pad is open the input is the pad's: its UI pass says which keys were tapped.
        let keys = k.phase == .pin ? pass(k, touches: input, session: session, now: now) : []
        let kioskStep = k.step(input, viewport: session.state.viewport, now: now, pinKeys: keys, week: session.wallClockOrigin.map { $0 + now })
        mode = k
        session.followLoopMode()
        step.frame.shift = mode.burnInOffset(at: now)
        if k.phase == .pin {
            _ = pass(k, touches: [], session: session, now: now) // the pad as this step left it
        } else {
            pinPicture = nil
            pinLayout = nil
            memory = UIMemory(input: session.configuration.input)
        }
        var pending = kioskStep.events
        for command in kioskStep.commands {
            switch command {
            case .visitorArrived, .visitorLeft:
                for o in session.observers { o.sessionSawVisitor(command, state: session.state, at: now) }
            case .resetToDemo:
                reset = true
                session.reset(to: setup.demo)
            case .exit:
                session.exited = true
                step.ends = true
                return []
            case .restart:
                session.exited = true
                session.restartRequested = true
                step.ends = true
                return []
            }
        }
        if reset && !pending.isEmpty {
            // A fresh editor lays out once before it takes touches (a touch hits what the last
            // pass drew): the events wait one frame, stamped just after this one (a microsecond,
            // the trace's grid) so that a visitor's recording replays exactly.
            carried = pending.map {
                var e = $0; e.time = now + .seconds(0.000_001); return e
            }
            pending = []
        } else if !carried.isEmpty {
            pending = carried + pending
            carried = []
        }
        return pending
    }

    /// One UI pass of the kiosk overlay over `touches` while the PIN pad is open: its picture
    /// kept, the keys tapped returned.
    private func pass(_ kiosk: KioskMode, touches: [InputEvent], session: HostSession, now: Time) -> [PinPad.Key] {
        let ui = UIContext(
            memory: memory,
            touches: touches.filter {
                if case .touch = $0.kind { return true }; return $0.kind == .focusLost
            },
            now: now, viewport: session.state.viewport, measurer: session.editor.measurer, theme: session.theme)
        let keys = KioskOverlayView(ui: ui, kiosk: kiosk).draw()
        memory = ui.finish()
        pinPicture = ui.draw
        pinLayout = ui.laidOut()
        return keys
    }

    /// The invitation and the exit ring (drawn anew for each picture: they move with the clock
    /// alone), or the PIN pad as it stands.
    public func decorate(_ picture: inout DrawList, now: Time, session: HostSession) {
        var over = pinPicture
        if mode.phase != .pin {
            let ui = UIContext(memory: memory, touches: [], now: now, viewport: session.state.viewport, measurer: session.editor.measurer, theme: session.theme)
            KioskOverlayView(ui: ui, kiosk: mode).draw()
            over = ui.draw
        }
        guard let over else { return }
        picture.add(over: over)
    }

    public func nextDue(after now: Time, session: HostSession) -> (time: Time, reason: String)? { mode.nextDue(after: now) }
    public func nextWork(after now: Time, session: HostSession) -> (time: Time, reason: String)? { mode.nextDue(after: now) }
}
