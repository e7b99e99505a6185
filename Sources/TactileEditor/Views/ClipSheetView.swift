import Foundation
import TactileCore
import TactileUI

/// The clip sheet the selected clip's chip in the player bar opens (as CapCut's clip tools), in
/// sections a row of tabs chooses between, each only for a clip it applies to:
/// - Speed, for video and audio clips: a slider from 0.25× to 4× on a doubling scale and a row of presets;
/// - Picture, for a picture on a video track: how it fills a frame of another shape — Fit
///   (whole, black bars), Fill (covering, cut), Blur (whole on a blurred copy of itself);
/// - Volume and Fades, for a clip with sound: its level (a fader's law, catching at 0 dB) with
///   its track's Mute (and on a sound track, lowering under other sound); its fades in and out.
///   These live here, not on the clip's body, so a drag on a selected clip always moves it.
/// The header names the clip and its length, which follows the speed as it is dragged. Every
/// slider's drag is one undo step. The sheet is as tall as its tallest section, so switching
/// never moves it (where that fits the screen: a sheet that scrolls, at large text, is as tall
/// as the section on show). Like every sheet (`Sheet`): a tap outside or Escape closes it, a tap inside never does.
struct ClipSheetView {
    static let sliderID = "clipSheet.speed", presetPrefix = "clipSheet.speed.", fitPrefix = "clipSheet.fit.", sectionPrefix = "clipSheet.section."
    static let levelID = "clipSheet.level", fadeInID = "clipSheet.fadeIn", fadeOutID = "clipSheet.fadeOut"
    let ui: UIContext
    let layout: EditorLayout
    let media: MediaSource
    let sizes: TactileConfiguration.Layout
    let theme: Theme

    /// How much larger than designed the sheet draws: as much as the text (`--ui-scale`), never
    /// smaller than designed (smaller text keeps the controls a finger's size, as Dynamic Type's
    /// smaller sizes keep 44 pt).
    var scale: Double { max(1, theme.clipFont.size / theme.metrics.clipSheet.designFont) }

    /// The sections `clip` (on a track of `kind`) offers, in the tabs' order: a speed (footage
    /// that plays), a fit (a picture on a video track), volume and fades (a clip that plays sound).
    static func offers(_ clip: Clip, on kind: TrackKind, media: MediaSource) -> [ClipSheetSection] {
        var sections: [ClipSheetSection] = []
        if clip.kind.hasFiniteSource { sections.append(.speed) }
        if kind == .video && (clip.kind == .video || clip.kind == .image) { sections.append(.picture) }
        if SoundLineView.hasSound(clip, media: media) { sections += [.volume, .fades] }
        return sections
    }

    /// Each section's height in a sheet `width` wide, as drawn.
    private func height(of section: ClipSheetSection, clip: Clip, track: Track, width: Double) -> Double {
        let m = theme.metrics.clipSheet, k = scale
        let choices = ClipSheetChoices(ui: ui, theme: theme, scale: k)
        switch section {
        case .speed:
            let presets = presetTitles
            return (m.labelHeight + m.sliderHeight + m.rowGap) * k + choices.height(presets.count, columns: presetColumns(width: width))
        case .picture:
            return (m.labelHeight + m.rowGap) * k + choices.height(PictureFit.allCases.count, columns: fitColumns(width: width))
        case .volume: return SoundSectionView(ui: ui, theme: theme, scale: k).volumeHeight(clip, track: track, width: width)
        case .fades: return SoundSectionView(ui: ui, theme: theme, scale: k).fadesHeight(clip, width: width)
        }
    }

    /// The speed presets' words.
    private var presetTitles: [String] { theme.metrics.clipSheet.speedPresets.map { theme.strings.speed($0) } }

    /// How many presets stand side by side: all six where each has a finger's width and its words
    /// fit, else as many as do (two lines of three in a landscape column on a small phone).
    private func presetColumns(width: Double) -> Int {
        ClipSheetChoices(ui: ui, theme: theme, scale: scale).columns(presetTitles, width: width, finger: sizes.buttonSize)
    }

