import TactileCore
import TactileLab
import TactileEditor
import TactileInput
import TactileKiosk
import TactileUI

/// What the host draws over the editor's picture, never into it (so recordings and replays are
/// the same with or without them): touch indicators (`--show-touches`, and always in the kiosk's
/// attract loop), pointer location (`--pointer-location`), the frame monitor (`--monitor`), the
/// photon patch (`--photon`) and the kiosk's invitation, exit ring and PIN pad.
struct HostOverlays {
    private var indicators: TouchIndicators
    private var pointer: PointerLocation?
    private var monitor: FrameMonitor?
    /// The in-app latency kept for the tuning panel's figures when the monitor is off (never drawn).
    private var tuningLatency: FrameMonitor
    private var arena: ArenaDebugger?
    /// The arena's latest decisions, for the tuning panel's strip (kept whether or not the debugger is on).
    private var recentDecisions: [ArenaDecision] = []
    private var photon: PhotonPatch?
    /// The per-touch timeline, with the arena debugger.
    private var touchTimeline: TouchTimeline?
    private let settings: TactileConfiguration.Overlays
    private let sizes: TactileConfiguration.Layout
    /// Where the monitor panel sits: at the top of the canvas, once a frame has shown where that is.
    private var canvasTop: Double?
    /// The clips on show at the last frame: the arena's decision cards keep clear of them where they can.
    private var clipFrames: [Rect] = []
    /// Whether the words (monitor, arena chips and cards, pointer header) go to the lab panel
    /// outside the phone instead of over its picture.
    var panelOutside = false
    /// Whether there is anything for a lab panel to show.
    var wantsPanel: Bool { monitor != nil || arena != nil || pointer != nil }

    init(overlays o: TactileConfiguration.Overlays, sizes: TactileConfiguration.Layout, input: TactileConfiguration.Input) {
        settings = o
        self.sizes = sizes
        indicators = TouchIndicators(configuration: o)
        pointer = o.pointerLocation ? PointerLocation(configuration: o, velocityWindow: .seconds(input.velocityWindow)) : nil
        monitor = o.monitor ? FrameMonitor(configuration: o) : nil
        tuningLatency = FrameMonitor(configuration: o)
        arena = o.arena ? ArenaDebugger(configuration: o) : nil
        photon = o.photon ? PhotonPatch(configuration: o) : nil
        touchTimeline = o.arena ? TouchTimeline(history: o.touchHistory) : nil
    }

    /// Carries over from `old` (the overlays before a configuration reload) what must not start
    /// again: the panel's place, the photon patch's count, the touch timeline, the arena's recent
    /// decisions, the monitor's frames, where they are still on.
    mutating func carry(from old: HostOverlays) {
        panelOutside = old.panelOutside
        if let oldPhoton = old.photon { photon?.carry(from: oldPhoton) }
        if touchTimeline != nil, let t = old.touchTimeline { touchTimeline = t }
        if arena != nil, let a = old.arena { arena?.carry(from: a) }
        if monitor != nil, let m = old.monitor, m.history == monitor?.history { monitor = m }
        tuningLatency = old.tuningLatency
        recentDecisions = old.recentDecisions
    }

    /// Shows an older (`back` > 0) or newer touch in the per-touch timeline.
    mutating func showTouch(back: Int) { touchTimeline?.step(back: back) }

    /// Follows the input the editor got in a frame, for the photon patch: the flip's number when
    /// the patch flipped (a touch went down), else nil.
    mutating func follow(photon events: [InputEvent]) -> Int? {
        guard photon != nil, photon!.follow(events) else { return nil }
        return photon!.flips
    }

    /// Follows an editor frame's gesture arena, for the debugger, with the input the editor got at `now`.
    mutating func follow(arena output: FrameOutput, events: [InputEvent] = [], now: Time = .zero) {
        arena?.record(arena: output.arena, decisions: output.arenaDecisions)
        if !output.arenaDecisions.isEmpty {
            recentDecisions = Array((recentDecisions + output.arenaDecisions).suffix(settings.tuningArenaDecisions))
        }
        touchTimeline?.record(events: events, arena: output.arena, decisions: output.arenaDecisions, now: now)
        if arena != nil {
            canvasTop = output.elements.first { $0.id == "canvas" }?.frame.minY
            clipFrames = output.elements.filter { $0.role == "clip" }.map(\.frame)
        }
    }

