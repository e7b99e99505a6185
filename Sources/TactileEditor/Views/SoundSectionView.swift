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

    /// The volume section's height in a sheet `width` wide: its slider's row, the track's switches.
    func volumeHeight(_ clip: Clip, track: Track, width: Double) -> Double {
        let m = theme.metrics.clipSheet, k = scale, switches = self.switches(clip, track: track)
        let choices = ClipSheetChoices(ui: ui, theme: theme, scale: k)
        let columns = choices.columns(switches.map(\.title), width: width, finger: 0)
        return rowHeight(volumeRows(clip), valueWidth: levelWidth, width: width) + m.rowGap * k + choices.height(switches.count, columns: columns)
            + m.rowGap * k
    }

    /// The fades section's height in a sheet `width` wide: a row for each fade.
    func fadesHeight(_ clip: Clip, width: Double) -> Double {
        let rows = fadeRows(clip)
        return Double(rows.count) * rowHeight(rows, valueWidth: fadeWidth(clip), width: width) + theme.metrics.clipSheet.rowGap * scale
    }

    func drawVolume(_ clip: Clip, track: Track, in block: Rect) -> [EditorIntent] {
        let m = theme.metrics.clipSheet, k = scale
        let rows = volumeRows(clip)
        var intents = drawRows(rows, valueWidth: levelWidth, clip: clip, in: block)
        // The track's switches, under the slider.
        let switches = self.switches(clip, track: track)
        let choices = ClipSheetChoices(ui: ui, theme: theme, scale: k)
        let columns = choices.columns(switches.map(\.title), width: block.width, finger: 0)
        let top = block.y + rowHeight(rows, valueWidth: levelWidth, width: block.width) + m.rowGap * k
        let area = Rect(x: block.x, y: top, width: block.width, height: choices.height(switches.count, columns: columns))
        intents += choices.draw(switches.map { ($0.id, $0.title, $0.chosen) }, glyph: nil, in: area, columns: columns, role: "clipSheetSwitch").map {
            switches[$0].intent
        }
        return intents
    }

    func drawFades(_ clip: Clip, in block: Rect) -> [EditorIntent] {
        drawRows(fadeRows(clip), valueWidth: fadeWidth(clip), clip: clip, in: block)
    }

    /// The level's row.
    private func volumeRows(_ clip: Clip) -> [Row] {
        let m = theme.metrics.clipSheet, db = clip.sound.decibels
        return [
            (
                ClipSheetView.levelID, theme.strings[.level], theme.strings.digits(SoundLineView.decibelsLabel(db)), ClipSound.linePosition(decibels: db),
                { .level((ClipSound.decibels(atLinePosition: $0) / m.levelStep).rounded() * m.levelStep) }, ClipSound.linePosition(decibels: 0)
            )
        ]
    }

    /// The widest a level is written.
    private var levelWidth: Double { ui.measurer.measure(theme.strings.digits("−60.5 dB"), font: theme.clipFont).width }

    /// The track's switches: Mute, and lowering under other sound on a sound track or Detach
    /// sound for a video clip.
    private func switches(_ clip: Clip, track: Track) -> [(id: String, title: String, chosen: Bool, intent: EditorIntent)] {
        let strings = theme.strings
        var out: [(id: String, title: String, chosen: Bool, intent: EditorIntent)] = [
            ("clipSheet.mute", strings[.muteTrack], track.isMuted, .toggleTrackMute(track.id))
        ]
        if track.kind == .audio {
            out.append(("clipSheet.duck", strings[.duckTrack], track.ducksUnderOtherSound, .toggleTrackDucking(track.id)))
        } else if clip.kind == .video {
            // A video's own sound onto a sound track, to trim, move or duck on its own (CapCut's "extract audio").
            out.append(("clipSheet.detach", strings[.detachSound], false, .detachSound(clip.id)))
        }
        return out
    }

    /// The fade in's and fade out's rows.
    private func fadeRows(_ clip: Clip) -> [Row] {
        let m = theme.metrics.clipSheet, strings = theme.strings, sound = clip.sound
        let longest = fadeLongest(clip)
        return [
            (
                ClipSheetView.fadeInID, strings[.fadeIn], strings.duration(sound.fadeIn), min(1, sound.fadeIn.seconds / longest),
                { .fadeIn(($0 * longest / m.fadeStep).rounded() * m.fadeStep) }, nil
            ),
            (
                ClipSheetView.fadeOutID, strings[.fadeOut], strings.duration(sound.fadeOut), min(1, sound.fadeOut.seconds / longest),
                { .fadeOut(($0 * longest / m.fadeStep).rounded() * m.fadeStep) }, nil
            ),
        ]
    }

    /// The longest fade a slider reaches on `clip`.
    private func fadeLongest(_ clip: Clip) -> Double {
        let m = theme.metrics.clipSheet
        return max(m.fadeStep, min(clip.duration.seconds, m.fadeSliderLongest))
    }

    /// The widest a fade is written.
    private func fadeWidth(_ clip: Clip) -> Double { ui.measurer.measure(theme.strings.duration(.seconds(fadeLongest(clip))), font: theme.clipFont).width }

    /// The names' column: as wide as the widest name, up to `soundNameShare` of the row.
    private func nameWidth(_ rows: [Row], width: Double) -> (natural: Double, shown: Double) {
        let m = theme.metrics.clipSheet
        let natural = (rows.map { ui.measurer.measure($0.name, font: theme.clipFont).width }.max() ?? 0) + m.choiceGap * scale
        return (natural, min(width * m.soundNameShare, natural))
    }

    /// How a row's name, slider and value stand.
    private enum Arrangement {
        /// All three on one line.
        case beside
        /// The name and the value on a line over the slider.
        case over
        /// The name, the value and the slider on lines of their own (large text on a narrow sheet).
        case apart
    }

    /// Beside, where every name fits its column whole and the slider keeps at least
    /// `soundSliderLeastShare` of the row; else over, where a name and the value fit a line
    /// together; else apart.
    private func arrangement(_ rows: [Row], valueWidth: Double, width: Double) -> Arrangement {
        let m = theme.metrics.clipSheet, names = nameWidth(rows, width: width), gap = m.choiceGap * scale
        if names.natural <= names.shown + 0.5, names.shown + valueWidth + gap <= width * (1 - m.soundSliderLeastShare) { return .beside }
        return names.natural + valueWidth + gap <= width ? .over : .apart
    }

    /// One row's height: a slider's, and a label line over it for each of the name and value
    /// that stand apart from it.
    private func rowHeight(_ rows: [Row], valueWidth: Double, width: Double) -> Double {
        let m = theme.metrics.clipSheet
        switch arrangement(rows, valueWidth: valueWidth, width: width) {
        case .beside: return m.sliderHeight * scale
        case .over: return (m.labelHeight + m.sliderHeight) * scale
        case .apart: return (2 * m.labelHeight + m.sliderHeight) * scale
        }
    }

    /// Rows of name, slider and value down `block`: the names share one column as wide as the
    /// widest (up to `soundNameShare` of the row), the values another; or the name and value
    /// over a slider as wide as the row (`Arrangement`).
    private func drawRows(_ rows: [Row], valueWidth widest: Double, clip: Clip, in block: Rect) -> [EditorIntent] {
        let m = theme.metrics.clipSheet, k = scale
        let arrangement = self.arrangement(rows, valueWidth: widest, width: block.width)
        let height = rowHeight(rows, valueWidth: widest, width: block.width), label = m.labelHeight * k
        let valueWidth = widest + m.choiceGap * k
        let nameWidth = arrangement == .beside ? self.nameWidth(rows, width: block.width).shown : block.width - (arrangement == .over ? valueWidth : 0)
        let turn = theme.isRightToLeft ? -1.0 : 1.0
        var intents: [EditorIntent] = []
        for (i, row) in rows.enumerated() {
            let top = block.y + Double(i) * height
            let sliderLine = Rect(x: block.x, y: top + height - m.sliderHeight * k, width: block.width, height: m.sliderHeight * k)
            let nameLine = arrangement == .beside ? sliderLine : Rect(x: block.x, y: top, width: block.width, height: label)
            let valueLine = arrangement == .apart ? Rect(x: block.x, y: top + label, width: block.width, height: label) : nameLine
            let nameFrame = theme.mirrored(Rect(x: nameLine.x, y: nameLine.y, width: nameWidth, height: nameLine.height), in: nameLine)
            let valueFrame = theme.mirrored(
                Rect(x: valueLine.maxX - valueWidth, y: valueLine.y, width: valueWidth, height: valueLine.height), in: valueLine)
            ui.label(
                row.name, in: nameFrame, font: theme.clipFont, color: theme.textSecondary, smallest: m.tabSmallestShare, maximumLines: 1,
                alignment: theme.leading)
            ui.label(
                row.value, in: valueFrame, font: Font(size: theme.clipFont.size, weight: .semibold), color: theme.textPrimary,
                smallest: m.tabSmallestShare, maximumLines: 1, alignment: theme.isRightToLeft ? .leading : .trailing)
            let sliderX = arrangement == .beside ? sliderLine.x + nameWidth : sliderLine.x
            let sliderRight = arrangement == .beside ? sliderLine.maxX - valueWidth : sliderLine.maxX
            let sliderFrame = theme.mirrored(
                Rect(x: sliderX, y: sliderLine.y, width: max(1, sliderRight - sliderX), height: sliderLine.height), in: sliderLine)
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
