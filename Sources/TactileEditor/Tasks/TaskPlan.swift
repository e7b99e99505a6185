import Foundation
import TactileCore

/// A usability test plan: tasks shown one at a time as prompts, each done when conditions on
/// the project hold. Read from JSON:
///
///     {"title": "Trimming", "tasks": [
///       {"id": "trim-city", "prompt": "Trim City Lights to 3 seconds",
///        "done": [{"path": "clip:city.duration", "equals": 3, "within": 0.25}],
///        "timeLimit": 120}],
///      "afterEachTask": "seq", "atEnd": ["sus"]}
///
/// `afterEachTask` is asked on screen once each task is over (done, skipped or out of time);
/// `atEnd`'s questionnaires in turn once every task is (see `Questionnaire`). `"sealed": true`
/// (a study's plans) seals each task once judged: the editor takes no input from the judgement
/// to the next task's card, and each task after the first starts from the project the plan
/// started with, nothing open, nothing selected, nothing to undo (`task.reset` in the log).
public struct TaskPlan: Hashable, Sendable {
    public var title: String
    public var tasks: [Task]
    /// Asked after each task (the Single Ease Question in a study), or nil.
    public var afterEachTask: Questionnaire?
    /// Asked in turn after the last task (the System Usability Scale, a study's own items).
    public var atEnd: [Questionnaire] = []
    /// Whether each task is sealed once judged and the next starts afresh (a study's plans; a
    /// plan recorded before tasks were sealed replays as it ran).
    public var sealed = false

    /// One task.
    public struct Task: Hashable, Sendable {
        /// A short name for logs and reports.
        public var id: String
        /// What the participant is asked to do.
        public var prompt: String
        /// All must hold for the task to be done.
        public var done: [TaskCondition]
        /// Seconds after which the task is given up (nil: no limit).
        public var timeLimit: Double?
        /// The elements the task needs (ids, or id prefixes: "clip:star" covers its handles): a
        /// tap on any other is an off-task miss. Nil: a tap on a clip the rules do not name is.
        public var needs: [String]? = nil
        /// What counts as an error during it (`TaskTally`).
        public var errorKinds: Set<ErrorKind> = ErrorKind.defaults

        public init(id: String, prompt: String, done: [TaskCondition], timeLimit: Double? = nil) {
            self.id = id; self.prompt = prompt; self.done = done; self.timeLimit = timeLimit
        }

        /// The clips its rules name.
        public var ruleClips: Set<String> { Set(done.compactMap(\.clipID)) }

        /// How far `project` stands from meeting every rule (0: it meets them).
        public func distance(in project: Project) -> Double { done.reduce(0) { $0 + $1.distance(in: project) } }

        /// Elements every task may use: its own card (Skip), Undo, Redo.
        static let alwaysAllowed = ["task", "toolbar.undo", "toolbar.redo", "questionnaire"]

        /// Whether a tap on `target` is off the task.
        public func isOffTask(_ target: String) -> Bool {
            func covers(_ prefix: String) -> Bool { target == prefix || target.hasPrefix(prefix + ".") }
            if Self.alwaysAllowed.contains(where: covers) { return false }
            if let needs { return !needs.contains(where: covers) }
            guard target.hasPrefix("clip:"), !ruleClips.isEmpty else { return false }
            let id = target.dropFirst(5).prefix { $0 != "." }
            return !ruleClips.contains(String(id))
        }
    }

    /// What a task may count as an error (a study file's `tasks[].errors`).
    public enum ErrorKind: String, Hashable, Sendable, CaseIterable {
        /// An edit the editor refused.
        case failedEdit
        /// An edit of a clip the task's rules do not name.
        case otherClip
        /// An edit that left the project farther from the rule than it stood.
        case awayFromRule
        /// Each undo.
        case undo
        public static let defaults: Set<ErrorKind> = [.failedEdit, .otherClip, .awayFromRule]
    }

    /// Most tasks a plan may hold.
    public static let maximumTasks = 1000

    public init(title: String, tasks: [Task], afterEachTask: Questionnaire? = nil, atEnd: [Questionnaire] = []) {
        self.title = title; self.tasks = tasks; self.afterEachTask = afterEachTask; self.atEnd = atEnd
    }

