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
        // down: scrubbing, trimming, scrolling), the playhead's timecode counts frames ("0:03:12 / 0:21");
        // at rest, or at a slower cadence, whole seconds.
        let frames = state.cadence == .live && (state.isPlaying || !state.ui.fingers.isEmpty) && configuration.feel.timecodeFrames
        let total = TimeFormatting.timecode(
            state.project.duration + (configuration.feel.timecodeRounding == "nearest" ? Time(ticks: Time.ticksPerSecond / 2) : .zero))
        let code = theme.strings.digits(
            frames
                ? "\(TimeFormatting.frameTimecode(state.playhead, framesPerSecond: configuration.feel.timecodeFrameRate)) / \(total)"
                : TimeFormatting.timecode(state.playhead, of: state.project.duration, nearest: configuration.feel.timecodeRounding == "nearest"))
        // As wide as the timecode (at most `timecodeWidth`): the selected clip's name and length get the rest.
        let codeWidth = min(metrics.timecodeWidth, ui.measurer.measure(code, font: theme.timecodeFont).width + 2 * metrics.timecodeGap)
        let codeFrame = Rect(x: frame.midX - codeWidth / 2, y: frame.y, width: codeWidth, height: frame.height)
        ui.text(code, in: codeFrame, font: theme.timecodeFont, color: theme.textPrimary, alignment: .center)
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
                "\(clip.title) · \(theme.strings.seconds(TimeFormatting.clipDuration(clip.duration)))", in: theme.mirrored(info, in: frame),
                font: theme.captionFont, color: theme.textSecondary, alignment: theme.isRightToLeft ? .leading : .trailing)
        }
        return intents
    }
}
