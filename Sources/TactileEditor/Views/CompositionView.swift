import Foundation
import TactileCore
import TactileInput
import TactileUI

/// The composition at one moment, drawn into a picture: the top-most visual clip on the video
/// tracks (or the transition between two) filling the frame, the overlays (text, stickers,
/// pictures) above it. The one compositor: the canvas draws through it at the size it has on
/// screen, export at the movie's full size, so the frame at T is the same picture in both.
/// Sizes are shares of the picture, so a text or a sticker sits in the same place at any size.
public struct CompositionView {
    public let ui: UIContext
    public let media: MediaSource
    public let editing: TactileConfiguration.Editing
    public let theme: Theme

    public init(ui: UIContext, media: MediaSource, editing: TactileConfiguration.Editing, theme: Theme) {
        self.ui = ui; self.media = media; self.editing = editing; self.theme = theme
    }

    /// An overlay as drawn: where its box is (upright, before its turn) and its size at scale 1.
    public struct DrawnOverlay {
        public var clip: Clip
        public var box: Rect
        public var natural: Size
        /// A text's lines as drawn (empty for other overlays).
        public var lines: [String] = []
    }

    /// What one frame drew: inspect state (the clip shown, its frame's time, the transition) and
    /// the overlays, bottom first.
    public struct Drawn {
        public var state: [String: ElementValue] = [:]
        public var overlays: [DrawnOverlay] = []
        /// How many commands the draw list held when the overlays began: those before are the
        /// picture beneath them (an export may place that picture itself).
        public var baseCommandCount = 0
    }

    /// The time the composition shows at `playhead`: at the very end (where playback stops) the
    /// last frame stays up, not a black picture.
    public static func shownTime(at playhead: Time, in project: Project) -> Time {
        let duration = project.duration
        // Past either end (an overscroll bouncing or stretching back) the end's own frame shows.
        return playhead >= duration && duration > .zero ? duration - Time(ticks: 1) : max(.zero, playhead)
    }

    /// Draws `project` at `t` into `picture` (clipped to it), on the canvas backdrop.
    @discardableResult
    public func draw(_ project: Project, at t: Time, in picture: Rect) -> Drawn {
        var drawn = Drawn()
        ui.fill(picture, theme.canvasBackdrop)
        let visualTrack = project.tracks.last { $0.kind == .video && $0.clip(at: t) != nil }
        let overlays = project.tracks.filter { $0.kind == .overlay }.compactMap { $0.clip(at: t) }
        ui.clipped(to: picture) {
            if let (from, to, transition, progress) = visualTrack?.transition(at: t) {
                drawn.state.merge(drawTransition(transition, progress: progress, from: from, to: to, at: t, in: picture), uniquingKeysWith: { $1 })
            } else if let clip = visualTrack?.clip(at: t) {
                drawn.state["clip"] = .string(clip.id)
                drawn.state.merge(drawPicture(of: clip, at: t, in: picture), uniquingKeysWith: { $1 })
            } else if overlays.isEmpty {
                drawn.state["empty"] = .bool(true)
            }
            drawn.baseCommandCount = ui.draw.count
            for clip in overlays { drawn.overlays.append(drawOverlay(clip, at: t, in: picture)) }
        }
        if !overlays.isEmpty { drawn.state["overlays"] = .string(overlays.map(\.id).joined(separator: ",")) }
        return drawn
    }