    /// Reads a plan; errors name the key (`tasks[1].done[0].path: …`).
    public static func parse(_ data: Data) throws -> TaskPlan {
        guard let root = try? JSONSerialization.jsonObject(with: data), let object = root as? [String: Any] else {
            throw ConfigurationError(key: "", "is not a JSON object")
        }
        try known(object, ["title", "tasks", "afterEachTask", "atEnd", "sealed"], at: "")
        guard let list = object["tasks"] as? [Any], !list.isEmpty else { throw ConfigurationError(key: "tasks", "needs at least one task") }
        guard list.count <= maximumTasks else { throw ConfigurationError(key: "tasks", "holds more than \(maximumTasks) tasks") }
        if let title = object["title"] {
            guard let text = title as? String, text.count <= 200 else { throw ConfigurationError(key: "title", "must be text of at most 200 characters") }
        }
        var tasks: [Task] = []
        for (n, item) in list.enumerated() {
            let key = "tasks[\(n)]"
            guard let t = item as? [String: Any] else { throw ConfigurationError(key: key, "must be an object") }
            try known(t, ["id", "prompt", "done", "timeLimit", "needs", "errors"], at: key)
            guard let prompt = t["prompt"] as? String, !prompt.isEmpty, prompt.count <= 1000 else {
                throw ConfigurationError(key: key + ".prompt", "must be text of 1 to 1,000 characters")
            }
            guard let done = t["done"] as? [Any], !done.isEmpty, done.count <= 100 else {
                throw ConfigurationError(key: key + ".done", "needs 1 to 100 conditions")
            }
            let conditions = try done.enumerated().map { try TaskCondition.parse($1, key: "\(key).done[\($0)]") }
            var limit: Double?
            if let l = t["timeLimit"] {
                guard let v = JSONNumber.double(l), v > 0, v <= 86_400 else {
                    throw ConfigurationError(key: key + ".timeLimit", "must be seconds, more than 0 and at most 86,400 (a day)")
                }
                limit = v
            }
            if let given = t["id"] {
                guard let text = given as? String, !text.isEmpty, text.count <= 200 else {
                    throw ConfigurationError(key: key + ".id", "must be text of 1 to 200 characters")
                }
            }
            let id = (t["id"] as? String) ?? "task\(n + 1)"
            if tasks.contains(where: { $0.id == id }) { throw ConfigurationError(key: key + ".id", "\"\(PrintableText.of(id, limit: 60))\" is used twice") }
            var task = Task(id: id, prompt: prompt, done: conditions, timeLimit: limit)
            if let needs = t["needs"] {
                guard let list = needs as? [String], !list.isEmpty, list.count <= 100, list.allSatisfy({ !$0.isEmpty && $0.count <= 200 }) else {
                    throw ConfigurationError(key: key + ".needs", "must list 1 to 100 element ids (like \"clip:star\", \"toolbar.delete\")")
                }
                task.needs = list
            }
            if let errors = t["errors"] {
                let names = ErrorKind.allCases.map(\.rawValue).joined(separator: ", ")
                guard let list = errors as? [String] else { throw ConfigurationError(key: key + ".errors", "must list what counts as an error (\(names))") }
                var kinds: Set<ErrorKind> = []
                for (j, name) in list.enumerated() {
                    guard let kind = ErrorKind(rawValue: name) else {
                        throw ConfigurationError(key: "\(key).errors[\(j)]", "\"\(PrintableText.of(name, limit: 40))\" is not one of \(names)")
                    }
                    kinds.insert(kind)
                }
                task.errorKinds = kinds
            }
            tasks.append(task)
        }
        let after = try object["afterEachTask"].map { try Questionnaire.parse($0, key: "afterEachTask") }
        var atEnd: [Questionnaire] = []
        if let end = object["atEnd"] {
            guard let list = end as? [Any], list.count <= 20 else { throw ConfigurationError(key: "atEnd", "must list at most 20 questionnaires") }
            for (n, q) in list.enumerated() {
                let questionnaire = try Questionnaire.parse(q, key: "atEnd[\(n)]")
                guard !atEnd.contains(where: { $0.id == questionnaire.id }) else {
                    throw ConfigurationError(key: "atEnd[\(n)]", "\"\(questionnaire.id)\" is asked twice")
                }
                atEnd.append(questionnaire)
            }
        }
        var plan = TaskPlan(title: object["title"] as? String ?? "Tasks", tasks: tasks, afterEachTask: after, atEnd: atEnd)
        if let sealed = object["sealed"] {
            guard let b = JSONNumber.boolean(sealed) else { throw ConfigurationError(key: "sealed", "must be true or false") }
            plan.sealed = b
        }
        return plan
    }

    static func known(_ object: [String: Any], _ keys: Set<String>, at key: String) throws {
        for k in object.keys.sorted() where !keys.contains(k) {
            throw ConfigurationError(
                key: key.isEmpty ? PrintableText.of(k, limit: 60) : "\(key).\(PrintableText.of(k, limit: 60))",
                "is not a key here (expected one of \(keys.sorted().joined(separator: ", ")))")
        }
    }

    /// The plan as JSON (recorded with a session, read back by `parse`).
    public var json: Data {
        let tasks: [JSONValue] = self.tasks.map { t in
            var fields: [(String, JSONValue)] = [("id", .string(t.id)), ("prompt", .string(t.prompt)), ("done", .array(t.done.map(\.json)))]
            if let l = t.timeLimit { fields.append(("timeLimit", .number(l))) }
            if let needs = t.needs { fields.append(("needs", .array(needs.map { .string($0) }))) }
            if t.errorKinds != ErrorKind.defaults {
                fields.append(("errors", .array(ErrorKind.allCases.filter(t.errorKinds.contains).map { .string($0.rawValue) })))
            }
            return .object(fields)
        }
        var fields: [(String, JSONValue)] = [("title", .string(title)), ("tasks", .array(tasks))]
        if let afterEachTask { fields.append(("afterEachTask", afterEachTask.json)) }
        if !atEnd.isEmpty { fields.append(("atEnd", .array(atEnd.map(\.json)))) }
        if sealed { fields.append(("sealed", .bool(true))) }
        return Data((JSONValue.object(fields).serialized(pretty: true) + "\n").utf8)
    }
}
