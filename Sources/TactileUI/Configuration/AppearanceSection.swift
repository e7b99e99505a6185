import TactileCore

extension TactileConfiguration {
    /// The editor's colours.
    public var theme: Appearance {
        get { self[section: Appearance.self] }
        set { self[section: Appearance.self] = newValue }
    }

    public struct Appearance: ConfigurationSection {
        public static let key = "theme"
        /// The chrome's language and number format, as a locale: "en", "ar_EG" (Arabic, right to
        /// left: the chrome mirrors, the timeline does not), "de_DE". Empty: from the environment
        /// (`LC_ALL`, `LC_MESSAGES`, `LANG`; `--locale` overrides both). Languages without a
        /// table show English. Default "".
        public var locale = ""
        /// Colours as "#RRGGBB". Defaults: a dark theme in the manner of modern phone editors.
        /// The screen's background. Default "#0B0B0F".
        public var background = "#0B0B0F"
        /// Bars and panels. Default "#16161D".
        public var surface = "#16161D"
        /// Buttons and tiles on a panel. Default "#202029".
        public var surfaceRaised = "#202029"
        /// Primary text. Default "#F2F2F7".
        public var textPrimary = "#F2F2F7"
        /// Secondary text. Default "#9A9AA8".
        public var textSecondary = "#9A9AA8"
        /// Buttons, highlights. Default "#0A84FF".
        public var accent = "#0A84FF"
        /// The selection frame, its handles and the snap guides: a bold blue, as the trimming
        /// article's editor has it. Default "#2F6BFF".
        public var selection = "#2F6BFF"
        /// The icons and grooves drawn on the selection's handles and frame. Default "#FFFFFF".
        public var selectionInk = "#FFFFFF"
        /// Warnings: frames that came late in the frame monitor. Default "#FFD60A".
        public var warning = "#FFD60A"
        /// The playhead. Default "#FFFFFF".
        public var playhead = "#FFFFFF"
        /// Errors. Default "#FF453A".
        public var danger = "#FF453A"
        /// A task done. Default "#30D158".
        public var success = "#30D158"
        /// The desk around the phone. Default "#2A2D34".
        public var desk = "#2A2D34"
        /// Touch indicators. Default "#FFFFFF".
        public var touches = "#FFFFFF"
        public init() {}

        public func problems() -> [ConfigurationError] {
            var out: [ConfigurationError] = []
            for (k, v) in [
                ("background", background), ("surface", surface), ("surfaceRaised", surfaceRaised),
                ("textPrimary", textPrimary), ("textSecondary", textSecondary), ("accent", accent),
                ("selection", selection), ("playhead", playhead), ("danger", danger), ("desk", desk),
                ("touches", touches), ("success", success), ("selectionInk", selectionInk),
                ("warning", warning),
            ] where HexColor.parse(v) == nil {
                out.append(.init(key: "theme.\(k)", "must be a colour like \"#0A84FF\", not \"\(PrintableText.of(v, limit: 40))\""))
            }
            if locale.count > 32 || !locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.@".contains($0)) }) {
                out.append(
                    .init(
                        key: "theme.locale",
                        "must be a locale like \"ar_EG\" or \"de_DE\" (or empty for the environment's), not \"\(PrintableText.of(locale, limit: 40))\""))
            }
            return out
        }
        public static let ranges: [String: ConfigurationRange] = [:]
    }
}
