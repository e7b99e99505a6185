import ArgumentParser
import Foundation
import TactileApp
import TactileStudy
import TactileCore
import TactileHeadless

/// The `tactile` command line: a thin front over TactileApp.
struct Tactile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tactile",
        abstract: "A touch-interaction lab: a phone-sized video editor for Linux touchscreens.",
        version: TactileVersion.string,
        subcommands: [
            Run.self, Snapshot.self, Inspect.self, Replay.self, Videos.self, Clips.self, Heatmap.self, Report.self, Probe.self, Export.self, Config.self,
            Calibrate.self,
            Devices.self, Study.self, LintLayout.self,
        ],
        defaultSubcommand: Run.self)
}

/// Prints a command's text on standard output with every control character but newlines and
/// tabs shown as `\u{1B}`: text from a file (a study's title, a clip's name, a report of a
/// hostile session) can never clear the screen or retitle the terminal.
func show(_ text: String, terminator: String = "\n") {
    FileHandle.standardOutput.write(Data((PrintableText.lines(text) + terminator).utf8))
}

/// Runs a command body, printing a failure as "tactile: message" and exiting with its code.
func guarded(_ body: () throws -> Void) throws {
    do { try body() } catch let error as CommandError {
        // One line, and nothing from a file can drive the terminal (escapes are shown, not sent).
        FileHandle.standardError.write(Data("tactile: \(PrintableText.of(error.message, limit: 4000))\n".utf8))
        throw ExitCode(error.exitCode)
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open the editor in a window (the default command).")

    @OptionGroup var settingsOptions: SettingsOptions
    @OptionGroup var media: MediaOptions

    @Argument(help: "Media files to open as a new project, one after another (default: the built-in demo).") var files: [String] = []
    @Option(help: "A project file to open (default: the built-in demo).") var project: String?
    @Option(parsing: .unconditional, help: "Pixels per point (default: chosen from the display).") var scale: Double?
    @Option(help: "phone: the phone in a device frame, centred; fill: the UI fills the window.") var device: DeviceOption = .phone
    @Flag(help: "Open fullscreen.") var fullscreen = false
    @Option(help: "Viewport in points, e.g. 390x844 (default) or 844x390 for landscape.") var size: String?
    @Option(
        help:
            "Record the session into this folder: trace, interaction log, project at start and end, config (with --kiosk: the whole run, attract loop and visitors, replayable)."
    ) var record: String?
    @Flag(name: .customLong("show-touches"), help: "Draw a circle and a fading trail under each finger.") var showTouches = false
    @Option(help: "A test plan (JSON): tasks shown one at a time, each done when conditions on the project hold; time on task is logged.") var plan: String?
    @Flag(name: .customLong("pointer-location"), help: "Draw each finger's crosshair and path, with a header of count, position, velocity and pressure.")
    var pointerLocation = false
    @Flag(
        help:
            "Draw the frame monitor: frames per second, frame time, input events per frame, in-app latency from the event queue to the present (p50 / p99), and what the loop waits for."
    )
    var monitor = false
    @Flag(help: "Kiosk mode: fullscreen, no cursor, no way out but the configured gesture; idle reset, attract loop, visitors' sessions saved.") var kiosk =
        false
    @Flag(
        help:
            "Draw the gesture-arena debugger: slop circles, the recognisers competing for each finger, the winner and the rule that decided, timers as shrinking rings."
    ) var arena = false
    @Flag(
        name: .customLong("record-audio"),
        help: "With --record: record the microphone (think-aloud) into the session's folder, on its clock; `replay --video` uses it as the sound track.")
    var recordAudio = false
    @Flag(
        help:
            "Photon mode, for measuring latency from outside (a photodiode, a high-speed camera): each touch-down flips a white / black patch (overlays.photonPlace, overlays.photonSize), and a recording's latency.jsonl gives the frame that showed each flip its present time."
    ) var photon = false
    @Option(
        help:
            "Two variants of --config's file to flip between with F6 or a two-finger tap outside the phone (\"base\": the file's own settings), as --flip base,B. The tuning panel (F5) saves more."
    ) var flip: String?

    func run() throws {
        try guarded {
            try Windowed.run(
                project: project, files: files, scale: scale, fill: device == .fill, fullscreen: fullscreen, size: size,
                settings: settingsOptions.settings, mediaDir: media.mediaDir,
                options: RunOptions(
                    record: record, showTouches: showTouches, pointerLocation: pointerLocation, monitor: monitor, plan: plan, kiosk: kiosk,
                    arena: arena, recordAudio: recordAudio, photon: photon, flip: flip))
        }
    }
}

enum DeviceOption: String, ExpressibleByArgument, CaseIterable { case phone, fill }

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render one frame with no window and write a PNG.")

    @OptionGroup var settingsOptions: SettingsOptions
    @OptionGroup var media: MediaOptions

    @Option(help: "Where to write the PNG.") var out: String
    @Option(help: "A project file (default: the built-in demo).") var project: String?
    @Option(help: "Viewport in points, e.g. 390x844.") var size: String?
    @Option(parsing: .unconditional, help: "Pixels per point (default 2).") var scale: Double?
    @Option(parsing: .unconditional, help: "Put the playhead at this time, in seconds.") var at: Double?

    func run() throws {
        try guarded {
            try Commands.snapshot(out: out, project: project, size: size, scale: scale, at: at, settings: settingsOptions.settings, mediaDir: media.mediaDir)
        }
    }
}

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print every element on screen as JSON (roles, frames, hit frames, state).")

    @OptionGroup var settingsOptions: SettingsOptions
    @OptionGroup var media: MediaOptions

    @Option(help: "A project file (default: the built-in demo).") var project: String?
    @Option(help: "Replay this trace first.") var replay: String?
    @Option(
        parsing: .unconditional,
        help: "With --replay: stop at this time, in seconds: sooner cuts the trace short, later runs its scheduled frames on (default: the last event).")
    var until: Double?
    @Option(help: "Viewport in points, e.g. 390x844 (default: the trace's, or 390x844).") var size: String?
    @Option(parsing: .unconditional, help: "Pixels per point used to measure text (default 2).") var scale: Double?
    @Option(parsing: .unconditional, help: "Put the playhead at this time, in seconds.") var at: Double?

    func run() throws {
        try guarded {
            show(
                try Commands.inspect(
                    project: project, replay: replay, size: size, scale: scale, at: at, settings: settingsOptions.settings,
                    mediaDir: media.mediaDir, until: until), terminator: "")
        }
    }
}

