import TactileCore
import TactileStudy
import TactileEditor
import TactileUI

/// The rules the editor's state and output obey after every frame, whatever the input: the
/// monkey checks them all after each frame it runs. Each broken rule comes back as a sentence.
///
/// Project rules (also applied to the projects on top of the undo and redo stacks): clips on a
/// track sorted and never overlapping, of a kind the track accepts, ids unique, start ≥ 0,
/// duration at least `editing.minimumClipDuration` — or the whole source when that is shorter —
/// source start ≥ 0 and source start + duration within the source's length and the media's real
/// length when known. Editor rules: the selection names an existing clip; zoom within its limits;
/// no NaN or ∞ in scrolls, offsets, springs, fingers, pulses, the draw list or the elements; the
/// undo and redo stacks within `editing.undoLimit`; a playhead at rest is at or after the start,
/// and one that a scroll, fling, pinch or spring moved forward into rest is no further past the
/// end than auto-scroll goes (half the tracks' width; an edit may still shorten the project under
/// it).
public struct EditorInvariants {
    /// The editor's editing and timeline settings (as the editor holds them, scaled for the UI).
    public let editing: TactileConfiguration.Editing, timeline: TactileConfiguration.Timeline
    /// The playhead at the last check (to tell a playhead that moved from one left alone).
    private var lastPlayhead: Time?
    /// Whether a clip was being dragged at the last check.
    private var lastDragged = false

    public init(editing: TactileConfiguration.Editing, timeline: TactileConfiguration.Timeline) { self.editing = editing; self.timeline = timeline }

    /// Every rule `state` and the frame's `output` break; `mediaLength` gives a media file's
    /// real length when known.
    public mutating func violations(of state: EditorState, output: FrameOutput?, mediaLength: (String) -> Time?) -> [String] {
        var out: [String] = []
        let minimum = Time.seconds(editing.minimumClipDuration)
        out += Self.violations(of: state.project, minimumDuration: minimum, mediaLength: mediaLength)
        if let top = state.history.undoStack.last {
            out += Self.violations(of: top, minimumDuration: minimum, mediaLength: { _ in nil }).map { "undo top: " + $0 }
        }
        if let top = state.history.redoStack.last {
            out += Self.violations(of: top, minimumDuration: minimum, mediaLength: { _ in nil }).map { "redo top: " + $0 }
        }
        let limit = editing.undoLimit
        if state.history.undoStack.count > limit { out.append("undo history holds \(state.history.undoStack.count) steps, limit \(limit)") }
        if state.history.redoStack.count > limit { out.append("redo history holds \(state.history.redoStack.count) steps, limit \(limit)") }
        if let id = state.selection, state.project.clip(withID: id) == nil { out.append("selection \"\(id)\" names no clip") }
        if let drag = state.timeline.drag, drag.original.clip(withID: drag.clipID) == nil { out.append("drag of \"\(drag.clipID)\" names no clip") }
        out += viewViolations(state)
        out += playheadViolations(state)
        if let output {
            out += Self.violations(of: output.drawList)
            for e in output.elements where !Self.isFinite(e.frame) || !Self.isFinite(e.hitFrame) {
                out.append("element \(e.id) has a non-finite frame \(e.frame) / \(e.hitFrame)")
            }
        }
        return out
    }

    /// The project rules (see the type's description).
    public static func violations(of project: Project, minimumDuration: Time, mediaLength: (String) -> Time?) -> [String] {
        var out: [String] = []
        var ids: Set<String> = []
        for track in project.tracks {
            if !ids.insert(track.id).inserted { out.append("id \(track.id) is used twice") }
            var previous: Clip?
            for clip in track.clips {
                var name: String { "clip \(clip.id) on \(track.id)" }
                if !ids.insert(clip.id).inserted { out.append("id \(clip.id) is used twice") }
                if !track.kind.accepts(clip.kind) { out.append("\(name): a \(clip.kind.rawValue) clip on a \(track.kind.rawValue) track") }
                if let p = previous {
                    if clip.start < p.start { out.append("\(name) starts before \(p.id) but comes after it") }
                    if clip.start < p.end {
                        out.append("\(name) [\(clip.start.seconds), \(clip.end.seconds)) overlaps \(p.id) [\(p.start.seconds), \(p.end.seconds))")
                    }
                }
                if clip.start < .zero { out.append("\(name) starts at \(clip.start.seconds) s") }
                let source = clip.kind.hasFiniteSource ? clip.sourceDuration : nil
                let shortest = min(minimumDuration, source ?? minimumDuration)
                if clip.duration <= .zero || clip.duration < shortest {
                    out.append("\(name) lasts \(clip.duration.seconds) s, less than \(shortest.seconds) s")
                }
                if clip.sourceStart < .zero { out.append("\(name) starts \(clip.sourceStart.seconds) s into its source") }
                // A clip at another speed than 1 may reach a tick further (its length rounds to a tick).
                let slack = Time(ticks: clip.speed == 1 ? 0 : 1)
                if let source, clip.sourceStart + clip.footageUsed > source + slack {
                    out.append("\(name) reaches \((clip.sourceStart + clip.footageUsed).seconds) s into a \(source.seconds) s source")
                }
                if clip.kind.hasFiniteSource, let path = clip.media, let length = mediaLength(path), clip.sourceStart + clip.footageUsed > length + slack {
                    out.append("\(name) reaches \((clip.sourceStart + clip.footageUsed).seconds) s into \(length.seconds) s of media")
                }
                previous = clip
            }
        }
        return out
    }

