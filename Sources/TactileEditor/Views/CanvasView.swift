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
        let picture = frame.insetBy(dx: configuration.layout.margin, dy: m.verticalInset).aspectFit(state.project.format.ratio)
        // A tap on the picture plays or pauses; a horizontal pan scrubs (see ScrubController).
        let interaction = ui.interact("canvas", hitFrame: frame,
                                      gestures: GestureTarget(id: "canvas", gestures: [.tap, .scroll], scrollAxes: [.horizontal]))
        var intents = interaction.intents(.scrub(.canvas))
        if interaction.gestures.contains(where: { $0.event.kind == .tap && $0.event.phase == .recognized }) { intents.append(.togglePlayback) }
        ui.fill(picture, theme.canvasBackdrop)
        // At the very end (where playback stops) the last frame stays up, not a black picture.
        let duration = state.project.duration
        let t = state.playhead >= duration && duration > .zero ? duration - Time(ticks: 1) : state.playhead
        let visualTrack = state.project.tracks.last { $0.kind == .video && $0.clip(at: t) != nil }
        let visual = visualTrack?.clip(at: t)
        let overlays = state.project.tracks.filter { $0.kind == .overlay }.compactMap { $0.clip(at: t) }
        var canvasState: [String: ElementValue] = ["time": .number(state.playhead.seconds)]
        ui.clipped(to: picture) {
            if let (from, to, transition, progress) = visualTrack?.transition(at: t) {
                canvasState.merge(drawTransition(transition, progress: progress, from: from, to: to, at: t, in: picture), uniquingKeysWith: { $1 })
            } else if let clip = visual {
                canvasState["clip"] = .string(clip.id)
                canvasState.merge(drawPicture(of: clip, at: t, in: picture), uniquingKeysWith: { $1 })
            } else if overlays.isEmpty {
                ui.text(theme.strings[.noClipAtPlayhead], in: picture, font: theme.bodyFont, color: theme.textTertiary, alignment: .center)
                canvasState["empty"] = .bool(true)
            }
            if !overlays.isEmpty { canvasState["overlays"] = .string(overlays.map(\.id).joined(separator: ",")) }
            for clip in overlays { intents += drawOverlay(clip, at: t, in: picture, selected: clip.id == state.selection) }
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
            let label = theme.strings[edge == .trimLeading ? .trimStart : .trimEnd] + " " + theme.strings.digits(TimeFormatting.frameTimecode(source, framesPerSecond: fps))
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

    /// Both clips of a transition as `TransitionLook` places them (the outgoing one from its
    /// footage past its end, the incoming one from before its start). Returns inspect state.
    private func drawTransition(_ transition: Transition, progress: Double, from: Clip, to: Clip, at t: Time, in picture: Rect) -> [String: ElementValue] {
        let look = TransitionLook.of(transition.kind, progress: progress, zoom: configuration.editing.transitionZoom)
        var state: [String: ElementValue] = ["clip": .string(progress < 0.5 ? from.id : to.id), "transition": .string(transition.kind.rawValue),
                                             "transitionProgress": .number(progress), "transitionClips": .string("\(from.id),\(to.id)")]
        ui.draw(look, in: picture) { incoming, frame, opacity in
            let drawn = drawPicture(of: incoming ? to : from, at: t, in: frame, opacity: opacity)
            if incoming { state.merge(drawn, uniquingKeysWith: { $1 }) }
        }
        return state
    }

    /// A visual clip's picture at `t` in `picture`: its media's frame, or its base picture.
    private func drawPicture(of clip: Clip, at t: Time, in picture: Rect, opacity: Double = 1) -> [String: ElementValue] {
        if clip.media != nil { return drawMedia(clip, at: t, in: picture, opacity: opacity) }
        drawBase(clip, at: t, in: picture, opacity: opacity)
        return [:]
    }

    /// The clip's decoded frame at the playhead, fitted into the picture; a calm backdrop while
    /// it loads; the reason when its media are offline. Returns inspect state.
    private func drawMedia(_ clip: Clip, at t: Time, in picture: Rect, opacity: Double = 1) -> [String: ElementValue] {
        guard let path = clip.media else { return [:] }
        let status = media.status(of: path), m = theme.metrics.canvas
        switch status {
        case .loading:
            ui.text(theme.strings[.loading], in: picture, font: theme.bodyFont, color: theme.textTertiary, alignment: .center)
        case let .offline(reason):
            ui.fill(picture, theme.offline.mixed(with: .black, 0.5))
            ui.text(theme.strings[.mediaOffline], in: picture.offsetBy(dx: 0, dy: -m.offlineTitleLift), font: theme.titleFont, color: theme.textPrimary, alignment: .center)
            ui.text("\((path as NSString).lastPathComponent): \(reason)", in: picture.insetBy(dx: m.textInset, dy: 0).offsetBy(dx: 0, dy: m.offlineReasonDrop),
                    font: theme.captionFont, color: theme.textSecondary, alignment: .center)
        case let .ready(info):
            let source = info.isStill ? .zero : clip.sourceStart + (t - clip.start)
            if info.hasVideo, let frame = media.frame(of: path, at: source, lane: .canvas) {
                ui.image(frame.handle, size: Size(width: Double(frame.width), height: Double(frame.height)), fitting: picture, opacity: opacity)
                return ["media": .string("ready"), "frameTime": .number(frame.time.seconds), "exact": .bool(frame.isExact)]
            }
            if !info.hasVideo {
                ui.text(clip.title, in: picture, font: theme.bodyFont, color: theme.textTertiary, alignment: .center)
            }
        }
        return ["media": .string(TimelineView.describe(status))]
    }

    /// The base picture of a clip: its colour washed over the frame, its title, and where in its
    /// source the playhead is.
    private func drawBase(_ clip: Clip, at t: Time, in picture: Rect, opacity: Double = 1) {
        let color = theme.color(for: clip.kind), m = theme.metrics.canvas
        ui.fill(picture, color.mixed(with: .black, 0.55).opacity(opacity))
        let bands = m.baseBands
        let progress = (t - clip.start).seconds / max(clip.duration.seconds, 0.001)
        for i in 0..<bands {
            let w = picture.width / Double(bands)
            let shade = 0.25 + 0.5 * abs(sin(Double(i) * 0.9 + progress * 3))
            ui.fill(Rect(x: picture.x + Double(i) * w, y: picture.y, width: w + 0.5, height: picture.height),
                    color.mixed(with: .black, shade).opacity(0.5 * opacity))
        }
        ui.text(clip.title, in: picture.insetBy(dx: m.textInset, dy: 0).offsetBy(dx: 0, dy: -m.baseTitleLift), font: m.baseTitleFont,
                color: Color.white.opacity(opacity), alignment: .center)
        let source = clip.sourceStart + (t - clip.start)
        ui.text("\(clip.kind.rawValue) · \(TimeFormatting.timecode(source))",
                in: Rect(x: picture.x, y: picture.midY + m.baseSourceDrop, width: picture.width, height: m.baseSourceHeight),
                font: theme.captionFont, color: Color.white.opacity(0.7 * opacity), alignment: .center)
    }

    /// Overlay `clip`'s box at scale 1, upright, on `picture`: a text as wide as its words at a
    /// share of the picture (its wrapped lines come with it, measured once a frame), a sticker
    /// square, a picture at its media's shape.
    func natural(of clip: Clip, in picture: Rect) -> (size: Size, lines: [String]) {
        let m = theme.metrics.canvas
        let shorter = min(picture.width, picture.height)
        switch clip.kind {
        case .text:
            let (font, lines) = textLines(of: clip, in: picture)
            let width = lines.map { ui.measurer.measure($0, font: font).width }.max() ?? 0
            return (Size(width: width + 2 * font.size * m.textPadding, height: font.size * m.textLineHeight * Double(max(1, lines.count))), lines)
        case .sticker:
            return (Size(width: shorter * m.stickerShare, height: shorter * m.stickerShare), [])
        case .image, .video, .audio:
            let info = clip.media.flatMap { media.status(of: $0).info }
            let aspect = Double(info?.pictureWidth ?? 16) / Double(max(1, info?.pictureHeight ?? 9))
            let width = shorter * m.pipShare
            return (Size(width: width, height: width / max(aspect, 0.01)), [])
        }
    }

    /// A text's font at scale 1 and its lines, wrapped to the share of the picture's width a
    /// text may take (and at its own line breaks).
    func textLines(of clip: Clip, in picture: Rect) -> (Font, [String]) {
        let m = theme.metrics.canvas
        let font = Font(size: min(picture.width, picture.height) * m.textShare * clip.style.size.factor, weight: m.textFont.weight)
        let width = max(font.size, picture.width * m.textWrapShare - 2 * font.size * m.textPadding)
        let paragraphs = clip.title.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let lines = paragraphs.flatMap { p in p.isEmpty ? [""] : ui.measurer.lines(of: p, font: font, width: width, maximumLines: m.textMaximumLines) }
        return (font, Array(lines.prefix(m.textMaximumLines)))
    }

    /// Where an overlay placed at `place`, `natural` in size at scale 1, is drawn on `picture`,
    /// upright (its turn is about the box's centre).
    func overlayBox(_ place: OverlayTransform, natural: Size, in picture: Rect) -> Rect {
        let size = Size(width: natural.width * place.scale, height: natural.height * place.scale)
        let centre = Point(x: picture.x + place.x * picture.width, y: picture.y + place.y * picture.height)
        return Rect(x: centre.x - size.width / 2, y: centre.y - size.height / 2, width: size.width, height: size.height)
    }

    /// Draws an overlay turned and scaled, its frame when selected, and offers it to the fingers:
    /// tap to select, drag to move, two fingers to pinch and turn.
    private func drawOverlay(_ clip: Clip, at t: Time, in picture: Rect, selected: Bool) -> [EditorIntent] {
        let m = theme.metrics.canvas, place = clip.placement
        let (natural, lines) = natural(of: clip, in: picture)
        let box = overlayBox(place, natural: natural, in: picture)
        ui.rotated(about: box.center, by: place.rotation) {
            switch clip.kind {
            case .text:
                drawText(clip, lines: lines, in: box)
            case .sticker:
                StickerArt.draw(clip.stickerShape, in: box, ui: ui)
            case .image, .video:
                if let path = clip.media, let info = media.status(of: path).info, info.hasVideo,
                   let frame = media.frame(of: path, at: info.isStill ? .zero : clip.sourceStart + (t - clip.start), lane: .canvas) {
                    ui.image(frame.handle, size: Size(width: Double(frame.width), height: Double(frame.height)), fitting: box)
                } else {
                    ui.fill(box, theme.color(for: clip.kind).mixed(with: .black, 0.3), radius: m.pipPlaceholderRadius)
                    ui.text(clip.title, in: box.insetBy(dx: m.pipPlaceholderRadius, dy: 0), font: theme.captionFont, color: .white, alignment: .center)
                }
            case .audio:
                break
            }
            if selected {
                let pad = m.overlaySelectionPadding
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
        ui.element(UIElement(id: id, role: "overlay", label: clip.title, frame: box, hitFrame: hit,
                             state: ["clip": .string(clip.id), "x": .number(place.x), "y": .number(place.y), "scale": .number(place.scale),
                                     "rotation": .number(place.rotation), "selected": .bool(selected)]))
        return interaction.intents(.overlay(OverlayTarget(clipID: clip.id, picture: picture, natural: natural)))
    }

    /// A text overlay's lines in its style: coloured with a soft shadow, or on a box of its colour.
    private func drawText(_ clip: Clip, lines: [String], in box: Rect) {
        let m = theme.metrics.canvas, style = clip.style
        let count = Double(max(1, lines.count))
        let font = Font(size: box.height / count / m.textLineHeight, weight: m.textFont.weight)
        let colour = Color(hex: style.colour.hex)
        var ink = colour
        if style.background {
            ui.fill(box, colour, radius: font.size * m.textBoxRadius)
            ink = style.colour == .white || style.colour == .yellow ? Color(hex: 0x111111) : .white
        }
        let lineHeight = box.height / count
        for (i, line) in lines.enumerated() {
            let row = Rect(x: box.x, y: box.y + Double(i) * lineHeight, width: box.width, height: lineHeight)
            if !style.background {
                let shadow = style.colour == .black ? Color.white.opacity(0.5) : Color.black.opacity(0.6)
                ui.text(line, in: row.offsetBy(dx: m.textShadow, dy: m.textShadow), font: font, color: shadow, alignment: .center)
            }
            ui.text(line, in: row, font: font, color: ink, alignment: .center)
        }
    }

    /// The lines an overlay being moved has snapped to, across the picture, in the timeline's
    /// snap-guide style; a right angle shows as a line through the overlay along its turn.
    private func drawGuides(_ snaps: OverlaySnaps, clipID: String, in picture: Rect, project: Project) {
        let m = theme.metrics.timeline
        let phase = -ui.now.seconds * configuration.timeline.marchingAntsSpeed
        func guide(_ name: String, _ a: Point, _ b: Point) {
            ui.draw.add(.dashedLine(from: a, to: b, theme.selection, width: m.snapLine, dash: m.snapDash, gap: m.snapGap, phase: phase))
            ui.element(UIElement(id: "guide:\(name)", role: "snapGuide", label: "Snapped", frame: Rect(x: min(a.x, b.x) - 1, y: min(a.y, b.y) - 1,
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