struct LintLayout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint-layout",
        abstract:
            "Walk every screen through a matrix of sizes, orientations, aspects, ui-scales and locales; report overlapping touch targets, cut or split words, targets off the screen or under 44 pt, and English on a screen in another language."
    )

    @Flag(help: "The whole matrix (4 sizes × 2 orientations × 4 aspects × 5 scales × 3 locales) rather than its extremes.") var full = false
    @Option(help: "Write each screen with findings as a PNG, its offenders outlined, into this folder.") var pictures: String?
    @Flag(help: "With --pictures: write every screen, not only those with findings (to look at them).") var everyPicture = false
    @Option(help: "Only the screens whose name contains this.") var screen: String?

    func run() throws {
        try guarded {
            let cells = full ? LayoutMatrix.full : LayoutMatrix.reduced
            let screens = (LayoutMatrix.screens + StudySession.layoutScreens).filter { screen == nil || $0.name.contains(screen!) }
            var found = 0, checked = 0
            _ = try LayoutMatrix.run(
                cells: cells, screens: screens, pictures: pictures.map { URL(fileURLWithPath: $0) }, everyPicture: everyPicture, check: LayoutCheck.withStudy,
                progress: { result in
                    checked += 1
                    if let why = result.unreachable { show("\(result.cell.name) · \(result.screen): not reached: \(why)") }
                    for finding in result.findings {
                        found += 1
                        show("\(result.cell.name) · \(result.screen) · \(finding.kind.rawValue): \(finding.detail)")
                    }
                })
            show("\(checked) screens checked in \(cells.count) cells: \(found) findings")
            if found > 0 { throw ExitCode(1) }
        }
    }
}

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Feed a touch trace (or a recorded session's folder) through the editor on a virtual clock.")

    @OptionGroup var settingsOptions: SettingsOptions
    @OptionGroup var media: MediaOptions

    @Argument(help: "The trace (JSON Lines), or a session folder made by `run --record` (its project and config are used).") var trace: String
    @Option(help: "A project file (default: the session's starting project, else the built-in demo).") var project: String?
    @Option(name: .customLong("state-out"), help: "Write the resulting project JSON here.") var stateOut: String?
    @Option(name: .customLong("log-out"), help: "Write the interaction log (JSON Lines) here.") var logOut: String?
    @Option(help: "Write the final frame as a PNG here.") var snapshot: String?
    @Option(help: "Render the session to this MP4 (H.264), with touch indicators.") var video: String?
    @Option(parsing: .unconditional, help: "With --video: frames per second (default: the session's display rate, else 30).") var fps: Double?
    @Option(help: "Run this test plan during the replay (default: the session's own plan.json, if any).") var plan: String?
    @Option(parsing: .unconditional, help: "Pixels per point of the snapshot and video (default 2).") var scale: Double?
    @Option(
        parsing: .unconditional,
        help: "Stop at this time, in seconds: sooner cuts the session short, later runs its scheduled frames on (default: the last event).") var until: Double?
    @Flag(help: "Draw the gesture-arena debugger into the snapshot and the video.") var arena = false
    @Option(parsing: .unconditional, help: "With --video: threads drawing frames (default one per core; 1 draws and encodes each frame in turn).") var jobs:
        Int?

    func run() throws {
        try guarded {
            try Commands.checkJobs(jobs)
            let summary = try Commands.replay(
                trace: trace, project: project,
                outputs: .init(
                    stateOut: stateOut, snapshot: snapshot, logOut: logOut, video: video, framesPerSecond: fps, plan: plan,
                    arena: arena, jobs: jobs),
                scale: scale, until: until, settings: settingsOptions.settings, mediaDir: media.mediaDir)
            FileHandle.standardError.write(Data((summary + "\n").utf8))
        }
    }
}