    /// Non-finite numbers in a draw list, one sentence per command.
    public static func violations(of list: DrawList) -> [String] {
        var out: [String] = []
        for layer in DrawLayer.allCases {
            for c in list.commands(in: layer) where !isFinite(c) { out.append("draw command with a non-finite number: \(c)") }
        }
        return out
    }

    // MARK: Parts

    private func viewViolations(_ state: EditorState) -> [String] {
        var out: [String] = []
        let t = timeline, m = state.timeline
        if !(state.pointsPerSecond >= t.minimumPointsPerSecond && state.pointsPerSecond <= t.maximumPointsPerSecond) {
            out.append("zoom \(state.pointsPerSecond) pt/s outside \(t.minimumPointsPerSecond) … \(t.maximumPointsPerSecond)")
        }
        func finite(_ v: Double, _ name: @autoclosure () -> String) { if !v.isFinite { out.append("\(name()) is \(v)") } }
        finite(m.trackOffset, "trackOffset")
        finite(m.collapseProgress, "collapseProgress")
        if let s = m.scrollX { finite(s.value, "scrollX") }
        if let s = m.scrollY { finite(s.value, "scrollY") }
        if let p = m.pinch { finite(p.pointsPerSecond, "pinch zoom") }
        if let d = m.drag { finite(d.overshoot, "drag overshoot"); finite(d.finger.x, "drag finger x"); finite(d.finger.y, "drag finger y") }
        if let b = m.trimBounce { finite(b.displacement, "trim bounce") }
        if let b = state.browser { finite(b.scroll, "browser scroll") }
        if let v = state.scrub?.scrubber?.value { finite(v, "scrubber") }
        for p in m.pulses { finite(p.location.x, "pulse x"); finite(p.location.y, "pulse y") }
        for (id, p) in state.ui.fingers { finite(p.x, "finger \(id) x"); finite(p.y, "finger \(id) y") }
        if m.trackOffset < -state.viewport.height { out.append("tracks scrolled to \(m.trackOffset)") }
        if !(m.collapseProgress >= -0.5 && m.collapseProgress <= 1.5) { out.append("timeline folded \(m.collapseProgress)") }
        return out
    }

    private mutating func playheadViolations(_ state: EditorState) -> [String] {
        var out: [String] = []
        let playhead = state.playhead, dragged = lastDragged
        defer { lastPlayhead = playhead; lastDragged = state.timeline.drag != nil }
        if abs(playhead.seconds) > 1_000_000 { out.append("playhead at \(playhead.seconds) s") }
        let m = state.timeline
        let atRest =
            m.scrollX == nil && m.pinch == nil && m.drag == nil && state.scrub == nil && state.playback == nil
            && state.ui.fingers.isEmpty && !state.ui.arena.isEngaged
        guard atRest else { return out }
        if playhead < .zero { out.append("playhead rests at \(playhead.seconds) s, before the start") }
        // An edit may shorten the project under the playhead (a clip deleted; a dragged clip
        // dropped or its drag cancelled where auto-scroll carried the playhead); a motion that
        // comes to rest must not carry it further out.
        let slack = Time.seconds(state.viewport.width / 2 / state.pointsPerSecond)
        if !dragged, let last = lastPlayhead, playhead > last, playhead > state.project.duration + slack {
            out.append("playhead came to rest at \(playhead.seconds) s, past the end (\(state.project.duration.seconds) s)")
        }
        return out
    }

    static func isFinite(_ r: Rect) -> Bool { r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite }

    /// Whether every number of `c` is finite (no arrays made: this runs for every command of
    /// every frame).
    private static func isFinite(_ c: DrawCommand) -> Bool {
        func f(_ r: Rect) -> Bool { isFinite(r) }
        func f(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        switch c {
        case let .fillRect(rect, _, radius): return f(rect) && radius.isFinite
        case let .strokeRect(rect, _, width, radius): return f(rect) && width.isFinite && radius.isFinite
        case let .line(a, b, _, width): return f(a) && f(b) && width.isFinite
        case let .dashedLine(a, b, _, width, dash, gap, phase): return f(a) && f(b) && width.isFinite && dash.isFinite && gap.isFinite && phase.isFinite
        case let .fillCircle(center, radius, _): return f(center) && radius.isFinite
        case let .strokeCircle(center, radius, _, width): return f(center) && radius.isFinite && width.isFinite
        case let .triangle(a, b, c, _): return f(a) && f(b) && f(c)
        case let .polygon(points, _): return points.allSatisfy(f)
        case let .text(run): return f(run.frame)
        case let .image(_, source, frame, opacity): return (source.map(f) ?? true) && f(frame) && opacity.isFinite
        case let .blurredImage(_, frame, opacity, width, passes): return f(frame) && opacity.isFinite && width > 0 && passes >= 0
        case let .cornerMask(rect, _, radius): return f(rect) && radius.isFinite
        case let .pushClip(rect): return f(rect)
        case .popClip, .popRotation: return true
        case let .pushRotation(center, degrees): return f(center) && degrees.isFinite
        }
    }
}
