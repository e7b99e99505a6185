import TactileCore
import TactileUI

/// The bar under the canvas: play / pause and the timecode (always rounded down).
struct PlayerBarView {
    let ui: UIContext
    let frame: Rect
    let media: MediaSource
    let sizes: TactileConfiguration.Layout
    let feel: TactileConfiguration.Feel
    let theme: Theme

    /// The least width the bar lays out in: Play, the fold button, and between them the room of
    /// two more (the timecode, or a selected clip's chip), within the margins.
    static func leastWidth(sizes: TactileConfiguration.Layout) -> Double { 4 * sizes.buttonSize + 2 * sizes.margin }

    func draw(_ state: EditorState) -> [EditorIntent] {
        ui.element(UIElement(id: "playerBar", role: "playerBar", label: "Player", frame: frame))
        let m = sizes.margin
        let b = sizes.buttonSize, metrics = theme.metrics.bars
        let button = theme.mirrored(Rect(x: frame.x + m - metrics.buttonNudge, y: frame.midY - b / 2, width: b, height: b), in: frame)
        var intents: [EditorIntent] = []
        let playing = state.isPlaying
        if iconButton(
            ui, id: "playButton", role: "playButton", label: theme.strings[playing ? .pause : .play],
            icon: playing ? .pause : .play, frame: button, theme: theme, state: ["playing": .bool(playing)])
        {
            intents.append(.togglePlayback)
        }
        let codeFrame = drawTimecode(state)
        let fold = theme.mirrored(Rect(x: frame.maxX - m + metrics.buttonNudge - b, y: frame.midY - b / 2, width: b, height: b), in: frame)
        let collapsed = state.timeline.collapsed
        if iconButton(
            ui, id: "timelineToggle", role: "collapseButton", label: theme.strings[collapsed ? .showTimeline : .hideTimeline],
            icon: collapsed ? .chevronUp : .chevronDown, frame: fold, theme: theme)
        {
            intents.append(.toggleTimeline)
        }
        if let clip = state.selectedClip {
            let info = theme.mirrored(
                Rect(
                    x: codeFrame.maxX + metrics.timecodeGap, y: frame.y,
                    width: max(0, frame.maxX - m + metrics.buttonNudge - b - codeFrame.maxX - 2 * metrics.timecodeGap), height: frame.height), in: frame)
            // Its name, length and speed (when not 1×). Short of room the length goes first (the clip's
            // badge shows it), then the name is cut short; the speed stays.
            // (Right to left, an Arabic comma between them: a middle dot beside Arabic digits reads as a zero.)
            let dot = theme.isRightToLeft ? "، " : " · "
            let font = theme.captionFont, length = dot + theme.strings.duration(clip.duration)
            // The speed isolated left to right, as the clip sheet shows it ("٢×"): in the mirrored
            // line the sign would otherwise go to the digits' other side.
            let factor = theme.strings.speed(clip.speed)
            let speed = clip.speed == 1 ? "" : dot + (theme.isRightToLeft ? "\u{2066}" + factor + "\u{2069}" : factor)
            var details = length + speed
            if speed != "", ui.measurer.measure(clip.title + details, font: font).width > info.width { details = speed }
            var words = ui.measurer.truncate(clip.title, font: font, toWidth: max(0, info.width - ui.measurer.measure(details, font: font).width)) + details
            // In a right-to-left chrome the line reads from the right, name first, whatever script the
            // name is in (a right-to-left mark leads it, so the line's direction is not the name's).
            if theme.isRightToLeft { words = "\u{200F}" + words }
            let track = state.project.clip(withID: clip.id).map { state.project.tracks[$0.trackIndex].kind } ?? .overlay
            if !ClipSheetView.offers(clip, on: track, media: media).isEmpty {
                intents += drawChip(words, clip: clip, in: info, open: state.clipSheet != nil)
            } else {
                // (The clip's name is what gives way: the person's words.)
                ui.text(
                    words, in: info, font: theme.captionFont, color: theme.textSecondary, alignment: theme.isRightToLeft ? .leading : .trailing,
                    isUsersOwn: true)
            }
        }
        return intents
    }

