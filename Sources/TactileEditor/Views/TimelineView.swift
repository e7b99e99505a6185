import TactileCore
import TactileUI

/// The timeline: ruler, tracks of clips, the selected clip's frame and handles, and the fixed
/// playhead. Only what is visible is laid out, so the work grows with the screen, not the project.
struct TimelineView {
    let ui: UIContext
    let layout: EditorLayout
    let configuration: TactileConfiguration
    let theme: Theme

    func draw(_ state: EditorState) -> [EditorIntent] {
        let geometry = TimelineGeometry(pointsPerSecond: state.pointsPerSecond, playhead: state.playhead, playheadX: layout.playheadX)
        let visible = geometry.visibleTimes(minX: layout.tracksArea.minX, maxX: layout.tracksArea.maxX)
        RulerView(ui: ui, frame: layout.ruler, geometry: geometry, configuration: configuration, theme: theme)
            .draw(visible: visible, duration: state.project.duration)
        var intents: [EditorIntent] = []
        let area = layout.tracksArea
        ui.fill(area, theme.background)
        // Empty timeline space: tapping it deselects.
        if ui.interact("timeline.background", hitFrame: area).tapped { intents.append(.deselect) }
        ui.clipped(to: area) {
            for (index, track) in state.project.tracks.enumerated() where index < layout.trackRows.count {
                let row = layout.trackRows[index]
                let rowVisible = row.intersection(area)
                ui.element(UIElement(id: "track:\(track.id)", role: "track", label: track.kind.rawValue.capitalized, frame: row,
                                     hitFrame: rowVisible, state: ["kind": .string(track.kind.rawValue), "index": .number(Double(index)),
                                                                   "clips": .number(Double(track.clips.count))]))
                ui.scope("track:\(track.id)") {
                    for clip in track.clips(overlapping: visible) {
                        if let intent = drawClip(clip, in: row, visibleIn: area, geometry: geometry, selected: clip.id == state.selection) {
                            intents.append(intent)
                        }
                    }
                }
            }
        }
        if let id = state.selection, let (selected, trackIndex) = state.project.clip(withID: id), trackIndex < layout.trackRows.count {
            SelectionView(ui: ui, configuration: configuration, theme: theme)
                .draw(selected, row: layout.trackRows[trackIndex], area: area, geometry: geometry)
        }
        drawPlayhead()
        return intents
    }

    private func drawClip(_ clip: Clip, in row: Rect, visibleIn area: Rect, geometry: TimelineGeometry, selected: Bool) -> EditorIntent? {
        let x0 = geometry.x(for: clip.start), x1 = geometry.x(for: clip.end)
        let frame = Rect(x: x0, y: row.y, width: x1 - x0, height: row.height)
        let visibleFrame = frame.intersection(area)
        let interaction = ui.interact("clip:\(clip.id)", hitFrame: visibleFrame)
        let color = theme.color(for: clip.kind)
        let body = frame.insetBy(dx: 1, dy: 0)
        ui.fill(body, interaction.isHeld ? color.mixed(with: .white, 0.15) : color, radius: configuration.layout.clipCornerRadius)
        // Keep the title readable while the clip's start is scrolled off screen.
        let labelX = max(body.x, area.x) + 8
        let label = Rect(x: labelX, y: body.y + 6, width: max(0, body.maxX - labelX - 8), height: 16)
        ui.text(clip.title, in: label, font: theme.clipFont, color: .white)
        if clip.kind == .audio || clip.kind == .video {
            ui.text(clip.kind == .audio ? "Audio" : "Video", in: label.offsetBy(dx: 0, dy: 18), font: theme.captionFont,
                    color: Color.white.opacity(0.65))
        }
        ui.element(UIElement(id: "clip:\(clip.id)", role: "clip", label: clip.title, frame: frame, hitFrame: visibleFrame, state: [
            "selected": .bool(selected), "kind": .string(clip.kind.rawValue),
            "start": .number(clip.start.seconds), "duration": .number(clip.duration.seconds),
        ]))
        return interaction.tapped ? .select(clipID: clip.id, at: interaction.location ?? frame.center) : nil
    }

    private func drawPlayhead() {
        let x = layout.playheadX
        let w = configuration.layout.playheadWidth
        let frame = Rect(x: x - w / 2, y: layout.ruler.minY, width: w, height: layout.tracksArea.maxY - layout.ruler.minY)
        ui.inLayer(.overlay) {
            ui.fill(frame, theme.playhead, radius: w / 2)
            ui.fill(Rect(x: x - 5, y: layout.ruler.minY, width: 10, height: 12), theme.playhead, radius: 3)
        }
        ui.element(UIElement(id: "playhead", role: "playhead", label: "Playhead", frame: frame))
    }
}

/// The ruler: labels at an interval chosen by zoom, with dots between them.
struct RulerView {
    let ui: UIContext
    let frame: Rect
    let geometry: TimelineGeometry
    let configuration: TactileConfiguration
    let theme: Theme

    func draw(visible: ClosedRange<Time>, duration: Time) {
        ui.fill(frame, theme.background)
        let scale = RulerScale(pointsPerSecond: geometry.pointsPerSecond, minimumLabelSpacing: configuration.timeline.minimumRulerLabelSpacing)
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
                ui.text(RulerScale.label(for: t), in: Rect(x: x - 30, y: frame.y, width: 60, height: frame.height),
                        font: theme.rulerFont, color: theme.textSecondary, alignment: .center)
            } else {
                ui.draw.add(.fillCircle(center: Point(x: x, y: frame.midY), radius: 1.5, theme.textTertiary))
            }
            index += 1
            marks += 1
        }
        ui.element(UIElement(id: "ruler", role: "ruler", label: "Ruler", frame: frame, state: [
            "labelInterval": .number(Double(scale.labelInterval)), "marks": .number(Double(marks)),
        ]))
    }
}
