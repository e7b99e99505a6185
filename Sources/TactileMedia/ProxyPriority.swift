import TactileCore

/// What the user needs of one source now: the frame slots being looked at, most urgent first
/// (the trim edge being dragged, then the playhead), and the filmstrip's visible slots.
struct ProxyInterest: Equatable {
    var focus: [Int64] = []
    var filmstrip: [Int64] = []
}

/// The order proxy segments are made in: where the user is first. The slots in focus, then
/// the slots around them (nearest first, ahead before behind), then the visible filmstrip, then
/// the rest of the source from the playhead on, then from its start.
enum ProxyPriority {
    /// The slot a maker should start from next, or nil when nothing is left to make. Slots that
    /// `segments` covers, or that lie in `busy` (what other makers are making or about to reach),
    /// are skipped; `around` is how many slots either side of a focus count as around it.
    static func nextSlot(
        for interest: ProxyInterest, segments: ProxySegments, busy: [ClosedRange<Int64>],
        around: Int64, slotCount: Int64
    ) -> Int64? {
        let limit = segments.end ?? slotCount
        func free(_ s: Int64) -> Bool { s >= 0 && s < limit && !segments.covers(s) && !busy.contains { $0.contains(s) } }
        let focus = interest.focus.map { min(max(0, $0), max(0, limit - 1)) }
        if let s = focus.first(where: free) { return s }
        if around > 0 {
            for d in 1...around {
                for f in focus {
                    if free(f + d) { return f + d }
                    if free(f - d) { return f - d }
                }
            }
        }
        if let s = interest.filmstrip.first(where: free) { return s }
        return firstFree(from: focus.first ?? 0, limit: limit, segments: segments, busy: busy)
            ?? firstFree(from: 0, limit: limit, segments: segments, busy: busy)
    }

    /// The first slot from `start` that is neither covered nor busy.
    private static func firstFree(from start: Int64, limit: Int64, segments: ProxySegments, busy: [ClosedRange<Int64>]) -> Int64? {
        var s = start
        while let candidate = segments.firstUncovered(from: s, before: limit) {
            guard let range = busy.first(where: { $0.contains(candidate) }) else { return candidate }
            s = range.upperBound + 1
        }
        return nil
    }
}
