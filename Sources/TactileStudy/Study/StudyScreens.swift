import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileUI
import TactileHeadless

/// The study's own screens: the number keypad, the consent, a part's introduction, the thanks.
extension StudySession {
    // MARK: The study's screens

    /// One UI pass over the study's own screen for the stage.
    func pass(_ touches: [InputEvent], now: Time) -> DrawList {
        let ui = UIContext(memory: memory, touches: touches, now: now, viewport: viewport, measurer: measurer, theme: theme)
        ui.fill(Rect(origin: .zero, size: viewport), theme.background)
        let s = theme.strings
        ui.inLayer(.topmost) {
            let form = Form(ui: ui, theme: theme, viewport: viewport, id: "study", scale: configuration.layout.uiScale)
            switch stage {
            case .participant: keypad(form, now: now)
            case .consent:
                let agreeButton = ("study.agree", s[.agree], true, true), declineButton = ("study.decline", s[.decline], true, false)
                var answer: String?
                if configuration.layout.uiScale > 1 {
                    // Large text: the whole consent scrolls as one page (its own window would be a few lines tall).
                    form.scrolling(key: stageName) {
                        form.heading(s[.consentHeading])
                        form.paragraph(study.title, isUsersOwn: true)
                        form.paragraph(study.consent, font: form.metrics.bodyFont, maximumLines: 2000, isUsersOwn: true)
                    } foot: {
                        answer = form.foot([agreeButton, declineButton])
                    }
                } else {
                    form.heading(s[.consentHeading])
                    // The study's title and consent are its author's words, in its participants' language.
                    form.paragraph(study.title, isUsersOwn: true)
                    let text = form.scrollingText(study.consent, offset: consentScroll, id: "study.consent", isUsersOwn: true)
                    for g in text.scrolls {
                        switch g.phase {
                        case .began: consentAnchor = consentScroll
                        case .changed: if let anchor = consentAnchor { consentScroll = min(max(0, anchor - g.translation.y), max(0, text.height - text.room)) }
                        default: consentAnchor = nil
                        }
                    }
                    answer = form.foot([agreeButton, declineButton])
                }
                switch answer {
                case "study.agree"?: agree(now: now)
                case "study.decline"?:
                    stage = .declined
                    // Nothing of one who declined is kept, not even the lock on their number: only
                    // when it happened, so the report can count declines.
                    releaseParticipant()
                    if let reason = DeclinedConsents.record(at: wallClock(), in: folder) { problem("the decline could not be noted: \(reason)") }
                    if let kiosk { resetAt = now + .seconds(kiosk.studyResetAfter) }
                    logStudy(LogEvent(time: now, .consent(participant: nil, agreed: false))) // told, never written
                default: break
                }
            case let .intro(part):
                let count = schedule?.blocks.count ?? 0
                var started = false
                form.scrolling(key: stageName) {
                    if case let .block(n) = part {
                        form.heading(s.format(.partNumber, ["n": s.digits("\(n + 1)"), "count": s.digits("\(count)")]))
                        // After the first part the participant is told the editor has changed, so they do
                        // not take the next part for a repeat of the last.
                        form.paragraph(s[n == 0 ? .partIntro : .partIntroChanged])
                    } else {
                        form.heading(s[.practice])
                        form.paragraph(s[.practiceIntro])
                    }
                } foot: {
                    started = form.foot([("study.start", s[.start], true, true)]) != nil
                }
                if case let .block(n) = part {
                    ui.element(UIElement(id: "study.intro", role: "text", label: s[n == 0 ? .partIntro : .partIntroChanged], frame: form.panel))
                }
                if started { start(part, now: now) }
            case .running:
                break
            case .thanks:
                form.scrolling(key: stageName) {
                    form.heading(study.title, isUsersOwn: true)
                    form.paragraph(s[.thankYou])
                    form.paragraph(s[.thankYouDone], font: form.metrics.bodyFont)
                } foot: {
                }
            case .declined:
                form.scrolling(key: stageName) {
                    form.heading(study.title, isUsersOwn: true)
                    form.paragraph(s[.declinedThanks])
                } foot: {
                }
            }
            ui.element(UIElement(id: "study", role: "studyScreen", label: study.title, frame: form.panel, state: ["stage": .string(stageName)]))
        }
        memory = ui.finish()
        elements = ui.elements
        screenLayout = ui.laidOut()
        return ui.draw
    }

    /// What is on screen at `now`, for the layout check: the editor's while a part runs, else
    /// the study's own screen; the PIN pad over either while it is open.
    public func screenLayouts(at now: Time) -> [ScreenLayout] {
        var out = block?.screenLayouts(at: now) ?? [screenLayout ?? ScreenLayout(name: "phone", size: viewport)]
        if let pin = pinLayout, wayOut?.isOpen == true {
            out[0] = out[0].covered(by: pin)
            out[0].picture.add(over: pin.picture)
        }
        return out
    }

    /// The stage's name for inspection and the observer ("consent", "block 2", "thanks").
    /// Where the run stopped, as the closing line says it: "before block 2", "in block 1", "at the consent".
    public var whereStopped: String {
        switch stage {
        case .participant: return "at the participant number"
        case .consent: return "at the consent"
        case let .intro(p): return "before " + partName(p)
        case let .running(p): return "in " + partName(p)
        case .thanks: return "at the thanks"
        case .declined: return "at the declined consent"
        }
    }

