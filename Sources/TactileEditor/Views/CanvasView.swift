import Foundation
import TactileCore
import TactileInput
import TactileUI

/// The preview canvas: the composition at the playhead. The top-most visual clip on the video
/// track fills the frame, overlays (text, stickers, images) draw above it.
struct CanvasView {
    let ui: UIContext
    let media: MediaSource
    let frame: Rect
    let sizes: TactileConfiguration.Layout
    let timeline: TactileConfiguration.Timeline
    let editing: TactileConfiguration.Editing
    let feel: TactileConfiguration.Feel
    let theme: Theme

    func draw(_ state: EditorState) -> [EditorIntent] {
        let m = theme.metrics.canvas
        let picture = EditorLayout.picture(in: frame, ratio: state.project.format.ratio, sizes: sizes)
        // A tap on the picture plays or pauses; a horizontal pan scrubs (see ScrubController); with
        // an overlay selected and on the picture, two fingers anywhere on it pinch and turn that
        // overlay, as in CapCut (a small sticker need not hold a finger).
        let t = CompositionView.shownTime(at: state.playhead, in: state.project)
        // A pinch under way keeps its overlay to the end, whatever the playhead or the selection do.
        let selectedOverlay =
            state.overlayEdit?.clipID
            ?? state.selection.flatMap { id in
                state.project.clip(withID: id).flatMap { state.project.tracks[$0.trackIndex].kind == .overlay && $0.clip.contains(t) ? id : nil }
            }
        let interaction = ui.interact(
            "canvas", hitFrame: frame,
            gestures: GestureTarget(id: "canvas", gestures: selectedOverlay == nil ? [.tap, .scroll] : [.tap, .scroll, .pinch], scrollAxes: [.horizontal]))
        var intents: [EditorIntent] = []
        if interaction.gestures.contains(where: { $0.event.kind == .tap && $0.event.phase == .recognized }) { intents.append(.togglePlayback) }
        let composition = CompositionView(ui: ui, media: media, editing: editing, theme: theme)
        let drawn = composition.draw(state.project, at: t, in: picture)
        let pinched =
            state.overlayEdit?.target
            ?? drawn.overlays.first { $0.clip.id == selectedOverlay }.map { OverlayTarget(clipID: $0.clip.id, picture: picture, natural: $0.natural) }
        for g in interaction.gestures {
            if g.event.kind == .pinch, let pinched { intents.append(.gesture(g, .overlay(pinched))) } else { intents.append(.gesture(g, .scrub(.canvas))) }
        }
        var canvasState = drawn.state
        canvasState["time"] = .number(state.playhead.seconds)
        if drawn.state["empty"] != nil {
            ui.text(theme.strings[.noClipAtPlayhead], in: picture, font: theme.bodyFont, color: theme.textTertiary, alignment: .center)
        }
        ui.clipped(to: picture) {
            for overlay in drawn.overlays { intents += offer(overlay, in: picture, selected: overlay.clip.id == state.selection) }
            if let edit = state.overlayEdit, feel.snapGuide { drawGuides(edit.snaps, clipID: edit.clipID, in: picture, project: state.project) }
        }
        if let edit = state.overlayEdit, let overlay = drawn.overlays.first(where: { $0.clip.id == edit.clipID }) {
            drawReadout(of: overlay, base: edit.base, in: picture)
        }
        ui.draw.add(.cornerMask(picture, theme.background, cornerRadius: m.cornerRadius))
        ui.element(UIElement(id: "canvas", role: "canvas", label: theme.strings[.preview], frame: picture, state: canvasState))
        if let drag = state.timeline.drag, drag.kind != .move, let clip = state.project.clip(withID: drag.clipID)?.clip {
            drawScrubPreview(of: clip, edge: drag.kind, in: picture)
        }
        return intents
    }