    /// How many fits stand side by side, each with its glyph.
    private func fitColumns(width: Double) -> Int {
        ClipSheetChoices(ui: ui, theme: theme, scale: scale).columns(fitTitles, width: width, finger: sizes.buttonSize, glyph: true)
    }

    private var fitTitles: [String] {
        let names: [PictureFit: EditorText] = [.fit: .fitWhole, .fill: .fillFrame, .blur: .blurBackground]
        return PictureFit.allCases.map { theme.strings[names[$0]!] }
    }

    /// The tabs' names, in the sections' order.
    private func tabTitles(_ sections: [ClipSheetSection]) -> [String] {
        let names: [ClipSheetSection: EditorText] = [.speed: .speed, .picture: .pictureFit, .volume: .level, .fades: .fades]
        return sections.map { theme.strings[names[$0]!] }
    }

    func draw(_ state: EditorState) -> [EditorIntent] {
        guard let sheet = state.clipSheet, let (clip, ti) = state.project.clip(withID: sheet.clipID) else { return [] }
        let track = state.project.tracks[ti]
        let offered = Self.offers(clip, on: track.kind, media: media)
        guard let first = offered.first else { return [] }
        let section = offered.contains(sheet.section) ? sheet.section : first
        let m = theme.metrics.clipSheet, k = scale, strings = theme.strings
        let padding = m.panelPadding * k
        let frame = Sheet(ui: ui, theme: theme, id: "clipSheet")
        let width = layout.pickerPanel(height: 0, gap: 0, margin: sizes.margin, leastWidth: frame.leastWidth).width - 2 * padding
        let choices = ClipSheetChoices(ui: ui, theme: theme, scale: k)
        let tabColumns = choices.columns(tabTitles(offered), width: width - 2 * m.tabInset * k, finger: sizes.buttonSize)
        // The tabs' lines touch (one segmented control), a row's gap under them.
        let tabLines = Double((offered.count + tabColumns - 1) / tabColumns)
        let tabsHeight = offered.count > 1 ? tabLines * m.choiceHeight * k + m.rowGap * k : 0
        // As tall as its tallest section, so switching never moves it; where that is more than
        // the screen holds (it scrolls), as tall as the section on show.
        let header = frame.headerHeight(clip.title, action: strings[.done], width: width, designed: m.titleHeight * k, titleIsUsersOwn: true)
        let tallest = offered.map { height(of: $0, clip: clip, track: track, width: width) }.max() ?? 0
        let room = layout.pickerPanel(height: .greatestFiniteMagnitude / 4, gap: m.panelGap * k, margin: sizes.margin).height - 2 * padding
        let fixed = header + tabsHeight + tallest <= room + 0.5
        let contentHeight = header + tabsHeight + (fixed ? tallest : height(of: section, clip: clip, track: track, width: width))
        let panel = layout.pickerPanel(height: contentHeight + 2 * padding, gap: m.panelGap * k, margin: sizes.margin, leastWidth: frame.leastWidth)
        var intents: [EditorIntent] = []
        ui.inLayer(.topmost) {
            // The canvas stays clear: a picture's fit shows there as it is chosen.
            let picture = EditorLayout.picture(in: layout.canvas, ratio: state.project.format.ratio, sizes: sizes)
            intents += frame.backdrop(
                panel: panel, clear: offered.contains(.picture) ? [picture] : [], label: strings[.closeClipSettings], close: .openClipSheet(nil))
            ui.fill(panel, theme.surfaceRaised, radius: m.panelRadius * k)
            let inner = panel.insetBy(dx: padding, dy: padding)
            ui.element(
                UIElement(
                    id: "clipSheet", role: "clipSheet", label: strings[.clipSettings], frame: panel,
                    state: [
                        "clip": .string(clip.id), "speed": .number(clip.speed), "fit": .string(clip.fit.rawValue),
                        "duration": .number(clip.duration.seconds), "section": .string(section.rawValue),
                        "sections": .string(offered.map(\.rawValue).joined(separator: ",")),
                    ]))
            // Where the screen is too short, the whole sheet scrolls in its panel.
            let window = Rect(x: panel.x, y: inner.y, width: panel.width, height: inner.height)
            frame.scrollingBody(window: window, contentHeight: contentHeight) {
                let title = Rect(x: inner.x, y: inner.y, width: inner.width, height: header)
                if frame.header(clip.title, detail: strings.duration(clip.duration), action: strings[.done], in: title, titleIsUsersOwn: true) {
                    intents.append(.openClipSheet(nil))
                }
                if offered.count > 1 {
                    let area = Rect(x: inner.x, y: title.maxY, width: inner.width, height: tabsHeight - m.rowGap * k)
                    intents += choices.tabs(
                        zip(offered, tabTitles(offered)).map { (Self.sectionPrefix + $0.rawValue, $1, $0 == section) }, in: area, columns: tabColumns
                    ).map { .showClipSheetSection(offered[$0]) }
                }
                let block = Rect(
                    x: inner.x, y: title.maxY + tabsHeight, width: inner.width, height: height(of: section, clip: clip, track: track, width: inner.width))
                intents += drawSection(section, clip: clip, track: track, aspect: state.project.format.ratio, dragging: sheet.dragFrom != nil, in: block)
            }
            // A drag's steps become one undo step when it ends (or, should its end be lost, once no finger is down).
            if sheet.dragFrom != nil, state.ui.fingers.isEmpty, !intents.contains(where: \.isLiveSheetEdit), !intents.contains(.commitClipSheetDrag) {
                intents.append(.commitClipSheetDrag)
            }
        }
        return intents
    }

