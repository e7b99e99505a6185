import Foundation
import TactileCore
import TactileInput
import TactileUI

/// Turns the arena's gestures into timeline behaviour — scrolling (scrubbing) with momentum and
/// rubber bands, pinch zoom around the fingers' centre, moving and trimming clips with snapping —
/// and moves the timeline's animations on with the clock.
struct TimelineController {
    let timeline: TactileConfiguration.Timeline
    let editing: TactileConfiguration.Editing
    let feel: TactileConfiguration.Feel
    let input: TactileConfiguration.Input
    let appearance: TactileConfiguration.Appearance
    let sessionSettings: TactileConfiguration.Session
    var actions: EditorActions { EditorActions(editing: editing, appearance: appearance, sessionSettings: sessionSettings) }

    // MARK: Frames

    /// Scrolls the tracks (the least distance) so that clip `id`'s row shows whole.
    private func reveal(_ id: String, _ state: inout EditorState, layout: EditorLayout) {
        guard let (_, index) = state.project.clip(withID: id), index < layout.trackRows.count else { return }
        let row = layout.trackRows[index], area = layout.tracksArea
        var offset = state.timeline.trackOffset
        if row.minY < area.minY { offset -= area.minY - row.minY } else if row.maxY > area.maxY { offset += row.maxY - area.maxY }
        state.timeline.trackOffset = min(max(0, offset), layout.maximumTrackOffset)
        state.timeline.scrollY = nil
    }

    /// Moves every animation on to `now`, before the frame is drawn.
    func advance(_ state: inout EditorState, layout: EditorLayout, now: Time, effects: inout Effects) {
        let pps = state.pointsPerSecond
        // A held scroller wrote its place when a finger stopped it; nothing moves it since.
        if var scroller = state.timeline.scrollX, !scroller.isHeld {
            scroller.advance(to: now)
            state.playhead = .seconds(scroller.value / pps)
            state.timeline.scrollX = scroller.isAnimating || scroller.isTouched ? scroller : nil
        }
        if var scroller = state.timeline.scrollY, !scroller.isHeld {
            scroller.advance(to: now)
            state.timeline.trackOffset = scroller.value
            state.timeline.scrollY = scroller.isAnimating || scroller.isTouched ? scroller : nil
        }
        endCoast(&state, now: now, effects: &effects)
        // Keep the tracks' scroll inside what they can scroll (tracks removed, timeline resized).
        if state.timeline.scrollY == nil {
            state.timeline.trackOffset = min(max(0, state.timeline.trackOffset), layout.maximumTrackOffset)
        }
        if let id = state.timeline.reveal {
            state.timeline.reveal = nil
            reveal(id, &state, layout: layout)
        }
        autoScroll(&state, layout: layout, now: now, effects: &effects)
        let overscrolled = state.playhead < .zero || state.playhead > state.project.duration
        if overscrolled && !state.timeline.wasOverscrolled && (state.timeline.scrollX != nil || state.timeline.pinch != nil) {
            cue(.impactRigid, at: nil, reason: "timelineEnd", state: &state, now: now, effects: &effects)
        }
        state.timeline.wasOverscrolled = overscrolled
        if let bounce = state.timeline.trimBounce,
            Spring(response: timeline.physics.bounceResponse).isSettled(
                from: bounce.displacement, velocity: 0, after: (now - bounce.start).seconds)
        {
            state.timeline.trimBounce = nil
        }
        if let c = state.timeline.collapseAnimation {
            let target = state.timeline.collapsed ? 1.0 : 0.0
            let spring = Spring(response: timeline.collapseResponse)
            let t = (now - c.start).seconds
            if spring.isSettled(from: c.from - target, velocity: 0, after: t, positionTolerance: 0.002, velocityTolerance: 0.01) {
                state.timeline.collapseProgress = target
                state.timeline.collapseAnimation = nil
            } else {
                state.timeline.collapseProgress = target + spring.state(from: c.from - target, velocity: 0, after: t).position
            }
        }
        let pulseLength = Time.seconds(timeline.pulseDuration)
        state.timeline.pulses.removeAll { now - $0.start >= pulseLength }
        state.timeline.lastFrame = now
    }

