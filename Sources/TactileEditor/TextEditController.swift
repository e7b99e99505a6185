import Foundation
import TactileCore
import TactileInput
import TactileUI

/// Editing a text overlay's words and look: begun by a tap on a selected text (on the canvas or
/// its clip on the timeline, so a double tap on an unselected one), typed on the on-screen
/// keyboard and a hardware keyboard at once, finished with Done, Escape or a tap outside. A text
/// still showing its placeholder begins with it selected, so the first key replaces it. The
/// caret starts at the end; a tap or a drag in the field places it (typing goes in there,
/// backspace takes the character before it). One edit is one undo step, logged as a "text" edit
/// with the words and the style before and after.
struct TextEditController {
    let editing: TactileConfiguration.Editing
    let appearance: TactileConfiguration.Appearance
    let sessionSettings: TactileConfiguration.Session
    var actions: EditorActions { EditorActions(editing: editing, appearance: appearance, sessionSettings: sessionSettings) }

    /// Begins editing `clipID`; `placeholder` is the words a new text has (selected when it still shows them).
    func begin(_ clipID: String, placeholder: String, _ state: inout EditorState, now: Time, effects: inout Effects) {
        guard state.textEdit == nil, let clip = state.project.clip(withID: clipID)?.clip, clip.kind == .text else { return }
        if state.isPlaying { actions.perform(.togglePlayback, state: &state, now: now, effects: &effects) }
        // The text shows on the canvas only at its time.
        if state.playhead < clip.start || state.playhead >= clip.end { state.playhead = clip.start }
        state.selection = clipID
        var keyboard = KeyboardState(opened: now)
        let replacing = clip.title == placeholder
        // Typing over a selected placeholder starts the text: a capital first.
        keyboard.shift = Self.startsSentence(replacing ? "" : clip.title)
        state.textEdit = TextEditing(clipID: clipID, original: state.project, keyboard: keyboard)
        state.textEdit?.replacesAll = replacing
        effects.log.append(LogEvent(time: now, .textEditBegan(clip: clipID)))
    }

    /// Begins typing the project's name (the title bar's title was tapped): the field shows it,
    /// selected (the first key replaces it; a tap in it places the caret instead); Done or Return
    /// keeps it (an emptied name keeps the old one), one undo step.
    func beginRenaming(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard state.textEdit == nil else { return }
        if state.isPlaying { actions.perform(.togglePlayback, state: &state, now: now, effects: &effects) }
        let keyboard = KeyboardState(opened: now)
        state.textEdit = TextEditing(clipID: TextEditing.projectName, original: state.project, keyboard: keyboard)
        // The whole name selected, as a phone's rename field opens: the first key replaces it.
        state.textEdit?.replacesAll = true
        state.textEdit?.keyboard.shift = true
        effects.log.append(LogEvent(time: now, .textEditBegan(clip: TextEditing.projectName)))
    }

    /// The words edit `id` types into: a text clip's, or the project's name.
    static func words(of id: String, in project: Project) -> String? {
        id == TextEditing.projectName ? project.name : project.clip(withID: id)?.clip.title
    }

    /// The words the edit on screen types into: a text clip's, the project's name, or the name
    /// of a project on the list being renamed.
    static func words(in state: EditorState) -> String? {
        guard let edit = state.textEdit else { return nil }
        if edit.isProjectName, let renaming = state.projectList?.renaming { return renaming.draft }
        return words(of: edit.clipID, in: state.project)
    }

    /// The on-screen keyboard's new state and what it typed, applied in order.
    func keyboard(_ keyboard: KeyboardState, typed: [KeyboardOutput], _ state: inout EditorState, now: Time, effects: inout Effects) {
        state.textEdit?.keyboard = keyboard
        for output in typed {
            // A name is one line: return is Done.
            if output == .newline, state.textEdit?.isProjectName == true { return finish(&state, now: now, effects: &effects) }
            type(output, &state)
        }
    }

    /// Applies what a keyboard typed, at the caret.
    func type(_ output: KeyboardOutput, _ state: inout EditorState) {
        let replacing = state.textEdit?.replacesAll ?? false
        state.textEdit?.replacesAll = false
        var caret = replacing ? nil : state.textEdit?.caret
        let before = Self.words(in: state)
        change(&state) { title in
            if replacing { title = "" }
            var characters = Array(title)
            let at = min(max(0, caret ?? characters.count), characters.count)
            switch output {
            case let .insert(s):
                characters.insert(contentsOf: Array(s), at: at)
                caret = at + s.count
            case .deleteBackward:
                guard at > 0, !replacing else { return }
                characters.remove(at: at - 1)
                caret = at - 1
            case .newline:
                characters.insert("\n", at: at)
                caret = at + 1
            }
            title = String(characters)
        }
        // Capitals where a sentence starts, as phone keyboards do.
        if let words = Self.words(in: state) {
            let count = words.count
            // A key refused (the words at their longest) leaves the caret where it was.
            if words == before { caret = replacing ? nil : state.textEdit?.caret }
            let place = caret.map { min($0, count) }.flatMap { $0 == count ? nil : $0 }
            state.textEdit?.caret = place
            state.textEdit?.keyboard.shift = Self.startsSentence(String(words.prefix(place ?? count)))
        }
    }

