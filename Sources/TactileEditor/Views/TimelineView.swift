import TactileCore
import TactileInput
import TactileUI

/// The timeline: ruler, tracks of clips, the selected clip's frame and handles, snap guides, the
/// ghost of a trimmed clip's source, and the fixed playhead. Only what is visible is laid out,
/// so the work grows with the screen, not the project. Fingers on it go to the gesture arena;
/// each element says which gestures it offers.
struct TimelineView {
    let ui: UIContext
    let media: MediaSource
    let layout: EditorLayout
    let sizes: TactileConfiguration.Layout
    let timeline: TactileConfiguration.Timeline
    let feel: TactileConfiguration.Feel
    let mediaSettings: TactileConfiguration.Media
    let theme: Theme

    /// A junction button at each visible cut between two clips on a video or overlay track (not
    /// at the selected clip's edges, where its trim handles are): a small tile, marked when the
    /// cut has a transition. A tap opens the transition picker for the cut; a pan or pinch that
    /// starts on it scrolls or zooms the timeline, as it would next to it.
    private func drawJunctions(
        _ state: EditorState, area: Rect, geometry: TimelineGeometry, visible: ClosedRange<Time>,
        axes: Set<ScrollAxis>
    ) -> [EditorIntent] {
        let m = theme.metrics.timeline
        var intents: [EditorIntent] = []
        for (index, track) in state.project.tracks.enumerated() where index < layout.trackRows.count && track.kind != .audio {
            let row = layout.trackRows[index]
            guard row.maxY > area.minY && row.minY < area.maxY else { continue }
            let clips = track.clips(overlapping: visible)
            for (a, b) in zip(clips, clips.dropFirst()) where a.end == b.start && a.id != state.selection && b.id != state.selection {
                let x = geometry.x(for: b.start)
                // Only where both clips show enough of themselves to tell which cut it is.
                guard (a.duration.seconds * state.pointsPerSecond) >= m.junctionClearance * 2,
                    (b.duration.seconds * state.pointsPerSecond) >= m.junctionClearance * 2,
                    x > area.minX, x < area.maxX
                else { continue }
                let size = min(m.junctionSize, row.height * m.junctionRowShare)
                let tile = Rect(x: x - size / 2, y: row.midY - size / 2, width: size, height: size)
                // A finger's reach, but never more than a share of either clip: the clips stay tappable.
                let reach = { (clip: Clip) in min(m.junctionHit / 2, max(size / 2, clip.duration.seconds * state.pointsPerSecond * m.junctionHitClipShare)) }
                let (before, after) = (reach(a), reach(b))
                let hit = Rect(x: x - before, y: row.midY - m.junctionHit / 2, width: before + after, height: m.junctionHit).intersection(row)
                let transition = b.transitionIn
                let label = theme.strings.format(.transitionBefore, ["clip": b.title])
                let open = state.transitionPicker == b.id, lit = transition != nil || open, id = "junction:\(b.id)"
                let interaction = ui.interact(id, hitFrame: hit, gestures: GestureTarget(id: id, gestures: [.tap, .scroll, .pinch], scrollAxes: axes))
                intents += interaction.intents(.timeline(.junction(clipID: b.id)))
                let fill = lit ? theme.selection : theme.surfaceRaised
                ui.fill(tile, interaction.isPressedDown ? fill.mixed(with: .black, 0.25) : fill, radius: m.junctionRadius)
                ui.stroke(tile, theme.background, width: m.junctionOutline, radius: m.junctionRadius)
                // Two small triangles meeting at the cut: the transition sign.
                let inset = size * m.junctionSignInset, mid = Point(x: tile.midX, y: tile.midY)
                let ink = lit ? theme.background : theme.textPrimary
                ui.draw.add(.triangle(Point(x: tile.minX + inset, y: tile.minY + inset), Point(x: tile.minX + inset, y: tile.maxY - inset), mid, ink))
                ui.draw.add(.triangle(Point(x: tile.maxX - inset, y: tile.minY + inset), Point(x: tile.maxX - inset, y: tile.maxY - inset), mid, ink))
                ui.element(
                    UIElement(
                        id: id, role: "junction", label: label, frame: tile, hitFrame: hit,
                        state: [
                            "clip": .string(b.id), "kind": .string(transition?.kind.rawValue ?? "none"),
                            "duration": .number(transition?.duration.seconds ?? 0), "open": .bool(open),
                            // On the cut, over the ends of the clips either side: it takes the touch there.
                            // Its reach is cut to a share of a short clip's width, so the clip stays
                            // tappable between two cuts: it is judged by the reach it is designed with.
                            "sitsOn": .string("clip"), "reachWidth": .number(m.junctionHit),
                        ]))
            }
        }
        return intents
    }

