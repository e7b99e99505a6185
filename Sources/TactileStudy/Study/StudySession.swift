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
public final class StudySession: ShellSession {
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
    public private(set) var participant: Int?
    /// What could not be saved, by name ("answers.json", "the recording of block1-outside"),
    /// with why: the run then ends with exit status 3 saying so. An answers file saved later is
    /// taken off.
    public private(set) var unsaved: [String: String] = [:]
    /// This process's hold on the participant's folder (`claim`).
    private var participantLock: WriterLock?
    public private(set) var stage: Stage
    /// The running part's editor session.
    public private(set) var block: HostSession?
    /// The participant's answers so far (after consent).
    public private(set) var answers: StudyAnswers?
    /// What the last pass of the study's own screens put there, for tests and `inspect`.
    public private(set) var elements: [UIElement] = []
    public private(set) var viewport: Size
    public var refusesQuit: Bool { kiosk != nil }
    /// Kiosk mode: every visitor becomes the next participant; nobody leaves but through the
    /// kiosk's way out (the exit hold, then the PIN).
    public let kiosk: TactileConfiguration.Kiosk?
    /// Participants who took part in this run (kiosk mode counts visitors).
    public private(set) var participantsRun = 0

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
    /// Told of every event of the participant's session as it happens: the running part's log,
    /// and the study's own (markers, parts, consent). The observer page's ticker.
    public var onLog: ((LogEvent) -> Void)?
    /// Told when a part begins (its recorded session's folder, at the part's start) and ends:
    /// the think-aloud recording follows the parts.
    public var onPartBegan: ((URL) -> Void)?
    public var onPartEnded: (() -> Void)?
    /// Problems the operator must hear of (a recording that could not start or stopped).
    public var onProblem: ((String) -> Void)?
    /// The operator's note as it is typed (nil once saved or dropped), for the operator's own
    /// screen: never drawn on the participant's.
    public var onNote: ((String?) -> Void)?

    private let configuration: TactileConfiguration
    private let measurer: TextMeasurer
    private let media: MediaSource
    private let library: MediaLibrary
    private let project: Project
    private let theme: Theme
    private var memory: UIMemory
    private var needsDraw = true
    private var lastPicture: DrawList?
    private var schedule: StudyFile.Schedule?
    private var recording: Recording?
    private var partOrigin = Time.zero
    private var studyLog: FileHandle?
    private var studyOrigin: Time?
    private var lastStep = Time.zero
    private var digits = ""
    private var notice: String?
    /// The study log's `resumed` event, written at the first step (on the study's clock).
    private var pendingResume: LogEvent?
    /// The participant's whole input from the consent on (`study-trace.jsonl`, on the study's
    /// clock): what `study run --script` plays back to pilot a study without a person. Held
    /// here until the participant's folder exists (at the consent's agreement).
    private var studyTrace: FileHandle?
    private var unwrittenInput: [InputEvent] = []
    /// The file of the participant's whole input, in their folder.
    public static let studyTraceName = "study-trace.jsonl"
    /// Set when the participant is a script (`study run --script`): the trace it plays, noted in
    /// `answers.json` so the report can tell scripted participants from people.
    public var scriptedBy: String?
    private var consentScroll = 0.0, consentAnchor: Double?
    /// The operator's note being typed, if any.
    public private(set) var note: String?
    // Kiosk mode: when the thank-you gives way to the next visitor, the visitor's idle time (the
    // kiosk's own rule), the way out, and whether it was taken.
    private var resetAt: Time?
    private var idle = VisitorIdle(since: .zero)
    /// The kiosk's way out, the same as the editor kiosk's (gesture, PIN pad, lockout).
    private var wayOut: KioskWayOut?
    private var pinMemory: UIMemory
    private var pinPicture: DrawList?
    public private(set) var exited = false

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
    public private(set) var refusedParticipant: String?

    /// The part an interrupted participant goes on with (`study run --resume`): the first one
    /// that did not run to its end; nil when every part did.
    public static func partToResume(_ answers: StudyAnswers, study: StudyFile) -> Part? {
        let blocks = study.schedule(forParticipant: answers.participant).blocks.count
        let parts: [Part] = (study.practice != nil ? [.practice] : []) + (0..<blocks).map { .block($0) }
        return parts.first { part in
            let number: Int
            if case let .block(n) = part { number = n + 1 } else { number = 0 }
            return !answers.blocks.contains { $0.part == number && $0.complete }
        }
    }