    /// Puts the caret before character `at` of the words (nil: after the last), as a finger in
    /// the field did; the placeholder is no longer selected (the finger chose a place in it).
    func placeCaret(at: Int?, dragging: Bool, _ state: inout EditorState) {
        guard let words = Self.words(in: state) else { return }
        let count = words.count
        let place = at.map { min(max(0, $0), count) }
        state.textEdit?.caret = place == count ? nil : place
        state.textEdit?.replacesAll = false
        state.textEdit?.isPlacingCaret = dragging
        state.textEdit?.keyboard.shift = Self.startsSentence(String(words.prefix(place ?? count)))
    }

    /// Whether the next letter after `text` starts a sentence: at the start, after a line break,
    /// or after ". ", "! ", "? ".
    static func startsSentence(_ text: String) -> Bool {
        let trimmed = text.reversed().drop { $0 == " " }
        guard let last = trimmed.first else { return true }
        if last == "\n" { return true }
        return text.last == " " && ".!?".contains(last)
    }

    /// Keys of a hardware keyboard while editing: backspace, return, Escape (done). Others are
    /// left to the text they type.
    func key(_ key: Key, _ state: inout EditorState, now: Time, effects: inout Effects) {
        switch key {
        case .backspace: type(.deleteBackward, &state)
        case .enter:
            // A name is one line: Return is Done.
            if state.textEdit?.isProjectName == true { finish(&state, now: now, effects: &effects) } else { type(.newline, &state) }
        case .escape: finish(&state, now: now, effects: &effects)
        case .undo, .redo, .space, .rotate: break
        }
    }

    func style(_ style: TextStyle, _ state: inout EditorState) {
        guard let edit = state.textEdit, let (_, track) = state.project.clip(withID: edit.clipID),
            let i = state.project.tracks[track].clips.firstIndex(where: { $0.id == edit.clipID })
        else { return }
        state.project.tracks[track].clips[i].textStyle = style
    }

    func finish(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard let edit = state.textEdit else { return }
        state.textEdit = nil
        if edit.isProjectName, state.projectList?.renaming != nil {
            effects.log.append(LogEvent(time: now, .textEditEnded(clip: edit.clipID)))
            return ProjectListController(editing: editing, appearance: appearance, sessionSettings: sessionSettings).finishRenaming(
                &state, now: now, effects: &effects)
        }
        // A text emptied out keeps the words it had (a text clip with nothing to show would be lost
        // on the canvas); so does a name.
        change(&state, clipID: edit.clipID) { title in
            if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { title = Self.words(of: edit.clipID, in: edit.original) ?? "Text" }
        }
        effects.log.append(LogEvent(time: now, .textEditEnded(clip: edit.clipID)))
        guard state.project != edit.original else { return }
        state.history.record(edit.original)
        if edit.isProjectName {
            var event = InteractionEvent.Edit(.rename)
            event.beforeText = edit.original.name
            event.afterText = state.project.name
            return effects.log.append(LogEvent(time: now, .edit(event)))
        }
        var event = InteractionEvent.Edit(.text, clip: edit.clipID, before: edit.original, after: state.project)
        event.beforeText = edit.original.clip(withID: edit.clipID)?.clip.title ?? ""
        event.afterText = state.project.clip(withID: edit.clipID)?.clip.title ?? ""
        // The look chosen while editing, before and after ("large yellow boxed").
        func look(_ p: Project) -> String { p.clip(withID: edit.clipID).map { Self.describe($0.clip.style) } ?? "" }
        event.beforeStyle = look(edit.original)
        event.afterStyle = look(state.project)
        effects.log.append(LogEvent(time: now, .edit(event)))
    }

    /// A style in words for the log: size, colour and whether it sits on a box ("large yellow boxed").
    static func describe(_ style: TextStyle) -> String { "\(style.size.rawValue) \(style.colour.rawValue)\(style.background ? " boxed" : "")" }

    private func change(_ state: inout EditorState, clipID: String? = nil, _ body: (inout String) -> Void) {
        if (clipID ?? state.textEdit?.clipID) == TextEditing.projectName, var renaming = state.projectList?.renaming {
            body(&renaming.draft)
            renaming.draft = renaming.draft.replacingOccurrences(of: "\n", with: " ")
            if renaming.draft.count <= ProjectFile.maximumTextLength { state.projectList?.renaming = renaming }
            return
        }
        if (clipID ?? state.textEdit?.clipID) == TextEditing.projectName {
            var name = state.project.name
            body(&name)
            // A name is one line: a return ends it.
            name = name.replacingOccurrences(of: "\n", with: " ")
            if name.count <= ProjectFile.maximumTextLength { state.project.name = name }
            return
        }
        guard let id = clipID ?? state.textEdit?.clipID, let (_, track) = state.project.clip(withID: id),
            let i = state.project.tracks[track].clips.firstIndex(where: { $0.id == id })
        else { return }
        var title = state.project.tracks[track].clips[i].title
        body(&title)
        if title.count > ProjectFile.maximumTextLength { return }
        state.project.tracks[track].clips[i].title = title
    }
}