    func draw(_ state: EditorState) -> [EditorIntent] {
        guard (layout.tracksArea.height > 0.5 || layout.ruler.height > 0.5) && layout.tracksArea.width > 0.5 else { return [] }
        let geometry = TimelineGeometry(
            pointsPerSecond: state.pointsPerSecond, playhead: state.playhead, playheadX: layout.playheadX, duration: state.project.duration,
            overscroll: timeline.physics.overscroll, width: layout.tracksArea.width)
        let visible = geometry.visibleTimes(minX: layout.tracksArea.minX, maxX: layout.tracksArea.maxX)
        let axes: Set<ScrollAxis> = layout.tracksOverflow ? [.horizontal, .vertical] : [.horizontal]
        RulerView(ui: ui, frame: layout.ruler, geometry: geometry, timeline: timeline, feel: feel, theme: theme)
            .draw(visible: visible, duration: state.project.duration)
        var intents = ui.interact(
            "ruler", hitFrame: layout.ruler,
            gestures: GestureTarget(id: "ruler", gestures: [.doubleTap, .scroll, .pinch], scrollAxes: [.horizontal])
        )
        .intents(.timeline(.ruler))
        let area = layout.tracksArea
        ui.fill(area, theme.background)
        // Empty timeline space: tapping deselects; dragging scrolls; two fingers zoom.
        intents += ui.interact(
            "timeline.background", hitFrame: area,
            gestures: GestureTarget(id: "timeline.background", gestures: [.tap, .scroll, .pinch], scrollAxes: axes)
        )
        .intents(.timeline(.background))
        let drag = state.timeline.drag
        ui.clipped(to: area) {
            for (index, track) in state.project.tracks.enumerated() where index < layout.trackRows.count {
                let row = layout.trackRows[index]
                guard row.maxY > area.minY && row.minY < area.maxY else { continue }
                let rowVisible = row.intersection(area)
                ui.element(
                    UIElement(
                        id: "track:\(track.id)", role: "track", label: track.kind.rawValue.capitalized, frame: row,
                        hitFrame: rowVisible,
                        state: [
                            "kind": .string(track.kind.rawValue), "index": .number(Double(index)),
                            "clips": .number(Double(track.clips.count)),
                        ]))
                ui.scope("track:\(track.id)") {
                    for clip in track.clips(overlapping: visible) {
                        intents += drawClip(clip, in: row, muted: track.isMuted, visibleIn: area, geometry: geometry, state: state, axes: axes)
                    }
                }
            }
            if drag == nil { intents += drawJunctions(state, area: area, geometry: geometry, visible: visible, axes: axes) }
            // The trimmed clip's whole source, outlined over its neighbours (behind them it hid).
            if let drag, drag.kind != .move, let (clip, index) = state.project.clip(withID: drag.clipID), clip.kind.hasFiniteSource,
                index < layout.trackRows.count
            {
                drawGhost(of: clip, row: layout.trackRows[index], geometry: geometry)
            }
        }
        if let id = state.selection, let (selected, trackIndex) = state.project.clip(withID: id), trackIndex < layout.trackRows.count,
            layout.trackRows[trackIndex].maxY > area.minY, layout.trackRows[trackIndex].minY < area.maxY
        {
            intents += SelectionView(ui: ui, sizes: sizes, feel: feel, theme: theme)
                .draw(selected, in: state.project, row: layout.trackRows[trackIndex], area: area, geometry: geometry, stretch: stretch(of: selected, state))
            if SoundLineView.hasSound(selected, media: media) {
                SoundLineView(ui: ui, sizes: sizes, theme: theme)
                    .draw(selected, track: state.project.tracks[trackIndex], row: layout.trackRows[trackIndex], area: area, geometry: geometry)
            }
        }
        if let snap = state.timeline.snap, feel.snapGuide { drawSnapGuide(at: geometry.x(for: snap.time), state: state) }
        drawPlayhead()
        drawPulses(state)
        return intents
    }

