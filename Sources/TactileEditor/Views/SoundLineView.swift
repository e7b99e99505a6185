import Foundation
import TactileCore
import TactileUI

/// What the selected clip's sound is set to, drawn on it (as LumaFusion and iMovie show it): a
/// line across the clip at its level's height, with ramps from its bottom corners where it
/// fades in and out. Only drawn: it takes no touch, so the clip's whole body stays the clip's
/// (a drag moves it). The level, the fades, mute and ducking are set in the clip sheet's Sound
/// section. A muted track's clips carry a crossed-out speaker.
struct SoundLineView {
    let ui: UIContext
    let sizes: TactileConfiguration.Layout
    let theme: Theme

    /// Whether `clip` plays sound: an audio clip, or a video whose file has sound.
    static func hasSound(_ clip: Clip, media: MediaSource) -> Bool {
        if clip.kind == .audio { return true }
        guard clip.kind == .video, let path = clip.media else { return false }
        return media.status(of: path).info?.hasAudio ?? false
    }

    /// The line and ramps over `clip`'s body on `row` (dimmer when its track is muted).
    func draw(_ clip: Clip, track: Track, row: Rect, area: Rect, geometry: TimelineGeometry) {
        let m = theme.metrics.sound, k = sizes.uiScale
        let body = Rect(x: geometry.x(for: clip.start), y: row.y, width: geometry.x(for: clip.end) - geometry.x(for: clip.start), height: row.height)
        let sound = clip.sound
        ui.clipped(to: area) {
            // The level line travels below the clip's title, never lost in its bottom edge.
            let top = body.y + m.lineTopReserve * k, bottom = body.maxY - m.lineWidth * k
            let lineY = min(bottom - m.lineWidth * k * 2, bottom - ClipSound.linePosition(decibels: sound.decibels) * (bottom - top))
            let inX = body.x + sound.fadeIn.seconds * geometry.pointsPerSecond
            let outX = body.maxX - sound.fadeOut.seconds * geometry.pointsPerSecond
            let ink = track.isMuted ? theme.textTertiary : theme.selection
            ui.draw.add(.line(from: Point(x: body.x, y: body.maxY), to: Point(x: inX, y: lineY), ink, width: m.lineWidth * k))
            ui.draw.add(.line(from: Point(x: inX, y: lineY), to: Point(x: outX, y: lineY), ink, width: m.lineWidth * k))
            ui.draw.add(.line(from: Point(x: outX, y: lineY), to: Point(x: body.maxX, y: body.maxY), ink, width: m.lineWidth * k))
        }
        ui.element(
            UIElement(
                id: "clip:\(clip.id).soundLine", role: "soundLine", label: theme.strings[.level], frame: body.intersection(area),
                state: [
                    "decibels": .number(sound.decibels), "fadeIn": .number(sound.fadeIn.seconds), "fadeOut": .number(sound.fadeOut.seconds),
                    "clip": .string(clip.id),
                ]))
    }

    /// A crossed-out speaker in `body`'s trailing top corner: the clip's track is muted.
    func drawMuted(_ clip: Clip, in body: Rect, visible: Rect) {
        let m = theme.metrics.sound, k = sizes.uiScale, size = m.mutedBadge * k
        guard visible.width >= size + 2 * m.mutedBadgeInset * k else { return }
        let x = theme.isRightToLeft ? visible.minX + m.mutedBadgeInset * k : visible.maxX - m.mutedBadgeInset * k - size
        let box = Rect(x: x, y: body.maxY - m.mutedBadgeInset * k - size, width: size, height: size)
        ui.fill(box, Color.black.opacity(0.55), radius: size / 2)
        Self.drawSpeaker(in: box.insetBy(dx: size * 0.1, dy: size * 0.1), muted: true, color: .white, ui: ui)
        ui.element(UIElement(id: "clip:\(clip.id).muted", role: "mutedBadge", label: theme.strings[.trackMuted], frame: box, state: ["clip": .string(clip.id)]))
    }

    /// A speaker: its box and cone, sound waves beside it, or a cross when muted.
    static func drawSpeaker(in box: Rect, muted: Bool, color: Color, ui: UIContext) {
        let c = box.center, s = box.width
        func p(_ dx: Double, _ dy: Double) -> Point { Point(x: c.x + dx * s, y: c.y + dy * s) }
        ui.fill(Rect(x: c.x - 0.26 * s, y: c.y - 0.09 * s, width: 0.12 * s, height: 0.18 * s), color)
        ui.draw.add(.polygon([p(-0.15, -0.09), p(0.02, -0.24), p(0.02, 0.24), p(-0.15, 0.09)], color))
        if muted {
            ui.draw.add(.line(from: p(0.1, -0.1), to: p(0.28, 0.1), color, width: 0.07 * s))
            ui.draw.add(.line(from: p(0.1, 0.1), to: p(0.28, -0.1), color, width: 0.07 * s))
        } else {
            ui.draw.add(.line(from: p(0.11, -0.1), to: p(0.11, 0.1), color, width: 0.06 * s))
            ui.draw.add(.line(from: p(0.2, -0.17), to: p(0.2, 0.17), color, width: 0.06 * s))
        }
    }

    /// "0 dB", "−6.5 dB", "+3 dB", "−∞ dB" at the bottom.
    static func decibelsLabel(_ db: Double) -> String {
        if db <= ClipSound.minimumDecibels { return "−∞ dB" }
        let tenths = (db * 10).rounded()
        if tenths == 0 { return "0 dB" }
        let magnitude = abs(tenths) / 10
        let text = magnitude == magnitude.rounded() ? "\(Int(magnitude))" : String(format: "%.1f", magnitude)
        return (tenths < 0 ? "−" : "+") + text + " dB"
    }
}
