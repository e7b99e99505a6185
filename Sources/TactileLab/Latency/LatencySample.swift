import TactileCore
import TactileUI

/// One input frame's input-to-present latency and where the time went: from the moment the
/// oldest input it handled arrived (SDL's event timestamp, or the clock at pump time) to the
/// moment `SDL_RenderPresent` returned with its picture, split into waiting (arrival until the
/// frame's work began, added latency included), the UI pass (the editor and the overlays, until
/// the draw list was ready), rendering (draw list into pixels) and present.
public struct LatencySample: Hashable, Sendable {
    /// When the frame ran (session time).
    public var time: Time
    /// The gesture the input served ("scroll", "trim", "tap", …), "touch" while the arena was
    /// still deciding, "keyboard" for keys and typing.
    public var gesture: String
    /// How many input events the frame handled.
    public var events: Int
    /// When the oldest and the newest of them arrived.
    public var firstArrival: Time, lastArrival: Time
    /// When the frame's work began, and when its draw list was ready.
    public var workBegan: Time, listReady: Time
    /// When the shell drew and presented it.
    public var presentation: PresentTiming
    /// In photon mode (`overlays.photon`), the number of the patch's flip this frame showed
    /// (odd: white), for an external measurement to line up with `presentation.presented`.
    public var photonFlip: Int?
    /// When the kernel stamped the oldest of the frame's touches it could match
    /// (`touchscreen.kernelDevice`), on the session's clock; nil when none was read or matched.
    public var kernelArrival: Time?
    /// The named variant live when the frame ran (the tuning panel's, an A/B flip's), when the
    /// session names one: every input frame says which variant it was made under.
    public var variant: String?

    /// From the kernel's timestamp to the present (the in-app figure plus the time from the kernel
    /// to the event queue), when the kernel's timestamp is known.
    public var fromKernel: Time? { kernelArrival.map { presentation.presented - min($0, firstArrival) } }

    public init(
        time: Time, gesture: String, events: Int, firstArrival: Time, lastArrival: Time, workBegan: Time, listReady: Time, presentation: PresentTiming
    ) {
        self.time = time; self.gesture = gesture; self.events = events; self.firstArrival = firstArrival; self.lastArrival = lastArrival
        self.workBegan = workBegan; self.listReady = listReady; self.presentation = presentation
    }

    /// Input to present, for the frame's oldest input.
    public var total: Time { presentation.presented - firstArrival }
    /// Arrival until the frame's work began (held-back added latency included).
    public var waiting: Time { workBegan - firstArrival }
    /// The editor's pass and the overlays, until the draw list was ready.
    public var uiPass: Time { listReady - workBegan }
    /// From the draw list to the call of present (the renderer's work).
    public var rendering: Time { presentation.presentBegan - listReady }
    /// The present call itself.
    public var present: Time { presentation.presented - presentation.presentBegan }
    /// The estimated scan-out after the present (`ScanOutEstimate`): not part of `total`, given
    /// apart and labelled an estimate.
    public var scanOut: Time { presentation.scanOut }

    /// One line of a session's `latency.jsonl`: times in seconds, durations in milliseconds.
    public var jsonLine: String {
        func ms(_ t: Time) -> JSONValue { .number((t.seconds * 1_000_000).rounded() / 1000) }
        func s(_ t: Time) -> JSONValue { .number((t.seconds * 1_000_000).rounded() / 1_000_000) }
        return JSONValue.object(
            [
                ("t", s(time)), ("gesture", .string(gesture)), ("events", .number(Double(events))),
                ("firstArrival", s(firstArrival)), ("lastArrival", s(lastArrival)), ("presented", s(presentation.presented)),
                ("total", ms(total)), ("waiting", ms(waiting)), ("ui", ms(uiPass)), ("render", ms(rendering)), ("present", ms(present)),
                ("scanOut", ms(scanOut)),
            ] + (photonFlip.map { [("photonFlip", .number(Double($0))), ("photonColor", .string($0 % 2 == 1 ? "white" : "black"))] } ?? [])
                + (variant.map { [("variant", .string($0))] } ?? [])
                + (kernelArrival.map {
                    [("kernelArrival", s($0)), ("kernelToQueue", ms(firstArrival - min($0, firstArrival))), ("fromKernel", ms(fromKernel!))]
                } ?? [])
        ).serialized()
    }
}