    /// Whether anything on the timeline moves by itself and wants display-rate frames.
    func isAnimating(_ state: EditorState) -> Bool {
        let m = state.timeline
        // A held drag needs frames of its own only for the ghost's marching ants (trimming a
        // finite clip) and auto-scroll; a finger resting on a moved clip costs nothing.
        let marchingAnts = m.drag.map { d in d.kind != .move && (d.original.clip(withID: d.clipID)?.clip.kind.hasFiniteSource ?? false) } ?? false
        return (m.scrollX?.isAnimating ?? false) || (m.scrollY?.isAnimating ?? false) || marchingAnts || m.autoScrolling || m.snap != nil
            || m.trimBounce != nil || m.collapseAnimation != nil || !m.pulses.isEmpty
    }

    /// A finger landing on the timeline while it coasts or springs back stops it where it is
    /// (as a touch stops UIScrollView and Android's OverScroller), and its tap is only that: not
    /// also a tap on the clip or the background under it. Its lift lets go (content held past an
    /// end springs back); dragging on scrolls from where it stopped, carrying the speed it caught
    /// (`physics.flingAcceleration`). Runs before the frame's gestures, with its touches.
    func catchMotion(_ touches: [InputEvent], _ state: inout EditorState, layout: EditorLayout, now: Time, effects: inout Effects) {
        for event in touches {
            switch event.kind {
            case let .touch(id, .down, location):
                let moving = (state.timeline.scrollX?.isAnimating ?? false) || (state.timeline.scrollY?.isAnimating ?? false)
                guard state.timeline.holder == nil, moving, layout.timeline.contains(location) else { continue }
                var speed = 0.0
                if var s = state.timeline.scrollX {
                    s.hold(at: now)
                    if case let .held(caught) = s.motion { speed = caught }
                    state.timeline.scrollX = s
                    state.playhead = .seconds(s.value / state.pointsPerSecond)
                }
                if var s = state.timeline.scrollY {
                    s.hold(at: now)
                    if case let .held(caught) = s.motion, speed == 0 { speed = caught }
                    state.timeline.scrollY = s
                    state.timeline.trackOffset = s.value
                }
                state.timeline.holder = id
                endCoast(&state, now: now, effects: &effects)
                state.timeline.lastCatch = TimelineMotion.Catch(at: location, time: event.time)
                effects.log.append(LogEvent(time: now, .scrollCaught(location, speed: (abs(speed) * 10).rounded() / 10)))
            case let .touch(id, .up, _), let .touch(id, .cancel, _):
                if id == state.timeline.holder { letGo(&state, now: now) }
            case .focusLost:
                letGo(&state, now: now)
            default:
                continue
            }
        }
    }

    /// After the frame's gestures: a fresh touch-down (not one that caught the timeline) makes
    /// taps taps again. Not before them: the arena may decide the catching tap in this very frame
    /// (a ruler's tap waits for a second one until another finger lands).
    func forgetCaughtTap(after touches: [InputEvent], _ state: inout EditorState) {
        guard state.timeline.caughtTap != nil else { return }
        for event in touches {
            if case .touch(_, .down, _) = event.kind, event.time != state.timeline.lastCatch?.time { state.timeline.lastCatch?.tapOwed = false }
        }
    }

    /// The holding finger lifted (or every finger was cancelled).
    func letGo(_ state: inout EditorState, now: Time) {
        state.timeline.holder = nil
        state.timeline.scrollX?.release(at: now)
        state.timeline.scrollY?.release(at: now)
        // Content that rests needs no scroller (one springing back keeps it).
        if let s = state.timeline.scrollX, !s.isAnimating, !s.isTouched { state.timeline.scrollX = nil }
        if let s = state.timeline.scrollY, !s.isAnimating, !s.isTouched { state.timeline.scrollY = nil }
    }

    // MARK: Gestures