    /// While a trim handle is dragged: the frame at the trimmed edge's source time over the
    /// canvas, with its own timecode, whatever the playhead shows. The trailing edge shows the
    /// clip's last frame (the edge itself is exclusive).
    private func drawScrubPreview(of clip: Clip, edge: ClipDrag.Kind, in picture: Rect) {
        guard let path = clip.media, let info = media.status(of: path).info, info.hasVideo else { return }
        let frameLength = info.frameDuration ?? .frame(atRate: 30)
        var source = edge == .trimLeading ? clip.sourceStart : clip.sourceStart + clip.footageUsed - Time(ticks: 1)
        if info.isStill { source = .zero }
        var state: [String: ElementValue] = ["edge": .string(edge == .trimLeading ? "start" : "end"), "sourceTime": .number(source.seconds)]
        let m = theme.metrics.canvas
        ui.inLayer(.overlay) {
            ui.fill(picture, theme.canvasBackdrop)
            if let frame = media.frame(of: path, at: source, lane: .preview) {
                ui.image(frame.handle, size: Size(width: Double(frame.width), height: Double(frame.height)), fitting: picture)
                state["frameTime"] = .number(frame.time.seconds)
                state["exact"] = .bool(frame.isExact)
            }
            let fps = Int((1 / frameLength.seconds).rounded())
            let label =
                theme.strings[edge == .trimLeading ? .trimStart : .trimEnd] + " "
                + theme.strings.digits(TimeFormatting.frameTimecode(source, framesPerSecond: fps))
            let width = ui.measurer.measure(label, font: theme.timecodeFont).width + m.pillPadding
            let pill = Rect(x: picture.midX - width / 2, y: picture.maxY - m.pillFromBottom, width: width, height: m.pillHeight)
            ui.fill(pill, Color.black.opacity(0.65), radius: m.pillRadius)
            ui.text(label, in: pill, font: theme.timecodeFont, color: theme.selection, alignment: .center)
            ui.stroke(picture, theme.selection, width: m.previewStroke, radius: m.cornerRadius)
            ui.draw.add(.cornerMask(picture, theme.background, cornerRadius: m.cornerRadius))
            state["label"] = .string(label)
        }
        ui.element(UIElement(id: "scrubPreview", role: "scrubOverlay", label: "Trim preview", frame: picture, state: state))
    }

    /// An overlay's frame when selected, and the overlay offered to the fingers: tap to select,
    /// drag to move, two fingers to pinch and turn.
    private func offer(_ overlay: CompositionView.DrawnOverlay, in picture: Rect, selected: Bool) -> [EditorIntent] {
        let m = theme.metrics.canvas, clip = overlay.clip, place = clip.placement, box = overlay.box
        if selected {
            let pad = m.overlaySelectionPadding
            ui.rotated(about: box.center, by: place.rotation) {
                ui.stroke(box.insetBy(dx: -pad, dy: -pad), theme.selection, width: m.overlaySelectionStroke, radius: m.overlaySelectionRadius)
            }
        }
        // The turned box's bounds, never smaller than a fingertip, and only where the picture is.
        let minimum = editing.overlayMinimumTarget
        let bounds = box.turned(by: place.rotation)
        let grown = bounds.insetBy(dx: -max(0, (minimum - bounds.width) / 2), dy: -max(0, (minimum - bounds.height) / 2))
        let hit = grown.intersection(picture)
        let id = "overlay:\(clip.id)"
        let interaction = ui.interact(id, hitFrame: hit, gestures: GestureTarget(id: id, gestures: [.tap, .move, .pinch]))
        ui.element(
            UIElement(
                id: id, role: "overlay", label: clip.title, frame: box, hitFrame: hit,
                state: [
                    "clip": .string(clip.id), "x": .number(place.x), "y": .number(place.y), "scale": .number(place.scale),
                    "rotation": .number(place.rotation), "selected": .bool(selected), "lines": .string(overlay.lines.joined(separator: "\n")),
                ]))
        return interaction.intents(.overlay(OverlayTarget(clipID: clip.id, picture: picture, natural: overlay.natural)))
    }

