import TactileCore

extension ViewMetrics {
    /// The keyboard's sizes (see `Keyboard`).
    public var keyboard: Keyboard {
        get { self[group: Keyboard.self] }
        set { self[group: Keyboard.self] = newValue }
    }

    /// The on-screen keyboard.
    public struct Keyboard: ViewMetricsGroup {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// A row's height (the keys' hit areas fill it), the gap drawn between keys, the
        /// keyboard's padding, a key's corner radius. 50, 6, 4, 6 pt.
        public var rowHeight = 50.0, keyGap = 6.0, padding = 4.0, keyRadius = 6.0
        /// How short a row may get where a short screen asks the keyboard to give way. 44 pt.
        public var leastRowHeight = 44.0
        /// A letter's size on its key; an accent's least width in the long-press row. 20, 36 pt.
        public var letterFont = 20.0, accentWidth = 36.0
        public init() {}
    }
}