    /// How far an edge of `clip` is drawn past its source's end (rubber band while pulling,
    /// springing back after release), in points: (leading, trailing).
    private func stretch(of clip: Clip, _ state: EditorState) -> (leading: Double, trailing: Double) {
        let physics = timeline.physics
        if let drag = state.timeline.drag, drag.clipID == clip.id, drag.overshoot > 0 {
            let shown = physics.rubberBand(drag.overshoot, dimension: layout.tracksArea.width)
            return drag.kind == .trimLeading ? (shown, 0) : (0, shown)
        }
        if let b = state.timeline.trimBounce, b.clipID == clip.id {
            let shown = max(0, Spring(response: physics.bounceResponse).state(from: b.displacement, velocity: 0, after: (ui.now - b.start).seconds).position)
            return b.edge == .trimLeading ? (shown, 0) : (0, shown)
        }
        return (0, 0)
    }

    private func drawClip(
        _ clip: Clip, in row: Rect, muted: Bool, visibleIn area: Rect, geometry: TimelineGeometry, state: EditorState,
        axes: Set<ScrollAxis>
    ) -> [EditorIntent] {
        let selected = clip.id == state.selection
        let s = stretch(of: clip, state)
        let x0 = geometry.x(for: clip.start) - s.leading, x1 = geometry.x(for: clip.end) + s.trailing
        let frame = Rect(x: x0, y: row.y, width: x1 - x0, height: row.height)
        let visibleFrame = frame.intersection(area)
        let offered: Set<GestureKind> = selected ? [.tap, .move, .pinch] : [.tap, .longPress, .scroll, .pinch]
        let intents = ui.interact(
            "clip:\(clip.id)", hitFrame: visibleFrame,
            gestures: GestureTarget(id: "clip:\(clip.id)", gestures: offered, scrollAxes: axes)
        )
        .intents(.timeline(.clip(id: clip.id)))
        let dragged = state.timeline.drag?.clipID == clip.id && state.timeline.drag?.kind == .move
        let color = theme.color(for: clip.kind)
        let body = frame.insetBy(dx: 1, dy: 0)
        ui.fill(body, dragged ? color.mixed(with: .white, 0.18) : color, radius: sizes.clipCornerRadius)
        let content = ClipContentView(ui: ui, media: media, geometry: geometry, sizes: sizes, mediaSettings: mediaSettings, theme: theme)
            .draw(clip, body: body, visible: visibleFrame)
        let status = content.status
        if dragged, status?.info?.hasVideo == true { ui.fill(body, Color.white.opacity(0.18), radius: sizes.clipCornerRadius) }
        // Keep the title readable while the clip's start is scrolled off screen.
        let k = sizes.uiScale, m = theme.metrics.timeline
        let edge = area.x, end = body.maxX
        let labelX = max(body.x, edge) + m.labelInset * k
        let label = Rect(x: labelX, y: body.y + m.labelTop * k, width: max(0, end - labelX - m.labelTrailing * k), height: m.labelHeight * k)
        if status?.info?.hasVideo == true {
            // A chip behind the title keeps it legible over pictures.
            let width = min(label.width + 2 * m.chipPadding * k, ui.measurer.measure(clip.title, font: theme.clipFont).width + m.chipTextPadding * k)
            ui.fill(
                Rect(x: label.x - m.chipPadding * k, y: label.y - 1, width: width, height: label.height + 2), Color.black.opacity(0.45),
                radius: m.chipRadius * k)
        }
        ui.text(clip.title, in: label, font: theme.clipFont, color: .white, isUsersOwn: true)
        if muted {
            SoundLineView(ui: ui, sizes: sizes, theme: theme).drawMuted(clip, in: body, visible: visibleFrame)
        }
        if case .offline = status {
            ui.text(
                theme.strings[.mediaOffline], in: label.offsetBy(dx: 0, dy: m.secondLineDrop * k), font: theme.captionFont,
                color: theme.textPrimary.opacity(0.8))
        } else if status == nil, clip.kind == .audio || clip.kind == .video {
            ui.text(
                theme.strings[clip.kind == .audio ? .audio : .video], in: label.offsetBy(dx: 0, dy: m.secondLineDrop * k), font: theme.captionFont,
                color: Color.white.opacity(0.65))
        }
        ui.element(
            UIElement(
                id: "clip:\(clip.id)", role: "clip", label: clip.title, frame: frame, hitFrame: visibleFrame,
                state: [
                    "selected": .bool(selected), "kind": .string(clip.kind.rawValue),
                    "start": .number(clip.start.seconds), "duration": .number(clip.duration.seconds),
                    "media": .string(status.map(Self.describe) ?? "none"),
                    "thumbnailSlots": .number(Double(content.slots)), "thumbnails": .number(Double(content.thumbnails)),
                    "waveform": .bool(content.waveform), "waveTallest": .number((content.waveTallest * 1000).rounded() / 1000),
                ]))
        return intents
    }