    public var stageName: String {
        switch stage {
        case .participant: return "participant"
        case .consent: return "consent"
        case let .intro(p): return "before " + partName(p)
        case let .running(p): return partName(p)
        case .thanks: return "thanks"
        case .declined: return "declined"
        }
    }

    /// The participant-number keypad: digits, Clear, and Start once a number is typed.
    func keypad(_ form: Form, now: Time) {
        let s = theme.strings, m = form.metrics
        // Portrait: the number, then the keys under it; landscape: the title and number in the
        // leading third, the keys in the middle one over the whole height, Start in the trailing
        // one. With text larger than designed, the portrait stack, scrolling where it must.
        let large = configuration.layout.uiScale > 1
        let wide = form.content.width > form.content.height && !large
        let third = form.content.width / 3
        if wide {
            form.column = theme.mirrored(Rect(x: form.content.x, y: form.content.y, width: third - m.keyGap, height: form.content.height), in: form.content)
        }
        var start = false
        if large {
            form.scrolling(key: stageName) {
                keypadParts(form, wide: false, third: third, scrolls: true)
            } foot: {
                start = form.foot([("study.start", s[.start], !digits.isEmpty, true)]) != nil
            }
        } else {
            keypadParts(form, wide: wide, third: third, scrolls: false)
            start = form.foot([("study.start", s[.start], !digits.isEmpty, true)], widest: wide ? third - m.keyGap : nil) != nil
        }
        guard start, let n = Int(digits) else { return }
        if let refusal = Self.refusal(of: n, in: folder) ?? claim(n) {
            notice = refusal
        } else {
            participant = n
            schedule = study.schedule(forParticipant: n)
            stage = .consent
            logStudy(LogEvent(time: now, .participant(StudyAnswers.name(of: n))))
        }
    }

    /// The title, "Participant number", the number typed, a refusal's words, and the keys.
    /// `scrolls`: in the scrolling stack (large text), where the parts follow one another; else
    /// the keys stand where they were designed, over Start whatever the refusal says.
    private func keypadParts(_ form: Form, wide: Bool, third: Double, scrolls: Bool) {
        let s = theme.strings, m = form.metrics, ui = form.ui
        form.heading(study.title, isUsersOwn: true)
        form.paragraph(s[.participantNumber])
        let column = form.column
        let number = Rect(x: column.x, y: form.cursor, width: column.width, height: m.numberHeight)
        let name = Int(digits).map(StudyAnswers.name(of:)) ?? "–"
        ui.text(
            name, in: number, font: ui.font(fitting: name, width: number.width, from: m.numberFont), color: theme.textPrimary,
            alignment: wide ? theme.leading : .center)
        let y: Double, room: Double
        if scrolls {
            // The keys follow the refusal's words, and need not fit over Start (the stack scrolls).
            form.advance(to: number.maxY)
            if let notice { form.paragraph(notice, font: m.progressFont, color: theme.danger, gap: 0) }
            (y, room) = (form.cursor + m.bodyGap, .greatestFiniteMagnitude)
        } else {
            if let notice {
                ui.paragraph(
                    notice, in: Rect(x: column.x, y: number.maxY + m.bodyGap, width: column.width, height: m.progressHeight), font: m.progressFont,
                    color: theme.danger, alignment: wide ? theme.leading : .center, lineHeight: m.lineHeight, maximumLines: 3)
            }
            y = wide ? form.content.y : number.maxY + 2 * m.bodyGap + m.progressHeight
            room = (wide ? form.content.maxY : form.footTop - m.bodyGap) - y
        }
        let side = max(theme.metrics.form.minimumTarget, min(m.keyMaximum, ((wide ? third : form.content.width) - 2 * m.keyGap) / 3, (room - 3 * m.keyGap) / 4))
        let x0 = form.content.midX - (3 * side + 2 * m.keyGap) / 2
        let keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", ""]
        for (i, key) in keys.enumerated() where !key.isEmpty {
            let frame = Rect(x: x0 + Double(i % 3) * (side + m.keyGap), y: y + Double(i / 3) * (side + m.keyGap), width: side, height: side)
            let label = key == "clear" ? s[.clear] : s.digits(key)
            if ui.button(
                "study.key.\(key)", role: "key", label: label, frame: frame,
                draw: { look in
                    ui.fill(frame, look.pressed ? theme.surface : theme.background, radius: m.answerRadius)
                    form.words(
                        label, in: frame.insetBy(dx: 2, dy: 0), font: key == "clear" ? m.bodyFont : m.answerFont, color: theme.textPrimary, alignment: .center)
                })
            {
                notice = nil
                // No leading zeros, at most four digits (P0001 … P9999).
                if key == "clear" { digits = "" } else if digits.count < 4, let n = Int(digits + key) { digits = n == 0 ? "" : String(n) }
            }
        }
        if scrolls { form.advance(to: y + 4 * side + 3 * m.keyGap + m.bodyGap) }
    }
}
