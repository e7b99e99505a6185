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
    /// Longest path a plan may give, in characters.
    public static let maximumPathLength = 512

    public var path: String { didSet { steps = Self.steps(of: path) } }
    public var test: Test
    /// The path, parsed once (a condition is checked after every edit).
    private var steps: [Step]

    /// One step of a path: the clip with an id, a field of an object, an element of a list.
    enum Step: Hashable, Sendable { case clip(String), field(String), element(Int) }

    public init(path: String, test: Test) { self.path = path; self.test = test; steps = Self.steps(of: path) }

    /// Whether the condition holds for `project`.
    public func holds(in project: Project) -> Bool {
        let value = Self.value(at: steps, in: project)
        switch test {
        case let .exists(wanted): return (value != nil && value != .null) == wanted
        case let .count(n): if case let .array(items)? = value { return items.count == n }; return false
        case let .equalsText(text): if case let .string(s)? = value { return s == text }; return false
        case let .equals(v, within): return number(value).map { abs($0 - v) <= within } ?? false
        case let .atLeast(v): return number(value).map { $0 >= v - 1e-9 } ?? false
        case let .atMost(v): return number(value).map { $0 <= v + 1e-9 } ?? false
        }
    }

    /// Why the condition cannot be met from `project` (the one a task starts from), or nil: every
    /// field of the path must be one a project file can hold (`clip:forest.transtion.kind` never
    /// can), and a `clip:ID` path must name a clip the project has (only `exists: true` may wait
    /// for one).
    public func problem(startingFrom project: Project) -> String? {
        if let field = fieldProblem() { return field }
        guard case let .clip(id)? = steps.first, test != .exists(true), project.clip(withID: id) == nil else { return nil }
        let ids = project.tracks.flatMap { $0.clips.map(\.id) }
        return "names clip \"\(PrintableText.of(id, limit: 60))\", which the study's project does not have"
            + (ConfigurationFile.closest(to: id, among: ids).map { " (did you mean \"\($0)\"?)" } ?? " (its clips: \(ids.joined(separator: ", ")))")
    }

    /// Why the path's fields cannot be in any project (a misspelt or unknown field, an index into
    /// an object, a field of a number), or nil: each step is checked against `ProjectFile.shape`.
    func fieldProblem() -> String? {
        guard case let .object(top) = ProjectFile.shape, case let .array(tracks)? = top.first(where: { $0.0 == "tracks" })?.1,
            case let .object(track)? = tracks.first, case let .array(clips)? = track.first(where: { $0.0 == "clips" })?.1,
            case let .object(clipFields)? = clips.first
        else { return nil }
        var rest = steps[...], place: JSONValue = ProjectFile.shape, walked = ""
        if case let .clip(id)? = rest.first {
            rest = rest.dropFirst()
            // A clip's own fields, and the two a path may ask of a clip found by id.
            place = .object(clipFields + [("end", .number(0)), ("track", .number(0))])
            walked = "clip:\(id)"
        }
        for step in rest {
            switch (step, place) {
            case let (.field(name), .object(fields)):
                guard let next = fields.first(where: { $0.0 == name })?.1 else {
                    let names = fields.map(\.0)
                    let at = walked.isEmpty ? "a project" : "\"\(PrintableText.of(walked, limit: 60))\""
                    return "has no field \"\(PrintableText.of(name, limit: 40))\" in \(at)"
                        + (ConfigurationFile.closest(to: name, among: names).map { " (did you mean \"\($0)\"?)" }
                            ?? " (its fields: \(names.joined(separator: ", ")))")
                }
                place = next
                walked += (walked.isEmpty ? "" : ".") + name
            case let (.element(n), .array(items)):
                guard let first = items.first else { return nil }
                place = first
                walked += "[\(n)]"
            case let (.field(name), _):
                return "asks for field \"\(PrintableText.of(name, limit: 40))\" of \"\(PrintableText.of(walked, limit: 60))\", which has no fields"
            case let (.element(n), _):
                return "asks for element [\(n)] of \"\(PrintableText.of(walked, limit: 60))\", which is not a list"
            case (.clip, _):
                return nil
            }
        }
        return nil
    }

    /// The clip the path starts from (`clip:ID`), if it does.
    public var clipID: String? {
        if case let .clip(id)? = steps.first { return id }
        return nil
    }

    /// How far `project` stands from meeting the condition: 0 when it holds; for a number, how
    /// far outside its range; otherwise 1.
    public func distance(in project: Project) -> Double {
        if holds(in: project) { return 0 }
        let value = number(Self.value(at: steps, in: project))
        switch test {
        case let .equals(v, within): return value.map { max(0, abs($0 - v) - within) } ?? 1
        case let .atLeast(v): return value.map { max(0, v - $0) } ?? 1
        case let .atMost(v): return value.map { max(0, $0 - v) } ?? 1
        default: return 1
        }
    }

    private func number(_ value: JSONValue?) -> Double? { if case let .number(n)? = value { return n }; return nil }

    /// The value at `path` in the project's JSON (nil: no such place).
    public static func value(at path: String, in project: Project) -> JSONValue? { value(at: steps(of: path), in: project) }

    /// `path` as steps; nil where a step is not well formed (`tracks[x]`, `a..b`).
    static func parsedSteps(of path: String) -> [Step]? {
        var out: [Step] = []
        var segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if let first = segments.first, first.hasPrefix("clip:") {
            let id = String(first.dropFirst(5))
            guard !id.isEmpty else { return nil }
            out.append(.clip(id))
            segments.removeFirst()
        }
        for segment in segments {
            var name = Substring(segment), indices: [Int] = []
            while name.hasSuffix("]") {
                guard let open = name.lastIndex(of: "["),
                    let n = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]), n >= 0
                else { return nil }
                indices.insert(n, at: 0)
                name = name[..<open]
            }
            guard !name.contains("["), !name.isEmpty || !indices.isEmpty else { return nil }
            if !name.isEmpty { out.append(.field(String(name))) }
            out += indices.map(Step.element)
        }
        return out
    }

    private static func steps(of path: String) -> [Step] { parsedSteps(of: path) ?? [.field(path)] }

    static func value(at steps: [Step], in project: Project) -> JSONValue? {
        var rest = steps[...]
        var current: JSONValue
        if case let .clip(id)? = rest.first {
            guard let found = project.clip(withID: id) else { return nil }
            rest = rest.dropFirst()
            if rest == [.field("end")] { return .number((found.clip.start + found.clip.duration).seconds) }
            if rest == [.field("track")] { return .number(Double(found.trackIndex)) }
            current = ProjectFile.json(Project(name: "", tracks: [Track(id: "", kind: .video, clips: [found.clip])]))
            rest = ([.field("tracks"), .element(0), .field("clips"), .element(0)] + rest)[...]
        } else {
            current = ProjectFile.json(project)
        }
        for step in rest {
            switch step {
            case let .field(name):
                guard case let .object(fields) = current, let next = fields.first(where: { $0.0 == name })?.1 else { return nil }
                current = next
            case let .element(n):
                guard case let .array(items) = current, n < items.count else { return nil }
                current = items[n]
            case .clip:
                return nil
            }
        }
        return current
    }

    static func parse(_ any: Any, key: String) throws -> TaskCondition {
        guard let c = any as? [String: Any] else { throw ConfigurationError(key: key, "must be an object") }
        try TaskPlan.known(c, ["path", "equals", "within", "atLeast", "atMost", "count", "exists"], at: key)
        guard let path = c["path"] as? String, !path.isEmpty else {
            throw ConfigurationError(key: key + ".path", "must be a path, like \"clip:city.duration\"")
        }
        guard path.count <= maximumPathLength else { throw ConfigurationError(key: key + ".path", "is longer than \(maximumPathLength) characters") }
        guard parsedSteps(of: path) != nil else {
            throw ConfigurationError(
                key: key + ".path", "\"\(PrintableText.of(path, limit: 80))\" is not a path like \"tracks[0].clips[1].duration\" or \"clip:city.duration\"")
        }
        if let problem = TaskCondition(path: path, test: .exists(true)).fieldProblem() { throw ConfigurationError(key: key + ".path", problem) }
        func number(_ k: String) throws -> Double? {
            guard let v = c[k] else { return nil }
            guard let n = JSONNumber.double(v), abs(n) <= 1e9 else { throw ConfigurationError(key: "\(key).\(k)", "must be a number (within ±10⁹)") }
            return n
        }
        let tests = ["equals", "atLeast", "atMost", "count", "exists"].filter { c[$0] != nil }
        guard tests.count == 1 else { throw ConfigurationError(key: key, "needs exactly one of equals, atLeast, atMost, count, exists") }
        let test: Test
        switch tests[0] {
        case "equals":
            if let text = c["equals"] as? String {
                guard text.count <= ProjectFile.maximumTextLength else {
                    throw ConfigurationError(key: key + ".equals", "is longer than \(ProjectFile.maximumTextLength) characters")
                }
                test = .equalsText(text)
            } else {
                test = .equals(try number("equals")!, within: try number("within") ?? 0.05)
            }
        case "atLeast": test = .atLeast(try number("atLeast")!)
        case "atMost": test = .atMost(try number("atMost")!)
        case "count":
            guard let n = JSONNumber.integer(c["count"], in: 0...1_000_000) else {
                throw ConfigurationError(key: key + ".count", "must be a whole number from 0 to 1,000,000")
            }
            test = .count(n)
        default:
            guard let b = JSONNumber.boolean(c["exists"]) else { throw ConfigurationError(key: key + ".exists", "must be true or false") }
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
