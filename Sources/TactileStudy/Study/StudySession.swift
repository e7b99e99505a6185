import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileUI
import TactileHeadless

/// `tactile study run`: one participant through a study, in one window, run by the same shells
/// as the editor. The participant's number (given, or typed on a touch keypad), the consent
/// (declining records nothing), the practice task, then each variant block of the participant's
/// schedule — the editor with that variant's configuration and the block's tasks, the SEQ after
/// each task and the SUS (and the study's own questionnaires) at its end — and a thank-you.
///
/// Each block runs in its own `HostSession`, recorded into its own folder of the participant's
/// (`practice`, `block1-outside`, …) and replayable as any recorded session. `answers.json`
/// (`StudyAnswers`) is rewritten after every answer; `study-log.jsonl` holds the study's own
/// events (consent, parts, the operator's markers and notes) on the study's clock.
///
/// The operator's keyboard adds markers: M, or 1–9 for the categories the study file names, and
/// N opens a note (typed, Return saves it, Escape drops it). Markers in a block also land in
/// its `log.jsonl`, at their time. A note is never drawn on the participant's screen: what is
/// typed goes to `onNote` (the operator's terminal; the observer page has its own note field).
public final class StudySession: LaysOutScreens {
    /// A part of the participant's session: the practice task, or variant block `n` (0 first).
    public enum Part: Equatable, Sendable {
        case practice
        case block(Int)
    }

    /// Where the participant is.
    public enum Stage: Equatable, Sendable {
        /// Typing their number on the keypad.
        case participant
        case consent
        /// The screen before a part ("Part 1 of 2", Start).
        case intro(Part)
        case running(Part)
        case thanks
        /// They did not agree: nothing was recorded.
        case declined
    }

    public let study: StudyFile
    /// The study's results folder: a folder per participant inside.
    public let folder: URL
    public internal(set) var participant: Int?
    /// What could not be saved, by name ("answers.json", "the recording of block1-outside"),
    /// with why: the run then ends with exit status 3 saying so. An answers file saved later is
    /// taken off.
    public internal(set) var unsaved: [String: String] = [:]
    /// This process's hold on the participant's folder (`claim`).
    var participantLock: WriterLock?
    public internal(set) var stage: Stage
    /// The running part's editor session.
    public internal(set) var block: HostSession?
    /// The participant's answers so far (after consent).
    public internal(set) var answers: StudyAnswers?
    /// What the last pass of the study's own screens put there, for tests and `inspect`.
    public internal(set) var elements: [UIElement] = []
    public internal(set) var viewport: Size
    public var refusesQuit: Bool { kiosk != nil }
    /// Kiosk mode: every visitor becomes the next participant; nobody leaves but through the
    /// kiosk's way out (the exit hold, then the PIN).
    public let kiosk: TactileConfiguration.Kiosk?
    /// Participants who took part in this run (kiosk mode counts visitors).
    public internal(set) var participantsRun = 0

    /// What each part's session is handed, made from the part's configuration (sound, refresh
    /// rate, the window's stopwatch, an exporter); nil: none.
    public var partServices: ((TactileConfiguration) -> HostServices)?
    /// Laid over each part's configuration (the command line's `--locale`, `--ui-scale`).
    public var adjustConfiguration: ((inout TactileConfiguration) -> Void)?
    /// The display's rate and the monotonic clock at the session clock's zero, for recordings.
    public var framesPerSecond = 60.0
    public var clockOrigin: UInt64?
    /// The wall clock for the answers' times (injected: tests fix it).
    public var wallClock: () -> Date = Date.init
    /// Those who follow the session (the observer page's feed, the think-aloud recording, the
    /// operator's terminal), each told everything, in the order they were added.
    private(set) var observers: [StudyObserver] = []
    /// The study's own stages, in order (`StudyStages.standard`).
    private lazy var stages: [StudyStage] = StudyStages.standard(kiosk: kiosk != nil)

    /// Adds `observer`: from now on it is told the session's events, parts, problems and note.
    public func add(_ observer: StudyObserver) { observers.append(observer) }

