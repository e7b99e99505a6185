import Foundation
import TactileCore
import TactileUI

/// The clip sheet's Volume and Fades sections (CapCut's Volume and Fade panels, iMovie's clip
/// inspector). Volume: a row — its name, a slider, the level — and under it the clip's track's
/// Mute and, on a sound track, its lowering under other sound, or for a video clip Detach sound. Fades: a row for the fade in and
/// one for the fade out. The volume slider follows a fader's law (`ClipSound.linePosition`: the
/// range a person hears most of gets most of the travel), with a tick at 0 dB, where it catches;
/// a fade's slider reaches the clip's length or `fadeSliderLongest`, in tenths of a second.
/// Right to left, every row is mirrored and more is to the left, as the speed slider runs.
struct SoundSectionView {
    let ui: UIContext
    let theme: Theme
    /// How much larger than designed the sheet draws.
    let scale: Double

    private typealias Row = (id: String, name: String, value: String, position: Double, change: (Double) -> SoundChange, tick: Double?)

    func drawVolume(_ clip: Clip, track: Track, in block: Rect) -> [EditorIntent] {
        let m = theme.metrics.clipSheet, k = scale, strings = theme.strings
        let db = clip.sound.decibels
        var intents = drawRows(
            [
                (
                    ClipSheetView.levelID, strings[.level], strings.digits(SoundLineView.decibelsLabel(db)), ClipSound.linePosition(decibels: db),
                    { .level((ClipSound.decibels(atLinePosition: $0) / m.levelStep).rounded() * m.levelStep) }, ClipSound.linePosition(decibels: 0)
                )
            ], valueWidth: ui.measurer.measure(strings.digits("−60.5 dB"), font: theme.clipFont).width, clip: clip, in: block)
        // The track's switches, under the slider.
        var switches: [(id: String, title: String, chosen: Bool)] = [("clipSheet.mute", strings[.muteTrack], track.isMuted)]
        var toggles: [EditorIntent] = [.toggleTrackMute(track.id)]
        if track.kind == .audio {
            switches.append(("clipSheet.duck", strings[.duckTrack], track.ducksUnderOtherSound))
            toggles.append(.toggleTrackDucking(track.id))
        } else if clip.kind == .video {
            // A video's own sound onto a sound track, to trim, move or duck on its own (CapCut's "extract audio").
            switches.append(("clipSheet.detach", strings[.detachSound], false))
            toggles.append(.detachSound(clip.id))
        }
        let row = Rect(x: block.x, y: block.y + m.sliderHeight * k + m.rowGap * k, width: block.width, height: m.choiceHeight * k)
        intents += ClipSheetChoices(ui: ui, theme: theme, scale: scale).draw(switches, glyph: nil, in: row, role: "clipSheetSwitch").map { toggles[$0] }
        return intents
    }

    func drawFades(_ clip: Clip, in block: Rect) -> [EditorIntent] {
        let m = theme.metrics.clipSheet, strings = theme.strings
        let sound = clip.sound
        let longest = max(m.fadeStep, min(clip.duration.seconds, m.fadeSliderLongest))
        return drawRows(
            [
                (
                    ClipSheetView.fadeInID, strings[.fadeIn], strings.duration(sound.fadeIn), min(1, sound.fadeIn.seconds / longest),
                    { .fadeIn(($0 * longest / m.fadeStep).rounded() * m.fadeStep) }, nil
                ),
                (
                    ClipSheetView.fadeOutID, strings[.fadeOut], strings.duration(sound.fadeOut), min(1, sound.fadeOut.seconds / longest),
                    { .fadeOut(($0 * longest / m.fadeStep).rounded() * m.fadeStep) }, nil
                ),
            ], valueWidth: ui.measurer.measure(strings.duration(.seconds(longest)), font: theme.clipFont).width, clip: clip, in: block)
    }

    /// Rows of name, slider and value down `block`, a slider's height each; the names share one
    /// column as wide as the widest (up to `soundNameShare` of the row), the values another.
    private func drawRows(_ rows: [Row], valueWidth widest: Double, clip: Clip, in block: Rect) -> [EditorIntent] {
        let m = theme.metrics.clipSheet, k = scale
        let nameWidth = min(
            block.width * m.soundNameShare, (rows.map { ui.measurer.measure($0.name, font: theme.clipFont).width }.max() ?? 0) + m.choiceGap * k)
        let valueWidth = widest + m.choiceGap * k
        let turn = theme.isRightToLeft ? -1.0 : 1.0
        var intents: [EditorIntent] = []
        for (i, row) in rows.enumerated() {
            let line = Rect(x: block.x, y: block.y + Double(i) * m.sliderHeight * k, width: block.width, height: m.sliderHeight * k)
            let nameFrame = theme.mirrored(Rect(x: line.x, y: line.y, width: nameWidth, height: line.height), in: line)
            let valueFrame = theme.mirrored(Rect(x: line.maxX - valueWidth, y: line.y, width: valueWidth, height: line.height), in: line)
            ui.text(row.name, in: nameFrame, font: theme.clipFont, color: theme.textSecondary, alignment: theme.leading, isUsersOwn: true)
            ui.text(
                row.value, in: valueFrame, font: Font(size: theme.clipFont.size, weight: .semibold), color: theme.textPrimary,
                alignment: theme.isRightToLeft ? .leading : .trailing)
            let sliderFrame = theme.mirrored(
                Rect(x: line.x + nameWidth, y: line.y, width: max(1, line.width - nameWidth - valueWidth), height: line.height), in: line)
            var held = false
            let range = theme.isRightToLeft ? -1.0...0.0 : 0.0...1.0
            let slid = ui.slider(
                row.id, label: row.name, value: turn * row.position, range: range, step: 0, frame: sliderFrame, inset: m.thumbRadius * k + m.trackEndRoom
            ) { look in
                held = look.held
                drawLook(look, tick: row.tick.map { theme.isRightToLeft ? 1 - $0 : $0 })
            }
            if let value = slid.value { intents.append(.setSound(clip.id, row.change(turn * value), live: held)) }
            if slid.dragEnded { intents.append(.commitClipSheetDrag) }
            // Its gestures end in the sheet: none reaches the timeline under it.
            intents += slid.gestures.map { .gesture($0, .sheet) }
        }
        return intents
    }

    /// A slider as the sheet draws them: a thin bar, a tick where the value is as recorded (0 dB),
    /// a round thumb that grows while held.
    private func drawLook(_ look: SliderLook, tick: Double?) {
        let m = theme.metrics.clipSheet, k = scale
        let bar = Rect(x: look.track.minX, y: look.track.midY - m.trackThickness * k / 2, width: look.track.width, height: m.trackThickness * k)
        ui.fill(bar, theme.surface, radius: bar.height / 2)
        if let tick {
            let x = look.track.minX + look.track.width * tick, h = 2 * m.thumbRadius * k * m.oneTickShare
            ui.fill(Rect(x: x - 1, y: bar.midY - h / 2, width: 2, height: h), theme.textTertiary)
        }
        let r = (look.held ? m.thumbHeldGrowth : 1) * m.thumbRadius * k
        ui.fill(Rect(x: look.thumbX - r, y: look.track.midY - r, width: 2 * r, height: 2 * r), theme.textPrimary, radius: r)
    }
}
