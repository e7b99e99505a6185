import Foundation

/// The chrome's words and numbers in one language and locale: labels from a strings table, and
/// numbers written as the locale writes them (its digits and decimal separator, from the
/// platform's locale data), so an Arabic (Egypt) locale shows "٠:٠٣" and German "4,5 s".
public struct Strings: Hashable, Sendable {
    public let language: Language
    /// The locale the numbers follow ("ar_EG", "de_DE", "en").
    public let localeIdentifier: String
    private let digitSymbols: [Character]
    private let decimalSeparator: String
    /// ASCII digits and a full stop: `digits` has nothing to do (English; asked every frame).
    private let writesASCII: Bool

    /// The strings for a locale identifier such as "ar_EG.UTF-8" (an empty one is English).
    public init(localeIdentifier requested: String) {
        let identifier = String(requested.prefix { $0 != "." && $0 != "@" }).replacingOccurrences(of: "-", with: "_")
        language = Language(localeIdentifier: identifier)
        localeIdentifier = identifier.isEmpty ? "en" : identifier
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: self.localeIdentifier)
        formatter.numberStyle = .decimal
        let digits = (0...9).compactMap { formatter.string(from: NSNumber(value: $0))?.first }
        digitSymbols = digits.count == 10 ? digits : Array("0123456789")
        decimalSeparator = formatter.decimalSeparator ?? "."
        writesASCII = digitSymbols == Array("0123456789") && decimalSeparator == "."
    }

    public static let english = Strings(localeIdentifier: "en")

    /// The label for `key` in this language (English where a table lacks it).
    public subscript<Key: StringTable>(text key: Key) -> String {
        Key.tables[language]?[key] ?? Key.tables[.en]?[key] ?? key.rawValue
    }

    /// The UI's own label for `key`.
    public subscript(_ key: UIText) -> String { self[text: key] }

    /// `text` with its ASCII digits and decimal points written as the locale writes them
    /// (timecodes, durations, ruler labels).
    public func digits(_ text: String) -> String {
        if writesASCII { return text }
        var out = ""
        let chars = Array(text)
        for (i, c) in chars.enumerated() {
            if let v = c.wholeNumberValue, c.isASCII {
                out.append(digitSymbols[v])
            } else if c == ".", i > 0, i + 1 < chars.count,
                chars[i - 1].isNumber, chars[i + 1].isNumber
            {
                out += decimalSeparator
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// A duration formatted in English ("4.5s", "1:30") in this locale: its digits and separator,
    /// and its word for seconds ("٤٫٥ ث", "4,5 s").
    public func seconds(_ formatted: String) -> String {
        let unit = self[UIText.secondsUnit]
        return digits(formatted.hasSuffix("s") && unit != "s" ? String(formatted.dropLast()) + unit : formatted)
    }

    /// The label for `key` with its `{name}` placeholders filled in, each value as given: numbers
    /// come already in the locale's digits (`digits`, `seconds`), while names, titles, paths and
    /// reasons keep theirs (a path shown in Arabic digits would name no file).
    public func format<Key: StringTable>(text key: Key, _ values: [String: String]) -> String {
        var text = self[text: key]
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
}

/// A module's labels, by meaning, with each language's words: the editor's (`EditorText`), a
/// study's screens (`StudyText`), the UI's own widgets (`UIText`). Each module owns its table;
/// `Strings` picks the language and writes numbers the locale's way.
public protocol StringTable: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
    /// The labels in each language the module speaks (English at least: the others fall back to it).
    static var tables: [Language: [Self: String]] { get }
}
