import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// The window's diagnostic overlays, each on when the configuration asks: pointer location
/// (`--pointer-location`) and the frame monitor (`--monitor`). Drawn over the editor's picture,
/// never into it, so recordings and replays are the same with or without them.
struct Diagnostics {
    var pointer: PointerLocation?
    var monitor: FrameMonitor?
    /// Where the pointer header and the monitor panel sit: under the status bar, and at the top of the canvas.
    private let topInset: Double, landscapeTopInset: Double
    private var canvasTop: Double?

    init(configuration: TactileConfiguration) {
        let o = configuration.overlays
        pointer = o.pointerLocation ? PointerLocation(configuration: o, velocityWindow: .seconds(configuration.input.velocityWindow)) : nil
        monitor = o.monitor ? FrameMonitor(configuration: o) : nil
        topInset = configuration.layout.topInset
        landscapeTopInset = configuration.layout.landscapeTopInset
    }

    /// Whether anything is drawn.
    var isOn: Bool { pointer != nil || monitor != nil }

    /// Notes a frame the editor ran: how long it took, its input, and what the loop waits for next.
    mutating func recordFrame(at time: Time, duration: Time, events: Int, output: FrameOutput, waitingFor: (time: Time, reason: String)?) {
        guard monitor != nil else { return }
        monitor!.record(frameAt: time, duration: duration, events: events, waitingFor: waitingFor?.reason, nextDue: waitingFor?.time)
        canvasTop = output.elements.first { $0.id == "canvas" }?.frame.minY
    }

    func draw(into list: inout DrawList, now: Time, viewport: Size, theme: Theme) {
        let top = viewport.width > viewport.height ? landscapeTopInset : topInset
        pointer?.draw(into: &list, now: now, viewport: viewport, top: top, theme: theme)
        monitor?.draw(into: &list, now: now, viewport: viewport, top: canvasTop ?? top, theme: theme)
    }
}
