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
    /// Whether `log` and `cues` keep every event (default). Long runs that only watch `onFrame`
    /// turn it off, so the driver's memory stays flat.
    public var keepsHistory = true
    /// Most frames the editor may schedule in a row with no input between them while nothing
    /// plays: 36,000, ten minutes of animation at 60 fps. A trace that leaves a finger on a trim
    /// handle for a day would otherwise replay for hours; past this the replay stops scheduling
    /// and says so. Playback is not counted (a trace may play a long project to its end).
    public var maximumFramesWithoutInput = 36_000
    /// Where the replay stopped running scheduled frames, when a trace asked for too many.
    public private(set) var overrun: (from: Time, to: Time)?
    private var framesWithoutInput = 0

    public init(editor: Editor, state: EditorState) {
        self.editor = editor; self.state = state
    }

    /// Runs one frame now with `events`.
    @discardableResult
    public func runFrame(events: [InputEvent] = []) -> FrameOutput {
        framesWithoutInput = !events.isEmpty ? 0 : state.playback == nil ? framesWithoutInput + 1 : framesWithoutInput
        let output = editor.frame(&state, events: events, now: clock.now)
        loop.frameDidRun(at: clock.now, requests: output.requests)
        if output.drawList != lastOutput?.drawList { framesRendered += 1 }
        lastOutput = output
        if keepsHistory {
            log += output.log
            cues += output.cues
        }
        onFrame?(clock.now, output)
        return output
    }

    /// Runs every frame that falls due up to and including `instant`, then moves the clock there
    /// (at most `maximumFramesWithoutInput` in a row; see `overrun`).
    public func runDueFrames(through instant: Time) {
        if lastOutput == nil { runFrame() }
        while let due = loop.nextDue(), due.time <= instant {
            guard framesWithoutInput < maximumFramesWithoutInput else {
                if overrun == nil { overrun = (clock.now, instant) }
                break
            }
            clock.advance(to: max(clock.now, due.time))
            runFrame()
        }
        clock.advance(to: max(clock.now, instant))
    }

    /// Feeds a trace: events that share a timestamp arrive in one frame; scheduled frames run
    /// between them. Ends at the last event, or at `until` when that is later.
    ///
    /// A recorded trace (one with frame marks) replays frame for frame instead: a frame runs at
    /// each mark with the events that arrived since the one before, and at no other time.
    public func play(_ trace: Trace, until: Time? = nil) {
        var cursor = TraceCursor(trace)
        advance(&cursor, through: trace.duration)
        if let until, until > clock.now { runDueFrames(through: until) }
    }

    /// Plays `cursor`'s trace on through `instant` (for exports that step through a session).
    public func advance(_ cursor: inout TraceCursor, through instant: Time) {
        let trace = cursor.trace, events = trace.events
        if trace.frames.isEmpty {
            if lastOutput == nil { runFrame() }
            while cursor.event < events.count && events[cursor.event].time <= instant {
                let t = events[cursor.event].time
                runDueFrames(through: t - Time(ticks: 1))
                clock.advance(to: t)
                var batch: [InputEvent] = []
                while cursor.event < events.count && events[cursor.event].time == t { batch.append(events[cursor.event]); cursor.event += 1 }
                runFrame(events: batch)
            }
            if cursor.event > 0 || instant > clock.now { runDueFrames(through: instant) }
            return
        }
        while cursor.frame < trace.frames.count && trace.frames[cursor.frame] <= instant {
            let mark = trace.frames[cursor.frame]
            cursor.frame += 1
            var batch: [InputEvent] = []
            while cursor.event < events.count && events[cursor.event].time <= mark { batch.append(events[cursor.event]); cursor.event += 1 }
            clock.advance(to: mark)
            runFrame(events: batch)
        }
        // Input after the last mark (a session killed mid-frame) arrives in one last frame.
        if cursor.frame == trace.frames.count && cursor.event < events.count && events[events.count - 1].time <= instant {
            clock.advance(to: events[events.count - 1].time)
            runFrame(events: Array(events[cursor.event...]))
            cursor.event = events.count
        }
        clock.advance(to: instant)
    }
}

/// How far a trace has been played.
public struct TraceCursor: Sendable {
    public let trace: Trace
    var event = 0, frame = 0
    public init(_ trace: Trace) { self.trace = trace }
}
