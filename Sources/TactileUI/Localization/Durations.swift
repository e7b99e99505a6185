import Foundation
import TactileCore

/// Every duration on screen written one way — a clip's length on its badge, in the player bar and
/// the transition picker, a ruler mark — in the locale's digits, decimal separator and word for
/// seconds ("4.5s", "4,5 s", "٤٫٥ ث"), so no label is left in English beside a localised one.
extension Strings {
    /// A clip's (or a transition's) length: one decimal below 10 s, whole seconds above, rounded down.
    public func duration(_ t: Time) -> String { seconds(TimeFormatting.clipDuration(t)) }

    /// A ruler mark: seconds below a minute ("5s"), a timecode from a minute on ("1:30").
    public func rulerMark(_ t: Time) -> String { seconds(RulerScale.label(for: t)) }
}

extension Strings {
    /// A share done (0 … 1) as this locale writes a percentage, rounded down so it reaches 100
    /// only when done: "53%", "53 %" (German), "٥٣٪" (Arabic). One way for the title bar's badge
    /// and the export sheet alike, drawn every frame while an export runs: the locale's pattern is
    /// asked of a formatter once per locale and filled with `digits`.
    public func percent(_ fraction: Double) -> String {
        let whole = Int((min(1, max(0, fraction.isFinite ? fraction : 0)) * 100).rounded(.down))
        return PercentPattern.of(localeIdentifier).replacingOccurrences(of: "#", with: digits("\(whole)"))
    }
}

extension Strings {
    /// A clip's speed as this locale writes it, to two decimals at most: "1.5×", "0.25×", "١٫٥×".
    public func speed(_ speed: Double) -> String {
        let hundredths = Int((speed * 100).rounded())
        var text = "\(hundredths / 100)"
        if hundredths % 100 != 0 {
            let fraction = String(format: "%02d", hundredths % 100)
            text += "." + (fraction.hasSuffix("0") ? String(fraction.prefix(1)) : fraction)
        }
        return digits(text) + "×"
    }
}

extension Strings {
    /// A size as a percentage of the designed one, rounded, as this locale writes it ("125%",
    /// "125 %", "١٢٥٪"); unlike `percent(_:)` it goes past 100.
    public func percent(scale: Double) -> String {
        let whole = Int((max(0, scale.isFinite ? scale : 0) * 100).rounded())
        return PercentPattern.of(localeIdentifier).replacingOccurrences(of: "#", with: digits("\(whole)"))
    }
}

/// Each locale's way of writing a percentage, with "#" for the number ("#%", "# %", "#٪").
private enum PercentPattern {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var patterns: [String: String] = [:]

    static func of(_ locale: String) -> String {
        lock.withLock {
            if let known = patterns[locale] { return known }
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: locale)
            formatter.numberStyle = .percent
            formatter.maximumFractionDigits = 0
            let digits = Strings(localeIdentifier: locale).digits("53")
            let pattern = formatter.string(from: 0.53).map { $0.replacingOccurrences(of: digits, with: "#") }.flatMap { $0.contains("#") ? $0 : nil } ?? "#%"
            patterns[locale] = pattern
            return pattern
        }
    }
}
