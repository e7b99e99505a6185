import Foundation
import TactileCore

/// A recorded touch session: a viewport and a list of timed input events. Stored as JSON
/// Lines (see README "Trace format"):
///
///     {"tactile_trace":1,"viewport":{"width":390,"height":844}}
///     {"t":0.016,"type":"down","id":1,"x":120.5,"y":600}
///     {"t":0.100,"type":"up","id":1,"x":120.5,"y":600}
///     {"t":0.500,"type":"key","key":"space"}
///     {"t":0.900,"type":"blur"}
public struct Trace: Sendable, Hashable {
    /// The version of the trace format this code reads and writes.
    public static let formatVersion = 1

    public var viewport: Size
    public var events: [InputEvent]

    public init(viewport: Size, events: [InputEvent]) { self.viewport = viewport; self.events = events }

    /// The time of the last event (the trace's length).
    public var duration: Time { events.last?.time ?? .zero }
}

/// A problem with a trace file, naming the line.
public struct TraceError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public init(line: Int, _ message: String) { self.line = line; self.message = message }
    public var description: String { "line \(line): \(message)" }
}

extension Trace {
    /// Reads a trace file.
    public static func load(from url: URL) throws -> Trace {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw TraceError(line: 0, "\(url.path): cannot be read")
        }
        return try parse(String(decoding: data, as: UTF8.self))
    }

    /// Parses trace text. Events must be in time order; blank lines are skipped.
    public static func parse(_ text: String) throws -> Trace {
        var viewport: Size?
        var events: [InputEvent] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                throw TraceError(line: lineNumber, "not a JSON object")
            }
            if viewport == nil {
                guard let version = object["tactile_trace"] as? Int else {
                    throw TraceError(line: lineNumber, "the first line must be the header {\"tactile_trace\":1,\"viewport\":{…}}")
                }
                guard version == formatVersion else { throw TraceError(line: lineNumber, "unsupported trace version \(version)") }
                guard let vp = object["viewport"] as? [String: Any], let w = number(vp["width"]), let h = number(vp["height"]), w > 0, h > 0 else {
                    throw TraceError(line: lineNumber, "header needs a viewport with positive width and height")
                }
                viewport = Size(width: w, height: h)
                continue
            }
            guard let t = number(object["t"]), t >= 0 else { throw TraceError(line: lineNumber, "\"t\" must be a number of seconds ≥ 0") }
            let time = Time.seconds(t)
            if let last = events.last, time < last.time { throw TraceError(line: lineNumber, "events must be in time order (t went back to \(t))") }
            guard let type = object["type"] as? String else { throw TraceError(line: lineNumber, "missing \"type\"") }
            switch type {
            case "down", "move", "up", "cancel":
                guard let id = object["id"] as? Int else { throw TraceError(line: lineNumber, "a \(type) event needs an integer \"id\"") }
                guard let x = number(object["x"]), let y = number(object["y"]) else { throw TraceError(line: lineNumber, "a \(type) event needs numbers \"x\" and \"y\"") }
                events.append(.touch(TouchPhase(rawValue: type)!, id: id, at: Point(x: x, y: y), time: time))
            case "key":
                guard let name = object["key"] as? String, let key = Key(rawValue: name) else {
                    throw TraceError(line: lineNumber, "unknown key (expected one of \(Key.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                events.append(.key(key, time: time))
            case "blur":
                events.append(InputEvent(time: time, kind: .focusLost))
            default:
                throw TraceError(line: lineNumber, "unknown event type \"\(type)\" (expected down, move, up, cancel, key or blur)")
            }
        }
        guard let vp = viewport else { throw TraceError(line: 1, "empty trace: the header line is missing") }
        return Trace(viewport: vp, events: events)
    }

    /// The trace as JSON Lines text.
    public func serialized() -> String {
        var lines = ["{\"tactile_trace\":\(Trace.formatVersion),\"viewport\":{\"width\":\(fmt(viewport.width)),\"height\":\(fmt(viewport.height))}}"]
        for e in events { lines.append(Trace.line(for: e)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One event as a JSON line (also used by the live recorder).
    public static func line(for e: InputEvent) -> String {
        let t = String(format: "%.6f", e.time.seconds)
        switch e.kind {
        case let .touch(id, phase, p):
            return "{\"t\":\(t),\"type\":\"\(phase.rawValue)\",\"id\":\(id),\"x\":\(fmt(p.x)),\"y\":\(fmt(p.y))}"
        case let .key(k):
            return "{\"t\":\(t),\"type\":\"key\",\"key\":\"\(k.rawValue)\"}"
        case .focusLost:
            return "{\"t\":\(t),\"type\":\"blur\"}"
        }
    }

    private static func number(_ any: Any?) -> Double? {
        guard let n = any as? NSNumber, !["c", "B"].contains(String(cString: n.objCType)) else { return nil }
        let d = n.doubleValue
        return d.isFinite ? d : nil
    }
}

private func fmt(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(format: "%.3f", v)
}