    /// Applies a gesture made on `target` (the widget that got it said which).
    func apply(_ g: GestureEvent, on target: TimelineTarget, _ state: inout EditorState, layout: EditorLayout, now: Time, effects: inout Effects) {
        let geometry = TimelineGeometry(
            pointsPerSecond: state.pointsPerSecond, playhead: state.playhead, playheadX: layout.playheadX, duration: state.project.duration,
            overscroll: timeline.physics.overscroll, width: layout.tracksArea.width)
        switch (g.kind, g.phase) {
        case (.tap, _):
            tap(g, on: target, &state, now: now, effects: &effects)
        case (.doubleTap, _):
            doubleTap(g, &state, layout: layout, now: now, effects: &effects)
        case (.scroll, _):
            scroll(g, &state, layout: layout, now: now, effects: &effects)
        case (.pinch, _):
            pinch(g, geometry: geometry, &state, layout: layout, now: now, effects: &effects)
        case (.move, .began), (.longPress, .began):
            pickUp(g, on: target, geometry: geometry, &state, layout: layout, now: now, effects: &effects)
        case (.trim, .began):
            grabEdge(g, on: target, geometry: geometry, &state, layout: layout, now: now, effects: &effects)
        case (.move, .changed), (.longPress, .changed), (.trim, .changed):
            guard state.timeline.drag != nil else { return }
            state.timeline.drag?.finger = g.location
            applyDrag(&state, layout: layout, now: now, effects: &effects)
        case (.move, .ended), (.longPress, .ended), (.trim, .ended):
            guard let drag = state.timeline.drag else { return }
            state.timeline.drag?.finger = g.location
            applyDrag(&state, layout: layout, now: now, effects: &effects)
            if drag.overshoot > 0 {
                let shown = timeline.physics.rubberBand(drag.overshoot, dimension: layout.tracksArea.width)
                state.timeline.trimBounce = (drag.clipID, drag.kind, now, shown)
                cue(.impactSoft, at: g.location, reason: "springBack", state: &state, now: now, effects: &effects)
            }
            finishDrag(&state, commit: true, now: now, effects: &effects)
        case (.move, .cancelled), (.longPress, .cancelled), (.trim, .cancelled):
            finishDrag(&state, commit: false, now: now, effects: &effects)
        default:
            break
        }
    }

    /// A tap: stops a coast (and no more), opens a cut's transitions, edits a selected title, selects or deselects.
    private func tap(_ g: GestureEvent, on target: TimelineTarget, _ state: inout EditorState, now: Time, effects: inout Effects) {
        if let caught = state.timeline.caughtTap, g.start == caught {
            // This finger stopped the timeline's coast: that was all it did.
            state.timeline.lastCatch?.tapOwed = false
            effects.log.append(LogEvent(time: now, .tapStoppedScroll(g.start)))
            return
        }
        if case let .junction(id) = target {
            actions.perform(.openTransitionPicker(id), state: &state, now: now, effects: &effects)
        } else if let id = target.clipID, state.selection == id, state.project.clip(withID: id)?.clip.kind == .text {
            // A tap on a selected text clip edits its words (so a double tap on one does).
            actions.perform(.beginTextEdit(id), state: &state, now: now, effects: &effects)
        } else if let id = target.clipID {
            actions.perform(.select(clipID: id, at: g.location), state: &state, now: now, effects: &effects)
        } else {
            actions.perform(.deselect, state: &state, now: now, effects: &effects)
        }
    }

    /// A double tap zooms to fit, unless its first tap stopped the timeline's coast.
    private func doubleTap(_ g: GestureEvent, _ state: inout EditorState, layout: EditorLayout, now: Time, effects: inout Effects) {
        // A double tap whose first tap stopped the timeline's coast is not a zoom to fit.
        let window = Time.seconds(input.doubleTapInterval + 2 * input.tapMaximumDuration)
        if let caught = state.timeline.lastCatch, g.start == caught.at, now - caught.time <= window {
            state.timeline.lastCatch?.tapOwed = false
            effects.log.append(LogEvent(time: now, .tapStoppedScroll(g.start)))
            return
        }
        zoomToFit(&state, layout: layout, now: now, effects: &effects)
    }

