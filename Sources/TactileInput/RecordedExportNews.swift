import Foundation
import TactileCore

/// A piece of an export's news as a recorded session took it: the step's time and what the
/// exporter said. A trace keeps each as a line of its own, before the mark of the frame that
/// took it:
///
///     {"t":4.250000,"type":"export","progress":0.25,"left":12.2}
///     {"t":9.016000,"type":"export","finished":"/home/me/Movies/Demo 2026-11-25 10.04.09.mp4"}
///     {"t":9.016000,"type":"export","failed":"the disk is full"}
///     {"t":9.016000,"type":"export","cancelled":true}
public struct RecordedExportNews: Hashable, Sendable {
    public var time: Time
    public var news: MovieExportNews

    public init(time: Time, news: MovieExportNews) { self.time = time; self.news = news }

    /// The longest path or reason a line may hold, in characters (as the session keeps them).
    public static let maximumTextLength = MovieExportNews.maximumTextLength

    /// The news of a parsed `"type":"export"` line, or a message naming the field at fault.
    static func news(in object: [String: Any]) throws -> MovieExportNews {
        let kinds = ["progress", "finished", "failed", "cancelled"].filter { object[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first else {
            throw FieldError("an export line needs exactly one of progress, finished, failed or cancelled")
        }
        func text(_ field: String) throws -> String {
            guard let s = object[field] as? String, !s.isEmpty, s.count <= maximumTextLength else {
                throw FieldError("\(field): must be a string of 1 to \(maximumTextLength) characters")
            }
            return s
        }
        switch kind {
        case "progress":
            guard let f = JSONNumber.double(object["progress"]), (0...1).contains(f) else {
                throw FieldError("progress: must be a number from 0 to 1")
            }
            var left: Double?
            if object["left"] != nil {
                guard let l = JSONNumber.double(object["left"]), l.isFinite, l >= 0, l <= Trace.maximumSeconds else {
                    throw FieldError("left: must be a number of seconds from 0 to \(Int(Trace.maximumSeconds))")
                }
                left = l
            }
            // As the session took it (JSON readers may miss a 17-digit number's last place).
            return MovieExportNews.progress(fraction: f, secondsLeft: left).quantized
        case "finished":
            // Its size came later: a trace without it says 0.
            var bytes: Int64 = 0
            if object["bytes"] != nil {
                guard let b = JSONNumber.double(object["bytes"]), b >= 0, b <= 1e15, b == b.rounded() else {
                    throw FieldError("bytes: must be a whole number of bytes")
                }
                bytes = Int64(b)
            }
            return .finished(path: try text("finished"), bytes: bytes)
        case "failed": return .failed(try text("failed"))
        default:
            guard JSONNumber.boolean(object["cancelled"]) == true else { throw FieldError("cancelled: must be true") }
            return .cancelled
        }
    }

    /// The line's fields after `"type":"export"`.
    var fields: String {
        switch news {
        case let .progress(fraction, left):
            return ",\"progress\":\(JSONValue.format(fraction))" + (left.map { ",\"left\":\(JSONValue.format($0))" } ?? "")
        case let .finished(path, bytes): return ",\"finished\":\(JSONValue.string(path).serialized()),\"bytes\":\(bytes)"
        case let .failed(reason): return ",\"failed\":\(JSONValue.string(reason).serialized())"
        case .cancelled: return ",\"cancelled\":true"
        }
    }

    /// A field's problem, in words.
    struct FieldError: Error { var message: String; init(_ m: String) { message = m } }
}
