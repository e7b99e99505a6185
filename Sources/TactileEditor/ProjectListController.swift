import TactileCore
import TactileInput
import TactileUI

/// The project list's behaviour: it opens over the editor (the project on screen joins the shelf
/// the first time), asks the shelf for what a person does on it, and takes the shelf's news
/// (a listing; a project opened, which the editor then shows with a fresh history).
struct ProjectListController {
    let editing: TactileConfiguration.Editing
    let appearance: TactileConfiguration.Appearance
    let sessionSettings: TactileConfiguration.Session
    var strings: Strings { Strings(localeIdentifier: appearance.locale) }
    private var textEdits: TextEditController { TextEditController(editing: editing, appearance: appearance, sessionSettings: sessionSettings) }

    /// Opens the list: playback stops, sheets close, a text being typed is kept; the project on
    /// screen is put on the shelf when it is not there yet, and the shelf is listed.
    func open(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard state.showsProjectsButton, state.projectList == nil else { return }
        if state.textEdit != nil { textEdits.finish(&state, now: now, effects: &effects) }
        ClipSheetController(editing: editing, appearance: appearance, sessionSettings: sessionSettings).commitDrag(&state, now: now, effects: &effects)
        state.playback = nil
        state.browser = nil
        state.clipSheet = nil
        state.formatPicker = false
        state.stickerPicker = false
        state.transitionPicker = nil
        state.exportSheet = false
        if state.voiceOver != nil {
            VoiceOverController(editing: editing, appearance: appearance, sessionSettings: sessionSettings).close(&state, now: now, effects: &effects)
        }
        state.projectList = ProjectList(opened: now)
        if state.projectID == nil { effects.projects.append(.keep(state.project)) }
        effects.projects.append(.list)
        effects.log.append(LogEvent(time: now, .projects(.openList, project: state.projectID)))
    }

    func perform(_ intent: ProjectListIntent, _ state: inout EditorState, now: Time, effects: inout Effects) {
        guard state.projectList != nil else { return }
        func log(_ action: ProjectListAction, _ id: String?) { effects.log.append(LogEvent(time: now, .projects(action, project: id))) }
        switch intent {
        case .toggleMenu, .scroll: break
        default: state.projectList?.menu = nil
        }
        switch intent {
        case .close:
            state.projectList = nil
            log(.closeList, state.projectID)
        case let .open(id):
            if id == state.projectID { return perform(.close, &state, now: now, effects: &effects) }
            if let problem = state.shelf.first(where: { $0.id == id })?.problem {
                return showProblem(strings.format(text: EditorText.projectCannotOpen, ["reason": problem]), &state, now: now)
            }
            effects.projects.append(.open(id))
            log(.open, id)
        case .new:
            effects.projects.append(
                .create(
                    name: freshName(base: strings[text: EditorText.newProject], numbered: EditorText.newProjectNumbered, state), format: state.project.format))
            effects.cues.append(CueEvent(.impactLight, reason: "newProject"))
            log(.new, nil)
        case let .toggleMenu(id):
            let shown = state.projectList?.menu
            state.projectList?.menu = shown == id ? nil : id
            state.projectList?.revealMenu = shown != id
        case let .duplicate(id):
            guard let name = name(of: id, state) else { return }
            let copy = strings.format(text: EditorText.projectCopy, ["name": name])
            effects.projects.append(.duplicate(id, name: freshName(base: copy, numbered: nil, state)))
            log(.duplicate, id)
        case let .rename(id):
            if id == state.projectID { return textEdits.beginRenaming(&state, now: now, effects: &effects) }
            guard let name = name(of: id, state), state.textEdit == nil else { return }
            state.projectList?.renaming = ProjectList.Renaming(id: id, draft: name)
            var keyboard = KeyboardState(opened: now)
            keyboard.shift = true
            state.textEdit = TextEditing(clipID: TextEditing.projectName, original: state.project, keyboard: keyboard)
            state.textEdit?.replacesAll = true
            effects.log.append(LogEvent(time: now, .textEditBegan(clip: TextEditing.projectName)))
        case let .delete(id):
            // The project on screen stays: open another first.
            guard id != state.projectID, state.shelf.contains(where: { $0.id == id }) else { return }
            effects.projects.append(.delete(id))
            effects.cues.append(CueEvent(.impactMedium, reason: "deleteProject"))
            log(.delete, id)
        case let .scroll(offset):
            state.projectList?.scroll = max(0, offset)
            state.projectList?.revealMenu = false
        case .undoDelete:
            guard let deleted = state.projectList?.deleted, now < deleted.until else { return }
            state.projectList?.deleted = nil
            effects.projects.append(.restore(deleted.listing.id))
            log(.restore, deleted.listing.id)
        }
    }