struct Videos: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Export every recorded session under the folders given (a study's results, single sessions) as MP4 videos into one folder, each drawn on every core, with a progress bar."
    )

    @OptionGroup var settingsOptions: SettingsOptions
    @OptionGroup var media: MediaOptions
    @Argument(help: "Session folders, or folders holding them (a study's results folder: P01/block1-outside, …).") var paths: [String]
    @Option(help: "The folder the videos go into (P01-block1-outside.mp4, …).") var out: String
    @OptionGroup var video: VideoOptions

    func run() throws {
        try guarded {
            show(
                try BatchVideos.run(
                    paths, out: out, scale: video.scale, fps: video.fps, jobs: video.jobs, settings: settingsOptions.settings, mediaDir: media.mediaDir,
                    shard: try video.shard.map(Shard.init(parsing:)) ?? .whole),
                terminator: "")
        }
    }
}

struct Clips: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Cut short MP4s for a highlight reel: one per marker or note (a window before and after it) or, with --tasks, one per task attempt, with the touches and the think-aloud sound."
    )

    @OptionGroup var settingsOptions: SettingsOptions
    @OptionGroup var media: MediaOptions
    @Argument(help: "Session folders, or folders holding them (a study's results folder).") var paths: [String]
    @Option(help: "The folder the clips go into (P01-block1-outside-marker-02-confusion.mp4, …).") var out: String
    @Flag(help: "One clip per task attempt (from its start to its judgement) instead of one per marker.") var tasks = false
    @Option(parsing: .unconditional, help: "Seconds before the marker or the task's start (default study.clipBefore, 5).") var before: Double?
    @Option(parsing: .unconditional, help: "Seconds after the marker or the task's judgement (default study.clipAfter, 10).") var after: Double?
    @Option(help: "Only the markers of this category (confusion, error, note, …).") var category: String?
    @Option(help: "Only this participant's sessions (P03 or 3).") var participant: String?
    @OptionGroup var video: VideoOptions

    func run() throws {
        try guarded {
            show(
                try HighlightClips.run(
                    paths, out: out, tasks: tasks, before: before, after: after, category: category, participant: participant, scale: video.scale,
                    fps: video.fps, jobs: video.jobs, settings: settingsOptions.settings, mediaDir: media.mediaDir,
                    shard: try video.shard.map(Shard.init(parsing:)) ?? .whole), terminator: "")
        }
    }
}