    let configuration: TactileConfiguration
    let measurer: TextMeasurer
    let media: MediaSource
    let library: MediaLibrary
    let project: Project
    let theme: Theme
    var memory: UIMemory
    var needsDraw = true
    var lastPicture: DrawList?
    var schedule: StudyFile.Schedule?
    var recording: Recording?
    var partOrigin = Time.zero
    var studyLog: FileHandle?
    var studyOrigin: Time?
    var lastStep = Time.zero
    var digits = ""
    var notice: String?
    /// The study log's `resumed` event, written at the first step (on the study's clock).
    var pendingResume: LogEvent?
    /// The participant's whole input from the consent on (`study-trace.jsonl`, on the study's
    /// clock): what `study run --script` plays back to pilot a study without a person. Held
    /// here until the participant's folder exists (at the consent's agreement).
    var studyTrace: FileHandle?
    var unwrittenInput: [InputEvent] = []
    /// The file of the participant's whole input, in their folder.
    public static let studyTraceName = "study-trace.jsonl"
    /// Set when the participant is a script (`study run --script`): the trace it plays, noted in
    /// `answers.json` so the report can tell scripted participants from people.
    public var scriptedBy: String?
    var consentScroll = 0.0, consentAnchor: Double?
    /// The operator's note being typed, if any.
    public internal(set) var note: String?
    // Kiosk mode: when the thank-you gives way to the next visitor, the visitor's idle time (the
    // kiosk's own rule), the way out, and whether it was taken.
    var resetAt: Time?
    var idle = VisitorIdle(since: .zero)
    /// The kiosk's way out, the same as the editor kiosk's (gesture, PIN pad, lockout).
    var wayOut: KioskWayOut?
    var pinMemory: UIMemory
    var pinPicture: DrawList?
    /// The PIN pad's last pass as laid out (for the layout check), while the pad is open.
    var pinLayout: ScreenLayout?
    /// The study screen's last pass as laid out (for the layout check).
    var screenLayout: ScreenLayout?
    public internal(set) var exited = false

    /// A participant's session of `study`, results into `folder`. `participant`: their number, or
    /// nil to ask on the keypad. `configuration` gives the study screens' look (theme, locale).
    /// With `kiosk`, the session runs unattended: each visitor is the next free participant
    /// number, the thank-you gives way to the next visitor after `kiosk.studyResetAfter`, a
    /// visitor who leaves mid-part is let go after `kiosk.idleTimeout`, and only the exit hold
    /// (and the PIN) ends it.
    public init(
        study: StudyFile, folder: URL, participant: Int?, configuration: TactileConfiguration, measurer: TextMeasurer,
        media: MediaSource = NoMediaSource(), library: MediaLibrary = MediaLibrary(), project: Project, viewport: Size,
        kiosk: TactileConfiguration.Kiosk? = nil, resume: Bool = false
    ) {
        self.study = study; self.folder = folder; self.configuration = configuration
        self.measurer = measurer; self.media = media; self.library = library; self.project = project; self.viewport = viewport
        self.kiosk = kiosk
        wayOut = kiosk.map(KioskWayOut.init(settings:))
        theme = Theme(appearance: configuration.theme)
        memory = UIMemory(input: configuration.input)
        pinMemory = UIMemory(input: configuration.input)
        let number = kiosk != nil ? Self.nextFree(in: folder) : participant
        self.participant = number
        stage = number == nil ? .participant : .consent
        if let number { schedule = study.schedule(forParticipant: number) }
        // Another process took the number since it was checked: a kiosk asks on the keypad
        // instead; a run for a participant named on the command line is refused
        // (`refusedParticipant`), never played as another number.
        if let number, let refusal = claim(number, resuming: resume) {
            self.participant = nil; schedule = nil; stage = .participant; notice = refusal
            if kiosk == nil { refusedParticipant = refusal }
        }
    }

    /// Why the participant asked for could not be taken when the session was made (another
    /// process took them between the check and the lock); nil when they were.
    public internal(set) var refusedParticipant: String?

    public func resize(to viewport: Size) {
        self.viewport = viewport
        block?.resize(to: viewport)
        needsDraw = true
    }

    public func setVisible(_ visible: Bool) { block?.setVisible(visible) }
    public func didPresent(_ timing: PresentTiming) { block?.didPresent(timing) }

    public func nextDue(after now: Time) -> (time: Time, reason: String)? {
        if needsDraw { return (now, "study screen") }
        var due: [(time: Time, reason: String)] = [block?.nextDue(after: now)].compactMap { $0 }
        if let kiosk {
            if let resetAt { due.append((resetAt, "next visitor")) }
            if let way = wayOut?.nextDue(after: now) { due.append(way) }
            if block != nil { due.append((idle.due(timeout: kiosk.idleTimeout), "visitor idle")) }
        }
        return due.min { $0.time < $1.time }
    }

