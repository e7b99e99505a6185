import TactileCore
import TactileUI

/// A text overlay being typed into: its clip (whose title changes as the user types, so the
/// canvas shows it live), the project from before (one undo step, or a cancel), the keyboard.
public struct TextEditing: Sendable {
    public var clipID: String
    var original: Project
    public var keyboard: KeyboardState
    /// Whether the words are selected, as a new text's placeholder is: the first key replaces them
    /// (typing "Summer" over "Text" gives "Summer"), backspace clears them.
    public var replacesAll = false
}