    /// Follows the editor's input: indicators on request and in the attract loop, the pointer always.
    mutating func follow(_ events: [InputEvent], now: Time, attract: Bool) {
        if settings.showTouches || attract {
            indicators.update(with: events)
            indicators.prune(at: now)
        }
        pointer?.update(with: events)
    }

    mutating func prune(at now: Time) { indicators.prune(at: now) }

    mutating func resetIndicators() { indicators = TouchIndicators(configuration: settings) }

    /// The A and B lines for `pair` while `live` is live, when the monitor is on and there is a B.
    func comparison(pair: (a: String, b: String?), live: String) -> [String] { monitor?.comparison(pair: pair, live: live) ?? [] }

    /// The lab's live figures for the tuning panel: the monitor's A and B lines while a pair is
    /// flipped (else its latency line), and the arena's last decision, where those are on.
    func tuningFigures(pair: (a: String, b: String?), live: String) -> [String] {
        let latency = monitor ?? tuningLatency
        let sides = latency.comparison(pair: pair, live: live)
        // The arena's strip, newest first: who won, who lost, by which rule.
        return (sides.isEmpty ? [latency.latencyLine] : sides) + recentDecisions.reversed().map(ArenaDebugger.strip)
    }

    /// Whether the frame monitor is on (it wants every frame noted).
    var monitors: Bool { monitor != nil }

    /// Notes a frame the editor ran: how long it took, its input, and what the session waits for next.
    mutating func recordFrame(at time: Time, duration: Time, events: Int, output: FrameOutput, waitingFor: (time: Time, reason: String)?) {
        guard monitor != nil else { return }
        monitor!.record(frameAt: time, duration: duration, events: events, waitingFor: waitingFor?.reason, nextDue: waitingFor?.time)
        canvasTop = output.elements.first { $0.id == "canvas" }?.frame.minY
    }

    /// Follows the fingers' predicted positions (the arena debugger draws them).
    mutating func follow(predictions: [PointerID: Point]) { arena?.predicted = predictions }

    /// Notes an input frame's input-to-present latency, once presented.
    mutating func record(latency: LatencySample) {
        monitor?.record(latency: latency.total, gesture: latency.gesture, settings: latency.variant)
        if monitor == nil { tuningLatency.record(latency: latency.total, gesture: latency.gesture, settings: latency.variant) }
    }

    /// The settings changed: the monitor's latencies start afresh (less `added`, the added
    /// latency now in force), the stretch before kept for A | B.
    mutating func startSettings(added: Time) {
        monitor?.startSettings(added: added)
        tuningLatency.startSettings(added: added)
    }

    /// Whether anything is drawn over the editor now.
    func isDrawing(kiosk: KioskMode?) -> Bool {
        (indicators.isShowing && (settings.showTouches || kiosk != nil)) || pointer != nil || monitor != nil || arena != nil
            || photon != nil || kiosk.map { $0.phase != .visitor || $0.isAnimating } == true
    }

    /// Whether something moves by itself (a fading finger, the exit hold's ring, an arena timer).
    func isAnimating(kiosk: KioskMode?, now: Time) -> Bool {
        indicators.isShowing || kiosk?.isAnimating == true || arena?.isAnimating(at: now) == true
    }

    /// `list` with the overlays drawn over it (the touches always in a kiosk, for its attract loop).
    func compose(over list: DrawList, now: Time, viewport: Size, theme: Theme, measurer: TextMeasurer, kiosk: Bool) -> DrawList {
        var list = list
        if settings.showTouches || kiosk { indicators.draw(into: &list, now: now, color: theme.touches) }
        let top = viewport.width > viewport.height ? sizes.landscapeTopInset : sizes.topInset
        pointer?.draw(into: &list, now: now, viewport: viewport, top: top, theme: theme, header: !panelOutside)
        if !panelOutside { monitor?.draw(into: &list, now: now, viewport: viewport, top: canvasTop ?? top, theme: theme) }
        let belowMonitor = monitor.map { _ in FrameMonitor.panelFrame(viewport: viewport, top: canvasTop ?? top, theme: theme).maxY }
        arena?.draw(
            into: &list, now: now, viewport: viewport, top: belowMonitor ?? canvasTop ?? top, theme: theme, measurer: measurer, words: !panelOutside,
            keepClear: clipFrames)
        photon?.draw(into: &list, viewport: viewport)
        return list
    }