    private func drawSection(_ section: ClipSheetSection, clip: Clip, track: Track, aspect: Double, dragging: Bool, in block: Rect) -> [EditorIntent] {
        switch section {
        case .speed: return drawSpeed(clip, dragging: dragging, in: block)
        case .picture: return drawFit(clip, aspect: aspect, in: block)
        case .volume: return SoundSectionView(ui: ui, theme: theme, scale: scale).drawVolume(clip, track: track, in: block)
        case .fades: return SoundSectionView(ui: ui, theme: theme, scale: scale).drawFades(clip, in: block)
        }
    }

    /// "Speed 1.5×", the slider (its value the speed's power of two, so 1× sits in the middle and
    /// each doubling is as far), the presets.
    private func drawSpeed(_ clip: Clip, dragging: Bool, in block: Rect) -> [EditorIntent] {
        let m = theme.metrics.clipSheet, k = scale, strings = theme.strings
        var intents: [EditorIntent] = []
        let label = Rect(x: block.x, y: block.y, width: block.width, height: m.labelHeight * k)
        let value = strings.speed(clip.speed), valueFont = Font(size: theme.clipFont.size, weight: .semibold)
        let valueWidth = ui.measurer.measure(value, font: valueFont).width + m.choiceGap * k
        ui.label(
            strings[.speed], in: theme.mirrored(Rect(x: label.x, y: label.y, width: label.width - valueWidth, height: label.height), in: label),
            font: theme.clipFont, color: theme.textSecondary, smallest: m.tabSmallestShare, maximumLines: 1, alignment: theme.leading)
        ui.text(value, in: label, font: valueFont, color: theme.textPrimary, alignment: theme.isRightToLeft ? .leading : .trailing)
        let sliderFrame = Rect(x: block.x, y: label.maxY, width: block.width, height: m.sliderHeight * k)
        let range = log2(Clip.speedRange.lowerBound)...log2(Clip.speedRange.upperBound)
        // Right to left, faster is to the left (as the presets run): the slider's value is then the
        // speed's power of two turned round.
        let turn = theme.isRightToLeft ? -1.0 : 1.0
        var held = false
        let slid = ui.slider(
            Self.sliderID, label: strings[.speed], value: turn * log2(clip.speed), range: range, step: 0, frame: sliderFrame,
            inset: m.thumbRadius * k + m.trackEndRoom
        ) { look in
            let bar = Rect(x: look.track.minX, y: look.track.midY - m.trackThickness * k / 2, width: look.track.width, height: m.trackThickness * k)
            ui.fill(bar, theme.surface, radius: bar.height / 2)
            // A tick at 1×, where the footage plays as recorded.
            let one = look.track.minX + look.track.width * (0 - range.lowerBound) / (range.upperBound - range.lowerBound)
            ui.fill(
                Rect(x: one - 1, y: bar.midY - m.thumbRadius * k * m.oneTickShare, width: 2, height: 2 * m.thumbRadius * k * m.oneTickShare),
                theme.textTertiary)
            held = look.held
            let r = (look.held ? m.thumbHeldGrowth : 1) * m.thumbRadius * k
            ui.fill(Rect(x: look.thumbX - r, y: look.track.midY - r, width: 2 * r, height: 2 * r), theme.textPrimary, radius: r)
        }
        if let value = slid.value {
            // The finger's speed in twentieths, as phone editors keep it (1.35×, not 1.3472×). A
            // drag's steps are live; a tap's is one step at once.
            let speed = Clip.roundedSpeed((pow(2, turn * value) / m.speedStep).rounded() * m.speedStep)
            if speed != clip.speed || dragging { intents.append(.setSpeed(clip.id, speed, live: held)) }
        }
        if slid.dragEnded { intents.append(.commitClipSheetDrag) }
        // Its gestures end in the sheet: a tap on the slider never also deselects the clip under it.
        intents += slid.gestures.map { .gesture($0, .sheet) }
        let presets = m.speedPresets, choices = ClipSheetChoices(ui: ui, theme: theme, scale: k)
        let columns = presetColumns(width: block.width)
        let area = Rect(x: block.x, y: sliderFrame.maxY, width: block.width, height: choices.height(presets.count, columns: columns))
        intents += choices.draw(
            presets.map { (Self.presetPrefix + String(format: "%g", $0), strings.speed($0), abs($0 - clip.speed) < 0.001) }, glyph: nil, in: area,
            columns: columns, role: "clipSheetChoice"
        ).map { .setSpeed(clip.id, presets[$0], live: false) }
        return intents
    }

