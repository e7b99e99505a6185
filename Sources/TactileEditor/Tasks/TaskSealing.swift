import TactileCore
import TactileInput

extension EditorState {
    /// The state a sealed plan's task starts from: `project` as the plan started with it, the
    /// playhead at its start, nothing playing, open, selected or being edited, nothing to undo.
    /// The screen, zoom and fingers stay.
    mutating func startAfresh(from project: Project) {
        self.project = project
        selection = nil
        playhead = .zero
        playback = nil
        scrub = nil
        textEdit = nil
        overlayEdit = nil
        browser = nil
        formatPicker = false
        stickerPicker = false
        clipSheet = nil
        transitionPicker = nil
        transitionDurationDrag = nil
        transitionPreviewSince = nil
        exportSheet = false
        history = EditHistory(limit: history.limit)
    }

    /// Whether `event` is kept from the editor because its task is sealed: a finger that comes
    /// down while a judged task's outcome shows is the seal's to its lift (a finger already down
    /// at the judgement goes on, so no gesture is cut in half); so is every key.
    mutating func sealedAway(_ event: InputEvent) -> Bool {
        let sealed = tasks?.isSealed == true
        switch event.kind {
        case let .touch(id, phase, _):
            if sealedFingers.contains(id) {
                if phase == .up || phase == .cancel { sealedFingers.remove(id) }
                return true
            }
            guard sealed, phase == .down else { return false }
            sealedFingers.insert(id)
            return true
        case .key, .text: return sealed
        case .focusLost, .voice, .mediaFolder, .projects: return false
        }
    }
}
