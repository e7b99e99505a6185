import Foundation
import TactileCore
import TactileEditor
import TactileHeadless

/// A study file (JSON): what a usability study compares and how each participant meets it.
///
///     { "title": "Trim handles outside or inside",
///       "consent": "You will edit a short video on a phone-sized screen…",
///       "configuration": "handles.json",            // a configuration file with named variants
///       "variants": ["outside", "inside"],           // the variants compared, by name
///       "design": { "variants": "within", "tasks": "counterbalanced" },
///       "practice": { "prompt": "…", "done": [ … ] }, // one task, in the test-plan format
///       "tasks": [ { "id": "trim", "prompt": "…", "done": [ … ] }, … ],
///       "questionnaires": { "seq": true, "sus": true,
///                           "custom": [ { "id": "pref", "title": "…", "items": [ … ] } ] },
///       "markers": { "1": "confusion", "2": "error" },
///       "project": "study-project.json" }               // optional: the project each block opens
///
/// `questionnaires.custom` are asked after the SUS at the end of each variant block, in the
/// format of `Questionnaire.parse` (Likert items with `scale`, `low` and `high`, or `choices`).
///
/// Within subjects, every participant meets every variant, in the order of a balanced Latin
/// square row chosen by their number; between subjects, their number picks one variant. Task
/// order is fixed, or counterbalanced the same way. Errors name the key (`tasks[1].done[0].path`,
/// `variants[1]`).
public struct StudyFile: Sendable {
    public enum Assignment: String, Sendable { case within, between }
    public enum TaskOrder: String, Sendable { case fixed, counterbalanced }

    public var title: String
    public var consent: String
    /// The configuration file (resolved against the study file's folder) and its variants compared.
    public var configuration: URL?
    public var variants: [String]
    public var assignment: Assignment
    public var taskOrder: TaskOrder
    public var practice: TaskPlan.Task?
    public var tasks: [TaskPlan.Task]
    public var seq: Bool, sus: Bool
    /// The study's own questionnaires, asked after the SUS at the end of each block.
    public var custom: [Questionnaire] = []
    /// The project each block (and the practice) opens, resolved against the study file's
    /// folder; nil: the built-in demo.
    public var project: URL?
    /// Observer marker categories by key ("1" … "9").
    public var markers: [String: String]
    /// Each task's solution traces (`tasks[].solution`): input that completes it from the study's
    /// project, by variant (nil: the first variant), resolved against the study file's folder.
    /// `study check` replays them (`StudySolutions`).
    public var solutions: [String: [(variant: String?, trace: URL)]] = [:]

    /// What one participant meets: the variants in order, and for each its tasks in order.
    public struct Schedule: Equatable, Sendable {
        public var participant: Int
        public var blocks: [(variant: String, tasks: [String])]
        public static func == (a: Schedule, b: Schedule) -> Bool {
            a.participant == b.participant && a.blocks.map(\.variant) == b.blocks.map(\.variant) && a.blocks.map(\.tasks) == b.blocks.map(\.tasks)
        }
    }

    /// The schedule of participant number `participant` (1 for the first).
    public func schedule(forParticipant participant: Int) -> Schedule {
        let order: [String]
        switch assignment {
        case .within: order = BalancedLatinSquare(conditions: variants.count).order(forParticipant: participant).map { variants[$0] }
        case .between: order = [variants[((participant - 1) % variants.count + variants.count) % variants.count]]
        }
        let taskSquare = BalancedLatinSquare(conditions: tasks.count)
        let blocks = order.enumerated().map { block, variant -> (String, [String]) in
            let ids: [String]
            switch taskOrder {
            case .fixed: ids = tasks.map(\.id)
            // The first block takes the participant's own row (balanced over participants); each
            // later block the next row, so a participant does not repeat one task order.
            case .counterbalanced: ids = taskSquare.order(forParticipant: participant + block).map { tasks[$0].id }
            }
            return (variant, ids)
        }
        return Schedule(participant: participant, blocks: blocks.map { (variant: $0.0, tasks: $0.1) })
    }

