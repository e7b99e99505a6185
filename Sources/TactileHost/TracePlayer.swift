import TactileCore
import TactileLab
import TactileEditor
import TactileInput
import TactileUI

/// A shell on a virtual clock: it steps a `HostSession` when input arrives or when the session
/// says work is due (a frame request, a kiosk timer), never otherwise — the same decisions the
/// window makes on its real clock. Replays, inspect, video export, the monkey, the tests and the
/// benchmarks all play through it. Deterministic: the same project and trace always give the
/// same frames, project and log.
public final class TracePlayer {
    public let session: HostSession
    public let clock = VirtualClock()
    /// Every log event so far, and every cue (when `keepsHistory`).
    public private(set) var log: [LogEvent] = []
    public private(set) var cues: [CueEvent] = []
    /// Whether `log` and `cues` keep every event (default). Long runs that only watch
    /// `onFrame` turn it off, so memory stays flat.
    public var keepsHistory = true
    /// Called after each editor frame with its time and output.
    public var onFrame: ((Time, FrameOutput) -> Void)?
    /// Most frames the editor may schedule in a row with no input between them while nothing
    /// plays: 36,000, ten minutes of animation at 60 fps. A trace that leaves a finger on a trim
    /// handle for a day would otherwise replay for hours; past this the player stops scheduling
    /// and says so (`overrun`). Playback is not counted (a trace may play a long project to its end).
    public var maximumFramesWithoutInput = 36_000
    /// Where the player stopped running scheduled frames, when a trace asked for too many.
    public private(set) var overrun: (from: Time, to: Time)?
    private var framesWithoutInput = 0

    public init(session: HostSession) {
        self.session = session
        session.add(
            SessionEvents(frame: { [unowned self] record in
                if self.keepsHistory {
                    self.log += record.output.log
                    self.cues += record.output.cues
                }
                self.onFrame?(record.time, record.output)
            }))
    }

    /// The editor's state now (settable: tests and tools put the playhead or a selection first).
    public var state: EditorState {
        get { session.state }
        set { session.state = newValue }
    }
    /// The editor the session runs.
    public var editor: Editor { session.editor }
    /// The output of the latest editor frame.
    public var lastOutput: FrameOutput? { session.lastOutput }
    /// Editor frames run, and frames whose picture changed (what a window would present).
    public var framesRun: Int { session.framesRun }
    public var framesRendered: Int { session.framesPresented }

    /// One step now with `input`, the editor running whatever is due (`mode`).
    @discardableResult
    public func step(_ input: [InputEvent] = [], mode: StepContext.Mode = .ifDue) -> ShellFrame {
        let playing = session.state.playback != nil
        let frame = session.step(input, now: clock.now, context: StepContext(mode: mode))
        if frame.ranEditor { framesWithoutInput = !input.isEmpty || playing ? 0 : framesWithoutInput + 1 }
        return frame
    }

    /// Runs an editor frame now with `events`, and returns its output.
    @discardableResult
    public func runFrame(events: [InputEvent] = []) -> FrameOutput {
        step(events, mode: .always)
        return session.lastOutput!
    }

    /// Steps at every instant work falls due up to and including `instant`, then moves the
    /// clock there (at most `maximumFramesWithoutInput` editor frames in a row; see `overrun`).
    public func runDueFrames(through instant: Time) {
        if session.lastOutput == nil { runFrame() }
        while let due = session.nextWork(after: clock.now), due.time <= instant {
            guard framesWithoutInput < maximumFramesWithoutInput else {
                if overrun == nil { overrun = (clock.now, instant) }
                break
            }
            let before = clock.now
            clock.advance(to: max(clock.now, due.time))
            step()
            // Work that stays due at the same instant (a kiosk waiting on the editor) moves on a tick.
            if clock.now == before && session.nextWork(after: clock.now)?.time ?? instant.advanced() <= clock.now {
                clock.advance(to: clock.now + Time(ticks: 1))
            }
        }
        clock.advance(to: max(clock.now, instant))
    }

