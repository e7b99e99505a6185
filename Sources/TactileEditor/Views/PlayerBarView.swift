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
        let button = Rect(x: frame.x + m - metrics.buttonNudge, y: frame.midY - b / 2, width: b, height: b)
        var intents: [EditorIntent] = []
        let playing = state.isPlaying
        if iconButton(ui, id: "playButton", role: "playButton", label: playing ? "Pause" : "Play",
                      icon: playing ? .pause : .play, frame: button, theme: theme, state: ["playing": .bool(playing)]) {
            intents.append(.togglePlayback)
        }
        let code = TimeFormatting.timecode(state.playhead, of: state.project.duration)
        // As wide as the timecode (at most `timecodeWidth`): the selected clip's name and length get the rest.
        let codeWidth = min(metrics.timecodeWidth, ui.measurer.measure(code, font: theme.timecodeFont).width + 2 * metrics.timecodeGap)
        let codeFrame = Rect(x: frame.midX - codeWidth / 2, y: frame.y, width: codeWidth, height: frame.height)
        ui.text(code, in: codeFrame, font: theme.timecodeFont, color: theme.textPrimary, alignment: .center)
        ui.element(UIElement(id: "timecode", role: "timecode", label: code, frame: codeFrame,
                             state: ["seconds": .number(state.playhead.seconds)]))
        let fold = Rect(x: frame.maxX - m + metrics.buttonNudge - b, y: frame.midY - b / 2, width: b, height: b)
        let collapsed = state.timeline.collapsed
        if iconButton(ui, id: "timelineToggle", role: "collapseButton", label: collapsed ? "Show timeline" : "Hide timeline",
                      icon: collapsed ? .chevronUp : .chevronDown, frame: fold, theme: theme) {
            intents.append(.toggleTimeline)
        }
        if let clip = state.selectedClip {
            ui.text("\(clip.title) · \(TimeFormatting.clipDuration(clip.duration))",
                    in: Rect(x: codeFrame.maxX + metrics.timecodeGap, y: frame.y, width: max(0, fold.minX - codeFrame.maxX - 2 * metrics.timecodeGap),
                             height: frame.height),
                    font: theme.captionFont, color: theme.textSecondary, alignment: .trailing)
        }
        return intents
    }
}