    // MARK: The step

    public func step(_ input: [InputEvent], now: Time, context: StepContext) -> ShellFrame {
        if studyOrigin == nil { studyOrigin = now; idle = VisitorIdle(since: now) }
        record(input)
        if var resumed = pendingResume {
            resumed.time = now
            pendingResume = nil
            logStudy(resumed)
        }
        lastStep = now
        let noteBefore = note
        var rest = input
        for stage in stages {
            var frame = ShellFrame()
            guard let passed = stage.take(rest, now: now, frame: &frame, session: self) else { return frame }
            rest = passed
        }
        if case let .running(part) = stage, let block {
            var frame = block.step(rest, now: now, context: context)
            if block.state.tasks?.isComplete == true {
                finish(part, now: now)
                frame.drawList = screens([], now: now)
                return frame
            }
            if note != noteBefore { for o in observers { o.studyNoteChanged(note) } }
            return frame
        }
        var frame = ShellFrame()
        let picture = screens(rest, now: now)
        if note != noteBefore { for o in observers { o.studyNoteChanged(note) } }
        if picture != lastPicture || needsDraw || context.relayout {
            frame.drawList = picture
            lastPicture = picture
        }
        needsDraw = false
        return frame
    }

    /// Runs the study's own screens over `input`, one UI pass per touch; returns the picture.
    func screens(_ input: [InputEvent], now: Time) -> DrawList {
        for event in input {
            switch event.kind {
            case .touch, .focusLost: _ = pass([event], now: now)
            case .key, .text, .voice, .mediaFolder, .projects: continue
            }
            if case .running = stage { return block?.picture(at: now) ?? DrawList() }
        }
        let picture = pass([], now: now)
        if case .running = stage, let block {
            // A part just began: its first frame is drawn at once.
            needsDraw = false
            return block.step([], now: now, context: StepContext(mode: .always)).drawList ?? picture
        }
        return picture
    }

    /// Ends a running part before its end (the visitor left, the way out, the window closed).
    func stop(_ part: Part, now: Time, reason: String) {
        guard block != nil else { return }
        endPart(part, now: now) { .partStopped(part: $0, reason: reason) }
        if let i = answers?.blocks.lastIndex(where: { $0.part == partNumber(part) }) { answers?.blocks[i].stopped = reason }
        saveAnswers()
    }

    /// Ends the running part: the think-aloud track and the recording finished (with the project
    /// as it was left), its end in the answers, and the study's log told (`kind`, with `fields`).
    func endPart(_ part: Part, now: Time, as event: (String) -> InteractionEvent = { .partEnded(part: $0) }) {
        guard let block else { return }
        for o in observers { o.studyPartEnded() }
        recording?.finish(project: block.state.project)
        if let stopped = recording?.recorder?.stopped {
            problem("the recording of \(partName(part)) stopped early: \(stopped)")
            unsaved["the recording of \(folderName(part))"] = "stopped early: \(stopped)"
        } else if let failed = recording?.failedToStart {
            unsaved["the recording of \(folderName(part))"] = "not recorded (\(failed))"
        }
        if let i = answers?.blocks.lastIndex(where: { $0.part == partNumber(part) }) { answers?.blocks[i].ended = wallClock() }
        logStudy(LogEvent(time: now, event(folderName(part))))
        self.block = nil
        recording = nil
    }

    // MARK: Parts

