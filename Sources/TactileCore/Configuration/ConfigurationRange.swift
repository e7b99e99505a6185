import Foundation

/// The values a numeric setting may take: wide enough for any study, narrow enough that the
/// editor cannot be crashed or hung by one (a long press of 10³⁰⁸ s, a rubber band of 0, a
/// viewport 10⁹ pt wide). `config --check`, the start and a live reload all check them with the
/// same code (`TactileConfiguration.problems()`, each section's `ranges`); Docs/Configuration.md lists them.
public struct ConfigurationRange: Hashable, Sendable {
    public var lower: Double
    public var upper: Double
    /// Whether `lower` itself is refused ("more than 0").
    public var excludesLower: Bool
    /// The unit the value is in ("pt", "s", "px", "MB", "Hz" …), or "".
    public var unit: String
    /// What a rule between values adds ("0, 90, 180 or 270"); it replaces the plain range in `text`.
    public var note: String?

    public init(_ lower: Double, _ upper: Double, excludingLower: Bool = false, unit: String = "", note: String? = nil) {
        self.lower = lower; self.upper = upper; self.excludesLower = excludingLower; self.unit = unit; self.note = note
    }

    /// A range in points.
    public static func points(_ l: Double, _ u: Double, excludingLower: Bool = false) -> Self { .init(l, u, excludingLower: excludingLower, unit: "pt") }
    /// A range in seconds.
    public static func seconds(_ l: Double, _ u: Double, excludingLower: Bool = false) -> Self { .init(l, u, excludingLower: excludingLower, unit: "s") }

    public func contains(_ value: Double) -> Bool {
        value.isFinite && (excludesLower ? value > lower : value >= lower) && value <= upper
    }

    /// "0 … 200 pt", "more than 0, up to 1".
    public var text: String {
        if let note { return note }
        let u = unit.isEmpty ? "" : " \(unit)"
        return excludesLower ? "more than \(Self.format(lower)), up to \(Self.format(upper))\(u)" : "\(Self.format(lower)) … \(Self.format(upper))\(u)"
    }

    /// A number as a person writes it: whole numbers without a fraction, thousands grouped.
    public static func format(_ v: Double) -> String {
        guard v.isFinite else { return "\(v)" }
        if v == v.rounded() && abs(v) < 1e15 {
            let digits = String(Int64(abs(v)))
            var grouped = ""
            for (n, c) in digits.reversed().enumerated() {
                if n > 0 && n % 3 == 0 && digits.count > 4 { grouped.append(",") }
                grouped.append(c)
            }
            return (v < 0 ? "-" : "") + String(grouped.reversed())
        }
        return "\(v)"
    }
}

extension TactileConfiguration {
    /// The range key of a dotted path with list indices (`media.fineScrubSpeeds[2]` → `media.fineScrubSpeeds[]`).
    public static func rangeKey(of path: String) -> String {
        var out = "", skipping = false
        for c in path {
            if c == "[" { out.append("["); skipping = true } else if c == "]" { out.append("]"); skipping = false } else if !skipping { out.append(c) }
        }
        return out
    }

    /// Every number in the sections set so far, with its dotted path (`touchscreen.ignoreRegions[0].x`).
    public func numericValues() -> [(path: String, value: Double)] {
        var out: [(String, Double)] = []
        func walk(_ value: Any, _ path: String) {
            if let object = value as? [String: Any] {
                for (k, v) in object { walk(v, path.isEmpty ? k : "\(path).\(k)") }
            } else if let list = value as? [Any] {
                for (n, v) in list.enumerated() { walk(v, "\(path)[\(n)]") }
            } else if let n = value as? NSNumber, !JSONNumber.isBoolean(n) {
                out.append((path, n.doubleValue))
            }
        }
        for (key, section) in storedSections {
            guard let data = try? JSONEncoder().encode(section), let object = try? JSONSerialization.jsonObject(with: data) else { continue }
            walk(object, key)
        }
        return out.sorted { $0.0 < $1.0 }
    }
}