    /// Takes up participant `number`'s answers so far to go on from the first part that did not
    /// run to its end: a part stopped midway keeps its recording, renamed `…-interrupted-N`, and
    /// is run again from its start (its answers leave `answers.json`; its log keeps them), and
    /// the study's log says so. The refusal when there is nothing to resume.
    private func resume(_ number: Int) -> String? {
        let name = StudyAnswers.name(of: number), folder = participantFolder(number)
        var a: StudyAnswers
        do { a = try StudyAnswers.read(from: folder) } catch { return "\(name) cannot be resumed: \(CommandError.reason(error))" }
        guard a.study.isEmpty || a.study == study.title else { return "\(name) took part in another study (\(a.study)): give this study's results folder" }
        guard a.finished == nil, let next = Self.partToResume(a, study: study) else { return "\(name) finished the study: there is nothing to resume" }
        let nextNumber = partNumber(next)
        var restarted: String?
        for i in a.blocks.indices where a.blocks[i].part == nextNumber && !a.blocks[i].restarted {
            // The interrupted part's recording is kept beside, never overwritten.
            let old = folder.appendingPathComponent(a.blocks[i].folder)
            var k = 1
            while FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(a.blocks[i].folder)-interrupted-\(k)").path) { k += 1 }
            let kept = "\(a.blocks[i].folder)-interrupted-\(k)"
            if FileManager.default.fileExists(atPath: old.path) {
                do { try FileManager.default.moveItem(at: old, to: folder.appendingPathComponent(kept)) } catch {
                    return "\(old.path) cannot be set aside to run the part again (\(CommandError.reason(error)))"
                }
            }
            a.blocks[i].folder = kept
            a.blocks[i].restarted = true
            restarted = kept
        }
        a.answers.removeAll { $0.part == nextNumber }
        a.scores.removeAll { $0.part == nextNumber }
        answers = a
        do {
            do { try a.write(to: folder) } catch {
                // The answers still name the folder as it was: put it back.
                if let kept = restarted {
                    try? FileManager.default.moveItem(at: folder.appendingPathComponent(kept), to: folder.appendingPathComponent(folderName(next)))
                }
                throw error
            }
            let url = folder.appendingPathComponent("study-log.jsonl")
            studyLog = FileHandle(fileDescriptor: try AtomicFile.open(url, flags: O_WRONLY | O_CREAT | O_APPEND), closeOnDealloc: true)
            _ = try? studyLog?.seekToEnd()
        } catch {
            return "\(folder.path): the participant's answers cannot be saved there (\(CommandError.reason(error)))"
        }
        stage = .intro(next)
        pendingResume = LogEvent(time: .zero, .resumed(part: folderName(next), restarted: restarted))
        openStudyTrace(in: folder)
        return nil
    }

    /// Where the lock of participant `number`'s folder is kept (`.P07.lock` beside `P07`).
    public static func lockURL(of number: Int, in folder: URL) -> URL {
        WriterLock.lockURL(of: folder.appendingPathComponent(StudyAnswers.name(of: number)))
    }