    /// A scroll drags the timeline (across) or the tracks (up and down), and lets them coast.
    private func scroll(_ g: GestureEvent, _ state: inout EditorState, layout: EditorLayout, now: Time, effects: inout Effects) {
        switch g.phase {
        case .began:
            pausePlayback(&state, now: now, effects: &effects)
            if g.axis == .vertical {
                var s = Scroller(
                    value: state.timeline.trackOffset, bounds: 0...layout.maximumTrackOffset,
                    dimension: layout.tracksArea.height, physics: timeline.physics)
                s.beginDrag(at: now, catching: state.timeline.scrollY)
                state.timeline.scrollY = s
            } else {
                var s = horizontalScroller(state, layout: layout)
                s.beginDrag(at: now, catching: state.timeline.scrollX)
                state.timeline.scrollX = s
            }
        case .changed:
            if g.axis == .vertical, var s = state.timeline.scrollY {
                s.drag(translation: g.translation.y, at: now)
                state.timeline.scrollY = s
                state.timeline.trackOffset = s.value
            } else if var s = state.timeline.scrollX {
                s.drag(translation: g.translation.x, at: now)
                state.timeline.scrollX = s
                state.playhead = .seconds(s.value / state.pointsPerSecond)
            }
        case .ended, .cancelled:
            let fling = g.phase == .ended
            let vertical = g.axis == .vertical
            if vertical, var s = state.timeline.scrollY {
                s.endDrag(velocity: fling ? g.velocity.y : 0, at: now)
                state.timeline.scrollY = s
            } else if var s = state.timeline.scrollX {
                s.endDrag(velocity: fling ? g.velocity.x : 0, at: now)
                state.timeline.scrollX = s
            }
            if case .coasting? = (vertical ? state.timeline.scrollY : state.timeline.scrollX)?.motion {
                state.timeline.coast = TimelineMotion.Coasting(
                    vertical: vertical, speed: abs(vertical ? g.velocity.y : g.velocity.x),
                    from: (vertical ? state.timeline.scrollY : state.timeline.scrollX)?.value ?? 0, start: now)
            }
        default:
            break
        }
    }

    /// Logs the fling's coast as `coast.ended` once it stops: slowed to rest, reached an end
    /// (springing back), or caught by a finger (held, or dragged on).
    private func endCoast(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard let coast = state.timeline.coast else { return }
        let scroller = coast.vertical ? state.timeline.scrollY : state.timeline.scrollX
        let end: InteractionEvent.Coast.End
        switch scroller?.motion {
        case .coasting?: return
        case .bouncing?: end = .edge
        case .held?, .dragging?: end = .caught
        default: end = .rest
        }
        let value = scroller?.value ?? (coast.vertical ? state.timeline.trackOffset : state.playhead.seconds * state.pointsPerSecond)
        state.timeline.coast = nil
        effects.log.append(
            LogEvent(
                time: now,
                .coastEnded(
                    .init(
                        axis: coast.vertical ? "vertical" : "horizontal", speed: coast.speed.rounded(), distance: (abs(value - coast.from) * 10).rounded() / 10,
                        seconds: ((now - coast.start).seconds * 1000).rounded() / 1000, end: end))))
    }

    /// A pinch zooms about the time under the fingers' centre; past an end it springs back.
    private func pinch(_ g: GestureEvent, geometry: TimelineGeometry, _ state: inout EditorState, layout: EditorLayout, now: Time, effects: inout Effects) {
        switch g.phase {
        case .began:
            letGo(&state, now: now)
            pausePlayback(&state, now: now, effects: &effects)
            state.timeline.scrollX = nil
            state.timeline.pinch = (state.pointsPerSecond, geometry.time(atX: g.start.x))
        case .changed:
            guard let pinch = state.timeline.pinch else { return }
            let t = timeline
            let pps = min(max(pinch.pointsPerSecond * g.scale, t.minimumPointsPerSecond), t.maximumPointsPerSecond)
            state.pointsPerSecond = pps
            // The time that was under the fingers' centre stays under it.
            state.playhead = pinch.focalTime - .seconds((g.location.x - layout.playheadX) / pps)
        case .ended, .cancelled:
            state.timeline.pinch = nil
            var s = horizontalScroller(state, layout: layout)
            if s.isOverscrolled {
                s.beginDrag()
                s.endDrag(velocity: 0, at: now)
                state.timeline.scrollX = s
            }
        default:
            break
        }
    }

