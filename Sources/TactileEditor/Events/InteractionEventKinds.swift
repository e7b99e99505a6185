/// What kind of thing an event is, asked of the typed event (never of its wire name): the
/// questions several readers share.
extension InteractionEvent {
    /// An edit, or one taken back or done again: the project may differ after it.
    public var changesProject: Bool {
        switch self {
        case .edit, .undo, .redo: true
        default: false
        }
    }

    /// A participant's answer, a questionnaire finished, or a task judged: what the study's
    /// answers file takes.
    public var isStudyAnswer: Bool {
        switch self {
        case .answer, .questionnaireDone, .taskEnded: true
        default: false
        }
    }
}
