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
    let configuration: TactileConfiguration
    let theme: Theme

    func draw(_ state: EditorState) -> [EditorIntent] {
        let m = theme.metrics.canvas
        let picture = EditorLayout.picture(in: frame, ratio: state.project.format.ratio, configuration: configuration)
        // A tap on the picture plays or pauses; a horizontal pan scrubs (see ScrubController).
        let interaction = ui.interact(
            "canvas", hitFrame: frame,
            gestures: GestureTarget(id: "canvas", gestures: [.tap, .scroll], scrollAxes: [.horizontal]))
        var intents = interaction.intents(.scrub(.canvas))
        if interaction.gestures.contains(where: { $0.event.kind == .tap && $0.event.phase == .recognized }) { intents.append(.togglePlayback) }
        let t = CompositionView.shownTime(at: state.playhead, in: state.project)
        let composition = CompositionView(ui: ui, media: media, configuration: configuration, theme: theme)
        let drawn = composition.draw(state.project, at: t, in: picture)
        var canvasState = drawn.state
        canvasState["time"] = .number(state.playhead.seconds)
        if drawn.state["empty"] != nil {
            ui.text(theme.strings[.noClipAtPlayhead], in: picture, font: theme.bodyFont, color: theme.textTertiary, alignment: .center)
        }
        ui.clipped(to: picture) {
            for overlay in drawn.overlays { intents += offer(overlay, in: picture, selected: overlay.clip.id == state.selection) }
            if let edit = state.overlayEdit, configuration.feel.snapGuide { drawGuides(edit.snaps, clipID: edit.clipID, in: picture, project: state.project) }
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
        var source = edge == .trimLeading ? clip.sourceStart : clip.sourceStart + clip.duration - Time(ticks: 1)
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
        let minimum = configuration.editing.overlayMinimumTarget
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

    /// The lines an overlay being moved has snapped to, across the picture, in the timeline's
    /// snap-guide style; a right angle shows as a line through the overlay along its turn.
    private func drawGuides(_ snaps: OverlaySnaps, clipID: String, in picture: Rect, project: Project) {
        let m = theme.metrics.timeline
        let phase = -ui.now.seconds * configuration.timeline.marchingAntsSpeed
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
            if horizontal {
                guide("angle\(Int(angle))", Point(x: picture.minX, y: c.y), Point(x: picture.maxX, y: c.y))
            } else {
                guide("angle\(Int(angle))", Point(x: c.x, y: picture.minY), Point(x: c.x, y: picture.maxY))
            }
        }
    }
}