    /// A media status in one word for the inspect tree: loading, ready, offline.
    static func describe(_ status: MediaStatus) -> String {
        switch status {
        case .loading: return "loading"
        case .ready: return "ready"
        case .offline: return "offline"
        }
    }

    /// The whole source of a clip being trimmed, as a dashed outline with marching ants.
    private func drawGhost(of clip: Clip, row: Rect, geometry: TimelineGeometry) {
        guard let total = clip.sourceDuration else { return }
        let r = Rect(
            x: geometry.x(for: clip.footageOrigin), y: row.y + 1, width: geometry.width(of: clip.timelineSpan(ofFootage: total)), height: row.height - 2)
        ui.fill(r, theme.color(for: clip.kind).opacity(0.16), radius: sizes.clipCornerRadius)
        let phase = ui.now.seconds * timeline.marchingAntsSpeed
        let c = theme.color(for: clip.kind).mixed(with: .white, 0.5)
        for (a, b) in [
            (Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY)), (Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY)),
            (Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)), (Point(x: r.minX, y: r.maxY), Point(x: r.minX, y: r.minY)),
        ] {
            let m = theme.metrics.timeline
            ui.draw.add(.dashedLine(from: a, to: b, c, width: m.ghostLine, dash: m.ghostDash, gap: m.ghostGap, phase: phase))
        }
        ui.element(
            UIElement(
                id: "ghost:\(clip.id)", role: "ghostOutline", label: "Source of \(clip.title)", frame: r,
                state: ["sourceDuration": .number(total.seconds)]))
    }

    private func drawSnapGuide(at x: Double, state: EditorState) {
        let top = layout.ruler.minY, bottom = layout.tracksArea.maxY
        ui.inLayer(.overlay) {
            let m = theme.metrics.timeline
            ui.draw.add(
                .dashedLine(
                    from: Point(x: x, y: top), to: Point(x: x, y: bottom), theme.selection, width: m.snapLine,
                    dash: m.snapDash, gap: m.snapGap, phase: -ui.now.seconds * timeline.marchingAntsSpeed))
        }
        ui.element(
            UIElement(
                id: "snapGuide", role: "snapGuide", label: "Snapped", frame: Rect(x: x - 1, y: top, width: 2, height: bottom - top),
                state: ["time": .number(state.timeline.snap?.time.seconds ?? 0)]))
    }

    private func drawPlayhead() {
        let x = layout.playheadX
        let w = sizes.playheadWidth
        let frame = Rect(x: x - w / 2, y: layout.ruler.minY, width: w, height: layout.tracksArea.maxY - layout.ruler.minY)
        ui.inLayer(.overlay) {
            ui.fill(frame, theme.playhead, radius: w / 2)
            let m = theme.metrics.timeline
            if layout.ruler.height > m.knobMinimumRuler {
                ui.fill(Rect(x: x - m.knobWidth / 2, y: layout.ruler.minY, width: m.knobWidth, height: m.knobHeight), theme.playhead, radius: m.knobRadius)
            }
        }
        ui.element(UIElement(id: "playhead", role: "playhead", label: "Playhead", frame: frame))
    }

    /// Ripples where cues fired: the visual half of a haptic-like cue.
    private func drawPulses(_ state: EditorState) {
        let length = timeline.pulseDuration
        ui.inLayer(.topmost) {
            for pulse in state.timeline.pulses {
                let t = min(1, max(0, (ui.now - pulse.start).seconds / length))
                let color = pulse.cue == .impactRigid || pulse.cue == .error ? theme.danger : theme.selection
                let m = theme.metrics.timeline
                ui.draw.add(
                    .strokeCircle(center: pulse.location, radius: m.rippleRadius + m.rippleGrowth * t, color.opacity(0.7 * (1 - t)), width: m.rippleLine))
            }
        }
    }
}

