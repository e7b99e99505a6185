import TactileCore
import TactileUI

extension ViewMetrics {
    /// The text editor's sizes (see `TextEditor`).
    public var textEditor: TextEditor {
        get { self[group: TextEditor.self] }
        set { self[group: TextEditor.self] = newValue }
    }

    /// Editing a text: the field, Done and the style row above the keyboard.
    public struct TextEditor: ViewMetricsGroup {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// A row's height (the field, the styles), the padding around and between them, Done's
        /// width, the field's corner radius and text inset. 44, 8, 72, 10, 12 pt.
        public var barHeight = 44.0, padding = 8.0, doneWidth = 72.0, fieldRadius = 10.0, fieldInset = 12.0
        /// The caret: width, and height as a multiple of the field's font size. 2 pt, 1.3.
        public var caretWidth = 2.0, caretHeight = 1.3
        /// A style button's width, the medium "A"'s size, the gap before the colours, a colour's
        /// dot, outlines. 44, 16, 8, 26, 1.5 pt.
        public var styleSlot = 44.0, sizeGlyph = 16.0, groupGap = 8.0, swatch = 26.0, outline = 1.5
        /// The magnifier over the field while a finger places the caret: its size, how far above
        /// the field it stands (clear of the finger), its corner radius and how much it enlarges.
        /// 120 × 44, 12, 12 pt, 1.6×.
        public var magnifierWidth = 120.0, magnifierHeight = 44.0, magnifierLift = 12.0, magnifierRadius = 12.0, magnification = 1.6
        /// In landscape the field and keyboard stand beside the canvas when the other side leaves
        /// at least this width (else across the bottom). 300 pt.
        public var sideMinimumWidth = 300.0
        public init() {}
    }
}
