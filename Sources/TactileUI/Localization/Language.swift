/// The languages the chrome speaks. Add one by adding a case and its table (`Strings.tables`);
/// a test checks every table has every key.
public enum Language: String, CaseIterable, Hashable, Sendable {
    case en, ar, de

    /// Whether the language is written right to left: the chrome mirrors (the timeline does not).
    public var isRightToLeft: Bool { self == .ar }

    /// The language of a locale identifier such as "ar_EG.UTF-8", "de-DE" or "en"; English for
    /// one Tactile does not speak (and for "C" and "POSIX").
    public init(localeIdentifier: String) {
        let code = localeIdentifier.prefix { $0.isLetter }.lowercased()
        self = Language(rawValue: code) ?? .en
    }
}
