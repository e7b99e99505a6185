/// News of an export running off the frame loop, as the session takes it each step. A recorded
/// session keeps each piece in its trace (`"type":"export"`), so a replay shows the same
/// progress and the same ending at the same frames without writing a movie.
public enum MovieExportNews: Hashable, Sendable {
    /// The share done (0 … 1) and the seconds left at the pace so far.
    case progress(fraction: Double, secondsLeft: Double?)
    /// Written, at `path`, `bytes` long.
    case finished(path: String, bytes: Int64)
    /// Stopped by a problem, in a sentence.
    case failed(String)
    /// Cancelled; nothing was written.
    case cancelled
}

extension MovieExportNews {
    /// The longest path or reason news keeps, in characters.
    public static let maximumTextLength = 4096

    /// The news as a session takes it and a recording keeps it: its share on a grid of 1/10,000
    /// and its time left to the millisecond (so a recording's text gives back exactly the same
    /// numbers), its path or reason cut to `maximumTextLength` characters and never empty.
    public var quantized: MovieExportNews {
        func text(_ s: String) -> String { s.isEmpty ? "(no reason given)" : String(s.prefix(Self.maximumTextLength)) }
        switch self {
        case let .progress(fraction, left):
            return .progress(fraction: (fraction * 10_000).rounded() / 10_000, secondsLeft: left.map { ($0 * 1000).rounded() / 1000 })
        case let .finished(path, bytes): return .finished(path: text(path), bytes: max(0, bytes))
        case let .failed(reason): return .failed(text(reason))
        case .cancelled: return self
        }
    }
}
