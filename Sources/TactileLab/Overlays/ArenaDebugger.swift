import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// The gesture-arena debugger (`--arena`, `overlays.arena`): what Flutter can only print as text,
/// drawn where the fingers are. For each finger the arena follows: its slop circles (tap, and trim
/// or long press while those compete), the path from where it landed, and a chip naming the
/// recognisers still competing ("? trim · move · scroll"), or the one that won. A long press's
/// timer and a double tap's wait shrink as rings towards their deadlines. Each decision shows
/// where it happened: the winner, the rule that decided it as `ArenaRules` and the thresholds
/// name it, and the losers, fading out over `overlays.arenaFade`. A panel lists the last
/// decisions with the time each took from touch down.
///
/// Fed each editor frame's `FrameOutput.arena` and `arenaDecisions`; drawn over the picture,
/// never into it, so recordings replay the same with it on or off, and exported videos
/// (`replay --video --arena`) and snapshots (`replay --snapshot --arena`) show it.
public struct ArenaDebugger: Sendable {
    /// The arena as the last editor frame left it.
    public private(set) var arena: ArenaSnapshot = .empty
    /// Recent decisions, oldest first (at most `history` kept once they have faded).
    public private(set) var decisions: [ArenaDecision] = []
    /// Where the fingers are predicted to be when the frame is shown (`feel.prediction`): drawn
    /// as a hollow dot beside the real one.
    public var predicted: [PointerID: Point] = [:]
    private let fade: Time
    private let history: Int

    public init(configuration: TactileConfiguration.Overlays) {
        fade = .seconds(max(0, configuration.arenaFade))
        history = max(1, configuration.arenaHistory)
    }

    /// Keeps the decisions `old` had shown (a reload or an A/B flip remakes the overlays: the
    /// recent touches stay listed), up to this one's history.
    public mutating func carry(from old: ArenaDebugger) {
        decisions = Array(old.decisions.suffix(history))
        arena = old.arena
    }

    /// Follows an editor frame.
    public mutating func record(arena: ArenaSnapshot, decisions new: [ArenaDecision]) {
        self.arena = arena
        decisions += new
        if decisions.count > history { decisions.removeFirst(decisions.count - history) }
    }

    /// Whether something moves by itself at `now`: a timer's ring, a decision fading.
    public func isAnimating(at now: Time) -> Bool {
        if arena.longPressDeadline.map({ $0 > now }) == true { return true }
        if case let .awaitingSecondTap(_, deadline) = arena.phase, deadline > now { return true }
        return decisions.contains { now - $0.time < fade }
    }

    /// Draws the debugger into the top layer of `list` as it stands at `now`; the panel of
    /// recent decisions starts `top` points down. Without `words` only what belongs at the
    /// fingers is drawn (slop circles, paths, timers, predicted points): the chips, decision
    /// cards and the list go to the lab panel beside the phone (`drawPanel`).
    /// The decision cards are laid out newest first, never over one another and, where there is
    /// room, not over `keepClear` (the clips: what the touch was about); a card with no room
    /// left is not drawn (the panel lists it).
    public func draw(
        into list: inout DrawList, now: Time, viewport: Size, top: Double, theme: Theme, measurer: TextMeasurer, words: Bool = true,
        keepClear: [Rect] = []
    ) {
        let m = theme.metrics.overlays
        list.inLayer(.topmost) { list in
            drawFingers(into: &list, now: now, theme: theme, measurer: measurer, viewport: viewport, words: words)
            guard words, !decisions.isEmpty else { return }
            // The panel: the last decisions, newest first, each wrapped, never cut off; the newest bright.
            let font = theme.captionFont, line = font.size * m.arenaLineHeight, pad = m.arenaPadding
            let width = viewport.width - 2 * m.arenaInset
            let lines = decisions.reversed().enumerated().flatMap { i, d in
                measurer.lines(of: Self.summary(d), font: font, width: width - 2 * pad, maximumLines: m.arenaMaximumLines).map { ($0, i == 0) }
            }
            let panel = Rect(x: m.arenaInset, y: top + m.arenaInset, width: width, height: Double(lines.count) * line + 2 * pad)
            // The cards keep off the panel and off one another.
            var placed: [Rect] = [panel]
            for decision in decisions.reversed() where now - decision.time < fade && now >= decision.time {
                let opacity = fade > .zero ? 1 - (now - decision.time).seconds / fade.seconds : 1
                if let card = drawDecision(
                    decision, opacity: opacity, into: &list, theme: theme, measurer: measurer, viewport: viewport, placed: placed, keepClear: keepClear)
                {
                    placed.append(card)
                }
            }
            list.add(.fillRect(panel, Color.black.opacity(0.72), cornerRadius: m.arenaRadius))
            for (i, (text, newest)) in lines.enumerated() {
                let frame = Rect(x: panel.x + pad, y: panel.y + pad + Double(i) * line, width: panel.width - 2 * pad, height: line)
                list.add(.text(TextRun(text, in: frame, font: font, color: newest ? theme.textPrimary : theme.textSecondary, alignment: .leading)))
            }
        }
    }