struct Heatmap: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the touch-downs of one or many sessions (or a study's, screen by screen) as a heatmap over a snapshot of the UI, with a legend.")

    @OptionGroup var media: MediaOptions

    @Argument(help: "Traces or session folders (made by `run --record`), or one study's results folder (one PNG per screen).") var traces: [String]
    @Option(help: "Where to write the PNG.") var out: String
    @Option(help: "The project the UI shows (default: the first session's starting project, else the demo).") var project: String?
    @Option(parsing: .unconditional, help: "Pixels per point (default 2).") var scale: Double?
    @Option(parsing: .unconditional, help: "Spread of each touch, in points (default 10).") var radius: Double?
    @Option(
        help:
            "What to draw, comma-separated: taps (every touch-down), misses, rage, dead, nearMiss, unresponsive (frustration signals from the sessions' logs). Default taps."
    ) var layer = "taps"
    @Option(help: "A study's results folder only: the touches during this task (and its SEQ).") var task: String?
    @Option(help: "A study's results folder only: the blocks of this variant.") var variant: String?
    @Option(
        help:
            "A study's results folder only: one screen — editor, between (the task card), seq, sus or a questionnaire's id (default: a PNG per screen, OUT-screen.png)."
    )
    var screen: String?
    @OptionGroup var who: SelectionOptions

    func run() throws {
        try guarded {
            let summary = try Commands.heatmap(
                traces: traces, out: out, project: project, scale: scale, radius: radius, mediaDir: media.mediaDir,
                layers: layer.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }, task: task,
                variant: variant, screen: screen, selection: try who.selection())
            FileHandle.standardError.write(Data((summary + "\n").utf8))
        }
    }
}

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Summarise recorded sessions (length, taps, misses and the elements nearest them, gestures, edits, undos, latency), or a study's results folder (success, time on task, SEQ, SUS and the differences between variants, with intervals and tests)."
    )

    @Argument(help: "Session folders (made by `run --record`), or one study results folder (made by `study run`).") var sessions: [String]
    @Option(help: "Write the Markdown here instead of printing it.") var out: String?
    @Option(help: "Also write the figures as JSON here.") var json: String?
    @Option(help: "Also write the report as one HTML page here (a study's with its plots; sessions' with their settings compared and the knobs in numbers).")
    var html: String?
    @Option(help: "A study: also write tidy CSV files (attempts, answers, participants, markers) into this folder.") var csv: String?
    @Option(help: "A study, with --html: the folder `tactile clips` cut the markers' clips into; each marker links to its clip.") var clips: String?
    @OptionGroup var who: SelectionOptions

    func run() throws {
        try guarded {
            show(try Commands.report(sessions, out: out, json: json, html: html, csv: csv, clips: clips, selection: try who.selection()), terminator: "")
        }
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export the project to a movie (H.264 and AAC in an MP4), as the Export sheet does, with a progress bar on the terminal.")

    @OptionGroup var settingsOptions: SettingsOptions

    @Option(help: "A project file (default: the built-in demo).") var project: String?
    @Option(help: "Where to write the movie (.mp4).") var out: String
    @Option(help: "720p, 1080p or 4K: the shorter side, in the project's aspect (default: export.size, 1080p).") var size: String?
    @Option(parsing: .unconditional, help: "Frames per second: 24, 25, 30 or 60 (default: export.framesPerSecond, 30).") var fps: Int?
    @Option(help: "draft, standard or high (default: export.quality, standard).") var quality: String?
    @Option(parsing: .unconditional, help: "Threads drawing what cannot be composed straight from YUV (default: export.drawThreads, 1).") var jobs: Int?

    func run() throws {
        try guarded {
            try Commands.checkJobs(jobs)
            show(
                try Commands.export(
                    project: project, out: out, size: size, framesPerSecond: fps, quality: quality,
                    settings: settingsOptions.settings, drawThreads: jobs), terminator: "")
        }
    }
}

struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Say what is in media files, as JSON; exit 1 if any cannot be used.")

    @Argument(help: "Media files.") var files: [String]

    func run() throws {
        let result = Commands.probe(files)
        show(result.json, terminator: "")
        if !result.allOK { throw ExitCode(1) }
    }
}

struct Calibrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Calibrate the touch panel: tap 4 (or 9) crosses, check the result on a grid, save it into the configuration file (the old one kept as FILE.bak) and print the matching libinput udev rule."
    )

    @Option(help: "The configuration file to write the touchscreen calibration into (made if missing).") var config = "~/.config/tactile/config.json"
    @Option(parsing: .unconditional, help: "How many targets: 4 (the corners) or 9 (a 3 × 3 grid).") var points = 4
    @Option(parsing: .unconditional, help: "Pixels per point (default: chosen from the display).") var scale: Double?

    func run() throws {
        try guarded {
            guard let summary = try TactileApp.Calibrate.run(configFile: config, points: points, scale: scale) else {
                FileHandle.standardError.write(Data("tactile: calibration cancelled; nothing was written\n".utf8))
                return
            }
            show(summary, terminator: "")
        }
    }
}

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the touch devices SDL sees, then count, while you touch the panel, the fingers each reports and any mouse presses that come with them.")

    @Option(parsing: .unconditional, help: "How long to watch, in seconds.") var seconds = 5.0

    func run() throws {
        try guarded { show(try Commands.devices(seconds: seconds), terminator: "") }
    }
}

struct Study: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Usability studies: run a participant through a study, check a study file and its design, and withdraw a participant.",
        discussion: """
            `tactile study run STUDY --participant N` runs one participant in a window (consent,
            practice, each variant's block of tasks and questionnaires), recorded into the
            participant's folder, with a live observer page when asked for. `tactile study check
            STUDY` names what is wrong with a study file and prints who meets which variant and
            task, in which order. `tactile study withdraw RESULTS P03` deletes everything of a
            participant who withdraws (their folder, videos and clips) and keeps only the fact.
            The results are read by `tactile report`, `tactile videos` and `tactile heatmap` (see
            Docs/Studies.md).
            """,
        subcommands: [StudyRunCommand.self, StudyCheck.self, StudyWithdrawCommand.self])
}