    /// The lab panel at `now`, `size` points: the frame monitor, its latency histogram, the arena's
    /// words (as many decisions as fit), the touch timeline and pointer location, on the panel's
    /// own background; a section with no room left says so. Nil when there is nothing to show.
    /// `comparison`: the A and B lines while a pair is flipped (`FrameMonitor.comparison`).
    func panel(at now: Time, size: Size, theme: Theme, measurer: TextMeasurer, comparison: [String] = []) -> DrawList? {
        guard wantsPanel else { return nil }
        let m = theme.metrics.overlays
        var list = DrawList()
        list.add(.fillRect(Rect(origin: .zero, size: size), theme.background, cornerRadius: m.monitorRadius))
        var y = m.panelPadding
        let width = size.width - 2 * m.panelPadding
        if let monitor {
            // The monitor keeps its own layout, inset at the panel's top left.
            monitor.draw(into: &list, now: now, viewport: size, top: y - m.monitorInset, theme: theme, wide: true)
            y = FrameMonitor.panelFrame(viewport: size, top: y - m.monitorInset, theme: theme, wide: true).maxY + m.panelSectionGap
        }
        list.inLayer(.topmost) { list in
            let bottom = size.height - m.panelPadding
            let font = theme.captionFont, line = font.size * m.arenaLineHeight
            // A section that would not fit says so in a line rather than running off the panel.
            func noRoom(_ what: String) {
                guard y + line <= bottom else { return }
                list.add(
                    .text(
                        TextRun(
                            "\(what): no room (a taller window)", in: Rect(x: m.panelPadding, y: y, width: width, height: line), font: font,
                            color: theme.textSecondary, alignment: .leading)))
                y += line + m.panelSectionGap
            }
            // Each side of an A/B pair over its own frames, one above the other.
            if monitor != nil, !comparison.isEmpty, y + Double(comparison.count) * line <= bottom {
                for side in comparison {
                    list.add(
                        .text(
                            TextRun(
                                side, in: Rect(x: m.panelPadding, y: y, width: width, height: line), font: font, color: theme.textPrimary,
                                alignment: .leading)))
                    y += line
                }
                y += m.panelSectionGap
            }
            if let monitor, monitor.histogramHeight(theme: theme) > 0 {
                if y + monitor.histogramHeight(theme: theme) <= bottom {
                    y += monitor.drawHistograms(into: &list, origin: Point(x: m.panelPadding, y: y), width: width, theme: theme) + m.panelSectionGap
                } else {
                    noRoom("Latency histogram")
                }
            }
            // The arena's words first (the newest decisions matter most), leaving room below for
            // the touch timeline and pointer location while at least four lines remain for it.
            let timelineHeight = (touchTimeline?.height(theme: theme) ?? 0).nonZeroPlus(m.panelSectionGap)
            let pointerHeight = (pointer?.panelHeight(now: now, theme: theme) ?? 0).nonZeroPlus(m.panelSectionGap)
            var reserve = timelineHeight + pointerHeight
            if bottom - y - reserve < 4 * line { reserve = timelineHeight }
            if bottom - y - reserve < 4 * line { reserve = 0 }
            if let arena, y + 2 * line > bottom - reserve {
                noRoom("Gesture arena")
            } else if let arena {
                y +=
                    arena.drawPanel(
                        into: &list, origin: Point(x: m.panelPadding, y: y), width: width, now: now, theme: theme, measurer: measurer,
                        maxY: bottom - reserve) + m.panelSectionGap
            }
            if let touchTimeline, timelineHeight > 0 {
                if y + timelineHeight - m.panelSectionGap <= bottom {
                    y += touchTimeline.draw(into: &list, origin: Point(x: m.panelPadding, y: y), width: width, now: now, theme: theme) + m.panelSectionGap
                } else {
                    noRoom("Touch timeline")
                }
            }
            if let pointer {
                if y + pointerHeight - m.panelSectionGap <= bottom {
                    y += pointer.drawPanel(into: &list, origin: Point(x: m.panelPadding, y: y), width: width, now: now, theme: theme) + m.panelSectionGap
                } else {
                    noRoom("Pointer location")
                }
            }
        }
        return list
    }
}

extension Double {
    /// This plus `gap`, or zero when this is zero (a section that draws nothing takes no gap).
    fileprivate func nonZeroPlus(_ gap: Double) -> Double { self > 0 ? self + gap : 0 }
}
