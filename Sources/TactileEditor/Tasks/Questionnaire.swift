import Foundation
import TactileCore

/// A questionnaire a test plan asks on screen: after each task (the Single Ease Question) or at
/// the plan's end (the System Usability Scale, a study's own items). Each item is answered with
/// one tap on a scale point or a choice, and confirmed with Next.
public struct Questionnaire: Hashable, Sendable {
    /// A short name for logs, answers and reports: "seq", "sus", or the study's own.
    public var id: String
    /// The heading over its items ("About this version of the editor").
    public var title: String
    public var items: [Item]

    /// One question.
    public struct Item: Hashable, Sendable {
        public var id: String
        public var text: String
        public var scale: Scale
        public init(id: String, text: String, scale: Scale) { self.id = id; self.text = text; self.scale = scale }
    }

    /// How an item is answered: a point on a numbered scale (1 … points, with the words at its
    /// ends), or one of a few choices (answered with its number, 1 for the first).
    public enum Scale: Hashable, Sendable {
        case likert(points: Int, low: String, high: String)
        case choice([String])

        /// How many answers the scale offers.
        public var count: Int {
            switch self {
            case let .likert(points, _, _): return points
            case let .choice(options): return options.count
            }
        }
    }

    public init(id: String, title: String, items: [Item]) { self.id = id; self.title = title; self.items = items }

    /// The Single Ease Question (Sauro & Dumas 2009): one 7-point item after each task.
    public static let seq = Questionnaire(
        id: "seq", title: "About the task you just did",
        items: [
            Item(
                id: "seq", text: "Overall, how difficult or easy was the task to complete?",
                scale: .likert(points: 7, low: "Very difficult", high: "Very easy"))
        ])

    /// The System Usability Scale (Brooke 1996): the standard ten items, 5 points from Strongly
    /// disagree to Strongly agree, in their standard order and words ("system" as the original).
    public static let sus = Questionnaire(
        id: "sus", title: "About this version of the editor",
        items: [
            "I think that I would like to use this system frequently.",
            "I found the system unnecessarily complex.",
            "I thought the system was easy to use.",
            "I think that I would need the support of a technical person to be able to use this system.",
            "I found the various functions in this system were well integrated.",
            "I thought there was too much inconsistency in this system.",
            "I would imagine that most people would learn to use this system very quickly.",
            "I found the system very cumbersome to use.",
            "I felt very confident using the system.",
            "I needed to learn a lot of things before I could get going with this system.",
        ].enumerated().map { Item(id: "sus\($0 + 1)", text: $1, scale: .likert(points: 5, low: "Strongly disagree", high: "Strongly agree")) })

    /// The System Usability Scale's score (Brooke 1996): ten answers 1 (strongly disagree) … 5
    /// (strongly agree); odd items count answer − 1, even ones 5 − answer, and the sum × 2.5
    /// gives 0 … 100. Nil unless there are exactly ten answers, each 1 … 5.
    public static func susScore(_ answers: [Int]) -> Double? {
        guard answers.count == 10, answers.allSatisfy({ (1...5).contains($0) }) else { return nil }
        let sum = answers.enumerated().reduce(0) { total, item in total + (item.offset % 2 == 0 ? item.element - 1 : 5 - item.element) }
        return Double(sum) * 2.5
    }

    /// The questionnaire's score from its answers in item order: SUS 0 … 100, the SEQ's point
    /// 1 … 7; nil for a study's own questionnaire (its items are reported one by one).
    public func score(_ answers: [Int]) -> Double? {
        switch id {
        case "sus": return Self.susScore(answers)
        case "seq": return answers.count == 1 && (1...7).contains(answers[0]) ? Double(answers[0]) : nil
        default: return nil
        }
    }

    /// Most items a questionnaire may hold, most choices an item may offer, most scale points.
    public static let maximumItems = 50, maximumChoices = 10, maximumPoints = 11

