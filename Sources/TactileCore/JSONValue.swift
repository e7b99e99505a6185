import Foundation

/// A JSON value that keeps the order of object keys as written, for output people read
/// (`tactile inspect`, logs). Numbers print in their shortest exact form.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized() == b.serialized() }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// The value as compact JSON text, or indented when `pretty`.
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let close = pretty ? String(repeating: "  ", count: indent) : ""
        let nl = pretty ? "\n" : ""
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += JSONValue.format(n)
        case let .string(s): out += JSONValue.quote(s)
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            out += "[" + nl
            for (i, item) in items.enumerated() {
                out += pad
                item.write(into: &out, pretty: pretty, indent: indent + 1)
                out += (i < items.count - 1 ? "," : "") + nl
            }
            out += close + "]"
        case let .object(fields):
            if fields.isEmpty { out += "{}"; return }
            if pretty && fields.count <= 4 && fields.allSatisfy({ $0.1.isScalar }) {
                // Small flat objects (frames, sizes) read best on one line.
                out += "{" + fields.map { JSONValue.quote($0.0) + ": " + $0.1.serialized() }.joined(separator: ", ") + "}"
                return
            }
            out += "{" + nl
            for (i, (key, value)) in fields.enumerated() {
                out += pad + JSONValue.quote(key) + (pretty ? ": " : ":")
                value.write(into: &out, pretty: pretty, indent: indent + 1)
                out += (i < fields.count - 1 ? "," : "") + nl
            }
            out += close + "}"
        }
    }

    /// Whether the value is a number, string, boolean or null.
    public var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// Shortest text for a number that reads back to the same value: integers without a
    /// fraction, others in Swift's shortest round-trip form.
    public static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded() && abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    /// `s` as a JSON string literal.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // Control and format characters (a right-to-left mark, a byte-order mark) as JSON
                // escapes: the text stays valid JSON and no terminal it is printed on is driven by them
                // (`PrintableText` would otherwise escape them in its own, non-JSON way).
                if u.value < 0x20 || PrintableText.isUnsafe(u) {
                    for unit in String(u).utf16 { out += String(format: "\\u%04x", unit) }
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}

extension JSONValue {
    /// The value `JSONSerialization` read as `any` (numbers, booleans, strings, arrays, objects
    /// with their keys sorted); anything else is `null`.
    public init(any: Any) {
        switch any {
        case let n as NSNumber:
            self = JSONNumber.isBoolean(n) ? .bool(n.boolValue) : .number(n.doubleValue)
        case let s as String: self = .string(s)
        case let a as [Any]: self = .array(a.map { JSONValue(any: $0) })
        case let o as [String: Any]: self = .object(o.sorted { $0.key < $1.key }.map { ($0.key, JSONValue(any: $0.value)) })
        default: self = .null
        }
    }
}
