import TactileCore
import TactileUI

/// The questionnaire a test plan asks (`TaskRun.Asking`), one item at a time over the whole
/// screen: its heading (for the Single Ease Question, the task it asks about), "Question 3 of
/// 10", the question, its scale or choices, and Back / Next (Done on the last item). Nothing
/// under it takes a tap while it shows.
struct QuestionnaireView {
    static let id = "questionnaire"
    let ui: UIContext
    let layout: EditorLayout
    let theme: Theme
    /// Its text's scale (`--ui-scale`, as asked: the form scrolls where the screen is too short).
    var scale = 1.0

    func draw(_ state: EditorState) -> [EditorIntent] {
        guard let run = state.tasks, let asking = run.asking else { return [] }
        let q = asking.questionnaire.shown(in: theme.strings.language), item = q.items[asking.item], s = theme.strings
        var intents: [EditorIntent] = []
        ui.inLayer(.topmost) {
            let form = Form(ui: ui, theme: theme, viewport: layout.viewport, id: Self.id, scale: scale)
            // (Registered before its buttons: a tap is described by the button it hit.)
            ui.element(
                UIElement(
                    id: Self.id, role: "questionnaire", label: item.text, frame: form.panel,
                    state: [
                        "questionnaire": .string(q.id), "item": .string(item.id), "number": .number(Double(asking.item + 1)),
                        "items": .number(Double(q.items.count)), "chosen": .number(Double(asking.answers[asking.item] ?? 0)),
                    ]))
            // A study's own questionnaire is its author's words; the standard ones are ours.
            let own = !asking.questionnaire.isStandard
            let chosen = asking.answers[asking.item]
            var tapped: Int?
            let last = asking.item + 1 == q.items.count
            var foot: String?
            // Everything but Back and Next scrolls where large text makes it taller than the screen.
            form.scrolling(key: q.id + "." + item.id) {
                form.heading(q.title, isUsersOwn: own)
                if q.items.count > 1 {
                    form.progress(s.format(.questionNumber, ["n": s.digits("\(asking.item + 1)"), "count": s.digits("\(q.items.count)")]))
                }
                if let task = asking.task, let prompt = run.plan.tasks.first(where: { $0.id == task })?.prompt {
                    form.paragraph(
                        prompt, font: form.metrics.bodyFont, color: theme.textSecondary, maximumLines: Int(3 * max(1, scale)), gap: 0, isUsersOwn: true)
                }
                form.paragraph(item.text, isUsersOwn: own)
                switch item.scale {
                case let .likert(points, low, high):
                    tapped = form.scale(points: points, low: low, high: high, chosen: chosen, id: "\(Self.id).\(item.id)", isUsersOwn: own)
                case let .choice(options): tapped = form.choices(options, chosen: chosen, id: "\(Self.id).\(item.id)", isUsersOwn: own)
                }
            } foot: {
                var buttons: [(id: String, label: String, enabled: Bool, primary: Bool)] = [
                    ("\(Self.id).next", last ? s[.done] : s[.next], (tapped ?? chosen) != nil, true)
                ]
                if asking.item > 0 { buttons.append(("\(Self.id).back", s[.back], true, false)) }
                foot = form.foot(buttons)
            }
            if let tapped { intents.append(.chooseAnswer(tapped)) }
            switch foot {
            case "\(Self.id).next"?: intents.append(.confirmAnswer)
            case "\(Self.id).back"?: intents.append(.previousQuestion)
            default: break
            }
        }
        return intents
    }
}