    func start(_ part: Part, now: Time) {
        guard let participant, let schedule else { return }
        let variant: String?, plan: TaskPlan?, name = folderName(part)
        switch part {
        case .practice: variant = nil; plan = study.practicePlan
        case let .block(n): variant = schedule.blocks[n].variant; plan = study.plan(for: schedule, block: n)
        }
        var configuration: TactileConfiguration
        do { configuration = try study.configuration(variant: variant) } catch {
            problem("\(error)")
            return
        }
        adjustConfiguration?(&configuration)
        let session = HostSession(
            project: project, configuration: configuration, measurer: measurer, media: media, viewport: viewport,
            library: library, plan: plan, now: now, services: partServices?(configuration) ?? HostServices())
        let partFolder = participantFolder(participant).appendingPathComponent(name)
        do {
            let r = try Recording(folder: partFolder, project: project, configuration: RecordedConfiguration(configuration), plan: plan, origin: now)
            r.attach(to: session, framesPerSecond: framesPerSecond, clockOrigin: clockOrigin)
            recording = r
        } catch {
            recording = nil
            problem("\(partFolder.path): the part is not being recorded (\(CommandError.reason(error)))")
            unsaved["the recording of \(name)"] = "not recorded (\(CommandError.reason(error)))"
        }
        let number = partNumber(part), label = variant ?? "practice"
        session.add(
            SessionEvents(frame: { [weak self] record in
                guard let self else { return }
                let log = record.output.log
                guard !log.isEmpty else { return }
                for e in log { let shown = self.forObserver(e); for o in self.observers { o.studyLogged(shown) } }
                if log.contains(where: \.event.isStudyAnswer) {
                    self.answers?.take(log, part: number, variant: label, origin: self.partOrigin, at: self.wallClock())
                    self.saveAnswers()
                }
            }))
        partOrigin = now
        block = session
        for o in observers { o.studyPartBegan(folder: partFolder) }
        answers?.blocks.append(StudyAnswers.Block(part: number, variant: label, folder: name, began: wallClock()))
        saveAnswers()
        stage = .running(part)
        logStudy(LogEvent(time: now, .partBegan(part: name, variant: label)))
    }

    func finish(_ part: Part, now: Time) {
        endPart(part, now: now)
        switch part {
        case .practice: stage = .intro(.block(0))
        case let .block(n) where n + 1 < (schedule?.blocks.count ?? 0): stage = .intro(.block(n + 1))
        case .block:
            stage = .thanks
            answers?.finished = wallClock()
            participantsRun += 1
            logStudy(LogEvent(time: now, .studyFinished))
            if let kiosk { resetAt = now + .seconds(kiosk.studyResetAfter) }
        }
        saveAnswers()
        needsDraw = true
    }

    /// The window closed: a part that runs ends where it is (its recording finished, the
    /// project as left), and the study's log says so.
    public func close() {
        if case let .running(part) = stage { stop(part, now: lastStep, reason: "closed") }
        try? studyLog?.close()
        studyLog = nil
        try? studyTrace?.close()
        studyTrace = nil
        releaseParticipant()
    }

    /// Lets go of the participant's number (its lock file removed): they finished, declined, or
    /// the next visitor comes.
    func releaseParticipant() {
        participantLock?.remove()
        participantLock = nil
    }

    func partNumber(_ part: Part) -> Int {
        if case let .block(n) = part { return n + 1 }
        return 0
    }

    /// The part's folder in the participant's ("practice", "block1-outside"); its name in the logs.
    public func folderName(_ part: Part) -> String {
        guard case let .block(n) = part, let variant = schedule?.blocks[n].variant else { return "practice" }
        return "block\(n + 1)-" + String(variant.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }

    func partName(_ part: Part) -> String {
        if case let .block(n) = part { return "block \(n + 1)" }
        return "the practice"
    }

    func agree(now: Time) {
        guard let participant else { return }
        let folder = participantFolder(participant)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var a = StudyAnswers(study: study.title, participant: participant, design: study.assignment)
            a.variants = study.variants
            a.consent = wallClock()
            a.scripted = scriptedBy
            answers = a
            try a.write(to: folder)
        } catch {
            problem("\(folder.path): the participant's answers cannot be saved there (\(CommandError.reason(error)))")
            unsaved["answers.json"] = CommandError.reason(error)
        }
        do {
            let url = folder.appendingPathComponent("study-log.jsonl")
            studyLog = FileHandle(fileDescriptor: try AtomicFile.open(url, flags: O_WRONLY | O_CREAT | O_APPEND), closeOnDealloc: true)
            _ = try? studyLog?.seekToEnd()
        } catch {
            // Kept until the run ends (answers saved later do not clear it): the exit says so.
            problem("\(folder.path): the study's log cannot be written there (\(CommandError.reason(error)))")
            unsaved["study-log.jsonl"] = "not written (\(CommandError.reason(error)))"
        }
        openStudyTrace(in: folder)
        logStudy(LogEvent(time: now, .consent(participant: StudyAnswers.name(of: participant), agreed: true)))
        stage = .intro(study.practice != nil ? .practice : .block(0))
    }

    func saveAnswers() {
        guard let answers, let participant else { return }
        do {
            try answers.write(to: participantFolder(participant))
            unsaved["answers.json"] = nil
        } catch {
            problem("answers.json cannot be saved (\(CommandError.reason(error)))")
            unsaved["answers.json"] = CommandError.reason(error)
        }
    }

}
