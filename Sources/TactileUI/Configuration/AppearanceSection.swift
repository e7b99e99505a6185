import TactileCore

extension TactileConfiguration {
    public var theme: Appearance {
        get { self[section: Appearance.self] }
        set { self[section: Appearance.self] = newValue }
    }

    public struct Appearance: ConfigurationSection {
        public static let key = "theme"
        public static let about = "The editor's colours."
        @Setting(
            """
            The chrome's language and number format, as a locale: "en", "ar_EG" (Arabic, right to left: the chrome
            mirrors, the timeline does not), "de_DE". Empty: from the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`;
            `--locale` overrides both). Languages without a table show English.
            """)
        public var locale: String = ""
        @Setting(
            """
            Colours as "#RRGGBB". Defaults: a dark theme in the manner of modern phone editors. The screen's background.
            """)
        public var background: String = "#0B0B0F"
        @Setting("Bars and panels.")
        public var surface: String = "#16161D"
        @Setting("Buttons and tiles on a panel.")
        public var surfaceRaised: String = "#202029"
        @Setting("Primary text.")
        public var textPrimary: String = "#F2F2F7"
        @Setting("Secondary text.")
        public var textSecondary: String = "#9A9AA8"
        @Setting("Buttons, highlights.")
        public var accent: String = "#0A84FF"
        @Setting("The selection frame, its handles and the snap guides: a bold blue, as the trimming article's editor has it.")
        public var selection: String = "#2F6BFF"
        @Setting("The icons and grooves drawn on the selection's handles and frame.")
        public var selectionInk: String = "#FFFFFF"
        @Setting("Warnings: frames that came late in the frame monitor.")
        public var warning: String = "#FFD60A"
        @Setting("The playhead.")
        public var playhead: String = "#FFFFFF"
        @Setting("Errors, a gesture that lost, a level in the red.")
        public var danger: String = "#FF453A"
        @Setting("A task done, a level in the green.")
        public var success: String = "#30D158"
        @Setting("The desk around the phone.")
        public var desk: String = "#2A2D34"
        @Setting("Touch indicators.")
        public var touches: String = "#FFFFFF"
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
    }
}