    /// A clip picked up to move (a long press selects it with a cue).
    private func pickUp(
        _ g: GestureEvent, on target: TimelineTarget, geometry: TimelineGeometry, _ state: inout EditorState, layout: EditorLayout, now: Time,
        effects: inout Effects
    ) {
        guard let id = target.clipID, let (clip, _) = state.project.clip(withID: id) else { return }
        // The finger that stopped the timeline now moves a clip: the timeline is let go
        // (its auto-scroll takes the playhead).
        letGo(&state, now: now)
        pausePlayback(&state, now: now, effects: &effects)
        if g.kind == .longPress {
            actions.perform(.select(clipID: id, at: g.location), state: &state, now: now, effects: &effects)
            cue(.impactMedium, at: g.location, reason: "pickUp", state: &state, now: now, effects: &effects)
        }
        state.timeline.drag = ClipDrag(
            kind: .move, clipID: id, original: state.project,
            grabOffset: geometry.time(atX: g.origin.x) - clip.start, finger: g.location, landing: g.origin)
        applyDrag(&state, layout: layout, now: now, effects: &effects)
    }

    /// A trim handle taken: the drag moves that edge.
    private func grabEdge(
        _ g: GestureEvent, on target: TimelineTarget, geometry: TimelineGeometry, _ state: inout EditorState, layout: EditorLayout, now: Time,
        effects: inout Effects
    ) {
        guard case let .trimHandle(id, leading) = target, let (clip, _) = state.project.clip(withID: id) else { return }
        letGo(&state, now: now)
        pausePlayback(&state, now: now, effects: &effects)
        let edge = leading ? clip.start : clip.end
        state.timeline.drag = ClipDrag(
            kind: leading ? .trimLeading : .trimTrailing, clipID: id, original: state.project,
            grabOffset: geometry.time(atX: g.origin.x) - edge, finger: g.location, landing: g.origin)
        applyDrag(&state, layout: layout, now: now, effects: &effects)
    }

    // MARK: Dragging clips

