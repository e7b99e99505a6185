import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileUI
import TactileHeadless

/// Kiosk mode: the exit hold and PIN pad, the next visitor, a visitor gone mid-part.
extension StudySession {
    // MARK: Kiosk mode

    /// The kiosk's share of a step: the exit hold and the PIN pad (which take the input while
    /// open), the next visitor after the thank-you, and a visitor gone mid-part. Returns true
    /// when it answered the step itself.
    func kioskStep(_ input: inout [InputEvent], now: Time, frame: inout ShellFrame) -> Bool {
        guard let kiosk, var way = wayOut else { return false }
        defer { wayOut = way }
        if !input.isEmpty { idle.saw(inputAt: now) }
        switch way.watch(input, viewport: viewport, now: now) {
        case .exit?: return leave(now: now, frame: &frame)
        case .padOpened?: input = [InputEvent(time: now, kind: .focusLost)] // the fingers on the screen let go of what they held
        default: break
        }
        if way.isOpen {
            // A pad left untouched for `pinTimeout` closes before it sees anything more.
            if way.press([], now: now) == .padClosed { needsDraw = true; return false }
            let touches = input.filter {
                if case .touch = $0.kind { return true }; return false
            }
            var outcome: KioskWayOut.Outcome?
            // One pass per touch (a finger changes phase once a pass), or one to draw the pad.
            for t in touches.isEmpty ? [nil] : touches.map({ Optional($0) }) {
                guard let pad = way.pad else { break }
                let ui = UIContext(memory: pinMemory, touches: t.map { [$0] } ?? [], now: now, viewport: viewport, measurer: measurer, theme: theme)
                let keys = PinPadView(ui: ui, pad: pad, settings: kiosk).draw()
                pinMemory = ui.finish()
                pinPicture = ui.draw
                pinLayout = ui.laidOut()
                outcome = way.press(keys, now: now) ?? outcome
                if outcome == .exit || outcome == .padClosed { break }
            }
            switch outcome {
            case .exit?: way.close(); return leave(now: now, frame: &frame)
            case .padClosed?: needsDraw = true; return false
            default: break
            }
            var under = block?.picture(at: now) ?? lastPicture ?? DrawList()
            if let pin = pinPicture { under.add(over: pin) }
            frame.drawList = under
            return true
        }
        if let resetAt, now >= resetAt { nextVisitor(now: now) }
        if block != nil, idle.hasGone(at: now, timeout: kiosk.idleTimeout), case let .running(part) = stage {
            // The visitor went: what they did is kept, the next one starts afresh.
            stop(part, now: now, reason: "idle")
            nextVisitor(now: now)
        }
        return false
    }

    /// The way out was taken: a part that runs ends where it is, and the shell closes.
    func leave(now: Time, frame: inout ShellFrame) -> Bool {
        if case let .running(part) = stage { stop(part, now: now, reason: "exit") }
        exited = true
        frame.commands.append(.exit)
        return true
    }

    /// The screen for the next visitor: the next free number, at the consent.
    func nextVisitor(now: Time) {
        try? studyLog?.close()
        studyLog = nil
        try? studyTrace?.close()
        studyTrace = nil
        unwrittenInput.removeAll()
        answers = nil
        resetAt = nil
        releaseParticipant()
        var n = Self.nextFree(in: folder)
        // Numbers another kiosk is running now are passed over; any other failure is shown.
        while n < 9999 && WriterLock.isHeld(Self.lockURL(of: n, in: folder)) { n += 1 }
        if let refusal = claim(n) { notice = refusal }
        participant = n
        schedule = study.schedule(forParticipant: n)
        stage = .consent
        consentScroll = 0
        memory = UIMemory(input: configuration.input)
        needsDraw = true
    }
}