    /// One line of the panel: "scroll ← tapSlop: moved 10.4 pt > 10 pt · 83 ms".
    /// A decision on one line for the tuning panel's strip: "✓ scroll · ✗ tap ✗ pinch · tapSlop:
    /// moved 21.7 pt > 18 pt · 17 ms".
    public static func strip(_ d: ArenaDecision) -> String {
        let losers = (d.offered.isEmpty ? d.losers : d.offered.filter { $0 != d.winner }).map { "✗ \($0.rawValue)" }.joined(separator: " ")
        return [d.winner.map { "✓ \($0.rawValue)" } ?? "✗ nobody", losers.isEmpty ? nil : losers, d.rule, "\(Int((d.sinceDown.seconds * 1000).rounded())) ms"]
            .compactMap { $0 }.joined(separator: " · ")
    }

    public static func summary(_ d: ArenaDecision) -> String {
        "\(d.winner?.rawValue ?? "none") ← \(d.rule) · \(Int((d.sinceDown.seconds * 1000).rounded())) ms"
    }

    /// Draws the arena's words into the lab panel at `origin`, `width` wide: a heading, what
    /// competes for each finger and why the others dropped out, then the recent decisions, newest
    /// first, each with its rule and every loser's reason, as many as fit above `maxY` (the
    /// older ones are counted, never cut off mid-way); returns the height used.
    public func drawPanel(
        into list: inout DrawList, origin: Point, width: Double, now: Time, theme: Theme, measurer: TextMeasurer, maxY: Double = .infinity
    ) -> Double {
        let m = theme.metrics.overlays, font = theme.captionFont, line = font.size * m.arenaLineHeight
        var y = origin.y
        func parts(_ text: String, font: Font = theme.captionFont) -> [String] {
            measurer.lines(of: text, font: font, width: width, maximumLines: m.arenaMaximumLines)
        }
        func write(_ text: String, _ color: Color, font: Font = theme.captionFont) {
            for part in parts(text, font: font) where y + line <= maxY {
                list.add(.text(TextRun(part, in: Rect(x: origin.x, y: y, width: width, height: line), font: font, color: color, alignment: .leading)))
                y += line
            }
        }
        write("Gesture arena", theme.textPrimary, font: theme.clipFont)
        var competing: [GestureKind] = [], leader: PointerID?
        if case let .deciding(l, c) = arena.phase { leader = l; competing = c }
        for finger in arena.fingers {
            switch arena.phase {
            case .deciding where finger.id == leader:
                write("Finger \(finger.id): ? " + competing.map(\.rawValue).joined(separator: " · "), theme.textPrimary)
                for (kind, why) in arena.dropped.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { write("  ✗ \(kind.rawValue): \(why)", theme.danger) }
            case let .active(kind, fingers) where fingers.contains(finger.id): write("Finger \(finger.id): ✓ \(kind.rawValue)", theme.accent)
            case .spent: write("Finger \(finger.id): ✗ nobody can win", theme.warning)
            default: continue
            }
        }
        if case .awaitingSecondTap = arena.phase { write("? doubleTap: waiting for a second tap", theme.textPrimary) }
        if arena.fingers.isEmpty, decisions.isEmpty { write("No touch yet", theme.textSecondary) }
        for (i, d) in decisions.reversed().enumerated() {
            let age = Int((d.sinceDown.seconds * 1000).rounded())
            // Whole decisions only: one that would not fit, and those older, are counted instead.
            let height = line / 2 + Double(Self.decisionLines(d).reduce(0) { $0 + parts($1.text).count }) * line
            // (A line is kept for saying so, unless this is the last decision.)
            if y + height > maxY - (i + 1 < decisions.count ? line : 0) {
                write("… \(decisions.count - i) older decision\(decisions.count - i == 1 ? "" : "s") (no room)", theme.textSecondary)
                break
            }
            y += line / 2
            for (text, tone) in Self.decisionLines(d) {
                let color: Color =
                    i > 0
                    ? theme.textSecondary : tone == .winner ? theme.accent : tone == .nobody ? theme.warning : tone == .loser ? theme.danger : theme.textPrimary
                write(tone == .winner || tone == .nobody ? "\(text) · \(d.target) · \(age) ms" : text, color)
            }
        }
        return y - origin.y
    }

