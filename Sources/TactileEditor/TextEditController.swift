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

    /// Applies what a keyboard typed, at the caret.
    func type(_ output: KeyboardOutput, _ state: inout EditorState) {
        let replacing = state.textEdit?.replacesAll ?? false
        state.textEdit?.replacesAll = false
        var caret = replacing ? nil : state.textEdit?.caret
        let before = state.textEdit.flatMap { state.project.clip(withID: $0.clipID)?.clip.title }
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
        if let id = state.textEdit?.clipID, let clip = state.project.clip(withID: id)?.clip {
            let count = clip.title.count
            // A key refused (the words at their longest) leaves the caret where it was.
            if clip.title == before { caret = replacing ? nil : state.textEdit?.caret }
            let place = caret.map { min($0, count) }.flatMap { $0 == count ? nil : $0 }
            state.textEdit?.caret = place
            state.textEdit?.keyboard.shift = Self.startsSentence(String(clip.title.prefix(place ?? count)))
        }
    }

    /// Puts the caret before character `at` of the words (nil: after the last), as a finger in
    /// the field did; the placeholder is no longer selected (the finger chose a place in it).
    func placeCaret(at: Int?, dragging: Bool, _ state: inout EditorState) {
        guard let edit = state.textEdit, let clip = state.project.clip(withID: edit.clipID)?.clip else { return }
        let count = clip.title.count
        let place = at.map { min(max(0, $0), count) }
        state.textEdit?.caret = place == count ? nil : place
        state.textEdit?.replacesAll = false
        state.textEdit?.isPlacingCaret = dragging
        state.textEdit?.keyboard.shift = Self.startsSentence(String(clip.title.prefix(place ?? count)))
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
        case .enter: type(.newline, &state)
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
        // A text emptied out keeps the words it had (a text clip with nothing to show would be lost on the canvas).
        change(&state, clipID: edit.clipID) { title in
            if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { title = edit.original.clip(withID: edit.clipID)?.clip.title ?? "Text" }
        }
        effects.log.append(LogEvent(time: now, .textEditEnded(clip: edit.clipID)))
        guard state.project != edit.original else { return }
        state.history.record(edit.original)
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
        guard let id = clipID ?? state.textEdit?.clipID, let (_, track) = state.project.clip(withID: id),
            let i = state.project.tracks[track].clips.firstIndex(where: { $0.id == id })
        else { return }
        var title = state.project.tracks[track].clips[i].title
        body(&title)
        if title.count > ProjectFile.maximumTextLength { return }
        state.project.tracks[track].clips[i].title = title
    }
}
