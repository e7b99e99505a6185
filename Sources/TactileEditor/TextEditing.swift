import TactileCore
import TactileUI

/// A text overlay being typed into: its clip (whose title changes as the user types, so the
/// canvas shows it live), the project from before (one undo step, or a cancel), the keyboard.
/// The project's name is typed into the same way (`clipID` is then `projectName`).
public struct TextEditing: Sendable {
    /// What `clipID` is while the project's name is being typed (the title bar's title was tapped).
    public static let projectName = "#project-name"
    public var clipID: String
    /// Whether the project's name is being typed, not a text clip's words.
    public var isProjectName: Bool { clipID == Self.projectName }
    var original: Project
    public var keyboard: KeyboardState
    /// Whether the words are selected, as a new text's placeholder is: the first key replaces them
    /// (typing "Summer" over "Text" gives "Summer"), backspace clears them.
    public var replacesAll = false
    /// Where the caret stands among the words' characters (nil: after the last). A tap or a drag
    /// in the field places it; typing goes in there and backspace takes the character before it.
    public var caret: Int?
    /// Whether a finger is dragging the caret along the field (the magnifier shows above it).
    public var isPlacingCaret = false
}
