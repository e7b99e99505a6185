import Foundation
import TactileCore
import TactileUI

/// What fills a clip on the timeline: a filmstrip of its video (each thumbnail at its own
/// slot's source time), a waveform of its sound, a calm placeholder while they load, or the
/// "media offline" look when its file is gone.
struct ClipContentView {
    let ui: UIContext
    let media: MediaSource
    let geometry: TimelineGeometry
    let sizes: TactileConfiguration.Layout
    let mediaSettings: TactileConfiguration.Media
    let theme: Theme

    /// What was drawn, for the inspect tree.
    struct Drawn {
        var status: MediaStatus?
        /// Filmstrip slots drawn, and how many showed a picture.
        var slots = 0, thumbnails = 0
        var waveform = false
        /// The tallest of the waveform's bars drawn, as a share of its band (it follows the level).
        var waveTallest = 0.0
    }

    /// Draws the content of `clip` inside `body`, only over `visible`.
    func draw(_ clip: Clip, body: Rect, visible: Rect) -> Drawn {
        var drawn = Drawn()
        guard let path = clip.media else { return drawn }
        let status = media.status(of: path)
        drawn.status = status
        switch status {
        case .loading:
            ui.fill(body, Color.black.opacity(0.18), radius: sizes.clipCornerRadius)
        case .offline:
            drawOffline(body: body, visible: visible)
        case let .ready(info):
            ui.clipped(to: visible.intersection(body)) {
                if info.hasVideo { drawFilmstrip(clip, path: path, info: info, body: body, visible: visible, drawn: &drawn) }
                if info.hasAudio, let wave = media.waveform(of: path) {
                    drawn.waveform = true
                    let k = sizes.uiScale, m = theme.metrics.clipContent
                    let band =
                        info.hasVideo
                        ? body.sliceBottom(body.height * m.videoWaveShare).slice
                        : Rect(
                            x: body.x, y: body.y + m.audioWaveTop * k, width: body.width,
                            height: max(m.minimumWaveHeight, body.height - (m.audioWaveTop + m.audioWaveBottom) * k))
                    if info.hasVideo { ui.fill(band, Color.black.opacity(0.45)) }
                    drawn.waveTallest = drawWaveform(wave, clip: clip, band: band, visible: visible)
                }
            }
            if info.hasVideo {
                // Round the filmstrip's corners like the clip's.
                ui.draw.add(.cornerMask(body, theme.background, cornerRadius: sizes.clipCornerRadius))
            }
        }
        return drawn
    }

    /// Thumbnails on a grid of source times that only changes when the zoom crosses an octave, so
    /// pinching reuses what was decoded; each fills its slot, cropped at the centre.
    private func drawFilmstrip(_ clip: Clip, path: String, info: MediaInfo, body: Rect, visible: Rect, drawn: inout Drawn) {
        let aspect = Double(info.pictureWidth ?? 16) / Double(max(1, info.pictureHeight ?? 9))
        let height = body.height
        let step = Self.slotDuration(
            thumbnailWidth: height * aspect, pointsPerSecond: geometry.pointsPerSecond / clip.speed,
            frame: info.frameDuration ?? .frame(atRate: 30))
        let pixelHeight = mediaSettings.thumbnailPixelHeight
        // Where the source's first frame would be on the timeline, and the visible stretch of
        // source (at the clip's speed: a clip at 2× shows twice the footage in its length).
        let origin = clip.footageOrigin
        let from = clip.footageSpan(ofTimeline: geometry.time(atX: max(body.minX, visible.minX)) - origin)
        let to = clip.footageSpan(ofTimeline: geometry.time(atX: min(body.maxX, visible.maxX)) - origin)
        guard to > from else { return }
        var k = max(0, from.ticks / step.ticks)
        let sourceEnd = info.duration.map { $0 - Time(ticks: 1) }
        while step * k < to {
            let slotStart = step * k
            let x = geometry.x(for: origin + clip.timelineSpan(ofFootage: slotStart))
            let slot = Rect(x: x, y: body.y, width: geometry.width(of: clip.timelineSpan(ofFootage: step)), height: height)
            // Each slot shows the frame at its middle, kept inside the source.
            var t = slotStart + Time(ticks: step.ticks / 2)
            if let end = sourceEnd, t > end { t = max(.zero, end) }
            if info.isStill { t = .zero }
            drawn.slots += 1
            if let picture = media.thumbnail(of: path, at: t, height: pixelHeight) {
                drawn.thumbnails += 1
                ui.image(picture.handle, size: Size(width: Double(picture.width), height: Double(picture.height)), filling: slot)
            } else {
                ui.fill(slot.insetBy(dx: 0.5, dy: 0), theme.color(for: clip.kind).mixed(with: .black, 0.25))
            }
            k += 1
        }
    }

    /// The slot length for thumbnails about `thumbnailWidth` points wide (0.7 to 1.4 times): a power-of-two number of
    /// frames, so slots keep their times while zooming within an octave.
    static func slotDuration(thumbnailWidth: Double, pointsPerSecond: Double, frame: Time) -> Time {
        let seconds = thumbnailWidth / max(pointsPerSecond, 0.001)
        let frames = max(1, seconds / max(frame.seconds, 0.0001))
        let power = Int64(1) << Int64(min(30, max(0, log2(frames).rounded())))
        return frame * power
    }

    /// Peaks as bars, one per 2 pt column, mirrored around the band's middle.
    /// Draws the bars in sight; returns the tallest as a share of the band.
    private func drawWaveform(_ wave: Waveform, clip: Clip, band: Rect, visible: Rect) -> Double {
        var tallest = 0.0
        let origin = clip.footageOrigin
        let m = theme.metrics.clipContent, column = m.waveColumn
        let color = Color.white.opacity(0.7)
        var x = max(band.minX, visible.minX).rounded(.down)
        let end = min(band.maxX, visible.maxX)
        while x < end {
            let a = clip.footageSpan(ofTimeline: geometry.time(atX: x) - origin)
            let b = clip.footageSpan(ofTimeline: geometry.time(atX: x + column) - origin)
            // Relative to the loudest moment, on a square-root curve (closer to how loud it sounds),
            // as the clip plays it: its level and fades applied (above 0 dB it grows to the band's
            // edge, never past it), so a drag on the level line shows in the waveform at once.
            let offset = geometry.time(atX: x) - clip.start
            let gain = clip.sound.gain(at: offset, of: clip.duration)
            let peak = wave.loudest > 0 ? (Double(wave.peak(from: a, to: b)) / Double(wave.loudest) * gain).squareRoot() : 0
            let h = max(1, min(band.height, peak * band.height * m.wavePeakShare))
            ui.fill(Rect(x: x, y: band.midY - h / 2, width: column * m.waveBarShare, height: h), color)
            tallest = max(tallest, h / max(1, band.height))
            x += column
        }
        return tallest
    }

    /// A grey, hatched clip saying its media went missing.
    private func drawOffline(body: Rect, visible: Rect) {
        ui.fill(body, theme.offline, radius: sizes.clipCornerRadius)
        ui.clipped(to: visible.intersection(body)) {
            var x = body.minX - body.height
            while x < body.maxX {
                ui.draw.add(
                    .line(
                        from: Point(x: x, y: body.maxY), to: Point(x: x + body.height, y: body.minY), Color.white.opacity(0.08),
                        width: theme.metrics.clipContent.hatchWidth))
                x += theme.metrics.clipContent.hatchPitch
            }
        }
    }
}
