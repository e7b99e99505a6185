/// News of an export running off the frame loop, as the session takes it each step. A recorded
/// session keeps each piece in its trace (`"type":"export"`), so a replay shows the same
/// progress and the same ending at the same frames without writing a movie.
public enum MovieExportNews: Hashable, Sendable {
    /// The share done (0 … 1) and the seconds left at the pace so far.
    case progress(fraction: Double, secondsLeft: Double?)
    /// Written, at `path`.
    case finished(path: String)
    /// Stopped by a problem, in a sentence.
    case failed(String)
    /// Cancelled; nothing was written.
    case cancelled
}

extension MovieExportNews {
    /// The news with its share on a grid of 1/10,000 and its time left to the millisecond: what
    /// a session takes, so that a recording's text gives back exactly the same numbers.
    public var quantized: MovieExportNews {
        guard case let .progress(fraction, left) = self else { return self }
        return .progress(fraction: (fraction * 10_000).rounded() / 10_000, secondsLeft: left.map { ($0 * 1000).rounded() / 1000 })
    }
}