    /// Takes participant `number`'s folder for this process (one writer per participant: their
    /// answers and study log); the refusal when another process has it.
    private func claim(_ number: Int, resuming: Bool = false) -> String? {
        releaseParticipant()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            participantLock = try WriterLock(Self.lockURL(of: number, in: folder), guarding: participantFolder(number).path)
            // Another process may have run this participant to the end between the check and the lock.
            let answers = participantFolder(number).appendingPathComponent(StudyAnswers.fileName)
            let refusal: String? =
                resuming
                ? (FileManager.default.fileExists(atPath: answers.path)
                    ? resume(number) : "\(StudyAnswers.name(of: number)) has not taken part: nothing to resume")
                : FileManager.default.fileExists(atPath: answers.path) ? "\(StudyAnswers.name(of: number)) has already taken part" : nil
            if refusal != nil {
                participantLock?.release()
                participantLock = nil
            }
            return refusal
        } catch let held as WriterLock.Held {
            return held.description
        } catch {
            return "\(participantFolder(number).path): \(CommandError.reason(error))"
        }
    }

    /// The lowest participant number with no answers in `folder` yet, after every one taken.
    public static func nextFree(in folder: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // Taken: a participant with answers, or one another process is running now.
        let taken =
            names.compactMap { name -> Int? in
                guard name.hasPrefix("P"), let n = Int(name.dropFirst()),
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).appendingPathComponent(StudyAnswers.fileName).path)
                else { return nil }
                return n
            }
            + names.compactMap { name -> Int? in
                guard name.hasPrefix(".P"), name.hasSuffix(".lock"), let n = Int(name.dropFirst(2).dropLast(5)),
                    WriterLock.isHeld(folder.appendingPathComponent(name))
                else { return nil }
                return n
            }
            + StudyWithdrawal.read(in: folder).compactMap { Int($0.participant.dropFirst()) }
        return (taken.max() ?? 0) + 1
    }

    /// The participant's folder ("P07").
    public func participantFolder(_ number: Int) -> URL { folder.appendingPathComponent(StudyAnswers.name(of: number)) }

    /// Why participant `number` cannot take part now (they already did), or nil.
    public static func refusal(of number: Int, in folder: URL, resuming: Bool = false) -> String? {
        guard number >= 1, number <= 9999 else { return "Participant numbers run from 1 to 9999" }
        let answers = folder.appendingPathComponent(StudyAnswers.name(of: number)).appendingPathComponent(StudyAnswers.fileName)
        let lock = lockURL(of: number, in: folder)
        if WriterLock.isHeld(lock) {
            return WriterLock.Held(guarded: folder.appendingPathComponent(StudyAnswers.name(of: number)).path, holder: WriterLock.holder(of: lock)).description
        }
        if let when = StudyWithdrawal.withdrawal(of: number, in: folder) {
            return "\(StudyAnswers.name(of: number)) withdrew from this study (\(when)); a withdrawn id is never given again"
        }
        let name = StudyAnswers.name(of: number)
        guard FileManager.default.fileExists(atPath: answers.path) else { return resuming ? "\(name) has not taken part: there is nothing to resume" : nil }
        let finished = (try? StudyAnswers.read(from: answers.deletingLastPathComponent()))?.finished != nil
        if resuming { return finished ? "\(name) finished the study: there is nothing to resume" : nil }
        return finished
            ? "\(name) has already taken part" : "\(name) has already taken part and did not finish: --resume goes on from the first part not finished"
    }

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
        var rest = input.filter { !operatorKey($0, now: now) }
        if kiosk != nil {
            var frame = ShellFrame()
            if kioskStep(&rest, now: now, frame: &frame) { return frame }
        }
        if case let .running(part) = stage, let block {
            var frame = block.step(rest, now: now, context: context)
            if block.state.tasks?.isComplete == true {
                finish(part, now: now)
                frame.drawList = screens([], now: now)
                return frame
            }
            if note != noteBefore { onNote?(note) }
            return frame
        }
        var frame = ShellFrame()
        let picture = screens(rest, now: now)
        if note != noteBefore { onNote?(note) }
        if picture != lastPicture || needsDraw || context.relayout {
            frame.drawList = picture
            lastPicture = picture
        }
        needsDraw = false
        return frame
    }

    /// Runs the study's own screens over `input`, one UI pass per touch; returns the picture.
    private func screens(_ input: [InputEvent], now: Time) -> DrawList {
        for event in input {
            switch event.kind {
            case .touch, .focusLost: _ = pass([event], now: now)
            case .key, .text, .voice: continue
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

    // MARK: Kiosk mode

    /// The kiosk's share of a step: the exit hold and the PIN pad (which take the input while
    /// open), the next visitor after the thank-you, and a visitor gone mid-part. Returns true
    /// when it answered the step itself.
    private func kioskStep(_ input: inout [InputEvent], now: Time, frame: inout ShellFrame) -> Bool {
        guard let kiosk, var way = wayOut else { return false }
        defer { wayOut = way }
        if !input.isEmpty { idle.saw(inputAt: now) }
        switch way.watch(input, viewport: viewport, now: now) {
        case .exit?: return leave(now: now, frame: &frame)
        case .padOpened?: input = [InputEvent(time: now, kind: .focusLost)] // the fingers on the screen let go of what they held
        default: break
        }
        if way.isOpen {
            // A pad left untouched for `pinTimeout` closes before it sees anything more.
            if way.press([], now: now) == .padClosed { needsDraw = true; return false }
            let touches = input.filter {
                if case .touch = $0.kind { return true }; return false
            }
            var outcome: KioskWayOut.Outcome?
            // One pass per touch (a finger changes phase once a pass), or one to draw the pad.
            for t in touches.isEmpty ? [nil] : touches.map({ Optional($0) }) {
                guard let pad = way.pad else { break }
                let ui = UIContext(memory: pinMemory, touches: t.map { [$0] } ?? [], now: now, viewport: viewport, measurer: measurer, theme: theme)
                let keys = PinPadView(ui: ui, pad: pad, settings: kiosk).draw()
                pinMemory = ui.finish()
                pinPicture = ui.draw
                outcome = way.press(keys, now: now) ?? outcome
                if outcome == .exit || outcome == .padClosed { break }
            }
            switch outcome {
            case .exit?: way.close(); return leave(now: now, frame: &frame)
            case .padClosed?: needsDraw = true; return false
            default: break
            }
            var under = block?.picture(at: now) ?? lastPicture ?? DrawList()
            if let pin = pinPicture { under.inLayer(.topmost) { l in for layer in DrawLayer.allCases { pin.commands(in: layer).forEach { l.add($0) } } } }
            frame.drawList = under
            return true
        }
        if let resetAt, now >= resetAt { nextVisitor(now: now) }
        if block != nil, idle.hasGone(at: now, timeout: kiosk.idleTimeout), case let .running(part) = stage {
            // The visitor went: what they did is kept, the next one starts afresh.
            stop(part, now: now, reason: "idle")
            nextVisitor(now: now)
        }
        return false
    }

    /// The way out was taken: a part that runs ends where it is, and the shell closes.
    private func leave(now: Time, frame: inout ShellFrame) -> Bool {
        if case let .running(part) = stage { stop(part, now: now, reason: "exit") }
        exited = true
        frame.commands.append(.exit)
        return true
    }

    /// The screen for the next visitor: the next free number, at the consent.
    private func nextVisitor(now: Time) {
        try? studyLog?.close()
        studyLog = nil
        try? studyTrace?.close()
        studyTrace = nil
        unwrittenInput.removeAll()
        answers = nil
        resetAt = nil
        releaseParticipant()
        var n = Self.nextFree(in: folder)
        // Numbers another kiosk is running now are passed over; any other failure is shown.
        while n < 9999 && WriterLock.isHeld(Self.lockURL(of: n, in: folder)) { n += 1 }
        if let refusal = claim(n) { notice = refusal }
        participant = n
        schedule = study.schedule(forParticipant: n)
        stage = .consent
        consentScroll = 0
        memory = UIMemory(input: configuration.input)
        needsDraw = true
    }

    /// Ends a running part before its end (the visitor left, the way out, the window closed).
    private func stop(_ part: Part, now: Time, reason: String) {
        guard block != nil else { return }
        endPart(part, now: now) { .partStopped(part: $0, reason: reason) }
        if let i = answers?.blocks.lastIndex(where: { $0.part == partNumber(part) }) { answers?.blocks[i].stopped = reason }
        saveAnswers()
    }

    /// Ends the running part: the think-aloud track and the recording finished (with the project
    /// as it was left), its end in the answers, and the study's log told (`kind`, with `fields`).
    private func endPart(_ part: Part, now: Time, as event: (String) -> InteractionEvent = { .partEnded(part: $0) }) {
        guard let block else { return }
        onPartEnded?()
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

    private func start(_ part: Part, now: Time) {
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
            let r = try Recording(folder: partFolder, project: project, configuration: configuration, plan: plan, origin: now)
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
                for e in log { self.onLog?(self.forObserver(e)) }
                if log.contains(where: { ["answer", "questionnaire.done", "task.ended"].contains($0.kind) }) {
                    self.answers?.take(log, part: number, variant: label, origin: self.partOrigin, at: self.wallClock())
                    self.saveAnswers()
                }
            }))
        partOrigin = now
        block = session
        onPartBegan?(partFolder)
        answers?.blocks.append(StudyAnswers.Block(part: number, variant: label, folder: name, began: wallClock()))
        saveAnswers()
        stage = .running(part)
        logStudy(LogEvent(time: now, .partBegan(part: name, variant: label)))
    }

    private func finish(_ part: Part, now: Time) {
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
    private func releaseParticipant() {
        participantLock?.remove()
        participantLock = nil
    }

    private func partNumber(_ part: Part) -> Int {
        if case let .block(n) = part { return n + 1 }
        return 0
    }

    /// The part's folder in the participant's ("practice", "block1-outside"); its name in the logs.
    public func folderName(_ part: Part) -> String {
        guard case let .block(n) = part, let variant = schedule?.blocks[n].variant else { return "practice" }
        return "block\(n + 1)-" + String(variant.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }

    private func partName(_ part: Part) -> String {
        if case let .block(n) = part { return "block \(n + 1)" }
        return "the practice"
    }

    private func agree(now: Time) {
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

    private func saveAnswers() {
        guard let answers, let participant else { return }
        do {
            try answers.write(to: participantFolder(participant))
            unsaved["answers.json"] = nil
        } catch {
            problem("answers.json cannot be saved (\(CommandError.reason(error)))")
            unsaved["answers.json"] = CommandError.reason(error)
        }
    }

    /// Keeps the participant's input for `study-trace.jsonl` (none typed on the number keypad:
    /// a script is given its number).
    private func record(_ input: [InputEvent]) {
        guard !input.isEmpty, stage != .participant, stage != .declined, kiosk == nil || participant != nil else { return }
        // Held only until the participant's folder opens; a trace that could not be opened keeps nothing.
        guard studyTrace != nil || answers == nil else { return }
        unwrittenInput += input.map {
            var e = $0; e.time = e.time - (studyOrigin ?? .zero); return e
        }
        guard let studyTrace else { return }
        let lines = unwrittenInput.map { Trace.line(for: $0) + "\n" }.joined()
        unwrittenInput.removeAll()
        do { try studyTrace.write(contentsOf: Data(lines.utf8)) } catch {
            if unsaved[Self.studyTraceName] == nil { unsaved[Self.studyTraceName] = "input lost (\(CommandError.reason(error)))" }
        }
    }

    /// Opens the participant's `study-trace.jsonl` (appending on a resume) and writes what
    /// was held for it.
    private func openStudyTrace(in folder: URL) {
        // A resumed participant's window has a clock of its own: its input goes to a file of its own.
        var url = folder.appendingPathComponent(Self.studyTraceName), k = 1
        while pendingResume != nil && FileManager.default.fileExists(atPath: url.path) {
            url = folder.appendingPathComponent("study-trace-resumed-\(k).jsonl")
            k += 1
        }
        do {
            let fresh = !FileManager.default.fileExists(atPath: url.path)
            let handle = FileHandle(fileDescriptor: try AtomicFile.open(url, flags: O_WRONLY | O_CREAT | O_APPEND), closeOnDealloc: true)
            if fresh { try handle.write(contentsOf: Data((Trace.header(viewport: viewport) + "\n").utf8)) }
            studyTrace = handle
            record([])
            let lines = unwrittenInput.map { Trace.line(for: $0) + "\n" }.joined()
            unwrittenInput.removeAll()
            try handle.write(contentsOf: Data(lines.utf8))
        } catch {
            unsaved[Self.studyTraceName] = "not recorded (\(CommandError.reason(error)))"
        }
    }

    /// Tells the study's log (written after consent, none before) and the observer of `event`,
    /// which happened `ago` seconds before now (its wall-clock time `at`). Returns whether the
    /// study's log took it.
    @discardableResult
    private func logStudy(_ event: LogEvent, ago: Double = 0) -> Bool {
        onLog?(forObserver(event))
        var e = onStudyClock(event)
        e.wallClock = StudyAnswers.iso(wallClock() - ago)
        guard let studyLog else { return false }
        do { try studyLog.write(contentsOf: Data((e.jsonLine + "\n").utf8)) } catch {
            if unsaved["study-log.jsonl"] == nil { unsaved["study-log.jsonl"] = "events lost (\(CommandError.reason(error)))" }
            return false
        }
        return true
    }

    /// `event` as the observer page shows it: on the study's clock, and — made in a part — its
    /// time on the part's clock too (`blockT`, the time in the block's log and video), so the
    /// page names the moment a researcher will seek to in the video.
    private func forObserver(_ event: LogEvent) -> LogEvent {
        var e = onStudyClock(event)
        if case .running = stage, event.time >= partOrigin {
            e.blockTime = ((event.time - partOrigin).seconds * 1000).rounded() / 1000
        }
        return e
    }

    /// `event` with its time on the study's clock (since the window opened), as the study's log keeps it.
    private func onStudyClock(_ event: LogEvent) -> LogEvent {
        var e = event
        e.time = event.time - (studyOrigin ?? .zero)
        return e
    }

    private func problem(_ message: String) {
        onProblem?(message)
        block?.post(banner: message, isError: true)
    }

    // MARK: The operator's keyboard

    /// Takes the operator's keys: markers (M, 1–9) and notes (N … Return). Returns whether the
    /// event was theirs (it then goes to no one else).
    private func operatorKey(_ event: InputEvent, now: Time) -> Bool {
        if block?.state.textEdit != nil { return false } // the participant is typing into the editor
        if note != nil {
            switch event.kind {
            case let .text(t): note! += t; return true
            case .key(.backspace): if !note!.isEmpty { note!.removeLast() }; return true
            case .key(.enter): mark(key: "n", category: "note", note: note, now: now); note = nil; return true
            case .key(.escape): note = nil; return true
            case .key: return true
            default: return false
            }
        }
        guard case let .text(t) = event.kind, t.count == 1 else { return false }
        switch t {
        case "m", "M": mark(key: "m", category: "marker", note: nil, now: now); return true
        case "n", "N": note = ""; return true
        case "1"..."9" where stage != .participant:
            mark(key: t, category: study.markers[t] ?? "marker \(t)", note: nil, now: now); return true
        default: return false
        }
    }

    /// Adds a marker made `waited` seconds before `now` (it waited in the observer page's outbox;
    /// it then says so as `queued`, when over a second): into the study's log and the running
    /// part's (unless it was made before the part began), with the task on show then and the
    /// observer page's `id` for it. It is placed at the moment it was made, but never more than
    /// `study.observerLateMarkerLimit` before now nor before the study began. Returns whether
    /// the study's log took it.
    @discardableResult
    public func mark(
        key: String, category: String, note: String?, source: String = "keyboard", id: String? = nil, waited: Double = 0, now: Time
    ) -> Bool {
        let time = max(now - .seconds(min(max(0, waited), configuration.study.observerLateMarkerLimit)), studyOrigin ?? .zero)
        var marker = InteractionEvent.Marker(key: key, category: category, source: source)
        if let note, !note.isEmpty { marker.note = String(note.prefix(2000)) }
        marker.id = id
        if waited > 1 { marker.queued = (waited * 10).rounded() / 10 }
        let inPart = time >= partOrigin
        // The task on show when it was made, also when it arrives late, after the next began.
        if inPart, let task = block?.state.tasks?.task(onShowAt: time) { marker.task = task }
        if inPart, case let .running(part) = stage { marker.part = folderName(part) }
        let event = LogEvent(time: time, .marker(marker))
        if inPart { recording?.log([event]) }
        return logStudy(event, ago: (now - time).seconds)
    }

    /// An observer's marker (`key` "m" or "1"…"9", in the study file's categories) or note (`key`
    /// "n"), from the observer page, made `waited` seconds before `now` (it waited in the page's
    /// outbox), for `participant` ("P01"; nil: whoever is on). Returns why it was not saved — the
    /// participant's session ended, no participant's log is open yet — or nil when it was.
    @discardableResult
    public func observerMark(key: String, note: String?, id: String? = nil, participant named: String? = nil, waited: Double = 0, now: Time) -> String? {
        let current = participant.map { StudyAnswers.name(of: $0) }
        if let named, named != current { return "\(named)'s session ended" }
        guard studyLog != nil else {
            return current.map { "\($0) has not agreed to the study yet: nothing is logged before consent" } ?? "no participant's session is running"
        }
        let category = key == "n" ? "note" : key == "m" ? "marker" : study.markers[key] ?? "marker \(key)"
        guard mark(key: key, category: category, note: note, source: "observer", id: id, waited: waited, now: now) else {
            return "the study's log could not be written (\(unsaved["study-log.jsonl"] ?? "a write failed"))"
        }
        return nil
    }

    /// What the observer page shows: participant, stage, variant, and the task on show with
    /// whether its clock runs and (with `elapsed`) the seconds on it so far — the page runs the
    /// clock itself, so a state without them changes only when something else did.
    public func observerState(now: Time, elapsed: Bool = true) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("study", .string(study.title)), ("participant", participant.map { .string(StudyAnswers.name(of: $0)) } ?? .null),
            ("stage", .string(stageName)),
        ]
        if case let .running(part) = stage {
            if case let .block(n) = part, let v = schedule?.blocks[n].variant { fields.append(("variant", .string(v))) }
            if let run = block?.state.tasks, let task = run.current {
                var t: [(String, JSONValue)] = [
                    ("id", .string(task.id)), ("prompt", .string(task.prompt)),
                    ("index", .number(Double(run.index + 1))), ("count", .number(Double(run.plan.tasks.count))),
                ]
                t.append(("running", .bool(run.began != nil && run.ended == nil)))
                if elapsed, let began = run.began { t.append(("elapsed", .number((((run.ended?.time ?? now) - began).seconds * 1000).rounded() / 1000))) }
                if run.asking != nil { t.append(("questionnaire", .string(run.asking!.questionnaire.id))) }
                fields.append(("task", .object(t)))
            }
        }
        return .object(fields)
    }

    // MARK: The study's screens

    /// One UI pass over the study's own screen for the stage.
    private func pass(_ touches: [InputEvent], now: Time) -> DrawList {
        let ui = UIContext(memory: memory, touches: touches, now: now, viewport: viewport, measurer: measurer, theme: theme)
        ui.fill(Rect(origin: .zero, size: viewport), theme.background)
        let s = theme.strings
        ui.inLayer(.topmost) {
            let form = Form(ui: ui, theme: theme, viewport: viewport, id: "study")
            switch stage {
            case .participant: keypad(form, now: now)
            case .consent:
                form.heading(s[.consentHeading])
                form.paragraph(study.title)
                let text = form.scrollingText(study.consent, offset: consentScroll, id: "study.consent")
                for g in text.scrolls {
                    switch g.phase {
                    case .began: consentAnchor = consentScroll
                    case .changed: if let anchor = consentAnchor { consentScroll = min(max(0, anchor - g.translation.y), max(0, text.height - text.room)) }
                    default: consentAnchor = nil
                    }
                }
                switch form.foot([("study.agree", s[.agree], true, true), ("study.decline", s[.decline], true, false)]) {
                case "study.agree"?: agree(now: now)
                case "study.decline"?:
                    stage = .declined
                    // Nothing of one who declined is kept, not even the lock on their number: only
                    // when it happened, so the report can count declines.
                    releaseParticipant()
                    if let reason = DeclinedConsents.record(at: wallClock(), in: folder) { problem("the decline could not be noted: \(reason)") }
                    if let kiosk { resetAt = now + .seconds(kiosk.studyResetAfter) }
                    logStudy(LogEvent(time: now, .consent(participant: nil, agreed: false))) // told, never written
                default: break
                }
            case let .intro(part):
                let count = schedule?.blocks.count ?? 0
                if case let .block(n) = part {
                    form.heading(s.format(.partNumber, ["n": s.digits("\(n + 1)"), "count": s.digits("\(count)")]))
                    // After the first part the participant is told the editor has changed, so they do
                    // not take the next part for a repeat of the last.
                    let intro = s[n == 0 ? .partIntro : .partIntroChanged]
                    form.paragraph(intro)
                    ui.element(UIElement(id: "study.intro", role: "text", label: intro, frame: form.panel))
                } else {
                    form.heading(s[.practice])
                    form.paragraph(s[.practiceIntro])
                }
                if form.foot([("study.start", s[.start], true, true)]) != nil { start(part, now: now) }
            case .running:
                break
            case .thanks:
                form.heading(study.title)
                form.paragraph(s[.thankYou])
                form.paragraph(s[.thankYouDone], font: theme.metrics.form.bodyFont)
            case .declined:
                form.heading(study.title)
                form.paragraph(s[.declinedThanks])
            }
            ui.element(UIElement(id: "study", role: "studyScreen", label: study.title, frame: form.panel, state: ["stage": .string(stageName)]))
        }
        memory = ui.finish()
        elements = ui.elements
        return ui.draw
    }

    /// The stage's name for inspection and the observer ("consent", "block 2", "thanks").
    /// Where the run stopped, as the closing line says it: "before block 2", "in block 1", "at the consent".
    public var whereStopped: String {
        switch stage {
        case .participant: return "at the participant number"
        case .consent: return "at the consent"
        case let .intro(p): return "before " + partName(p)
        case let .running(p): return "in " + partName(p)
        case .thanks: return "at the thanks"
        case .declined: return "at the declined consent"
        }
    }

    public var stageName: String {
        switch stage {
        case .participant: return "participant"
        case .consent: return "consent"
        case let .intro(p): return "before " + partName(p)
        case let .running(p): return partName(p)
        case .thanks: return "thanks"
        case .declined: return "declined"
        }
    }

    /// The participant-number keypad: digits, Clear, and Start once a number is typed.
    private func keypad(_ form: Form, now: Time) {
        let s = theme.strings, m = theme.metrics.form, ui = form.ui
        form.heading(study.title)
        form.paragraph(s[.participantNumber])
        // Portrait: the number, then the keys under it; landscape: the number at the left, the
        // keys in the middle, over the whole height.
        let wide = form.content.width > form.content.height
        let column = wide ? form.content.width / 3 : form.content.width
        let number = Rect(x: form.content.x, y: form.cursor, width: column, height: m.numberHeight)
        ui.text(
            Int(digits).map(StudyAnswers.name(of:)) ?? "–", in: number, font: m.numberFont, color: theme.textPrimary,
            alignment: wide ? theme.leading : .center)
        if let notice {
            ui.paragraph(
                notice, in: Rect(x: form.content.x, y: number.maxY + m.bodyGap, width: column, height: m.progressHeight), font: m.progressFont,
                color: theme.danger, alignment: wide ? theme.leading : .center, lineHeight: m.lineHeight, maximumLines: 3)
        }
        let y = wide ? form.content.y : number.maxY + 2 * m.bodyGap + m.progressHeight
        let room = (wide ? form.content.maxY : form.footTop - m.bodyGap) - y
        let side = max(m.minimumTarget, min(m.keyMaximum, (form.content.width - 2 * m.keyGap) / 3, (room - 3 * m.keyGap) / 4))
        let x0 = form.content.midX - (3 * side + 2 * m.keyGap) / 2
        let keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", ""]
        for (i, key) in keys.enumerated() where !key.isEmpty {
            let frame = Rect(x: x0 + Double(i % 3) * (side + m.keyGap), y: y + Double(i / 3) * (side + m.keyGap), width: side, height: side)
            let label = key == "clear" ? s[.clear] : s.digits(key)
            if ui.button(
                "study.key.\(key)", role: "key", label: label, frame: frame,
                draw: { look in
                    ui.fill(frame, look.pressed ? theme.surface : theme.background, radius: m.answerRadius)
                    ui.text(label, in: frame, font: key == "clear" ? m.bodyFont : m.answerFont, color: theme.textPrimary, alignment: .center)
                })
            {
                notice = nil
                // No leading zeros, at most four digits (P0001 … P9999).
                if key == "clear" { digits = "" } else if digits.count < 4, let n = Int(digits + key) { digits = n == 0 ? "" : String(n) }
            }
        }
        if form.foot([("study.start", s[.start], !digits.isEmpty, true)]) != nil, let n = Int(digits) {
            if let refusal = Self.refusal(of: n, in: folder) ?? claim(n) {
                notice = refusal
            } else {
                participant = n
                schedule = study.schedule(forParticipant: n)
                stage = .consent
                logStudy(LogEvent(time: now, .participant(StudyAnswers.name(of: n))))
            }
        }
    }
}