    private func drawFingers(into list: inout DrawList, now: Time, theme: Theme, measurer: TextMeasurer, viewport: Size, words: Bool = true) {
        let m = theme.metrics.overlays
        var competing: [GestureKind] = [], leader: PointerID?
        if case let .deciding(l, c) = arena.phase { leader = l; competing = c }
        for finger in arena.fingers {
            let ring = theme.textPrimary.opacity(0.55)
            list.add(.strokeCircle(center: finger.start, radius: arena.tapSlop, ring, width: m.arenaSlopLine))
            if finger.id == leader {
                if competing.contains(.trim), arena.trimSlop != arena.tapSlop {
                    list.add(.strokeCircle(center: finger.start, radius: arena.trimSlop, theme.accent.opacity(0.7), width: m.arenaSlopLine))
                }
                if competing.contains(.longPress), arena.longPressSlop != arena.tapSlop {
                    list.add(.strokeCircle(center: finger.start, radius: arena.longPressSlop, theme.warning.opacity(0.5), width: m.arenaSlopLine))
                }
                if let deadline = arena.longPressDeadline, deadline > now, arena.longPressDuration > .zero {
                    let left = min(1, (deadline - now).seconds / arena.longPressDuration.seconds)
                    list.add(.strokeCircle(center: finger.start, radius: m.arenaTimerRadius * left, theme.warning, width: m.arenaTimerLine))
                }
            }
            list.add(.line(from: finger.start, to: finger.location, theme.accent, width: m.arenaPathLine))
            list.add(.fillCircle(center: finger.location, radius: m.arenaDot, theme.accent))
            if let p = predicted[finger.id] {
                list.add(.dashedLine(from: finger.location, to: p, theme.warning, width: m.arenaSlopLine, dash: m.arenaDash, gap: m.arenaGap, phase: 0))
                list.add(.strokeCircle(center: p, radius: m.arenaDot + 1, theme.warning, width: m.arenaSlopLine))
            }
            // The chip: what competes for the leader (and why the others dropped out), or what runs.
            guard words else { continue }
            var text: String
            switch arena.phase {
            case .deciding where finger.id == leader:
                text = "? " + competing.map(\.rawValue).joined(separator: " · ")
                for (kind, why) in arena.dropped.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { text += "\n✗ \(kind.rawValue): \(why)" }
            case let .active(kind, fingers) where fingers.contains(finger.id): text = "✓ " + kind.rawValue
            case .spent: text = "✗ nobody can win"
            default: continue
            }
            chip(text, above: finger.start, color: theme.textPrimary, opacity: 1, into: &list, theme: theme, measurer: measurer, viewport: viewport)
        }
        if case let .awaitingSecondTap(location, deadline) = arena.phase, deadline > now, arena.doubleTapInterval > .zero {
            let left = min(1, (deadline - now).seconds / arena.doubleTapInterval.seconds)
            list.add(.strokeCircle(center: location, radius: m.arenaTimerRadius * left, theme.warning, width: m.arenaTimerLine))
            guard words else { return }
            chip("? doubleTap", above: location, color: theme.textPrimary, opacity: 1, into: &list, theme: theme, measurer: measurer, viewport: viewport)
        }
    }

    /// A decision where it happened: the winner (or "nobody"), the rule, and each recogniser
    /// that lost with why, wrapped (never cut off) to the viewport's width.
    /// Returns the card's frame, nil when there was no room for it beside the cards `placed`.
    private func drawDecision(
        _ d: ArenaDecision, opacity: Double, into list: inout DrawList, theme: Theme, measurer: TextMeasurer, viewport: Size, placed: [Rect],
        keepClear: [Rect]
    ) -> Rect? {
        let m = theme.metrics.overlays
        let font = theme.captionFont, line = font.size * m.arenaLineHeight, pad = m.arenaPadding
        let rows = Self.decisionLines(d).map {
            ($0.text, $0.tone == .winner ? theme.accent : $0.tone == .nobody ? theme.warning : $0.tone == .loser ? theme.danger : theme.textPrimary)
        }
        let widest = viewport.width - 2 * m.arenaInset - 2 * pad
        var wrapped: [(String, Color)] = []
        for (text, color) in rows {
            for part in measurer.lines(of: text, font: font, width: widest, maximumLines: m.arenaMaximumLines) { wrapped.append((part, color)) }
        }
        let width = min(viewport.width - 2 * m.arenaInset, wrapped.map { measurer.measure($0.0, font: font).width }.max()! + 2 * pad)
        let height = Double(wrapped.count) * line + 2 * pad
        guard
            let frame = Self.place(
                size: Size(width: width, height: height), at: d.location, offset: m.arenaLabelOffset, inset: m.arenaInset, step: line,
                viewport: viewport, placed: placed, keepClear: keepClear)
        else { return nil }
        list.add(.fillRect(frame, Color.black.opacity(0.78 * opacity), cornerRadius: m.arenaRadius))
        for (i, (text, color)) in wrapped.enumerated() {
            let row = Rect(x: frame.x + pad, y: frame.y + pad + Double(i) * line, width: frame.width - 2 * pad, height: line)
            list.add(.text(TextRun(text, in: row, font: font, color: color.opacity(opacity), alignment: .leading)))
        }
        return frame
    }

