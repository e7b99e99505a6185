import Foundation
import TactileCore
import TactileUI

/// One line of the interaction log (JSON Lines): what happened (`InteractionEvent`) and when,
/// with what the study's log and the observer feed add to every line.
public struct LogEvent: Hashable, Sendable {
    public var time: Time
    public var event: InteractionEvent
    /// The wall-clock moment (ISO 8601) the study's log adds to each line (`at`).
    public var wallClock: String?
    /// The moment on the running part's clock the observer feed adds (`blockT`, seconds): the
    /// time to seek to in the part's video.
    public var blockTime: Double?

    public init(time: Time, _ event: InteractionEvent) { self.time = time; self.event = event }

    /// The kind as the log names it.
    public var kind: String { event.kind }

    /// The event's fields as the log writes them (for tests and tools that read the wire form).
    public var fields: [String: ElementValue] { event.fields }

    /// The event as one line of the interaction log: `{"t":…,"kind":…, fields…}`, fields sorted.
    public var jsonLine: String { jsonLine(adding: [:]) }

    /// The line with `extra` fields besides the event's (what a feed adds for its page).
    public func jsonLine(adding extra: [String: ElementValue]) -> String {
        var fields = event.fields.merging(extra) { a, _ in a }
        if let wallClock { fields["at"] = .string(wallClock) }
        if let blockTime { fields["blockT"] = .number(blockTime) }
        var pairs: [(String, JSONValue)] = [("t", .number((time.seconds * 1_000_000).rounded() / 1_000_000)), ("kind", .string(kind))]
        for (k, v) in fields.sorted(by: { $0.key < $1.key }) {
            switch v {
            case let .bool(b): pairs.append((k, .bool(b)))
            case let .number(n): pairs.append((k, .number(n)))
            case let .string(s): pairs.append((k, .string(s)))
            }
        }
        return JSONValue.object(pairs).serialized()
    }

    /// The event a log line holds; nil when the line is not a JSON object with a time `t` and a
    /// `kind`. A field that is no string, number or boolean is left out (the line reads as an
    /// event this version does not know). Read with `JSONDecoder`, which reads every number back
    /// to the very value written (`JSONSerialization` is one unit in the last place off on some).
    public init?(jsonLine line: some StringProtocol) {
        guard let object = try? JSONDecoder().decode([String: WireValue].self, from: Data(line.utf8)),
            case let .value(.number(t))? = object["t"], t.isFinite, abs(t) < 1e12,
            case let .value(.string(kind))? = object["kind"]
        else { return nil }
        var fields: [String: ElementValue] = [:]
        var dropped = false
        for (key, value) in object where key != "t" && key != "kind" {
            if case let .value(v) = value { fields[key] = v } else { dropped = true }
        }
        if case let .string(at)? = fields["at"] { wallClock = at; fields["at"] = nil }
        if case let .number(b)? = fields["blockT"] { blockTime = b; fields["blockT"] = nil }
        time = .seconds(t)
        event = dropped ? .unknown(kind: kind, fields: fields) : InteractionEvent(kind: kind, fields: fields)
    }

    /// One value of a log line: a string, number or boolean, or something else (null, a list, an object).
    private enum WireValue: Decodable {
        case value(ElementValue), other
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) {
                self = .value(.bool(b))
            } else if let n = try? c.decode(Double.self) {
                self = .value(.number(n))
            } else if let s = try? c.decode(String.self) {
                self = .value(.string(s))
            } else {
                self = .other
            }
        }
    }
}
