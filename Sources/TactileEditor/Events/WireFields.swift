import TactileUI

/// The fields of one interaction-log line being written: a nil value writes nothing.
struct WireFieldWriter {
    private(set) var values: [String: ElementValue] = [:]

    mutating func put(_ key: String, _ value: String?) { if let value { values[key] = .string(value) } }
    mutating func put(_ key: String, _ value: Double?) { if let value { values[key] = .number(value) } }
    mutating func put(_ key: String, _ value: Int?) { if let value { values[key] = .number(Double(value)) } }
    mutating func put(_ key: String, _ value: Bool?) { if let value { values[key] = .bool(value) } }
    mutating func put<V: RawRepresentable>(_ key: String, _ value: V?) where V.RawValue == String { put(key, value?.rawValue) }
    /// A list as the log writes it: its items joined by commas.
    mutating func put(_ key: String, list: [String]?) { put(key, list?.joined(separator: ",")) }
}

/// The fields of one interaction-log line being read: a field missing where one is needed, or of
/// the wrong type, throws (the line then reads as `InteractionEvent.unknown`).
struct WireFieldReader {
    struct Mismatch: Error { var key: String }
    let values: [String: ElementValue]

    func string(_ key: String) throws -> String {
        guard let v = try optionalString(key) else { throw Mismatch(key: key) }
        return v
    }
    func optionalString(_ key: String) throws -> String? {
        guard let v = values[key] else { return nil }
        guard case let .string(s) = v else { throw Mismatch(key: key) }
        return s
    }
    func number(_ key: String) throws -> Double {
        guard let v = try optionalNumber(key) else { throw Mismatch(key: key) }
        return v
    }
    func optionalNumber(_ key: String) throws -> Double? {
        guard let v = values[key] else { return nil }
        guard case let .number(n) = v else { throw Mismatch(key: key) }
        return n
    }
    func integer(_ key: String) throws -> Int {
        guard let v = try optionalInteger(key) else { throw Mismatch(key: key) }
        return v
    }
    func optionalInteger(_ key: String) throws -> Int? {
        guard let n = try optionalNumber(key) else { return nil }
        guard let i = Int(exactly: n) else { throw Mismatch(key: key) }
        return i
    }
    /// A finger's id: the log writes ids as numbers, so the largest and smallest read back clamped.
    func optionalFinger(_ key: String) throws -> Int? {
        guard let n = try optionalNumber(key) else { return nil }
        if n >= 0x1p63 { return Int.max }
        if n <= -0x1p63 { return Int.min }
        guard let i = Int(exactly: n) else { throw Mismatch(key: key) }
        return i
    }
    func optionalBool(_ key: String) throws -> Bool? {
        guard let v = values[key] else { return nil }
        guard case let .bool(b) = v else { throw Mismatch(key: key) }
        return b
    }
    func choice<V: RawRepresentable>(_ key: String) throws -> V where V.RawValue == String {
        guard let v: V = try optionalChoice(key) else { throw Mismatch(key: key) }
        return v
    }
    func optionalChoice<V: RawRepresentable>(_ key: String) throws -> V? where V.RawValue == String {
        guard let s = try optionalString(key) else { return nil }
        guard let v = V(rawValue: s) else { throw Mismatch(key: key) }
        return v
    }
    /// A comma-joined list of choices ("" is none).
    func choices<V: RawRepresentable>(_ key: String) throws -> [V] where V.RawValue == String {
        try list(key).map {
            guard let v = V(rawValue: $0) else { throw Mismatch(key: key) }; return v
        }
    }
    func list(_ key: String) throws -> [String] {
        let s = try string(key)
        return s.isEmpty ? [] : s.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
}
