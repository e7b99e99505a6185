import Foundation
import TactileCore

/// A condition on the project: a path into its JSON (as the project file writes it) and a test.
///
/// Paths: `tracks[0].clips[1].duration`, `name`, or `clip:ID.field` for the clip with that id
/// on any track (`start`, `duration`, `sourceStart`, `title`, `kind`, and `end` = start + duration).
/// Tests: `equals` (a number, within `within`, default 0.05; or text), `atLeast`, `atMost`,
/// `count` (the length of an array), `exists` (true or false).
public struct TaskCondition: Hashable, Sendable {
    public enum Test: Hashable, Sendable {
        case equals(Double, within: Double), equalsText(String), atLeast(Double), atMost(Double), count(Int), exists(Bool)
    }
    public var path: String
    public var test: Test

    public init(path: String, test: Test) { self.path = path; self.test = test }

    /// Whether the condition holds for `project`.
    public func holds(in project: Project) -> Bool {
        let value = Self.value(at: path, in: project)
        switch test {
        case let .exists(wanted): return (value != nil && value != .null) == wanted
        case let .count(n): if case let .array(items)? = value { return items.count == n }; return false
        case let .equalsText(text): if case let .string(s)? = value { return s == text }; return false
        case let .equals(v, within): return number(value).map { abs($0 - v) <= within } ?? false
        case let .atLeast(v): return number(value).map { $0 >= v - 1e-9 } ?? false
        case let .atMost(v): return number(value).map { $0 <= v + 1e-9 } ?? false
        }
    }

    private func number(_ value: JSONValue?) -> Double? { if case let .number(n)? = value { return n }; return nil }

    /// The value at `path` in the project's JSON (nil: no such place).
    public static func value(at path: String, in project: Project) -> JSONValue? {
        var segments = path.split(separator: ".").map(String.init)
        var current: JSONValue
        if let first = segments.first, first.hasPrefix("clip:") {
            let id = String(first.dropFirst(5))
            guard let found = project.clip(withID: id) else { return nil }
            segments.removeFirst()
            if segments == ["end"] { return .number((found.clip.start + found.clip.duration).seconds) }
            if segments == ["track"] { return .number(Double(found.trackIndex)) }
            current = ProjectFile.json(Project(name: "", tracks: [Track(id: "", kind: .video, clips: [found.clip])]))
            segments = ["tracks[0]", "clips[0]"] + segments
        } else {
            current = ProjectFile.json(project)
        }
        for segment in segments {
            var name = Substring(segment), indices: [Int] = []
            while name.hasSuffix("]"), let open = name.lastIndex(of: "["), let n = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) {
                indices.insert(n, at: 0)
                name = name[..<open]
            }
            if !name.isEmpty {
                guard case let .object(fields) = current, let next = fields.first(where: { $0.0 == name })?.1 else { return nil }
                current = next
            }
            for n in indices {
                guard case let .array(items) = current, n >= 0, n < items.count else { return nil }
                current = items[n]
            }
        }
        return current
    }

    static func parse(_ any: Any, key: String) throws -> TaskCondition {
        guard let c = any as? [String: Any] else { throw ConfigurationError(key: key, "must be an object") }
        try TaskPlan.known(c, ["path", "equals", "within", "atLeast", "atMost", "count", "exists"], at: key)
        guard let path = c["path"] as? String, !path.isEmpty else { throw ConfigurationError(key: key + ".path", "must be a path, like \"clip:city.duration\"") }
        func number(_ k: String) throws -> Double? {
            guard let v = c[k] else { return nil }
            guard let n = v as? NSNumber, !(v is Bool) || k == "exists" else { throw ConfigurationError(key: "\(key).\(k)", "must be a number") }
            return n.doubleValue
        }
        let tests = ["equals", "atLeast", "atMost", "count", "exists"].filter { c[$0] != nil }
        guard tests.count == 1 else { throw ConfigurationError(key: key, "needs exactly one of equals, atLeast, atMost, count, exists") }
        let test: Test
        switch tests[0] {
        case "equals":
            if let text = c["equals"] as? String { test = .equalsText(text) }
            else { test = .equals(try number("equals")!, within: try number("within") ?? 0.05) }
        case "atLeast": test = .atLeast(try number("atLeast")!)
        case "atMost": test = .atMost(try number("atMost")!)
        case "count":
            guard let n = c["count"] as? Int else { throw ConfigurationError(key: key + ".count", "must be a whole number") }
            test = .count(n)
        default:
            guard let b = c["exists"] as? Bool else { throw ConfigurationError(key: key + ".exists", "must be true or false") }
            test = .exists(b)
        }
        return TaskCondition(path: path, test: test)
    }

    var json: JSONValue {
        var fields: [(String, JSONValue)] = [("path", .string(path))]
        switch test {
        case let .equals(v, within): fields += [("equals", .number(v)), ("within", .number(within))]
        case let .equalsText(t): fields.append(("equals", .string(t)))
        case let .atLeast(v): fields.append(("atLeast", .number(v)))
        case let .atMost(v): fields.append(("atMost", .number(v)))
        case let .count(n): fields.append(("count", .number(Double(n))))
        case let .exists(b): fields.append(("exists", .bool(b)))
        }
        return .object(fields)
    }
}