    /// Reads a questionnaire: "seq", "sus", or an object
    /// `{"id", "title", "items": [{"id", "text", "scale": 5 | 7 | …, "low", "high"} | {"id", "text", "choices": […]}]}`.
    /// Errors name the key under `key`.
    public static func parse(_ any: Any, key: String) throws -> Questionnaire {
        if let name = any as? String {
            switch name {
            case "seq": return .seq
            case "sus": return .sus
            default:
                throw ConfigurationError(
                    key: key, "\"\(PrintableText.of(name, limit: 40))\" is not a standard questionnaire (expected seq, sus or an object with items)")
            }
        }
        guard let object = any as? [String: Any] else { throw ConfigurationError(key: key, "must be \"seq\", \"sus\" or an object with id, title and items") }
        try TaskPlan.known(object, ["id", "title", "items"], at: key)
        let id = try text(object["id"], key: key + ".id", limit: 60)
        guard !["seq", "sus"].contains(id) else { throw ConfigurationError(key: key + ".id", "\"\(id)\" is the standard questionnaire's name: choose another") }
        let title = try text(object["title"], key: key + ".title", limit: 200)
        guard let list = object["items"] as? [Any], !list.isEmpty, list.count <= maximumItems else {
            throw ConfigurationError(key: key + ".items", "needs 1 to \(maximumItems) items")
        }
        var items: [Item] = []
        for (n, entry) in list.enumerated() {
            let at = "\(key).items[\(n)]"
            guard let item = entry as? [String: Any] else { throw ConfigurationError(key: at, "must be an object with id, text and scale or choices") }
            try TaskPlan.known(item, ["id", "text", "scale", "low", "high", "choices"], at: at)
            let itemID = try text(item["id"], key: at + ".id", limit: 60)
            guard !items.contains(where: { $0.id == itemID }) else {
                throw ConfigurationError(key: at + ".id", "\"\(PrintableText.of(itemID, limit: 60))\" is used twice")
            }
            let question = try text(item["text"], key: at + ".text", limit: 500)
            let scale: Scale
            if let choices = item["choices"] {
                guard item["scale"] == nil, item["low"] == nil, item["high"] == nil else {
                    throw ConfigurationError(key: at, "has both choices and a scale: give one")
                }
                guard let options = choices as? [Any], (2...maximumChoices).contains(options.count) else {
                    throw ConfigurationError(key: at + ".choices", "must list 2 to \(maximumChoices) choices")
                }
                scale = .choice(try options.enumerated().map { try text($1, key: "\(at).choices[\($0)]", limit: 120) })
            } else {
                guard let p = item["scale"], let points = JSONNumber.integer(p), (2...maximumPoints).contains(points) else {
                    throw ConfigurationError(key: at + ".scale", "must be the number of scale points, 2 to \(maximumPoints) (or give choices)")
                }
                scale = .likert(
                    points: points, low: try text(item["low"], key: at + ".low", limit: 60),
                    high: try text(item["high"], key: at + ".high", limit: 60))
            }
            items.append(Item(id: itemID, text: question, scale: scale))
        }
        return Questionnaire(id: id, title: title, items: items)
    }

    private static func text(_ any: Any?, key: String, limit: Int) throws -> String {
        guard let any else { throw ConfigurationError(key: key, "is missing") }
        guard let s = any as? String, !s.trimmingCharacters(in: .whitespaces).isEmpty, s.count <= limit else {
            throw ConfigurationError(key: key, "must be text of 1 to \(limit) characters")
        }
        return s
    }

    /// The questionnaire as a plan file writes it ("seq", "sus", or the object `parse` reads).
    public var json: JSONValue {
        if self == .seq { return .string("seq") }
        if self == .sus { return .string("sus") }
        return .object([
            ("id", .string(id)), ("title", .string(title)),
            (
                "items",
                .array(
                    items.map { item in
                        var fields: [(String, JSONValue)] = [("id", .string(item.id)), ("text", .string(item.text))]
                        switch item.scale {
                        case let .likert(points, low, high): fields += [("scale", .number(Double(points))), ("low", .string(low)), ("high", .string(high))]
                        case let .choice(options): fields.append(("choices", .array(options.map { .string($0) })))
                        }
                        return .object(fields)
                    })
            ),
        ])
    }
}