    /// Reads the study file at `url`, checking that its configuration file has the variants named.
    public static func load(_ url: URL) throws -> StudyFile {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw CommandError.badInput("\(url.path): the study file cannot be read") }
        do { return try parse(data, folder: url.deletingLastPathComponent()) } catch let e as ConfigurationError {
            throw CommandError.badInput("\(url.path): \(e)")
        }
    }

    /// Reads a study file's text; `folder` resolves the configuration file's path.
    public static func parse(_ data: Data, folder: URL) throws -> StudyFile {
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: data) } catch {
            throw ConfigurationError(key: "", "is not valid JSON (\(JSONSyntaxProblem.describe(error, in: data)))")
        }
        guard let object = parsed as? [String: Any] else { throw ConfigurationError(key: "", "is not a JSON object") }
        let keys: Set = ["title", "consent", "configuration", "variants", "design", "practice", "tasks", "questionnaires", "markers", "project"]
        for k in object.keys.sorted() where !keys.contains(k) {
            throw ConfigurationError(
                key: PrintableText.of(k, limit: 60), "is not a key of a study file (expected one of \(keys.sorted().joined(separator: ", ")))")
        }
        let title = try text(object, "title", limit: 200, required: true)!
        let consent = try text(object, "consent", limit: 10_000, required: true)!
        let (variants, configuration) = try readVariants(object, folder: folder)
        let (assignment, taskOrder) = try readDesign(object)
        let solutions = try readSolutions(object, folder: folder)
        var stripped = object
        if let tasks = object["tasks"] as? [Any] {
            stripped["tasks"] = tasks.map { t -> Any in
                guard var task = t as? [String: Any] else { return t }
                task["solution"] = nil
                return task
            }
        }
        let (plan, practice) = try readTasks(stripped)
        let (seq, sus, custom) = try readQuestionnaires(object)
        let markers = try readMarkers(object)
        let (project, start) = try readProject(object, folder: folder)
        try checkConditions(of: plan, practice: practice, startingFrom: start)
        var study = StudyFile(
            title: title, consent: consent, configuration: configuration, variants: variants, assignment: assignment, taskOrder: taskOrder,
            practice: practice, tasks: plan.tasks, seq: seq, sus: sus, custom: custom, project: project, markers: markers)
        for (n, id) in ((object["tasks"] as? [Any]) ?? []).enumerated().compactMap({ n, t in ((t as? [String: Any])?["id"] as? String).map { (n, $0) } }) {
            guard let traces = solutions[n] else { continue }
            for v in traces.compactMap(\.variant) where !variants.contains(v) {
                throw ConfigurationError(
                    key: "tasks[\(n)].solution.\(PrintableText.of(v, limit: 40))", "is not one of the variants (\(variants.joined(separator: ", ")))")
            }
            study.solutions[id] = traces
        }
        return study
    }

    /// Each task's `solution`: a trace file, or an object naming one per variant; by the task's place.
    private static func readSolutions(_ object: [String: Any], folder: URL) throws -> [Int: [(variant: String?, trace: URL)]] {
        var out: [Int: [(variant: String?, trace: URL)]] = [:]
        for (n, t) in ((object["tasks"] as? [Any]) ?? []).enumerated() {
            guard let given = (t as? [String: Any])?["solution"] else { continue }
            let key = "tasks[\(n)].solution"
            var traces: [(variant: String?, path: String, key: String)] = []
            if let path = given as? String {
                traces = [(nil, path, key)]
            } else if let byVariant = given as? [String: Any], !byVariant.isEmpty {
                for (variant, path) in byVariant.sorted(by: { $0.key < $1.key }) {
                    guard let path = path as? String else {
                        throw ConfigurationError(key: "\(key).\(PrintableText.of(variant, limit: 40))", "must be a trace file's path")
                    }
                    traces.append((variant, path, "\(key).\(variant)"))
                }
            } else {
                throw ConfigurationError(key: key, "must be a trace file's path, or an object naming one per variant")
            }
            out[n] = try traces.map { variant, path, at in
                guard !path.isEmpty, path.count <= 1000 else { throw ConfigurationError(key: at, "must be a trace file's path") }
                let url = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
                guard FileManager.default.fileExists(atPath: url.path) else { throw ConfigurationError(key: at, "\(path): no such file") }
                return (variant, url)
            }
        }
        return out
    }

    /// The text at `key`: 1 to `limit` characters; nil when absent and not `required`.
    private static func text(_ object: [String: Any], _ key: String, limit: Int, required: Bool) throws -> String? {
        guard let v = object[key] else {
            if required { throw ConfigurationError(key: key, "is missing") }
            return nil
        }
        guard let s = v as? String, !s.isEmpty, s.count <= limit else { throw ConfigurationError(key: key, "must be text of 1 to \(limit) characters") }
        return s
    }

    /// The variants, and the configuration file that defines them (each variant read from it).
    private static func readVariants(_ object: [String: Any], folder: URL) throws -> ([String], URL?) {
        // The variants, and the configuration file that defines them.
        guard let list = object["variants"] as? [Any], !list.isEmpty, list.count <= 12 else {
            throw ConfigurationError(key: "variants", "must name 1 to 12 configuration variants")
        }
        var variants: [String] = []
        for (i, v) in list.enumerated() {
            guard let name = v as? String, !name.isEmpty, name.count <= 60 else { throw ConfigurationError(key: "variants[\(i)]", "must be a variant's name") }
            guard !variants.contains(name) else { throw ConfigurationError(key: "variants[\(i)]", "\"\(PrintableText.of(name, limit: 60))\" is named twice") }
            variants.append(name)
        }
        var configuration: URL?
        if let path = try text(object, "configuration", limit: 4096, required: false) {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            guard let configData = FileManager.default.contents(atPath: url.path) else {
                throw ConfigurationError(key: "configuration", "\(url.path) cannot be read")
            }
            for (i, name) in variants.enumerated() {
                do { _ = try ConfigurationFile.decode(configData, variant: name, schema: .tactile) } catch let e as ConfigurationError {
                    throw ConfigurationError(key: "variants[\(i)]", "\(url.lastPathComponent): \(e)")
                }
            }
            configuration = url
        } else if variants != ["default"] {
            throw ConfigurationError(key: "configuration", "is missing: name the configuration file whose variants \(variants.joined(separator: ", ")) are")
        }

        return (variants, configuration)
    }

    /// The design: variants within or between participants, tasks fixed or counterbalanced.
    private static func readDesign(_ object: [String: Any]) throws -> (Assignment, TaskOrder) {
        // The design.
        var assignment = Assignment.within, taskOrder = TaskOrder.fixed
        if let d = object["design"] {
            guard let design = d as? [String: Any] else {
                throw ConfigurationError(key: "design", "must be an object like {\"variants\": \"within\", \"tasks\": \"fixed\"}")
            }
            for k in design.keys.sorted() where !["variants", "tasks"].contains(k) {
                throw ConfigurationError(key: "design.\(PrintableText.of(k, limit: 60))", "is not a key here (expected tasks, variants)")
            }
            if let v = design["variants"] {
                guard let s = v as? String, let a = Assignment(rawValue: s) else {
                    throw ConfigurationError(key: "design.variants", "must be \"within\" or \"between\"")
                }
                assignment = a
            }
            if let v = design["tasks"] {
                guard let s = v as? String, let t = TaskOrder(rawValue: s) else {
                    throw ConfigurationError(key: "design.tasks", "must be \"fixed\" or \"counterbalanced\"")
                }
                taskOrder = t
            }
        }

        return (assignment, taskOrder)
    }

    /// The tasks and the practice task, in the test-plan format (errors keep their keys).
    private static func readTasks(_ object: [String: Any]) throws -> (TaskPlan, TaskPlan.Task?) {
        // The tasks and the practice task, in the test-plan format (errors keep their keys).
        guard object["tasks"] != nil else { throw ConfigurationError(key: "tasks", "needs at least one task") }
        let plan = try TaskPlan.parse(try JSONSerialization.data(withJSONObject: ["tasks": object["tasks"]!]))
        var practice: TaskPlan.Task?
        if let p = object["practice"] {
            do {
                practice = try TaskPlan.parse(try JSONSerialization.data(withJSONObject: ["tasks": [p]])).tasks.first
            } catch let e as ConfigurationError {
                throw ConfigurationError(key: e.key.replacingOccurrences(of: "tasks[0]", with: "practice"), e.message)
            }
        }

        return (plan, practice)
    }

    /// Which questionnaires: SEQ, SUS and the study's own.
    private static func readQuestionnaires(_ object: [String: Any]) throws -> (seq: Bool, sus: Bool, custom: [Questionnaire]) {
        // Questionnaires and markers.
        var seq = true, sus = true, custom: [Questionnaire] = []
        if let q = object["questionnaires"] {
            guard let qs = q as? [String: Any] else { throw ConfigurationError(key: "questionnaires", "must be an object like {\"seq\": true, \"sus\": true}") }
            for k in qs.keys.sorted() where !["seq", "sus", "custom"].contains(k) {
                throw ConfigurationError(key: "questionnaires.\(PrintableText.of(k, limit: 60))", "is not a key here (expected custom, seq, sus)")
            }
            if let c = qs["custom"] {
                guard let list = c as? [Any], list.count <= 10 else {
                    throw ConfigurationError(key: "questionnaires.custom", "must list at most 10 questionnaires")
                }
                for (n, entry) in list.enumerated() {
                    let q = try Questionnaire.parse(entry, key: "questionnaires.custom[\(n)]")
                    guard !(entry is String) else {
                        throw ConfigurationError(
                            key: "questionnaires.custom[\(n)]", "must be an object with id, title and items (seq and sus have their own keys)")
                    }
                    guard !custom.contains(where: { $0.id == q.id }) else {
                        throw ConfigurationError(key: "questionnaires.custom[\(n)].id", "\"\(q.id)\" is used twice")
                    }
                    custom.append(q)
                }
            }
            if let v = qs["seq"] {
                guard let b = JSONNumber.boolean(v) else { throw ConfigurationError(key: "questionnaires.seq", "must be true or false") }; seq = b
            }
            if let v = qs["sus"] {
                guard let b = JSONNumber.boolean(v) else { throw ConfigurationError(key: "questionnaires.sus", "must be true or false") }; sus = b
            }
        }
        return (seq, sus, custom)
    }

    /// The observer's marker categories, by the digit that adds one.
    private static func readMarkers(_ object: [String: Any]) throws -> [String: String] {
        var markers: [String: String] = [:]
        if let m = object["markers"] {
            guard let ms = m as? [String: Any] else { throw ConfigurationError(key: "markers", "must be an object like {\"1\": \"confusion\"}") }
            for (k, v) in ms {
                guard k.count == 1, let digit = Int(k), (1...9).contains(digit) else {
                    throw ConfigurationError(key: "markers.\(PrintableText.of(k, limit: 20))", "marker keys are the digits 1 to 9 (the keyboard's)")
                }
                guard let name = v as? String, !name.isEmpty, name.count <= 60 else {
                    throw ConfigurationError(key: "markers.\(k)", "must be a category's name")
                }
                markers[k] = name
            }
        }
        return markers
    }

    /// The project the tasks start from (the demo when none), every media file of it there.
    private static func readProject(_ object: [String: Any], folder: URL) throws -> (URL?, Project) {
        var project: URL?
        var start = DemoProject.make()
        if let path = try text(object, "project", limit: 4096, required: false) {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            do { start = try ProjectFile.load(from: url) } catch {
                // (An error that names the file already is not given its path twice.)
                let message = "\(error)"
                throw ConfigurationError(key: "project", message.contains(url.path) ? message : "\(url.path): \(message)")
            }
            // A participant must never meet media that are not there: refused before anyone sits down.
            for (t, track) in start.tracks.enumerated() {
                for (c, clip) in track.clips.enumerated() {
                    guard let media = clip.media, !FileManager.default.fileExists(atPath: (media as NSString).expandingTildeInPath) else { continue }
                    throw ConfigurationError(key: "project: tracks[\(t)].clips[\(c)].media", "\(media): no such file (clip \(clip.id))")
                }
            }
            project = url
        }
        return (project, start)
    }

    /// Every rule must be possible from the project the tasks start with (a misspelt clip would
    /// make a task that can never be done), and no task done already.
    private static func checkConditions(of plan: TaskPlan, practice: TaskPlan.Task?, startingFrom start: Project) throws {
        // Every rule must be possible from the project the tasks start with (a misspelt clip
        // would make a task that can never be done).
        // Nor may a task be done before anyone touches it: judged at once, it would measure nothing.
        let already = "is met by the study's project as it starts, so the task would be judged done before the participant touches anything"
        for (n, task) in plan.tasks.enumerated() {
            for (m, condition) in task.done.enumerated() {
                if let problem = condition.problem(startingFrom: start) { throw ConfigurationError(key: "tasks[\(n)].done[\(m)].path", problem) }
            }
            if !task.done.isEmpty, task.done.allSatisfy({ $0.holds(in: start) }) { throw ConfigurationError(key: "tasks[\(n)].done", already) }
        }
        for (m, condition) in (practice?.done ?? []).enumerated() {
            if let problem = condition.problem(startingFrom: start) { throw ConfigurationError(key: "practice.done[\(m)].path", problem) }
        }
        if let practice, !practice.done.isEmpty, practice.done.allSatisfy({ $0.holds(in: start) }) {
            throw ConfigurationError(key: "practice.done", already)
        }
    }

    /// The test plan of block `block` (0 for the first) of `schedule`: its tasks in the
    /// participant's order, the SEQ after each, the SUS and the study's own questionnaires at the end.
    public func plan(for schedule: Schedule, block: Int) -> TaskPlan {
        let b = schedule.blocks[block]
        var plan = TaskPlan(
            title: title, tasks: b.tasks.compactMap { id in tasks.first { $0.id == id } },
            afterEachTask: seq ? .seq : nil, atEnd: (sus ? [.sus] : []) + custom)
        // A study's tasks are sealed once judged, and each starts from the study's project: in a
        // counterbalanced order no task inherits what another left.
        plan.sealed = true
        return plan
    }

    /// The practice task's plan (no questionnaires), if the study has one.
    public var practicePlan: TaskPlan? {
        practice.map {
            var plan = TaskPlan(title: title, tasks: [$0])
            plan.sealed = true
            return plan
        }
    }

    /// The configuration of `variant` (from the study's configuration file, whose base alone
    /// when `variant` is nil; defaults without one).
    public func configuration(variant: String?) throws -> TactileConfiguration {
        guard let configuration else { return TactileConfiguration() }
        guard let data = FileManager.default.contents(atPath: configuration.path) else {
            throw CommandError.badInput("\(configuration.path): the study's configuration file cannot be read")
        }
        do { return try ConfigurationFile.decode(data, variant: variant, schema: .tactile) } catch let e as ConfigurationError {
            throw CommandError.badInput("\(configuration.path): \(e)")
        }
    }

    /// How many participants balance the design: the variant orders (a balanced Latin square
    /// within subjects, each variant between), and with counterbalanced tasks the task orders
    /// too, together (participant p takes variant row p and task row p).
    public var participantsToBalance: (total: Int, variantOrders: Int, taskOrders: Int) {
        let variantRows = assignment == .within ? BalancedLatinSquare(conditions: variants.count).rows.count : variants.count
        let taskRows = taskOrder == .counterbalanced ? BalancedLatinSquare(conditions: tasks.count).rows.count : 1
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        return (variantRows / gcd(variantRows, taskRows) * taskRows, variantRows, taskRows)
    }

    /// The balance in words: "Fully balanced with a multiple of 6 participants (2 variant orders
    /// and 6 task orders together)."
    var balanceNote: String {
        let (total, variantOrders, taskOrders) = participantsToBalance
        let what = assignment == .within ? "\(variantOrders) variant orders" : "\(variantOrders) variants"
        let parts = taskOrder == .counterbalanced ? "\(what) and \(taskOrders) task orders together" : what
        return "Fully balanced with a multiple of \(total) participants (\(parts))."
    }

    /// The design as Markdown: the study, and the first `participants` participants' schedules.
    public func designMarkdown(participants: Int) -> String {
        var asked: [String] = []
        if seq { asked.append("SEQ after each task") }
        if sus { asked.append("SUS after each variant") }
        for q in custom { asked.append("\(q.id) (\(q.items.count) item\(q.items.count == 1 ? "" : "s")) after each variant") }
        var out = [
            "# \(title)", "",
            "- Variants: \(variants.joined(separator: ", ")) (\(assignment == .within ? "within subjects, order by a balanced Latin square" : "between subjects"))",
            "- Tasks: \(tasks.map(\.id).joined(separator: ", ")) (\(taskOrder == .fixed ? "fixed order" : "counterbalanced"))"
                + (practice.map { _ in ", after a practice task" } ?? ""),
            "- Questionnaires: " + (asked.isEmpty ? "none" : asked.joined(separator: ", ")),
            "",
        ]
        out.append(balanceNote)
        out.append("")
        out += ["| Participant | " + (assignment == .within ? "Variant order" : "Variant") + " | Tasks in each block |", "|---|---|---|"]
        for p in 1...max(1, participants) {
            let s = schedule(forParticipant: p)
            let name = "P" + (p < 10 ? "0" : "") + String(p)
            out.append(
                "| \(name) | \(s.blocks.map(\.variant).joined(separator: " → ")) | \(s.blocks.map { $0.tasks.joined(separator: ", ") }.joined(separator: " / ")) |"
            )
        }
        return out.joined(separator: "\n") + "\n"
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