    /// Places the dragged clip or edge under the finger: snapping, then the limits (neighbours,
    /// source length, shortest clip), on a working copy of the project from before the drag.
    func applyDrag(_ state: inout EditorState, layout: EditorLayout, now: Time, effects: inout Effects) {
        guard var drag = state.timeline.drag, let (clip, trackIndex) = drag.original.clip(withID: drag.clipID) else { return }
        let pps = state.pointsPerSecond
        let geometry = TimelineGeometry(pointsPerSecond: pps, playhead: state.playhead, playheadX: layout.playheadX)
        // Only what is on screen pulls (`feel.snapVisibleOnly`), unless a study says otherwise.
        let visible =
            feel.snapVisibleOnly
            ? geometry.visibleTimes(minX: layout.tracksArea.minX, maxX: layout.tracksArea.maxX)
            : Time(ticks: .min / 2)...Time(ticks: .max / 2)
        let points = Snapping.points(in: drag.original, excluding: [clip.id], playhead: max(.zero, state.playhead))
        let threshold = timeline.snapThreshold
        let fingerTime = geometry.time(atX: drag.finger.x)
        let minimum = Time.seconds(editing.minimumClipDuration)
        var project = drag.original
        // On the magnetic main track a trim moves the clips after it rather than stopping at them.
        let magnetic = editing.magneticMainTrack && project.mainTrackIndex == trackIndex
        var snapped: SnapPoint?
        var atLimit = false
        drag.overshoot = 0
        // The dragged edges where the finger alone puts them, and how far a snap pulled them.
        var rawEdges: [Time] = [], pull = 0.0
        /// The offset that puts the nearest of `edges` on a snap point (zero when none is near).
        func snapOffset(_ edges: [Time]) -> Time {
            rawEdges = edges
            guard let snap = Snapping.snap(edges: edges, to: points, pointsPerSecond: pps, threshold: threshold, visible: visible) else { return .zero }
            snapped = snap.point
            pull = abs(snap.offset.seconds) * pps
            return snap.offset
        }

        switch drag.kind {
        case .move:
            var target = trackIndex
            if let row = layout.trackIndex(atY: drag.finger.y), row < project.tracks.count, project.tracks[row].kind.accepts(clip.kind) { target = row }
            var start = fingerTime - drag.grabOffset
            start += snapOffset([start, start + clip.duration])
            // Along the magnetic main track (or onto it) a clip is inserted where it lands, the others sliding aside.
            let policy = editing.magneticMainTrack && project.mainTrackIndex == target ? .ripple : feel.movePolicy
            project = project.moving(clip: clip.id, toTrack: target, start: start, policy: policy)
            if project.clip(withID: clip.id)?.clip.start != start { snapped = nil }
        case .trimTrailing:
            let raw = fingerTime - drag.grabOffset
            let end = raw + snapOffset([raw])
            let neighbour = magnetic ? nil : project.tracks[trackIndex].clips.first { $0.start >= clip.end && $0.id != clip.id }?.start
            let source = clip.footageEnd
            let upper = [neighbour, source].compactMap { $0 }.min()
            let lower = clip.start + minimum
            var clamped = max(end, lower)
            if let upper, clamped > upper { clamped = upper }
            if let source, raw > source, upper == source { drag.overshoot = (raw - source).seconds * pps }
            if let source { atLimit = clamped == source && raw >= source }
            if clamped != end { snapped = nil }
            replace(clip, in: &project, track: trackIndex) { $0.duration = clamped - $0.start }
        case .trimLeading:
            let raw = fingerTime - drag.grabOffset
            let start = raw + snapOffset([raw])
            let neighbour = magnetic ? nil : project.tracks[trackIndex].clips.last { $0.end <= clip.start && $0.id != clip.id }?.end
            let source: Time? = clip.kind.hasFiniteSource ? clip.footageOrigin : nil
            let lower = [neighbour, source, .zero].compactMap { $0 }.max()!
            let upper = clip.end - minimum
            var clamped = min(start, upper)
            if clamped < lower { clamped = lower }
            if let source, raw < source, lower == source { drag.overshoot = (source - raw).seconds * pps }
            if let source { atLimit = clamped == source && raw <= source }
            if clamped != start { snapped = nil }
            replace(clip, in: &project, track: trackIndex) { c in
                let shift = clamped - c.start
                c.start = clamped
                c.duration = c.duration - shift
                c.sourceStart = c.kind.hasFiniteSource ? max(.zero, c.sourceStart + c.footageSpan(ofTimeline: shift)) : .zero
            }
        }
        if atLimit && !drag.atSourceLimit {
            cue(.impactRigid, at: drag.finger, reason: "sourceLimit", state: &state, now: now, effects: &effects)
        }
        drag.atSourceLimit = atLimit
        // A snap let go (the edge left its point, or another point took it): how far the edge
        // the finger alone puts was from the point then.
        if let held = state.timeline.snap, held != snapped {
            let away = rawEdges.map { abs(($0 - held.time).seconds) * pps }.min() ?? 0
            effects.log.append(LogEvent(time: now, .snapEscaped(.init(to: describe(held), time: held.time.seconds, distance: (away * 10).rounded() / 10))))
        }
        if let snapped, snapped != state.timeline.snap {
            if feel.snapCue { cue(.impactLight, at: drag.finger, reason: "snap", state: &state, now: now, effects: &effects) }
            effects.log.append(
                LogEvent(time: now, .snap(.init(to: describe(snapped), time: snapped.time.seconds, distance: (pull * 10).rounded() / 10))))
        }
        if editing.magneticMainTrack {
            let kept = project.magnetised(from: drag.original)
            project = kept.project
            drag.rippled = kept.rippled
        }
        state.timeline.snap = snapped
        state.timeline.drag = drag
        state.timeline.autoScrolling = autoScrollSpeed(at: drag.finger, landing: drag.landing, layout: layout) != 0
        state.project = project
    }

    private func replace(_ clip: Clip, in project: inout Project, track: Int, _ change: (inout Clip) -> Void) {
        guard let i = project.tracks[track].clips.firstIndex(where: { $0.id == clip.id }) else { return }
        change(&project.tracks[track].clips[i])
    }

    private func finishDrag(_ state: inout EditorState, commit: Bool, now: Time, effects: inout Effects) {
        guard let drag = state.timeline.drag else { return }
        if commit, state.project != drag.original {
            state.history.record(drag.original)
            let edit: InteractionEvent.Edit.Kind = drag.kind == .move ? .move : .trim
            var event = InteractionEvent.Edit(edit, clip: drag.clipID, before: drag.original, after: state.project)
            if drag.rippled > 0 { event.rippled = drag.rippled }
            effects.log.append(LogEvent(time: now, .edit(event)))
        } else if !commit {
            state.project = drag.original
        }
        state.timeline.drag = nil
        state.timeline.snap = nil
        state.timeline.autoScrolling = false
    }