    /// Gestures on the list: a vertical pan scrolls the rows (clamped to them), a tap on a row opens its project.
    func apply(
        _ g: GestureEvent, on target: ProjectListTarget, _ state: inout EditorState, layout: EditorLayout, sizes: TactileConfiguration.Layout,
        theme: Theme, measurer: TextMeasurer, now: Time, effects: inout Effects
    ) {
        guard var list = state.projectList else { return }
        switch (g.kind, g.phase) {
        case (.tap, _):
            if case let .row(id) = target { perform(.open(id), &state, now: now, effects: &effects) }
            if case let .action(intent) = target { perform(intent, &state, now: now, effects: &effects) }
        case (.scroll, .began):
            list.scrollAnchor = list.scroll
            state.projectList = list
        case (.scroll, .changed):
            guard let anchor = list.scrollAnchor else { return }
            let frames = ProjectListLayout(state, layout: layout, sizes: sizes, theme: theme, measurer: measurer, now: now)
            let most = frames.maxScroll(count: ProjectListView.entries(state).count, menu: list.menu != nil)
            list.scroll = min(max(0, anchor - g.translation.y), most)
            state.projectList = list
        case (.scroll, _):
            list.scrollAnchor = nil
            state.projectList = list
        default:
            break
        }
    }

    /// A renamed project's name typed on the list's keyboard is done: the shelf is asked to
    /// keep it (an emptied name keeps the old one). Not an edit of the project on screen.
    func finishRenaming(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard let renaming = state.projectList?.renaming else { return }
        state.projectList?.renaming = nil
        let name = renaming.draft.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name != self.name(of: renaming.id, state) else { return }
        effects.projects.append(.rename(renaming.id, name: name))
        effects.log.append(LogEvent(time: now, .projects(.rename, project: renaming.id)))
    }

    /// The shelf's news: a listing, the project on screen kept, a project opened, a delete to undo, a failure.
    func receive(_ news: ProjectNews, _ state: inout EditorState, now: Time, effects: inout Effects) {
        switch news {
        case let .listed(listings):
            state.shelf = listings
        case let .kept(id):
            state.projectID = id
        case let .opened(id, project):
            show(project, id: id, &state)
        case let .deleted(listing):
            state.projectList?.deleted = ProjectList.Deleted(listing: listing, until: now + .seconds(editing.projectUndoDuration))
            state.shelf.removeAll { $0.id == listing.id }
        case let .failed(reason):
            showProblem(strings.format(text: EditorText.projectProblem, ["reason": reason]), &state, now: now)
        }
    }

    /// The editor shows `project` (opened or new), saved as `id` from now on: at its start,
    /// nothing selected or open, a history of its own; the list closes.
    private func show(_ project: Project, id: String, _ state: inout EditorState) {
        state.project = project
        state.projectID = id
        state.history = EditHistory(limit: editing.undoLimit)
        state.selection = nil
        state.playhead = .zero
        state.playback = nil
        state.scrub = nil
        state.textEdit = nil
        state.overlayEdit = nil
        state.clipSheet = nil
        state.timeline = TimelineMotion()
        state.projectList = nil
        state.effectsChecked = nil
        state.mediaFit = nil
    }

    private func showProblem(_ message: String, _ state: inout EditorState, now: Time) {
        state.banner = Banner(message: message, isError: true, until: now + .seconds(editing.bannerDuration))
    }

    /// The name of project `id`: the one on screen's as it is now, else the listing's.
    private func name(of id: String, _ state: EditorState) -> String? {
        id == state.projectID ? state.project.name : state.shelf.first { $0.id == id }?.name
    }

    /// `base`, or with a number after it ("New project 2", "Road trip copy 2") when a project
    /// on the shelf has that name.
    private func freshName(base: String, numbered: EditorText?, _ state: EditorState) -> String {
        let taken = Set(state.shelf.map(\.name) + [state.project.name])
        guard taken.contains(base) else { return base }
        for n in 2... {
            let digits = strings.digits("\(n)")
            let name = numbered.map { strings.format(text: $0, ["n": digits]) } ?? "\(base) \(digits)"
            if !taken.contains(name) { return name }
        }
        return base
    }
}
