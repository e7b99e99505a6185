import ArgumentParser
import Foundation
import TactileApp

/// The `tactile` command line: a thin front over TactileApp.
struct Tactile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tactile",
        abstract: "A touch-interaction lab: a phone-sized video editor for Linux touchscreens.",
        subcommands: [Run.self, Snapshot.self, Inspect.self, Replay.self, Probe.self],
        defaultSubcommand: Run.self)
}

/// Runs a command body, printing a failure as "tactile: message" and exiting with its code.
func guarded(_ body: () throws -> Void) throws {
    do { try body() } catch let error as CommandError {
        FileHandle.standardError.write(Data("tactile: \(error.message)\n".utf8))
        throw ExitCode(error.exitCode)
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open the editor in a window (the default command).")

    @Argument(help: "Media files to open as a new project, one after another (default: the built-in demo).") var files: [String] = []
    @Option(help: "A project file to open (default: the built-in demo).") var project: String?
    @Option(help: "Pixels per point (default: chosen from the display).") var scale: Double?
    @Option(help: "phone: the phone in a device frame, centred; fill: the UI fills the window.") var device: DeviceOption = .phone
    @Flag(help: "Open fullscreen.") var fullscreen = false
    @Option(help: "Viewport in points, e.g. 390x844 (default) or 844x390 for landscape.") var size: String?
    @Option(name: .customLong("ui-scale"), help: "Scale text and touch targets together, like Dynamic Type (0.5 … 3, default 1).") var uiScale: Double?
    @Option(name: .customLong("media-dir"), help: "The folder the add buttons browse (default: the demo media).") var mediaDir: String?

    func run() throws {
        try guarded {
            try Windowed.run(project: project, files: files, scale: scale, fill: device == .fill, fullscreen: fullscreen, size: size,
                             uiScale: uiScale, mediaDir: mediaDir)
        }
    }
}

enum DeviceOption: String, ExpressibleByArgument, CaseIterable { case phone, fill }

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render one frame with no window and write a PNG.")

    @Option(help: "Where to write the PNG.") var out: String
    @Option(help: "A project file (default: the built-in demo).") var project: String?
    @Option(help: "Viewport in points, e.g. 390x844.") var size: String?
    @Option(help: "Pixels per point (default 2).") var scale: Double?
    @Option(help: "Put the playhead at this time, in seconds.") var at: Double?
    @Option(name: .customLong("ui-scale"), help: "Scale text and touch targets together (0.5 … 3, default 1).") var uiScale: Double?
    @Option(name: .customLong("media-dir"), help: "The folder the add buttons browse (default: the demo media).") var mediaDir: String?

    func run() throws {
        try guarded { try Commands.snapshot(out: out, project: project, size: size, scale: scale, at: at, uiScale: uiScale, mediaDir: mediaDir) }
    }
}

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print every element on screen as JSON (roles, frames, hit frames, state).")

    @Option(help: "A project file (default: the built-in demo).") var project: String?
    @Option(help: "Replay this trace first.") var replay: String?
    @Option(help: "With --replay: keep running scheduled frames until this time, in seconds (default: the last event).") var until: Double?
    @Option(help: "Viewport in points, e.g. 390x844 (default: the trace's, or 390x844).") var size: String?
    @Option(help: "Pixels per point used to measure text (default 2).") var scale: Double?
    @Option(help: "Put the playhead at this time, in seconds.") var at: Double?
    @Option(name: .customLong("ui-scale"), help: "Scale text and touch targets together (0.5 … 3, default 1).") var uiScale: Double?
    @Option(name: .customLong("media-dir"), help: "The folder the add buttons browse (default: the demo media).") var mediaDir: String?

    func run() throws {
        try guarded { print(try Commands.inspect(project: project, replay: replay, size: size, scale: scale, at: at, uiScale: uiScale,
                                                mediaDir: mediaDir, until: until), terminator: "") }
    }
}

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Feed a touch trace through the editor on a virtual clock.")

    @Argument(help: "The trace (JSON Lines).") var trace: String
    @Option(help: "A project file (default: the built-in demo).") var project: String?
    @Option(name: .customLong("state-out"), help: "Write the resulting project JSON here.") var stateOut: String?
    @Option(help: "Write the final frame as a PNG here.") var snapshot: String?
    @Option(help: "Pixels per point of the snapshot (default 2).") var scale: Double?
    @Option(help: "Keep running scheduled frames until this time, in seconds (default: the last event).") var until: Double?
    @Option(name: .customLong("ui-scale"), help: "Scale text and touch targets together (0.5 … 3, default 1).") var uiScale: Double?
    @Option(name: .customLong("media-dir"), help: "The folder the add buttons browse (default: the demo media).") var mediaDir: String?

    func run() throws {
        try guarded {
            let summary = try Commands.replay(trace: trace, project: project, stateOut: stateOut, snapshot: snapshot, scale: scale,
                                              until: until, uiScale: uiScale, mediaDir: mediaDir)
            FileHandle.standardError.write(Data((summary + "\n").utf8))
        }
    }
}

struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Say what is in media files, as JSON; exit 1 if any cannot be used.")

    @Argument(help: "Media files.") var files: [String]

    func run() throws {
        let result = Commands.probe(files)
        print(result.json, terminator: "")
        if !result.allOK { throw ExitCode(1) }
    }
}

Tactile.main()