    /// "Picture" and Fit, Fill, Blur, each with a glyph of what it does to a picture of the other
    /// shape (a tall one in a wide frame, a wide one in a tall frame).
    private func drawFit(_ clip: Clip, aspect: Double, in block: Rect) -> [EditorIntent] {
        let m = theme.metrics.clipSheet, k = scale, strings = theme.strings
        let label = Rect(x: block.x, y: block.y, width: block.width, height: m.labelHeight * k)
        ui.label(
            strings[.pictureFit], in: label, font: theme.clipFont, color: theme.textSecondary, smallest: m.tabSmallestShare, maximumLines: 1,
            alignment: theme.leading)
        let fits = PictureFit.allCases, choices = ClipSheetChoices(ui: ui, theme: theme, scale: k), columns = fitColumns(width: block.width)
        let area = Rect(x: block.x, y: label.maxY, width: block.width, height: choices.height(fits.count, columns: columns))
        return choices.draw(
            zip(fits, fitTitles).map { (Self.fitPrefix + $0.rawValue, $1, $0 == clip.fit) },
            glyph: { i, box, ink in Self.fitGlyph(fits[i], frameAspect: aspect, in: box, ink: ink, theme: theme, ui: ui) }, in: area, columns: columns,
            role: "clipSheetChoice"
        ).map { .setFit(clip.id, fits[$0]) }
    }

    /// What a fit does, drawn small: the frame's outline (the composition's shape, fitted in
    /// `box`) and a picture of the other shape in it, whole with bars, covering it, or whole over
    /// a faint copy.
    static func fitGlyph(_ fit: PictureFit, frameAspect: Double, in box: Rect, ink: Color, theme: Theme, ui: UIContext) {
        let frame = box.aspectFit(frameAspect)
        let other = frameAspect >= 1 ? 9.0 / 16 : 16.0 / 9
        switch fit {
        case .fit:
            ui.fill(frame.aspectFit(other), ink)
        case .fill:
            ui.clipped(to: frame) { ui.fill(frame.aspectFill(other), ink) }
        case .blur:
            ui.fill(frame, ink.opacity(0.35))
            ui.fill(frame.aspectFit(other), ink)
        }
        ui.stroke(frame, ink, width: 1.5, radius: 1.5)
    }
}