/// The ruler: labels at an interval chosen by zoom, with dots between them.
struct RulerView {
    let ui: UIContext
    let frame: Rect
    let geometry: TimelineGeometry
    let timeline: TactileConfiguration.Timeline
    let feel: TactileConfiguration.Feel
    let theme: Theme

    func draw(visible: ClosedRange<Time>, duration: Time) {
        guard frame.height > 0.5 else { return }
        ui.fill(frame, theme.background)
        let scale = RulerScale(pointsPerSecond: geometry.pointsPerSecond, minimumLabelSpacing: timeline.minimumRulerLabelSpacing)
        let step = scale.markInterval
        let labelEvery = Int64(scale.dotsBetweenLabels + 1)
        let end = max(duration, visible.upperBound)
        var index = max(0, visible.lowerBound.roundedDown(toMultipleOf: step).ticks / step.ticks)
        var marks = 0
        while true {
            let t = step * index
            if t > end || t > visible.upperBound { break }
            let x = geometry.x(for: t)
            if index % labelEvery == 0 {
                let w = theme.metrics.timeline.rulerLabelWidth, text = theme.strings.rulerMark(t)
                // A label fades out as the playhead's knob passes over it, rather than showing
                // half-hidden under it ("0s" at the start).
                let knob = theme.metrics.timeline.knobWidth / 2, half = ui.measurer.measure(text, font: theme.rulerFont).width / 2
                let clearance = half + knob + theme.metrics.timeline.rulerKnobGap
                let visibility = min(1, max(0, (abs(x - geometry.playheadX) - knob) / max(1, clearance - knob)))
                if visibility > 0 {
                    ui.text(
                        text, in: Rect(x: x - w / 2, y: frame.y, width: w, height: frame.height),
                        font: theme.rulerFont, color: theme.textSecondary.opacity(visibility), alignment: .center)
                }
            } else if feel.rulerDots {
                ui.draw.add(.fillCircle(center: Point(x: x, y: frame.midY), radius: theme.metrics.timeline.rulerDot, theme.textTertiary))
            }
            index += 1
            marks += 1
        }
        ui.element(
            UIElement(
                id: "ruler", role: "ruler", label: "Ruler", frame: frame,
                state: [
                    "labelInterval": .number(Double(scale.labelInterval)), "marks": .number(Double(marks)),
                    "pointsPerSecond": .number(geometry.pointsPerSecond),
                    // Thinner than a finger: its pans and pinches are the tracks' below it too.
                    "secondary": .bool(true),
                ]))
    }
}