    /// While two fingers scale or turn an overlay: its turn and size in a small pill above it
    /// ("90° · 125 %"), so a designer can set them exactly.
    private func drawReadout(of overlay: CompositionView.DrawnOverlay, base: OverlayTransform, in picture: Rect) {
        let place = overlay.clip.placement
        guard abs(place.scale - base.scale) > 1e-9 || abs(place.rotation - base.rotation) > 1e-9 else { return }
        let m = theme.metrics.canvas, strings = theme.strings
        let degrees = Int(OverlayTransform.normalised(place.rotation).rounded())
        let text = strings.digits("\(degrees)°") + " · " + strings.percent(scale: place.scale)
        let width = ui.measurer.measure(text, font: theme.captionFont).width + 2 * m.readoutPadding
        let bounds = overlay.box.turned(by: place.rotation)
        var pill = Rect(x: bounds.midX - width / 2, y: bounds.minY - m.readoutGap - m.readoutHeight, width: width, height: m.readoutHeight)
        if pill.minY < picture.minY { pill.y = min(bounds.maxY + m.readoutGap, picture.maxY - m.readoutHeight) }
        pill.x = min(max(pill.x, picture.minX), picture.maxX - pill.width)
        ui.fill(pill, Color.black.opacity(0.7), radius: m.readoutHeight / 2)
        ui.text(text, in: pill, font: theme.captionFont, color: .white, alignment: .center)
        ui.element(
            UIElement(
                id: "overlayReadout", role: "readout", label: text, frame: pill,
                state: ["rotation": .number(Double(degrees)), "scale": .number(place.scale)]))
    }

    /// The lines an overlay being moved has snapped to, across the picture, in the timeline's
    /// snap-guide style; a right angle shows differently — a solid line through the overlay along
    /// its turn, in the angle colour, with the angle written at its end — so a turn that snapped
    /// is never taken for a place that did.
    private func drawGuides(_ snaps: OverlaySnaps, clipID: String, in picture: Rect, project: Project) {
        let m = theme.metrics.timeline
        let phase = -ui.now.seconds * timeline.marchingAntsSpeed
        func guide(_ name: String, _ a: Point, _ b: Point) {
            ui.draw.add(.dashedLine(from: a, to: b, theme.selection, width: m.snapLine, dash: m.snapDash, gap: m.snapGap, phase: phase))
            ui.element(
                UIElement(
                    id: "guide:\(name)", role: "snapGuide", label: "Snapped",
                    frame: Rect(
                        x: min(a.x, b.x) - 1, y: min(a.y, b.y) - 1,
                        width: abs(b.x - a.x) + 2, height: abs(b.y - a.y) + 2), state: ["to": .string(name)]))
        }
        if let x = snaps.x {
            let at = picture.x + x.position * picture.width
            guide(OverlaySnaps.name(x, axis: "X"), Point(x: at, y: picture.minY), Point(x: at, y: picture.maxY))
        }
        if let y = snaps.y {
            let at = picture.y + y.position * picture.height
            guide(OverlaySnaps.name(y, axis: "Y"), Point(x: picture.minX, y: at), Point(x: picture.maxX, y: at))
        }
        if let angle = snaps.angle, let clip = project.clip(withID: clipID)?.clip {
            let c = Point(x: picture.x + clip.placement.x * picture.width, y: picture.y + clip.placement.y * picture.height)
            let horizontal = Int(angle) % 180 == 0
            let (a, b) =
                horizontal
                ? (Point(x: picture.minX, y: c.y), Point(x: picture.maxX, y: c.y)) : (Point(x: c.x, y: picture.minY), Point(x: c.x, y: picture.maxY))
            let colour = theme.warning, c2 = theme.metrics.canvas
            ui.draw.add(.line(from: a, to: b, colour, width: c2.angleGuideWidth))
            let label = theme.strings.digits("\(Int(angle))°")
            let size = ui.measurer.measure(label, font: theme.captionFont)
            let at = horizontal ? Point(x: picture.maxX - size.width - c2.readoutPadding, y: c.y - size.height - 2) : Point(x: c.x + 4, y: picture.minY + 4)
            ui.text(label, in: Rect(x: at.x, y: at.y, width: size.width + 2, height: size.height), font: theme.captionFont, color: colour, alignment: .leading)
            ui.element(
                UIElement(
                    id: "guide:angle\(Int(angle))", role: "angleGuide", label: label,
                    frame: Rect(x: min(a.x, b.x) - 1, y: min(a.y, b.y) - 1, width: abs(b.x - a.x) + 2, height: abs(b.y - a.y) + 2),
                    state: ["to": .string("angle\(Int(angle))"), "solid": .bool(true)]))
        }
    }
}
