import Foundation

/// Reading numbers out of `JSONSerialization`'s objects safely. It gives `NSNumber` for numbers
/// and booleans alike, and Swift's bridging turns `0` and `1` into `false` and `true` (so `is
/// Bool` is no test), while a Double that does not fit an integer traps when converted. Every
/// file reader goes through these.
public enum JSONNumber {
    /// Whether `value` is a JSON `true` or `false` (not a number that happens to be 0 or 1).
    public static func isBoolean(_ value: Any?) -> Bool {
        guard let n = value as? NSNumber else { return false }
        let type = String(cString: n.objCType)
        return type == "c" || type == "B"
    }

    /// The finite number `value` holds; nil for booleans, text, null, objects and non-finite values.
    public static func double(_ value: Any?) -> Double? {
        guard let n = value as? NSNumber, !isBoolean(n) else { return nil }
        let d = n.doubleValue
        return d.isFinite ? d : nil
    }

    /// The whole number `value` holds when it lies in `range`; nil otherwise (fractions, booleans,
    /// numbers too large for an integer).
    public static func integer(_ value: Any?, in range: ClosedRange<Int> = Int.min...Int.max) -> Int? {
        guard let n = value as? NSNumber, !isBoolean(n) else { return nil }
        // Integers written as such come exactly as signed integers ("q", "i" …); "Q" is an
        // unsigned one, which may not fit.
        let type = String(cString: n.objCType)
        if ["q", "l", "i", "s"].contains(type) { let i = Int(n.int64Value); return range.contains(i) ? i : nil }
        guard type != "Q" else { return nil }
        let d = n.doubleValue
        // −2⁶³ itself is read as a double (its magnitude does not fit a signed integer).
        if d == -9_223_372_036_854_775_808.0 { return range.contains(Int.min) ? Int.min : nil }
        // Beyond ±9.2 × 10¹⁸ a Double no longer fits an Int64: converting it would trap.
        guard d.isFinite, d == d.rounded(), abs(d) < 9.2e18 else { return nil }
        let i = Int(d)
        return range.contains(i) ? i : nil
    }

    /// The boolean `value` holds; nil for anything else (numbers 0 and 1 included).
    public static func boolean(_ value: Any?) -> Bool? {
        guard isBoolean(value), let n = value as? NSNumber else { return nil }
        return n.boolValue
    }
}

/// Text from a file, made safe to print in a message: control characters (terminal escapes,
/// carriage returns, bells) are shown as `\u{1B}` and long text is cut, so a hostile file cannot
/// drive the terminal or flood the log.
public enum PrintableText {
    /// `text` of any length with every control character escaped but line breaks and tabs: for
    /// a command's whole output (a report, a design) that holds text from files.
    public static func lines(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" || !isUnsafe(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return out
    }

    /// Control characters, and format characters but the joiners (emoji, Persian) that drive
    /// no terminal.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
            || scalar.properties.generalCategory == .format && scalar.value != 0x200D && scalar.value != 0x200C
    }

    /// `text` with every control character escaped, at most `limit` characters (an ellipsis marks the cut).
    public static func of(_ text: String, limit: Int = 200) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit { out += "…"; break }
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format && scalar.value != 0x200D {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }
}
