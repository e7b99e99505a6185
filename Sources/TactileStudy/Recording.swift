import Foundation
import TactileCore
import TactileLab
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileUI
import TactileHeadless

/// Records a session as it runs: the recorder starts at the first step (when the viewport and
/// the display's rate are known). An ordinary session records the editor's frames (its input,
/// a frame mark, its log); a kiosk's whole run records every step with the raw input before
/// kiosk mode took its share (a `step` mark where the editor did not run), with the attract tour
/// it played, so that `tactile replay` runs it again — attract loop, visitors, idle resets and
/// the way out — frame for frame.
public final class Recording {
    public let folder: URL
    private let project: Project
    private let configuration: RecordedConfiguration
    /// The configuration file's own settings, when the session started on one of its variants.
    private let fileSettings: RecordedConfiguration?
    private let plan: TaskPlan?
    private let notices: [String]
    private let kiosk: KioskSetup?
    /// The session time the files count from (a study's block begins mid-run).
    private let origin: Time
    /// The recorder, once the first step ran.
    public private(set) var recorder: SessionRecorder?
    /// This process's hold on the folder, from the start until `finish`.
    private let lock: WriterLock
    /// Why the recorder could not start at the first step (the folder was writable a moment before).
    public private(set) var failedToStart: String?

    /// Fails (exit 2) when `folder` already holds a session or cannot be written. `notices` are
    /// the messages the session opens with (files left out, a recovery): they are kept with it so
    /// that its replay logs them too.
    /// `origin`: the session time the files count from.
    public init(
        folder: URL, project: Project, configuration: RecordedConfiguration, plan: TaskPlan? = nil, notices: [String] = [],
        kiosk: KioskSetup? = nil, origin: Time = .zero, fileSettings: RecordedConfiguration? = nil
    ) throws {
        self.folder = folder; self.project = project; self.configuration = configuration; self.plan = plan; self.notices = notices
        self.fileSettings = fileSettings
        self.kiosk = kiosk; self.origin = origin
        try SessionRecorder.checkWritable(folder)
        // One writer per session folder: a second instance recording into it is refused at once.
        lock = try CommandError.locking { try WriterLock.folder(folder) }
        try SessionRecorder.checkFree(folder)
    }

    /// Records `session` from now on (hooked before its first step).
    /// `clockOrigin`: the system's monotonic clock at the session clock's zero
    /// (`SessionClock.originUptimeNanoseconds`), written atop `latency.jsonl`.
    public func attach(to session: HostSession, framesPerSecond: Double, clockOrigin: UInt64? = nil) {
        session.followsAudioClock = false
        // The settings in force: a line in latency.jsonl before the first figure and again after
        // each change (a live reload, a flip), so no figure pools frames of different settings.
        var seen: (changes: Int, variant: String)?, inForce: JSONValue?
        func noteSettings(at time: Time) {
            // Only a change of the settings an epoch records, or of the live variant, starts a new
            // one (a theme reload does not).
            guard let recorder = self.recorder, seen.map({ $0 != (session.configurationChanges, session.variantLabel) }) ?? true else { return }
            let variantChanged = seen.map { $0.variant != session.variantLabel } ?? true
            seen = (session.configurationChanges, session.variantLabel)
            let settings = ConfigurationSchema.tactile.dottedValues(
                of: session.configuration, sections: LatencyEpoch.recordedSections, keys: LatencyEpoch.recordedKeys)
            guard JSONValue.object(settings) != inForce || variantChanged else { return }
            inForce = .object(settings)
            recorder.record(settings: settings, variant: session.variantLabel, at: time)
        }
        let latency: (LatencySample) -> Void = { sample in
            guard let recorder = self.recorder else { return }
            if recorder.clockOrigin == nil, let clockOrigin { recorder.clockOrigin = clockOrigin }
            noteSettings(at: sample.time)
            recorder.record(latency: sample)
            // A freeze (study.freezeThreshold) joins the log as a frustration signal; only a
            // window measures it, so a replay's log does not have it. Latency added on purpose
            // (`feel.addedLatency`) is the condition under study, not the program freezing.
            // Its `ms` is what the program took: the latency less what was added on purpose.
            let ms = sample.total.seconds * 1000 - max(0, session.configuration.feel.addedLatency)
            if ms > session.configuration.study.freezeThreshold {
                var task: String?
                if let run = session.state.tasks, run.began != nil, run.ended == nil, let current = run.current { task = current.id }
                recorder.record(freeze: Trace.Freeze(time: sample.time, milliseconds: (ms * 10).rounded() / 10, gesture: sample.gesture, task: task))
            }
        }
        let prediction: (TouchPredictor.Outcome) -> Void = { outcome in
            guard let recorder = self.recorder else { return }
            if recorder.clockOrigin == nil, let clockOrigin { recorder.clockOrigin = clockOrigin }
            noteSettings(at: outcome.madeAt)
            recorder.record(prediction: outcome, method: session.configuration.feel.prediction.rawValue)
        }
        // An ordinary session records the editor's frames; a kiosk's whole run records every
        // step, with the log of the frames since the last.
        let wholeRun = kiosk != nil
        var pendingLog: [LogEvent] = [], pendingSettings: [SettingsChange] = []
        let frame: (FrameRecord) -> Void = { record in
            if wholeRun { pendingLog += record.output.log; pendingSettings += record.settings; return }
            self.write(
                time: record.time, events: record.events, exportNews: record.exportNews, pinVerdicts: record.pinVerdicts, settings: record.settings,
                mark: .frame, log: record.output.log,
                project: record.state.project,
                viewport: record.state.viewport, framesPerSecond: framesPerSecond, session: session)
        }
        var padOpen = false
        let step: (StepRecord) -> Void = { step in
            // Taps on the open PIN pad are kept on the 0 key: the recording never holds the PIN.
            let input = padOpen ? PinPad.maskingDigits(step.input, keys: session.pinKeyFrames) : step.input
            padOpen = session.kiosk?.phase == .pin
            self.write(
                time: step.time, events: input, pinVerdicts: step.pinVerdicts, settings: pendingSettings, mark: step.ranEditor ? .frame : .step,
                log: pendingLog, project: session.state.project,
                viewport: session.state.viewport, framesPerSecond: framesPerSecond, session: session)
            pendingLog.removeAll()
            pendingSettings.removeAll()
        }
        session.add(SessionEvents(frame: frame, step: wholeRun ? step : nil, latency: latency, prediction: prediction))
    }