    /// Both clips of a transition as `TransitionLook` places them (the outgoing one from its
    /// footage past its end, the incoming one from before its start). Returns inspect state.
    private func drawTransition(_ transition: Transition, progress: Double, from: Clip, to: Clip, at t: Time, in picture: Rect) -> [String: ElementValue] {
        let look = TransitionLook.of(transition.kind, progress: progress, zoom: editing.transitionZoom)
        var state: [String: ElementValue] = [
            "clip": .string(progress < 0.5 ? from.id : to.id), "transition": .string(transition.kind.rawValue),
            "transitionProgress": .number(progress), "transitionClips": .string("\(from.id),\(to.id)"),
        ]
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

    /// The clip's decoded frame at `t`, fitted into the picture; a calm backdrop while it loads;
    /// the reason when its media are offline. Returns inspect state.
    private func drawMedia(_ clip: Clip, at t: Time, in picture: Rect, opacity: Double = 1) -> [String: ElementValue] {
        guard let path = clip.media else { return [:] }
        let status = media.status(of: path), m = theme.metrics.canvas
        switch status {
        case .loading:
            ui.text(theme.strings[.loading], in: picture, font: theme.bodyFont, color: theme.textTertiary, alignment: .center)
        case let .offline(reason):
            ui.fill(picture, theme.offline.mixed(with: .black, 0.5))
            ui.text(
                theme.strings[.mediaOffline], in: picture.offsetBy(dx: 0, dy: -m.offlineTitleLift), font: theme.titleFont, color: theme.textPrimary,
                alignment: .center)
            ui.text(
                "\((path as NSString).lastPathComponent): \(reason)", in: picture.insetBy(dx: m.textInset, dy: 0).offsetBy(dx: 0, dy: m.offlineReasonDrop),
                font: theme.captionFont, color: theme.textSecondary, alignment: .center)
        case let .ready(info):
            let source = info.isStill ? .zero : clip.sourceTime(at: t)
            if info.hasVideo, let frame = media.frame(of: path, at: source, lane: .canvas) {
                let size = Size(width: Double(frame.width), height: Double(frame.height))
                let placed = place(frame.handle, size: size, as: clip.fit, in: picture, opacity: opacity)
                return [
                    "media": .string("ready"), "frameTime": .number(frame.time.seconds), "exact": .bool(frame.isExact),
                    "fit": .string(clip.fit.rawValue), "pictureFrame": .string(Self.describe(placed)),
                ]
            }
            if !info.hasVideo {
                ui.text(clip.title, in: picture, font: theme.bodyFont, color: theme.textTertiary, alignment: .center, isUsersOwn: true)
            }
        }
        return ["media": .string(TimelineView.describe(status))]
    }

    /// A clip's picture in the composition's `picture` as its fit says: whole with bars (`fit`),
    /// covering it (`fill`, the overflow clipped by the composition), or whole over a blurred
    /// copy of itself filling the bars (`blur`). Returns where the picture went.
    private func place(_ handle: ImageHandle, size: Size, as fit: PictureFit, in picture: Rect, opacity: Double) -> Rect {
        let aspect = size.width / max(size.height, 1)
        switch fit {
        case .fit:
            return ui.image(handle, size: size, fitting: picture, opacity: opacity)
        case .fill:
            let covering = picture.aspectFill(aspect)
            ui.image(handle, size: size, fitting: covering, opacity: opacity)
            return covering
        case .blur:
            let fitted = picture.aspectFit(aspect)
            // A picture of the composition's own shape needs no backdrop.
            if fitted.width < picture.width - 0.5 || fitted.height < picture.height - 0.5 {
                let m = theme.metrics.canvas
                ui.blurredImage(handle, filling: picture, opacity: opacity, width: m.blurMiniatureWidth, passes: m.blurPasses)
            }
            return ui.image(handle, size: size, fitting: picture, opacity: opacity)
        }
    }

    /// "x,y,w,h" to a tenth of a point, for inspect.
    static func describe(_ r: Rect) -> String {
        [r.x, r.y, r.width, r.height].map { String(format: "%.1f", $0) }.joined(separator: ",")
    }

    /// The base picture of a clip without media: its colour washed over the frame, its title,
    /// and where in its source `t` is. Sizes are shares of the picture's height.
    private func drawBase(_ clip: Clip, at t: Time, in picture: Rect, opacity: Double = 1) {
        let color = theme.color(for: clip.kind), m = theme.metrics.canvas
        ui.fill(picture, color.mixed(with: .black, 0.55).opacity(opacity))
        let bands = m.baseBands
        let progress = (t - clip.start).seconds / max(clip.duration.seconds, 0.001)
        for i in 0..<bands {
            let w = picture.width / Double(bands)
            let shade = 0.25 + 0.5 * abs(sin(Double(i) * 0.9 + progress * 3))
            ui.fill(
                Rect(x: picture.x + Double(i) * w, y: picture.y, width: w + 0.5, height: picture.height),
                color.mixed(with: .black, shade).opacity(0.5 * opacity))
        }
        // The canvas's sizes are for its usual height; a bigger picture (export) scales them up.
        let k = picture.height / m.baseReferenceHeight
        let titleFont = Font(size: m.baseTitleFont.size * k, weight: m.baseTitleFont.weight)
        let captionFont = Font(size: theme.captionFont.size * k, weight: theme.captionFont.weight)
        ui.text(
            clip.title, in: picture.insetBy(dx: m.textInset * k, dy: 0).offsetBy(dx: 0, dy: -m.baseTitleLift * k), font: titleFont,
            color: Color.white.opacity(opacity), alignment: .center, isUsersOwn: true)
        let source = clip.sourceTime(at: t)
        ui.text(
            theme.strings[EditorText(rawValue: clip.kind.rawValue) ?? .video] + " · " + theme.strings.digits(TimeFormatting.timecode(source)),
            in: Rect(x: picture.x, y: picture.midY + m.baseSourceDrop * k, width: picture.width, height: m.baseSourceHeight * k),
            font: captionFont, color: Color.white.opacity(0.7 * opacity), alignment: .center)
    }

    /// Overlay `clip`'s box at scale 1, upright, on `picture`: a text as wide as its words at a
    /// share of the picture (its wrapped lines come with it, measured once a frame), a sticker
    /// square, a picture at its media's shape.
    public func natural(of clip: Clip, in picture: Rect) -> (size: Size, lines: [String]) {
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
    /// A word wider than a line is never split, as phone editors never split one: the font
    /// shrinks to the size at which the widest word just fills a line — the same size whatever
    /// the text's style size, so Large never draws smaller than Medium — down to
    /// `textMinimumShrink` of the medium size (below it the word is split after all). A text
    /// taller than `textHeightShare` of the picture shrinks until it fits inside it.
    public func textLines(of clip: Clip, in picture: Rect) -> (Font, [String]) {
        let m = theme.metrics.canvas
        let medium = min(picture.width, picture.height) * m.textShare, full = medium * clip.style.size.factor
        var font = Font(size: full, weight: m.textFont.weight)
        // The box is drawn at the text's own scale (a pinch): the wrap and the room are the
        // picture's, at that scale.
        let scale = max(0.01, clip.placement.scale)
        let line = picture.width * m.textWrapShare / scale
        func wrapWidth(_ size: Double) -> Double { max(size, line - 2 * size * m.textPadding) }
        // The widest word's width per point of size (a word's width follows its size).
        let words = clip.title.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        func widest(_ f: Font) -> Double { words.map { ui.measurer.measure($0, font: f).width }.max() ?? 0 }
        let perPoint = widest(font) / max(full, 1e-9)
        if perPoint * full > wrapWidth(full) {
            // perPoint · s = line − 2 · s · padding: the size at which it just fits; then a little
            // smaller while the shaped word is still a hair too wide at that size.
            font.size = max(medium * m.textMinimumShrink, min(full, line / (perPoint + 2 * m.textPadding)))
            for _ in 0..<8 where widest(font) > wrapWidth(font.size) && font.size > medium * m.textMinimumShrink {
                font.size = max(medium * m.textMinimumShrink, font.size * m.textFitStep)
            }
        }
        let paragraphs = clip.title.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func wrapped(_ f: Font) -> [String] {
            let lines = paragraphs.flatMap { p in
                p.isEmpty ? [""] : ui.measurer.lines(of: p, font: f, width: wrapWidth(f.size), maximumLines: m.textMaximumLines)
            }
            return Array(lines.prefix(m.textMaximumLines))
        }
        var lines = wrapped(font)
        // Inside the picture's height: smaller, and wrapped again, until the box fits.
        let room = picture.height * m.textHeightShare / scale
        for _ in 0..<12 {
            let height = font.size * m.textLineHeight * Double(max(1, lines.count))
            guard height > room, font.size > medium * m.textMinimumShrink else { break }
            font.size = max(medium * m.textMinimumShrink, font.size * min(m.textFitStep, (room / height).squareRoot()))
            lines = wrapped(font)
        }
        return (font, lines)
    }

    /// `box` moved the least that puts it inside `picture` (centred on it along a side it is longer than).
    static func keptInside(_ box: Rect, _ picture: Rect) -> Rect {
        func along(_ start: Double, _ length: Double, _ lower: Double, _ span: Double) -> Double {
            length >= span ? lower + (span - length) / 2 : min(max(start, lower), lower + span - length)
        }
        return Rect(
            x: along(box.x, box.width, picture.x, picture.width), y: along(box.y, box.height, picture.y, picture.height), width: box.width,
            height: box.height)
    }

    /// Where an overlay placed at `place`, `natural` in size at scale 1, is drawn on `picture`,
    /// upright (its turn is about the box's centre).
    public func overlayBox(_ place: OverlayTransform, natural: Size, in picture: Rect) -> Rect {
        let size = Size(width: natural.width * place.scale, height: natural.height * place.scale)
        let centre = Point(x: picture.x + place.x * picture.width, y: picture.y + place.y * picture.height)
        return Rect(x: centre.x - size.width / 2, y: centre.y - size.height / 2, width: size.width, height: size.height)
    }

    /// Draws an overlay turned and scaled.
    private func drawOverlay(_ clip: Clip, at t: Time, in picture: Rect) -> DrawnOverlay {
        let m = theme.metrics.canvas, place = clip.placement
        let (natural, lines) = natural(of: clip, in: picture)
        var box = overlayBox(place, natural: natural, in: picture)
        // A text stays inside the picture, however long it grew where it was placed (it fits:
        // `textLines` saw to that).
        if clip.kind == .text { box = Self.keptInside(box, picture) }
        ui.rotated(about: box.center, by: place.rotation) {
            switch clip.kind {
            case .text:
                drawText(clip, lines: lines, in: box)
            case .sticker:
                StickerArt.draw(clip.stickerShape, in: box, ui: ui)
            case .image, .video:
                if let path = clip.media, let info = media.status(of: path).info, info.hasVideo,
                    let frame = media.frame(of: path, at: info.isStill ? .zero : clip.sourceTime(at: t), lane: .canvas)
                {
                    ui.image(frame.handle, size: Size(width: Double(frame.width), height: Double(frame.height)), fitting: box)
                } else {
                    let k = min(picture.width, picture.height) / m.baseReferenceHeight
                    ui.fill(box, theme.color(for: clip.kind).mixed(with: .black, 0.3), radius: m.pipPlaceholderRadius * k)
                    ui.text(
                        clip.title, in: box.insetBy(dx: m.pipPlaceholderRadius * k, dy: 0),
                        font: Font(size: theme.captionFont.size * k, weight: theme.captionFont.weight), color: .white, alignment: .center, isUsersOwn: true)
                }
            case .audio:
                break
            }
        }
        return DrawnOverlay(clip: clip, box: box, natural: natural, lines: clip.kind == .text ? lines : [])
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
        // The shadow's offset is a share of the text's size, so it looks the same at any size.
        let shadowOffset = font.size * m.textShadowShare
        for (i, line) in lines.enumerated() {
            let row = Rect(x: box.x, y: box.y + Double(i) * lineHeight, width: box.width, height: lineHeight)
            if !style.background {
                let shadow = style.colour == .black ? Color.white.opacity(0.5) : Color.black.opacity(0.6)
                ui.text(line, in: row.offsetBy(dx: shadowOffset, dy: shadowOffset), font: font, color: shadow, alignment: .center, isUsersOwn: true)
            }
            // A text clip's words are the person's own.
            ui.text(line, in: row, font: font, color: ink, alignment: .center, isUsersOwn: true)
        }
    }
}