    /// Feeds a trace: events that share a timestamp arrive in one step; scheduled work runs
    /// between them. Ends at the last event, or at `until`: sooner (the rest of the trace is not
    /// played) or later (scheduled frames run on).
    ///
    /// A recorded trace (one with marks) replays step for step instead: at each `frame` mark the
    /// editor runs with the input that arrived since the mark before; at each `step` mark (a
    /// kiosk's whole run) the session steps without the editor; at no other time.
    public func play(_ trace: Trace, until: Time? = nil) {
        var cursor = TraceCursor(trace)
        advance(&cursor, through: until.map { min($0, trace.duration) } ?? trace.duration)
        if let until, until > clock.now {
            runDueFrames(through: until)
        } else if until == nil, cursor.marks.isEmpty, let due = session.stage(AddedLatencyStage.self)?.lastDue(session), due > clock.now {
            // Input `feel.addedLatency` still holds back when a written trace ends is delivered,
            // as a window would have delivered it (a recorded trace replays as it was recorded).
            runDueFrames(through: due)
        }
    }

    /// Plays `cursor`'s trace on through `instant` (for exports that step through a session).
    /// A trace recorded by a session that could export gives this one its export news back
    /// (`ReplayedExports`), unless it has an exporter already.
    public func advance(_ cursor: inout TraceCursor, through instant: Time) {
        let trace = cursor.trace, events = trace.events
        if cursor.event == 0 && cursor.mark == 0 && trace.offersExport && session.exporter == nil {
            session.exporter = ReplayedExports(trace.exportNews)
        }
        if cursor.event == 0 && cursor.mark == 0 && trace.offersVoice { session.replaysVoice = true }
        if cursor.event == 0 && cursor.mark == 0 && trace.offersProjects { session.replaysProjects = true }
        if cursor.event == 0 && cursor.mark == 0 && trace.labGestures { session.replaysLabGestures = true }
        // A recorded kiosk keeps its PIN pad's verdicts, never the PIN (only its length).
        let k = session.configuration.kiosk
        if cursor.event == 0 && cursor.mark == 0 && (!trace.pinVerdicts.isEmpty || k.pinDigits > 0 && k.pinHash.isEmpty && k.pin.isEmpty) {
            session.replayPinVerdicts(trace.pinVerdicts.map(\.accepted), digits: k.pinDigits > 0 ? k.pinDigits : max(1, k.pin.count))
        }
        if cursor.marks.isEmpty {
            if session.lastOutput == nil { runFrame() }
            while cursor.event < events.count && events[cursor.event].time <= instant {
                let t = events[cursor.event].time
                runDueFrames(through: t - Time(ticks: 1))
                clock.advance(to: t)
                handOverSettings(&cursor, through: t)
                var batch: [InputEvent] = []
                while cursor.event < events.count && events[cursor.event].time == t { batch.append(events[cursor.event]); cursor.event += 1 }
                runFrame(events: batch)
            }
            if cursor.event > 0 || instant > clock.now { runDueFrames(through: instant) }
            return
        }
        while cursor.mark < cursor.marks.count && cursor.marks[cursor.mark].time <= instant {
            let (time, mark) = cursor.marks[cursor.mark]
            cursor.mark += 1
            var batch: [InputEvent] = []
            while cursor.event < events.count && events[cursor.event].time <= time { batch.append(events[cursor.event]); cursor.event += 1 }
            clock.advance(to: time)
            handOverSettings(&cursor, through: time)
            step(batch, mode: mark == .frame ? .always : .never)
            // Freezes the window measured after this frame join the log where they did.
            while cursor.freeze < trace.freezes.count && trace.freezes[cursor.freeze].replayedAfter <= time {
                if keepsHistory { log.append(trace.freezes[cursor.freeze].signal) }
                cursor.freeze += 1
            }
        }
        // Input after the last mark (a session killed mid-frame) arrives in one last frame.
        if cursor.mark == cursor.marks.count && cursor.event < events.count && events[events.count - 1].time <= instant {
            clock.advance(to: events[events.count - 1].time)
            runFrame(events: Array(events[cursor.event...]))
            cursor.event = events.count
        }
        clock.advance(to: instant)
    }
}

extension TracePlayer {
    /// Hands the session the trace's settings lines up to `instant`: it changes them at the step
    /// that follows, as the recorded session did.
    fileprivate func handOverSettings(_ cursor: inout TraceCursor, through instant: Time) {
        let settings = cursor.trace.settings
        while cursor.settings < settings.count && settings[cursor.settings].time <= instant {
            session.replay(settings[cursor.settings])
            cursor.settings += 1
        }
    }
}

/// How far a trace has been played.
public struct TraceCursor: Sendable {
    public let trace: Trace
    let marks: [(time: Time, mark: Trace.Mark)]
    var event = 0, mark = 0, freeze = 0, settings = 0
    public init(_ trace: Trace) { self.trace = trace; marks = trace.marks }
}

private extension Time {
    func advanced() -> Time { self + Time(ticks: 1) }
}