    private func write(
        time: Time, events: [InputEvent], exportNews: MovieExportNews? = nil, pinVerdicts: [Bool] = [], settings: [SettingsChange] = [],
        mark: Trace.Mark, log: [LogEvent],
        project: Project, viewport: Size,
        framesPerSecond: Double, session: HostSession
    ) {
        if recorder == nil && failedToStart == nil {
            do {
                // A kiosk run keeps its week clock, so its replay opens and closes at the same hours.
                var kiosk = self.kiosk
                kiosk?.weekClock = session.wallClockOrigin.map { w in
                    let week = Time.seconds(7 * 86_400)
                    return Time(ticks: ((w.ticks % week.ticks) + week.ticks) % week.ticks)
                }
                recorder = try SessionRecorder(
                    folder: folder, viewport: viewport, framesPerSecond: framesPerSecond, project: self.project,
                    configuration: configuration, plan: plan?.json, notices: notices, kiosk: kiosk,
                    origin: origin, offersExport: session.offersExport, offersVoice: session.offersVoice,
                    offersProjects: session.offersProjects, labGestures: session.labGestures, fileSettings: fileSettings)
            } catch {
                failedToStart = ErrorWords.reason(error)
                session.post(banner: "This session is not being recorded: \(ErrorWords.reason(error))", isError: true)
                FileHandle.standardError.write(Data("tactile: \(error)\n".utf8))
            }
        }
        guard let recorder, recorder.stopped == nil else { return }
        if !recorder.record(
            time: time, events: events, exportNews: exportNews, pinVerdicts: pinVerdicts, settings: settings, mark: mark, log: log, project: project)
        {
            let reason = recorder.stopped ?? "a write failed"
            session.post(banner: "Recording stopped: \(reason). What was recorded until now is kept.", isError: true)
            FileHandle.standardError.write(Data("tactile: recording stopped after \(recorder.framesWritten) frames: \(reason)\n".utf8))
        }
    }

    /// Writes log events no frame made (a marker, a note) into the session's log, once it records.
    public func log(_ events: [LogEvent]) {
        guard let recorder, recorder.stopped == nil else { return }
        recorder.record(log: events)
    }

    /// Ends the recording with the project the session closed on.
    @discardableResult
    public func finish(project: Project) -> SessionRecorder? {
        recorder?.finish(project: project)
        lock.remove()
        return recorder
    }
}