    /// Where a card of `size` goes for a touch at `point`: just below it (or above, near the
    /// bottom), else the nearest place up or down the screen in steps of `step`, never over a
    /// card `placed` and, where one is free of them, not over `keepClear`; nil when nothing is free.
    static func place(
        size: Size, at point: Point, offset: Double, inset: Double, step: Double, viewport: Size, placed: [Rect], keepClear: [Rect]
    ) -> Rect? {
        let x = min(max(inset, point.x - size.width / 2), viewport.width - inset - size.width)
        var first = point.y + offset
        if first + size.height > viewport.height { first = point.y - offset - size.height - step }
        first = max(0, first)
        // Candidates nearest the touch first, alternating down and up the screen.
        let reach = Int((viewport.height / max(step, 1)).rounded(.up))
        let ys = [first] + (1...max(1, reach)).flatMap { [first + Double($0) * step, first - Double($0) * step] }
        let fits = ys.filter { $0 >= 0 && $0 + size.height <= viewport.height }.map { Rect(x: x, y: $0, width: size.width, height: size.height) }
        let free = fits.filter { f in !placed.contains { $0.intersects(f) } }
        return free.first { f in !keepClear.contains { $0.intersects(f) } } ?? free.first
    }

    /// How a line of a decision reads.
    public enum Tone { case winner, nobody, rule, loser }

    /// A decision as lines: "✓ trim" or "✗ nobody won", the rule, then "✗ tap: moved 20 pt > tap
    /// slop 8 pt" for each offered recogniser that lost (or each loser, unexplained).
    public static func decisionLines(_ d: ArenaDecision) -> [(text: String, tone: Tone)] {
        var lines: [(String, Tone)] = [(d.winner.map { "✓ \($0.rawValue)" } ?? "✗ nobody won", d.winner == nil ? .nobody : .winner), (d.rule, .rule)]
        let losers = d.offered.isEmpty ? d.losers : d.offered.filter { $0 != d.winner }
        for kind in losers { lines.append(("✗ \(kind.rawValue)" + (d.why[kind].map { ": " + $0 } ?? ""), .loser)) }
        return lines
    }

    /// A chip centred above `point`: one line per line of `text`, each wrapped (never cut off)
    /// to the viewport's width.
    private func chip(
        _ text: String, above point: Point, color: Color, opacity: Double, into list: inout DrawList, theme: Theme,
        measurer: TextMeasurer, viewport: Size
    ) {
        let m = theme.metrics.overlays, font = theme.captionFont, pad = m.arenaPadding, line = font.size * m.arenaLineHeight
        let widest = viewport.width - 2 * m.arenaInset - 2 * pad
        let lines = text.split(separator: "\n").flatMap { measurer.lines(of: String($0), font: font, width: widest, maximumLines: m.arenaMaximumLines) }
        let width = min(viewport.width - 2 * m.arenaInset, lines.map { measurer.measure($0, font: font).width }.max()! + 2 * pad)
        let height = Double(lines.count) * line + 2 * pad
        var frame = Rect(x: point.x - width / 2, y: point.y - m.arenaLabelOffset - height, width: width, height: height)
        frame.x = min(max(m.arenaInset, frame.x), viewport.width - m.arenaInset - width)
        frame.y = max(0, frame.y)
        list.add(.fillRect(frame, Color.black.opacity(0.78 * opacity), cornerRadius: lines.count == 1 ? height / 2 : m.arenaRadius))
        for (i, text) in lines.enumerated() {
            let row = Rect(x: frame.x + pad, y: frame.y + pad + Double(i) * line, width: frame.width - 2 * pad, height: line)
            list.add(.text(TextRun(text, in: row, font: font, color: color.opacity(opacity), alignment: lines.count == 1 ? .center : .leading)))
        }
    }
}
