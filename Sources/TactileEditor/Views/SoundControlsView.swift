import Foundation
import TactileCore
import TactileInput
import TactileUI

/// The selected clip's sound, by touch (as LumaFusion shows it): a level line across the clip
/// at its level's height that a drag moves up or down, the fades as ramps from its top corners
/// with a handle at each that a drag moves along time, and at the track's leading edge a mute
/// button (and, on a sound track, a button letting it duck under other sound). The drags are
/// precise ones (a trim handle's small slop: the line's travel is a few dozen points). Shown only for
/// a clip with sound, while it is selected, so they never take a gesture meant for the clips.
struct SoundControlsView {
    let ui: UIContext
    let media: MediaSource
    let sizes: TactileConfiguration.Layout
    let feel: TactileConfiguration.Feel
    let theme: Theme

    /// Whether `clip` plays sound: an audio clip, or a video whose file has sound.
    static func hasSound(_ clip: Clip, media: MediaSource) -> Bool {
        if clip.kind == .audio { return true }
        guard clip.kind == .video, let path = clip.media else { return false }
        return media.status(of: path).info?.hasAudio ?? false
    }

    /// `adjusting`: a drag on the line or a handle is under way (the level's label shows then).
    func draw(_ clip: Clip, track: Track, row: Rect, area: Rect, geometry: TimelineGeometry, adjusting: Bool = false) -> [EditorIntent] {
        let m = theme.metrics.sound, k = sizes.uiScale
        let body = Rect(x: geometry.x(for: clip.start), y: row.y, width: geometry.x(for: clip.end) - geometry.x(for: clip.start), height: row.height)
        var intents: [EditorIntent] = []
        let sound = clip.sound
        // The trim handles' hit areas reach this far into the clip: the sound controls keep clear.
        let l = sizes, hw = l.handleWidth
        let trimReach = l.handleWidth * l.handleHitMultiplier / 2 + (feel.handlesInside ? hw / 2 : -hw / 2)
        let clearance = max(m.edgeClearance * k, trimReach)
        ui.scope("sound:\(clip.id)") {
            ui.clipped(to: area) {
                // The fades: ramps from the bottom at the clip's ends up to the level line, which
                // travels below the clip's title.
                let top = body.y + m.lineTopReserve * k, bottom = body.maxY - m.lineWidth * k
                // Never lost in the clip's bottom edge, however low the level.
                let lineY = min(bottom - m.lineWidth * k * 2, bottom - ClipSound.linePosition(decibels: sound.decibels) * (bottom - top))
                let inX = body.x + sound.fadeIn.seconds * geometry.pointsPerSecond
                let outX = body.maxX - sound.fadeOut.seconds * geometry.pointsPerSecond
                let ink = theme.selection
                ui.draw.add(.line(from: Point(x: body.x, y: body.maxY), to: Point(x: inX, y: lineY), ink, width: m.lineWidth * k))
                ui.draw.add(.line(from: Point(x: inX, y: lineY), to: Point(x: outX, y: lineY), ink, width: m.lineWidth * k))
                ui.draw.add(.line(from: Point(x: outX, y: lineY), to: Point(x: body.maxX, y: body.maxY), ink, width: m.lineWidth * k))
                // The level in decibels beside the line while a drag sets it.
                let label = theme.strings.digits(Self.decibelsLabel(sound.decibels))
                let width = ui.measurer.measure(label, font: theme.captionFont).width + m.labelPadding * k
                // Beside the fade-in handle, under the line (over it when the line is low).
                let below = lineY + m.labelGap * k + m.labelHeight * k <= body.maxY
                let pill = Rect(
                    x: max(inX, area.x) + m.handleHit * k / 2, y: below ? lineY + m.labelGap * k : lineY - m.labelGap * k - m.labelHeight * k,
                    width: width, height: m.labelHeight * k)
                if adjusting, pill.maxX < outX - m.handleHit * k / 2 {
                    ui.fill(pill, Color.black.opacity(0.55), radius: pill.height / 2)
                    ui.text(label, in: pill, font: theme.captionFont, color: .white, alignment: .center)
                }
                // The level line takes vertical drags in a strip round it, between the fade handles.
                let left = max(inX, body.x + clearance), right = min(outX, body.maxX - clearance)
                let strip = Rect(
                    x: left, y: max(row.y + row.height * m.handleHitShare, lineY - m.lineHit * k / 2),
                    width: max(0, right - left), height: m.lineHit * k
                ).intersection(row).intersection(area)
                let lineID = "clip:\(clip.id).level"
                intents += ui.interact("level", hitFrame: strip, gestures: GestureTarget(id: lineID, gestures: [.trim, .tap]))
                    .intents(.timeline(.levelLine(clipID: clip.id, top: top, bottom: bottom)))
                ui.element(
                    UIElement(
                        id: lineID, role: "levelLine", label: theme.strings[.level], frame: Rect(x: inX, y: lineY - 1, width: outX - inX, height: 2),
                        hitFrame: strip, state: ["decibels": .number(sound.decibels), "clip": .string(clip.id)]))
                // Fade handles: a dot at each top corner, where the fade ends, taking drags in the
                // row's top half; clear of the trim handles' hit areas at the clip's very edges.
                for fadeIn in [true, false] {
                    let x = fadeIn ? inX : outX
                    let r = m.handleRadius * k, clear = clearance, hitWidth = m.handleHit * k
                    let centre = Point(x: fadeIn ? max(x, body.x + clear + r) : min(x, body.maxX - clear - r), y: row.y + r + m.handleTop * k)
                    let hitX = fadeIn ? max(centre.x - hitWidth / 2, body.x + clear) : min(centre.x + hitWidth / 2, body.maxX - clear) - hitWidth
                    let hit = Rect(x: hitX, y: row.y, width: hitWidth, height: row.height * m.handleHitShare).intersection(area)
                    let id = "clip:\(clip.id).fade\(fadeIn ? "In" : "Out")"
                    intents += ui.interact(fadeIn ? "fadeIn" : "fadeOut", hitFrame: hit, gestures: GestureTarget(id: id, gestures: [.trim, .tap]))
                        .intents(.timeline(.fadeHandle(clipID: clip.id, fadeIn: fadeIn)))
                    ui.draw.add(.line(from: centre, to: Point(x: x, y: lineY), ink.opacity(0.6), width: m.lineWidth * k / 2))
                    ui.draw.add(.fillCircle(center: centre, radius: r, .white))
                    ui.draw.add(.strokeCircle(center: centre, radius: r, ink, width: m.lineWidth * k))
                    ui.element(
                        UIElement(
                            id: id, role: "fadeHandle", label: theme.strings[fadeIn ? .fadeIn : .fadeOut],
                            frame: Rect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r), hitFrame: hit,
                            state: ["seconds": .number((fadeIn ? sound.fadeIn : sound.fadeOut).seconds), "clip": .string(clip.id)]))
                }
            }
            intents += drawTrackButtons(track, row: row, area: area)
        }
        return intents
    }

    /// How far from the timeline's edge `track`'s buttons reach (the clips' titles on its row start after them).
    static func trackButtonsWidth(_ track: Track, sizes: TactileConfiguration.Layout, theme: Theme) -> Double {
        let m = theme.metrics.sound, k = sizes.uiScale
        let hit = max(m.trackButtonHit * max(k, 1), m.trackButton * k), count = Double(track.kind == .audio ? 2 : 1)
        return m.trackButtonInset * k + count * hit + (count - 1) * m.trackButtonGap * k
    }

    /// Where the selected clip's fade-in handle ends on the right (its title starts after it).
    static func fadeInHandleEnd(
        _ clip: Clip, body: Rect, geometry: TimelineGeometry, sizes: TactileConfiguration.Layout, feel: TactileConfiguration.Feel, theme: Theme
    ) -> Double {
        let m = theme.metrics.sound, k = sizes.uiScale, l = sizes
        let trimReach = l.handleWidth * l.handleHitMultiplier / 2 + (feel.handlesInside ? l.handleWidth / 2 : -l.handleWidth / 2)
        let clearance = max(m.edgeClearance * k, trimReach), r = m.handleRadius * k
        let x = body.x + clip.sound.fadeIn.seconds * geometry.pointsPerSecond
        return max(x, body.x + clearance + r) + r
    }

    /// Mute (and, on a sound track, duck) at the track's leading edge, over the clips: targets a
    /// finger wide (`trackButtonHit`), the clips' titles on the row starting after them.
    private func drawTrackButtons(_ track: Track, row: Rect, area: Rect) -> [EditorIntent] {
        let m = theme.metrics.sound, k = sizes.uiScale
        var intents: [EditorIntent] = []
        let size = m.trackButton * k, hit = max(m.trackButtonHit * max(k, 1), size)
        // Each button's hit square stays inside the timeline, beside the next one's.
        var x = area.x + m.trackButtonInset * k + (hit - size) / 2
        var buttons: [(id: String, label: EditorText, on: Bool, intent: EditorIntent)] = [
            ("track:\(track.id).mute", track.isMuted ? .unmuteTrack : .muteTrack, track.isMuted, .toggleTrackMute(track.id))
        ]
        if track.kind == .audio {
            buttons.append(("track:\(track.id).duck", .duckTrack, track.ducksUnderOtherSound, .toggleTrackDucking(track.id)))
        }
        for button in buttons {
            let frame = theme.mirrored(Rect(x: x, y: row.midY - size / 2, width: size, height: size), in: area)
            let hitFrame = Rect(x: frame.midX - hit / 2, y: frame.midY - hit / 2, width: hit, height: hit).intersection(area)
            let tapped = ui.button(
                button.id, role: "trackButton", label: theme.strings[button.label], frame: frame, hitFrame: hitFrame,
                state: ["on": .bool(button.on), "track": .string(track.id)]
            ) { look in
                ui.fill(frame, button.on ? theme.selection : Color.black.opacity(look.pressed ? 0.8 : 0.6), radius: size / 2)
                let ink = button.on ? theme.selectionInk : Color.white
                if button.label == .duckTrack { drawDuck(in: frame, color: ink) } else { drawSpeaker(in: frame, muted: button.on, color: ink) }
            }
            if tapped { intents.append(button.intent) }
            x += hit + m.trackButtonGap * k
        }
        return intents
    }

    /// A speaker: its box and cone, sound waves beside it, or a cross when muted.
    private func drawSpeaker(in box: Rect, muted: Bool, color: Color) {
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

    /// Ducking: a level stepping down (a bar, then a lower one) with an arrow down.
    private func drawDuck(in box: Rect, color: Color) {
        let c = box.center, s = box.width
        func p(_ dx: Double, _ dy: Double) -> Point { Point(x: c.x + dx * s, y: c.y + dy * s) }
        ui.draw.add(.line(from: p(-0.26, -0.12), to: p(-0.06, -0.12), color, width: 0.07 * s))
        ui.draw.add(.line(from: p(-0.06, -0.12), to: p(0.04, 0.12), color, width: 0.07 * s))
        ui.draw.add(.line(from: p(0.04, 0.12), to: p(0.26, 0.12), color, width: 0.07 * s))
        ui.draw.add(.triangle(p(0.1, -0.2), p(0.26, -0.2), p(0.18, -0.05), color))
    }

    /// "0 dB", "−6.5 dB", "+3 dB", "−∞" at the bottom.
    static func decibelsLabel(_ db: Double) -> String {
        if db <= ClipSound.minimumDecibels { return "−∞ dB" }
        let tenths = (db * 10).rounded()
        if tenths == 0 { return "0 dB" }
        let magnitude = abs(tenths) / 10
        let text = magnitude == magnitude.rounded() ? "\(Int(magnitude))" : String(format: "%.1f", magnitude)
        return (tenths < 0 ? "−" : "+") + text + " dB"
    }
}
