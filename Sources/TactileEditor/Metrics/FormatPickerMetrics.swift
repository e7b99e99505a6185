import TactileCore
import TactileUI

extension ViewMetrics {
    /// The format picker's sizes (see `FormatPicker`).
    public var formatPicker: FormatPicker {
        get { self[group: FormatPicker.self] }
        set { self[group: FormatPicker.self] = newValue }
    }

    /// The composition format button in the title bar and the picker it opens.
    public struct FormatPicker: ViewMetricsGroup {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// The title bar's button: width, inset from the bar's top and bottom, corner radius, the
        /// aspect glyph's box and line width, the gap between glyph and label. 64, 8, 8, 14, 1.5, 6 pt.
        public var buttonWidth = 64.0, buttonInset = 8.0, buttonRadius = 8.0, buttonGlyph = 14.0, glyphLine = 1.5, buttonGap = 6.0
        /// The picker: its gap below the title bar, padding, corner radius; an option's width,
        /// height, corner radius, glyph box and label height. 4, 8, 14, 68, 76, 10, 34, 18 pt.
        public var panelGap = 4.0, panelPadding = 8.0, panelRadius = 14.0
        public var optionWidth = 68.0, optionHeight = 76.0, optionRadius = 10.0, optionGlyph = 34.0, optionLabelHeight = 18.0
        /// The chosen option's outline width. 2 pt.
        public var chosenLine = 2.0
        /// The line on clips of another shape under the options: its words' height, the Fit /
        /// Fill / Blur choices' height and gap, a choice's glyph. 22, 44, 6, 18 pt.
        public var shapesLabelHeight = 22.0, shapesChoiceHeight = 44.0, shapesChoiceGap = 6.0, shapesGlyph = 18.0
        /// The line's words on more lines than one: each line's height, in the font's ems. 1.25.
        public var shapesLineHeight = 1.25
        /// The room kept clear at each side of an option's name. 2 pt.
        public var labelInset = 2.0
        public init() {}
    }
}
