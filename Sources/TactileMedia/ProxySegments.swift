import Foundation
import TactileCore

/// Which frame slots of one source its proxy already holds: segments of consecutive frames,
/// sorted and not overlapping, each in its own small file. A segment covers the slots from its
/// first frame's up to the slot before the frame that followed it, so a slot without a frame of
/// its own (a dropped frame) is covered by the frame shown in it. Once a maker has reached the
/// end of the stream, `end` is the slot after the last frame, and every slot from there on
/// shows the last segment's last frame.
struct ProxySegments: Equatable {
    /// One file of the proxy.
    struct Segment: Equatable {
        /// The first and last frame slot it covers.
        var first: Int64, last: Int64
        /// The source time of its first frame: the file's timestamps count from there.
        var start: Time
        /// The file's name in the source's proxy folder.
        var name: String { "\(first)-\(last)-\(start.ticks).mov" }

        /// The segment a file name describes, or nil for any other file.
        init?(name: String) {
            guard name.hasSuffix(".mov"), !name.hasPrefix(".") else { return nil }
            let parts = name.dropLast(4).split(separator: "-")
            guard parts.count == 3, let a = Int64(parts[0]), let b = Int64(parts[1]), let t = Int64(parts[2]), a >= 0, a <= b else { return nil }
            first = a; last = b; start = Time(ticks: t)
        }

        init(first: Int64, last: Int64, start: Time) { self.first = first; self.last = last; self.start = start }
    }

    /// The segments, sorted by their first slot.
    private(set) var segments: [Segment] = []
    /// The slot after the last frame, once known.
    var end: Int64?

    /// Whether every slot up to the end is covered.
    var isComplete: Bool {
        guard let end else { return false }
        var next: Int64 = 0
        for s in segments {
            guard s.first <= next else { return false }
            next = max(next, s.last + 1)
        }
        return next >= end
    }

    /// Slots covered.
    var coveredSlots: Int64 { segments.reduce(0) { $0 + $1.last - $1.first + 1 } }

    /// The segment holding `slot` (past the end: the last one), or nil.
    func segment(containing slot: Int64) -> Segment? {
        if let end, slot >= end, let last = segments.last, last.last + 1 >= end { return last }
        var (lo, hi) = (0, segments.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].last < slot { lo = mid + 1 } else { hi = mid }
        }
        guard lo < segments.count, segments[lo].first <= slot else { return nil }
        return segments[lo]
    }

    /// Whether `slot` is covered (slots past a known end are: the last frame shows there).
    func covers(_ slot: Int64) -> Bool { segment(containing: slot) != nil }

    /// Adds a segment; one that overlaps a segment already there is refused (another maker made
    /// those frames first). Returns false when refused.
    @discardableResult
    mutating func insert(_ segment: Segment) -> Bool {
        if segments.contains(where: { $0.first <= segment.last && segment.first <= $0.last }) { return false }
        let at = segments.firstIndex { $0.first > segment.first } ?? segments.count
        segments.insert(segment, at: at)
        return true
    }

    /// The first slot at or after `slot`, and before `limit`, that no segment covers.
    func firstUncovered(from slot: Int64, before limit: Int64) -> Int64? {
        var s = max(0, slot)
        while s < limit {
            guard let seg = segment(containing: s) else { return s }
            if let end, s >= end { return nil }
            s = seg.last + 1
        }
        return nil
    }
}
