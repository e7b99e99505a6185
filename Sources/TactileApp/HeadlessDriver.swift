import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// Runs the editor on a virtual clock through the same frame loop as the window: frames run
/// when input arrives or when a frame request falls due, never otherwise. Deterministic: the
/// same project and trace always give the same frames, project and log.
public final class HeadlessDriver {
    public var state: EditorState
    public let editor: Editor
    public let clock = VirtualClock()
    public private(set) var loop = FrameLoop()
    /// The output of the most recent frame.
    public private(set) var lastOutput: FrameOutput?
    /// Every log event so far.
    public private(set) var log: [LogEvent] = []
    /// Every cue so far.
    public private(set) var cues: [CueEvent] = []
    /// Frames whose draw list differed from the one before (what a window would present).
    public private(set) var framesRendered = 0
    /// Called after each frame with its output (for video export and tests).
    public var onFrame: ((Time, FrameOutput) -> Void)?

    public init(editor: Editor, state: EditorState) {
        self.editor = editor; self.state = state
    }

    /// Runs one frame now with `events`.
    @discardableResult
    public func runFrame(events: [InputEvent] = []) -> FrameOutput {
        let output = editor.frame(&state, events: events, now: clock.now)
        loop.frameDidRun(at: clock.now, requests: output.requests)
        if output.drawList != lastOutput?.drawList { framesRendered += 1 }
        lastOutput = output
        log += output.log
        cues += output.cues
        onFrame?(clock.now, output)
        return output
    }

    /// Runs every frame that falls due up to and including `instant`, then moves the clock there.
    public func runDueFrames(through instant: Time) {
        if lastOutput == nil { runFrame() }
        while let due = loop.nextDue(), due.time <= instant {
            clock.advance(to: due.time)
            runFrame()
        }
        clock.advance(to: instant)
    }

    /// Feeds a trace: events that share a timestamp arrive in one frame; scheduled frames run
    /// between them. Ends at the last event, or at `until` when that is later.
    public func play(_ trace: Trace, until: Time? = nil) {
        if lastOutput == nil { runFrame() }
        var index = 0
        let events = trace.events
        while index < events.count {
            let t = events[index].time
            runDueFrames(through: t - Time(ticks: 1))
            clock.advance(to: t)
            var batch: [InputEvent] = []
            while index < events.count && events[index].time == t { batch.append(events[index]); index += 1 }
            runFrame(events: batch)
        }
        if let until, until > clock.now { runDueFrames(through: until) }
    }
}
