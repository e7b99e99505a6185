import TactileCore

/// News from the microphone while a voice-over is recorded, as the session takes it each step
/// (an `InputEvent`, so a recorded session keeps it in its trace as `"type":"voice"` and a replay
/// gives the editor the same news at the same instants without a microphone).
public enum VoiceNews: Hashable, Sendable {
    /// How loud the microphone is now: the peak since the last news, 0 … 1, to the hundredth.
    case level(Double)
    /// The recording is written: `path`, `seconds` long (to the millisecond).
    case saved(path: String, seconds: Double)
    /// The microphone cannot be opened or the file written, in a sentence.
    case failed(String)
    /// No microphone is there to record with (said when the panel opens, before any tap).
    case noMicrophone

    /// The longest path or reason kept, in characters.
    public static let maximumTextLength = 4096

    /// The news as traces keep it: a level to the hundredth within 0 … 1, seconds to the
    /// millisecond and never negative, a path or reason cut to `maximumTextLength` and never empty.
    public var quantized: VoiceNews {
        func text(_ s: String) -> String { s.isEmpty ? "(no reason given)" : String(s.prefix(Self.maximumTextLength)) }
        switch self {
        case let .level(v): return .level(((v.isFinite ? min(1, max(0, v)) : 0) * 100).rounded() / 100)
        case let .saved(path, seconds): return .saved(path: text(path), seconds: ((seconds.isFinite ? max(0, seconds) : 0) * 1000).rounded() / 1000)
        case let .failed(reason): return .failed(text(reason))
        case .noMicrophone: return .noMicrophone
        }
    }

    /// Its fields on a trace line (after `"type":"voice"`).
    var traceFields: String {
        // As the news keep them (hundredths, milliseconds), every digit written: a long take's
        // length comes back exactly.
        switch self {
        case let .level(v): return ",\"level\":\(String(format: "%.2f", v))"
        case let .saved(path, seconds): return ",\"saved\":\(JSONValue.string(path).serialized()),\"seconds\":\(String(format: "%.3f", seconds))"
        case let .failed(reason): return ",\"failed\":\(JSONValue.string(reason).serialized())"
        case .noMicrophone: return ",\"microphone\":false"
        }
    }

    /// The news on a trace line, or why the line is not news.
    static func from(traceLine o: [String: Any]) -> Result<VoiceNews, TraceLineProblem> {
        if let level = o["level"] {
            guard let v = JSONNumber.double(level), v >= 0, v <= 1 else { return .failure(TraceLineProblem("level: a voice level is a number from 0 to 1")) }
            return .success(VoiceNews.level(v).quantized)
        }
        if let saved = o["saved"] {
            guard let path = saved as? String, !path.isEmpty, path.count <= maximumTextLength else {
                return .failure(TraceLineProblem("saved: the recording's path, 1 to \(maximumTextLength) characters"))
            }
            guard let s = o["seconds"].flatMap(JSONNumber.double), s >= 0, s <= 24 * 3600 else {
                return .failure(TraceLineProblem("seconds: the recording's length, 0 to 86,400"))
            }
            return .success(VoiceNews.saved(path: path, seconds: s).quantized)
        }
        if let failed = o["failed"] {
            guard let reason = failed as? String, reason.count <= maximumTextLength else {
                return .failure(TraceLineProblem("failed: the reason, at most \(maximumTextLength) characters"))
            }
            return .success(VoiceNews.failed(reason).quantized)
        }
        if let microphone = o["microphone"] {
            guard microphone as? Bool == false else { return .failure(TraceLineProblem("microphone: only false (none found) is news")) }
            return .success(.noMicrophone)
        }
        return .failure(TraceLineProblem("a voice line needs level, saved, failed or microphone"))
    }
}

/// Why a trace line cannot be read, naming its field.
struct TraceLineProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