    /// How fast the timeline auto-scrolls under a dragging finger: within `autoScrollMargin` of
    /// an edge, faster the nearer, but only past where the finger landed on its way to that edge
    /// (and `autoScrollLandingSlack` beyond: a clip picked up inside the margin and carried
    /// straight down to another track does not set the timeline running).
    private func autoScrollSpeed(at finger: Point, landing: Point, layout: EditorLayout) -> Double {
        let t = timeline
        let area = layout.tracksArea
        let slack = t.autoScrollLandingSlack
        let left = min(area.minX + t.autoScrollMargin, landing.x - slack), right = max(area.maxX - t.autoScrollMargin, landing.x + slack)
        if finger.x < left { return -t.autoScrollSpeed * min(1, (left - finger.x) / t.autoScrollMargin) }
        if finger.x > right { return t.autoScrollSpeed * min(1, (finger.x - right) / t.autoScrollMargin) }
        return 0
    }

    /// Scrolls the timeline while a dragged clip or handle is held near its left or right edge,
    /// and keeps the clip under the finger.
    private func autoScroll(_ state: inout EditorState, layout: EditorLayout, now: Time, effects: inout Effects) {
        guard var drag = state.timeline.drag, let last = state.timeline.lastFrame, now > last else { return }
        // A finger that landed inside a margin and leaves it: the margin is whole again.
        let margin = timeline.autoScrollMargin, area = layout.tracksArea
        let slack = timeline.autoScrollLandingSlack
        if drag.landing.x > area.maxX - margin, drag.finger.x < area.maxX - margin { drag.landing.x = min(drag.finger.x, area.maxX - margin - slack) }
        if drag.landing.x < area.minX + margin, drag.finger.x > area.minX + margin { drag.landing.x = max(drag.finger.x, area.minX + margin + slack) }
        state.timeline.drag = drag
        let speed = autoScrollSpeed(at: drag.finger, landing: drag.landing, layout: layout)
        guard speed != 0 else { return }
        let limit = state.project.duration + .seconds(layout.tracksArea.width / 2 / state.pointsPerSecond)
        let next = state.playhead + .seconds(speed * (now - last).seconds / state.pointsPerSecond)
        state.playhead = min(max(.zero, next), max(limit, state.playhead))
        applyDrag(&state, layout: layout, now: now, effects: &effects)
    }

    // MARK: Helpers

    private func horizontalScroller(_ state: EditorState, layout: EditorLayout) -> Scroller {
        let pps = state.pointsPerSecond
        return Scroller(
            value: state.playhead.seconds * pps, bounds: 0...max(0, state.project.duration.seconds * pps),
            dimension: layout.tracksArea.width, physics: timeline.physics)
    }

    private func zoomToFit(_ state: inout EditorState, layout: EditorLayout, now: Time, effects: inout Effects) {
        let t = timeline
        let duration = max(state.project.duration.seconds, 1)
        state.pointsPerSecond = min(max(layout.tracksArea.width * 0.9 / duration, t.minimumPointsPerSecond), t.maximumPointsPerSecond)
        state.playhead = .seconds(duration / 2)
        state.timeline.scrollX = nil
        effects.log.append(LogEvent(time: now, .zoomToFit(pointsPerSecond: state.pointsPerSecond)))
    }

    private func pausePlayback(_ state: inout EditorState, now: Time, effects: inout Effects) {
        if state.isPlaying { actions.perform(.togglePlayback, state: &state, now: now, effects: &effects) }
    }

    func cue(_ cue: HapticCue, at location: Point?, reason: String, state: inout EditorState, now: Time, effects: inout Effects) {
        effects.cues.append(CueEvent(cue, at: location, reason: reason))
        effects.log.append(LogEvent(time: now, .cue(cue.rawValue, reason: reason)))
        if let location { state.timeline.pulses.append(Pulse(cue: cue, location: location, start: now)) }
    }

    private func describe(_ p: SnapPoint) -> String {
        switch p.kind {
        case .playhead: return "playhead"
        case .clipEdge: return "clip:\(p.clipID ?? "")"
        case .timelineStart: return "timelineStart"
        case .timelineEnd: return "timelineEnd"
        }
    }
}
