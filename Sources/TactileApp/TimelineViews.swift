import Foundation
import TactileCore
import TactileHeadless
import TactileStudy

/// Where a recorded session's timeline stood, frame by frame: its playhead, zoom and place on
/// the screen. A heatmap reads a touch on the timeline in timeline time (which clip, which moment
/// it was aimed at) and draws it over its picture's timeline where that time is, so touches made
/// with the timeline scrolled land on the clips they touched, not on whatever sat at that spot of
/// the screen when the picture was taken.
struct TimelineViews {
    /// The timeline at one frame: the geometry that maps its time to x, and the screen area of
    /// the ruler and the tracks.
    struct View {
        var t: Double
        var geometry: TimelineGeometry
        var area: Rect

        /// Where timeline time `time` is drawn on this view's timeline; nil when it does not show it.
        func x(of time: Time) -> Double? {
            let x = geometry.x(for: time)
            return x >= area.minX && x <= area.maxX ? x : nil
        }
    }

    private(set) var views: [View] = []

    /// The views of `session`, replayed headless (nothing drawn).
    init(replaying session: RecordedSession, mediaDir: String?) throws {
        let headless = try HeadlessSession(
            project: session.project, viewport: session.trace.viewport, scale: 1, configuration: session.configuration,
            library: try MediaFolder.library(mediaDir), plan: session.plan, notices: session.notices)
        var views: [View] = []
        headless.player.onFrame = { time, output in
            guard let playhead = output.elements.first(where: { $0.id == "playhead" }) else { return }
            let parts = output.elements.filter { $0.id == "ruler" || $0.id.hasPrefix("track:") }.map(\.frame)
            guard let first = parts.first else { return }
            let state = headless.host.state
            views.append(
                View(
                    t: time.seconds,
                    geometry: TimelineGeometry(pointsPerSecond: state.pointsPerSecond, playhead: state.playhead, playheadX: playhead.frame.midX),
                    area: parts.dropFirst().reduce(first) { $0.union($1) }))
        }
        headless.player.play(session.trace)
        headless.player.onFrame = nil
        self.views = views
    }

    /// The timeline as it stood at `t` (the last frame at or before it).
    func view(at t: Double) -> View? {
        var low = 0, high = views.count
        while low < high {
            let mid = (low + high) / 2
            if views[mid].t <= t { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? views[low - 1] : views.first
    }

    /// The timeline time `point`, touched at `t`, was on; nil when it was off the timeline.
    func time(of point: Point, at t: Double) -> Time? {
        guard let then = view(at: t), then.area.contains(point) else { return nil }
        return then.geometry.time(atX: point.x)
    }
}
