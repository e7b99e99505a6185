import TactileCore
import TactileUI

/// The bar under the canvas: play / pause and the timecode (always rounded down).
struct PlayerBarView {
    let ui: UIContext
    let frame: Rect
    let configuration: TactileConfiguration
    let theme: Theme

    func draw(_ state: EditorState) -> [EditorIntent] {
        ui.element(UIElement(id: "playerBar", role: "playerBar", label: "Player", frame: frame))
        let m = configuration.layout.margin
        let b = configuration.layout.buttonSize, metrics = theme.metrics.bars
        let button = theme.mirrored(Rect(x: frame.x + m - metrics.buttonNudge, y: frame.midY - b / 2, width: b, height: b), in: frame)
        var intents: [EditorIntent] = []
        let playing = state.isPlaying
        if iconButton(
            ui, id: "playButton", role: "playButton", label: theme.strings[playing ? .pause : .play],
            icon: playing ? .pause : .play, frame: button, theme: theme, state: ["playing": .bool(playing)])
        {
            intents.append(.togglePlayback)
        }
        // Time runs left to right in every language (as media players keep it); its digits are the locale's.
        // In live cadence, while time may move under the user's eyes (playing, or any finger
        // down: scrubbing, trimming, scrolling), the playhead's timecode counts frames ("0:03 f12 / 0:21");
        // at rest, or at a slower cadence, whole seconds. The field keeps one width either way, the
        // " / " stays put and every digit is as wide as the widest, so nothing jumps as it runs.
        let feel = configuration.feel
        let frames = state.cadence == .live && (state.isPlaying || !state.ui.fingers.isEmpty) && feel.timecodeFrames
        let nearest = feel.timecodeRounding == "nearest"
        let total = TimeFormatting.timecode(state.project.duration + (nearest ? Time(ticks: Time.ticksPerSecond / 2) : .zero))
        let playhead =
            frames
            ? TimeFormatting.frameTimecode(state.playhead, framesPerSecond: feel.timecodeFrameRate)
            : TimeFormatting.timecode(state.playhead + (nearest ? Time(ticks: Time.ticksPerSecond / 2) : .zero))
        let strings = theme.strings, font = theme.timecodeFont
        let code = strings.digits("\(playhead) / \(total)")
        let digits = Set(strings.digits("0123456789"))
        // The widest the playhead's part can be: the project's end in the longer of the two forms.
        let longest = feel.timecodeFrames ? TimeFormatting.frameTimecode(state.project.duration, framesPerSecond: feel.timecodeFrameRate) : total
        let left = max(ui.tabularWidth(strings.digits(longest), font: font, digits: digits), ui.tabularWidth(strings.digits(total), font: font, digits: digits))
        let right = ui.tabularWidth(strings.digits(total), font: font, digits: digits)
        let slash = ui.measurer.measure(" / ", font: font).width
        // As wide as the timecode (at most `timecodeWidth`): the selected clip's name and length get the rest.
        let codeWidth = min(metrics.timecodeWidth, left + slash + right + 2 * metrics.timecodeGap)
        let codeFrame = Rect(x: frame.midX - codeWidth / 2, y: frame.y, width: codeWidth, height: frame.height)
        let slashX = codeFrame.maxX - metrics.timecodeGap - right - slash
        ui.tabularText(
            strings.digits(playhead), in: Rect(x: codeFrame.minX, y: frame.y, width: slashX - codeFrame.minX, height: frame.height), font: font,
            color: theme.textPrimary, alignment: .trailing, digits: digits)
        ui.text(" / ", in: Rect(x: slashX, y: frame.y, width: slash, height: frame.height), font: font, color: theme.textPrimary, alignment: .center)
        ui.tabularText(
            strings.digits(total), in: Rect(x: slashX + slash, y: frame.y, width: right, height: frame.height), font: font,
            color: theme.textPrimary, alignment: .leading, digits: digits)
        ui.element(
            UIElement(
                id: "timecode", role: "timecode", label: code, frame: codeFrame,
                state: ["seconds": .number(state.playhead.seconds)]))
        let fold = theme.mirrored(Rect(x: frame.maxX - m + metrics.buttonNudge - b, y: frame.midY - b / 2, width: b, height: b), in: frame)
        let collapsed = state.timeline.collapsed
        if iconButton(
            ui, id: "timelineToggle", role: "collapseButton", label: theme.strings[collapsed ? .showTimeline : .hideTimeline],
            icon: collapsed ? .chevronUp : .chevronDown, frame: fold, theme: theme)
        {
            intents.append(.toggleTimeline)
        }
        if let clip = state.selectedClip {
            let info = Rect(
                x: codeFrame.maxX + metrics.timecodeGap, y: frame.y,
                width: max(0, frame.maxX - m + metrics.buttonNudge - b - codeFrame.maxX - 2 * metrics.timecodeGap), height: frame.height)
            ui.text(
                "\(clip.title) · \(theme.strings.duration(clip.duration))", in: theme.mirrored(info, in: frame),
                font: theme.captionFont, color: theme.textSecondary, alignment: theme.isRightToLeft ? .leading : .trailing)
        }
        return intents
    }
}
