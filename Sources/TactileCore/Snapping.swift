/// Something an edge can snap to while a clip is moved or trimmed.
public struct SnapPoint: Hashable, Sendable {
    public enum Kind: Int, Hashable, Sendable, Comparable {
        // Raw values are the priority when two points are equally near: lower wins.
        case playhead = 0, clipEdge = 1, timelineStart = 2, timelineEnd = 3
        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }
    public var time: Time
    public var kind: Kind
    /// The clip whose edge this is, for clip edges.
    public var clipID: String?

    public init(time: Time, kind: Kind, clipID: String? = nil) { self.time = time; self.kind = kind; self.clipID = clipID }
}

/// A snap found: move the edges by `offset` so that edge number `edgeIndex` lands on `point`.
public struct Snap: Hashable, Sendable {
    public var point: SnapPoint
    public var edgeIndex: Int
    public var offset: Time
}

/// Snapping of clip edges to snap points, with a threshold in points (the same under every
/// zoom) and only points that are visible counting.
public enum Snapping {
    /// The snap points of a project: every clip edge on every track (but the clips being edited),
    /// the playhead, and the timeline's start and end.
    public static func points(in project: Project, excluding excluded: Set<String>, playhead: Time) -> [SnapPoint] {
        var points = [SnapPoint(time: playhead, kind: .playhead), SnapPoint(time: .zero, kind: .timelineStart)]
        var end = Time.zero
        for track in project.tracks {
            for clip in track.clips where !excluded.contains(clip.id) {
                points.append(SnapPoint(time: clip.start, kind: .clipEdge, clipID: clip.id))
                points.append(SnapPoint(time: clip.end, kind: .clipEdge, clipID: clip.id))
                end = max(end, clip.end)
            }
        }
        if end > .zero { points.append(SnapPoint(time: end, kind: .timelineEnd)) }
        return points
    }

    /// The nearest snap for any of `edges` within `threshold` points at `pointsPerSecond`,
    /// counting only points inside `visible`. Ties go to the higher-priority kind.
    public static func snap(
        edges: [Time], to points: [SnapPoint], pointsPerSecond: Double, threshold: Double,
        visible: ClosedRange<Time>
    ) -> Snap? {
        var best: (distance: Double, snap: Snap)?
        for point in points where visible.contains(point.time) {
            for (index, edge) in edges.enumerated() {
                let distance = abs((point.time - edge).seconds) * pointsPerSecond
                guard distance <= threshold else { continue }
                let candidate = Snap(point: point, edgeIndex: index, offset: point.time - edge)
                if let b = best {
                    if distance < b.distance - 1e-9 || (abs(distance - b.distance) <= 1e-9 && point.kind < b.snap.point.kind) {
                        best = (distance, candidate)
                    }
                } else {
                    best = (distance, candidate)
                }
            }
        }
        return best?.snap
    }
}