    /// The timecode, centred between Play and the fold button; where it is drawn (of no width
    /// where a selected clip's chip takes its place).
    private func drawTimecode(_ state: EditorState) -> Rect {
        let m = sizes.margin, b = sizes.buttonSize, metrics = theme.metrics.bars
        // Time runs left to right in every language (as media players keep it); its digits are the locale's.
        // Paused or scrubbing, where the user picks a frame, the playhead's timecode counts frames
        // ("0:03 f12 / 0:21"); playing, whole seconds (frames racing by are noise, as phone
        // editors keep it). The field keeps one width either way, the " / " stays put and every
        // digit is as wide as the widest, so nothing jumps as it runs.
        let feel = feel
        let frames = !state.isPlaying && feel.timecodeFrames
        let nearest = feel.timecodeRounding == .nearest
        let total = TimeFormatting.timecode(state.project.duration + (nearest ? Time(ticks: Time.ticksPerSecond / 2) : .zero))
        let playhead =
            frames
            ? TimeFormatting.frameTimecode(state.playhead, framesPerSecond: feel.timecodeFrameRate)
            : TimeFormatting.timecode(state.playhead + (nearest ? Time(ticks: Time.ticksPerSecond / 2) : .zero))
        let strings = theme.strings
        var font = theme.timecodeFont
        let code = strings.digits("\(playhead) / \(total)")
        let digits = Set(strings.digits("0123456789"))
        // The widest the playhead's part can be: the project's end in the longer of the two forms.
        let longest = feel.timecodeFrames ? TimeFormatting.frameTimecode(state.project.duration, framesPerSecond: feel.timecodeFrameRate) : total
        func widths() -> (left: Double, right: Double, slash: Double) {
            (
                max(ui.tabularWidth(strings.digits(longest), font: font, digits: digits), ui.tabularWidth(strings.digits(total), font: font, digits: digits)),
                ui.tabularWidth(strings.digits(total), font: font, digits: digits), ui.measurer.measure(" / ", font: font).width
            )
        }
        // Between Play and the fold button: a narrow column (landscape, a wide picture) gives the
        // timecode what is there, its font giving way down to `timecodeSmallestShare`; a selected
        // clip's chip, when there is no room for both, takes the room instead (the ruler shows the time).
        let between = frame.width - 2 * (m - metrics.buttonNudge + b) - 2 * metrics.timecodeGap
        var (left, right, slash) = widths()
        let natural = left + slash + right + 2 * metrics.timecodeGap
        if natural > between { font.size *= max(metrics.timecodeSmallestShare, between / natural) }
        (left, right, slash) = widths()
        // (The timecode stays centred: the chip gets half of what it leaves.)
        let chipFirst = state.selectedClip != nil && between < left + slash + right + 4 * metrics.timecodeGap + 2 * b
        // Still too narrow for "0:03 f12 / 0:21": the playhead's part alone ("0:03 f12").
        let whole = left + slash + right + 2 * metrics.timecodeGap <= between + 0.5
        if !whole { (right, slash) = (0, 0) }
        let showsCode = !chipFirst && left + 2 * metrics.timecodeGap <= between + 0.5
        // As wide as the timecode (at most `timecodeWidth`): the selected clip's name and length get the rest.
        let codeWidth = showsCode ? min(metrics.timecodeWidth, left + slash + right + 2 * metrics.timecodeGap) : 0
        let codeFrame =
            chipFirst
            ? Rect(x: frame.minX + m - metrics.buttonNudge + b, y: frame.y, width: 0, height: frame.height)
            : Rect(x: frame.midX - codeWidth / 2, y: frame.y, width: codeWidth, height: frame.height)
        let slashX = codeFrame.maxX - metrics.timecodeGap - right - slash
        if showsCode {
            ui.tabularText(
                strings.digits(playhead), in: Rect(x: codeFrame.minX, y: frame.y, width: slashX - codeFrame.minX, height: frame.height), font: font,
                color: theme.textPrimary, alignment: whole ? .trailing : .center, digits: digits)
        }
        if showsCode && whole {
            ui.text(" / ", in: Rect(x: slashX, y: frame.y, width: slash, height: frame.height), font: font, color: theme.textPrimary, alignment: .center)
            ui.tabularText(
                strings.digits(total), in: Rect(x: slashX + slash, y: frame.y, width: right, height: frame.height), font: font,
                color: theme.textPrimary, alignment: .leading, digits: digits)
        }
        ui.element(
            UIElement(
                id: "timecode", role: "timecode", label: code, frame: codeFrame,
                state: ["seconds": .number(state.playhead.seconds), "shown": .string(showsCode ? (whole ? code : strings.digits(playhead)) : "")]))
        return codeFrame
    }

    /// The selected clip's name, length and speed on a chip that opens the clip sheet (its speed,
    /// its picture's fit, its sound), at least a touch target tall, as wide as its words up to the room.
    private func drawChip(_ words: String, clip: Clip, in room: Rect, open: Bool) -> [EditorIntent] {
        let m = theme.metrics.clipSheet, k = theme.clipFont.size / m.designFont, b = sizes.buttonSize
        // The words take the room; the chip's fill reaches `chipPadding` beyond them, into the gaps,
        // but never over the fold button or the timecode (at ×3 the padding was wider than the gap).
        let padding = m.chipPadding * k, gap = theme.metrics.bars.timecodeGap
        let textWidth = min(room.width, max(b - 2 * padding, ui.measurer.measure(words, font: theme.captionFont).width))
        let textX = theme.isRightToLeft ? room.minX : room.maxX - textWidth
        let reach = Rect(x: room.minX - gap, y: room.minY, width: room.width + 2 * gap, height: room.height)
        let padded = Rect(x: textX - padding, y: room.midY - b / 2, width: textWidth + 2 * padding, height: b)
        let chip = Rect(x: max(padded.minX, reach.minX), y: padded.y, width: min(padded.maxX, reach.maxX) - max(padded.minX, reach.minX), height: b)
        let tapped = ui.button(
            "clipChip", role: "clipChip", label: theme.strings[.clipSettings], frame: chip,
            state: ["clip": .string(clip.id), "words": .string(words), "open": .bool(open)]
        ) { look in
            let body = chip.insetBy(dx: 0, dy: max(0, (b - theme.captionFont.size * m.chipHeightShare) / 2))
            ui.fill(
                body, look.pressed || open ? theme.surfaceRaised.mixed(with: .white, m.chipPressedLighten) : theme.surfaceRaised, radius: m.chipRadius * k)
            let text = Rect(x: textX, y: body.y, width: textWidth, height: body.height)
            ui.text(
                ui.measurer.truncate(words, font: theme.captionFont, toWidth: text.width + 0.5), in: text, font: theme.captionFont, color: theme.textPrimary,
                alignment: .center, isUsersOwn: true)
        }
        return tapped ? [.openClipSheet(open ? nil : clip.id)] : []
    }
}