struct StudyRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract:
            "Run one participant through a study: consent, practice, each variant block's tasks with the SEQ after each and the SUS after each block, recorded into the participant's folder."
    )

    @OptionGroup var media: MediaOptions
    @Argument(help: "The study file (JSON; see Docs/Studies.md).") var file: String
    @Option(help: "The participant, e.g. P07 or 7 (default: typed on a touch keypad at the start).") var participant: String?
    @Option(help: "The study's results folder: the participant's folder (P07) is made inside.") var out: String
    @Option(parsing: .unconditional, help: "Pixels per point (default: chosen from the display).") var scale: Double?
    @Option(help: "phone: the phone in a device frame, centred; fill: the UI fills the window.") var device: DeviceOption = .phone
    @Flag(help: "Open fullscreen.") var fullscreen = false
    @Option(help: "Viewport in points, e.g. 390x844 (default) or 844x390 for landscape.") var size: String?
    @Option(name: .customLong("ui-scale"), parsing: .unconditional, help: "Scale text and touch targets together, like Dynamic Type (0.5 … 3, default 1).")
    var uiScale: Double?
    @Option(help: "The chrome's language and number format, e.g. ar_EG, de_DE, en (default: the environment's LANG).") var locale: String?
    @Option(
        name: .customLong("observer-port"), parsing: .unconditional,
        help: "Serve the live observer page on this port (over study.observerPort); its address, with its token, is printed at start.") var observerPort: Int?
    @Flag(help: "Run unattended, fullscreen: each visitor becomes the next participant; the kiosk's exit hold (and PIN) is the only way out.") var kiosk = false
    @Flag(
        name: .customLong("record-audio"),
        help: "Record the microphone (think-aloud) into each block's folder (over study.recordAudio); `replay --video` uses it as the sound track.")
    var recordAudio = false
    @Flag(
        help:
            "Go on with an interrupted --participant into the same folder: from the first part that did not run to its end (a part stopped midway is run again from its start, its recording kept as …-interrupted-1)."
    ) var resume = false
    @Option(
        help:
            "Play this participant from a trace instead of a person (a participant's study-trace.jsonl, or one written by hand): the same runner, results marked as scripted. Needs --headless."
    ) var script: String?
    @Flag(help: "With --script: run without a window, on a virtual clock.") var headless = false

    func run() throws {
        try guarded {
            if script != nil || headless {
                guard let script, headless else {
                    throw CommandError.badInput(
                        script == nil ? "--headless needs a --script to play (a person needs the window)" : "--script plays without a window: add --headless")
                }
                guard !kiosk, observerPort == nil, !recordAudio else {
                    throw CommandError.badInput("--script --headless takes no --kiosk, --observer-port or --record-audio (nobody is there to watch or speak)")
                }
                show(
                    try StudyRun.runScripted(
                        study: file, participant: participant, out: out, script: script, settings: Settings(uiScale: uiScale, locale: locale),
                        mediaDir: media.mediaDir, resume: resume), terminator: "")
                return
            }
            show(
                try StudyRun.run(
                    study: file, participant: participant, out: out, scale: scale, fill: device == .fill, fullscreen: fullscreen, size: size,
                    settings: Settings(uiScale: uiScale, locale: locale), mediaDir: media.mediaDir, observerPort: observerPort,
                    kiosk: kiosk, recordAudio: recordAudio, resume: resume), terminator: "")
        }
    }
}

struct StudyCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a study file (naming the key that is wrong) and print its design: each participant's variant order and task order.")

    @Argument(help: "The study file (JSON).") var file: String
    @Option(parsing: .unconditional, help: "How many participants to list.") var participants = 8

    func run() throws {
        try guarded {
            guard (1...1000).contains(participants) else { throw CommandError.badInput("--participants must be 1 to 1,000, not \(participants)") }
            let study = try StudyFile.load(URL(fileURLWithPath: HomePath.expanding(file)))
            // Each task's solution replayed headless: proof that it can be done.
            let solved: [StudySolutions.Outcome]
            do { solved = try StudySolutions.check(study) } catch let e as ConfigurationError { throw CommandError.badInput("\(file): \(e)") }
            show(study.designMarkdown(participants: participants), terminator: "")
            if !solved.isEmpty {
                show(
                    "\nSolutions replayed: "
                        + solved.map { "\($0.task) completed in \(String(format: "%.2f", $0.seconds ?? 0)) s with \($0.variant)" }.joined(separator: "; ") + "."
                )
            }
        }
    }
}

struct StudyWithdrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "withdraw",
        abstract:
            "Delete everything of a participant who withdraws: their folder (answers, logs, recordings, sound), their videos and clips; only their id and the date are kept, so the report counts it."
    )

    @Argument(help: "The study's results folder (the --out of `study run`).") var results: String
    @Argument(help: "The participant, e.g. P03 or 3.") var participant: String
    @Option(help: "Another folder with videos or clips of the study (`tactile videos --out`, `tactile clips --out`); repeatable.") var videos: [String] = []
    @Flag(help: "Delete: without it, only list what would be deleted.") var yes = false

    func run() throws {
        try guarded { show(try StudyWithdraw.run(results: results, participant: participant, videos: videos, yes: yes), terminator: "") }
    }
}

struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the default configuration (every key with its default), or check a configuration file.")

    @Option(help: "Check this file instead: say what is wrong with it, naming the key, or print it merged with the defaults.") var check: String?
    @Option(help: "With --check: apply this named variant.") var variant: String?
    @Flag(help: "Print the valid range of every numeric key instead (JSON).") var ranges = false
    @Flag(help: "Print Docs/Configuration.md instead: every key with its default, range and what it does, from the settings' declarations.")
    var docs = false
    @Option(
        name: .customLong("set-pin"),
        help:
            "Store the kiosk's exit PIN in this configuration file as a salted hash (typed twice without echo, or one line on standard input); the file becomes readable by its owner only."
    ) var setPin: String?

    func run() throws {
        try guarded {
            if let setPin {
                guard check == nil, variant == nil, !ranges, !docs else { throw CommandError.badInput("--set-pin takes no other option") }
                show(try SetPin.run(file: setPin), terminator: "")
                return
            }
            if docs {
                guard check == nil, variant == nil, !ranges else { throw CommandError.badInput("--docs takes no other option") }
                show(ConfigurationDocs.markdown(), terminator: "")
                return
            }
            show(try Commands.config(check: check, variant: variant, ranges: ranges), terminator: "")
        }
    }
}

/// The options that pick the configuration, shared by every command that runs the editor.
struct SettingsOptions: ParsableArguments {
    @Option(help: "A configuration file (JSON; see Docs/Configuration.md). `run` applies edits to it while it runs.") var config: String?
    @Option(help: "With --config: apply this named variant from the file's \"variants\".") var variant: String?
    @Option(name: .customLong("ui-scale"), parsing: .unconditional, help: "Scale text and touch targets together, like Dynamic Type (0.5 … 3, default 1).")
    var uiScale: Double?
    @Option(help: "The chrome's language and number format, e.g. ar_EG (right to left, mirrored), de_DE, en (default: the environment's LANG).") var locale:
        String?

    var settings: Settings { Settings(file: config, variant: variant, uiScale: uiScale, locale: locale) }
}

/// How session videos are drawn, shared by `videos` and `clips`.
struct VideoOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Pixels per point (default 2).") var scale: Double?
    @Option(
        parsing: .unconditional,
        help: "Frames per second (default: each session's display rate, else 30; a clip drawn from the trace: study.clipFramesPerSecond, 30).")
    var fps: Double?
    @Option(parsing: .unconditional, help: "Threads drawing frames (default one per core).") var jobs: Int?
    @Option(
        help:
            "Only part K of N (2/4): N machines each make one part, the same sessions whatever the machine, and together every session once (a session's clips with its video)."
    )
    var shard: String?
}

/// Whom a study's figures count, shared by `report` and `heatmap`.
struct SelectionOptions: ParsableArguments {
    @Flag(
        help: "A study: count scripted runs (`study run --script`: pilots) in the figures too; they are not people, so by default every figure leaves them out."
    )
    var includeScripted = false
    @Option(name: .customLong("participant"), help: "A study: count only these participants (P01,P03 or 1,3).") var participants: String?

    func selection() throws -> StudyResults.Selection? { try StudyRun.selection(includeScripted: includeScripted, participants: participants) }
}

/// The folder the media browser shows, shared by the commands that run the editor.
struct MediaOptions: ParsableArguments {
    @Option(name: .customLong("media-dir"), help: "The folder the add buttons browse (default: the demo media).") var mediaDir: String?
}

// One rule for bad input: exit 2 with a sentence, before any work. The argument parser's own
// usage errors (an unknown option, a missing value) would exit 64; they exit 2 as Docs/CommandLine.md
// documents. (Numeric options take a following "-30" as their value, so it is checked by
// name rather than taken for an option.)
do {
    var command = try Tactile.parseAsRoot()
    try command.run()
} catch {
    let code = Tactile.exitCode(for: error)
    if code == .validationFailure {
        FileHandle.standardError.write(Data((Tactile.fullMessage(for: error) + "\n").utf8))
        Tactile.exit(withError: ExitCode(2))
    }
    Tactile.exit(withError: error)
}
