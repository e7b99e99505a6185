import Foundation
import TactileCore
import TactileStudy
import TactileEditor
import TactileHost
import TactileInput
import TactileMedia
import TactileHeadless
import TactileExport

/// The headless commands, callable from the command line and from tests.
public enum Commands {
    /// `tactile snapshot`: renders one frame with no window and writes a PNG.
    public static func snapshot(
        out: String, project path: String?, size: String?, scale: Double?, at seconds: Double?,
        settings: Settings = Settings(), mediaDir: String? = nil
    ) throws {
        let session = try HeadlessSession(
            project: try Inputs.project(at: path), viewport: try Inputs.size(size),
            scale: try Inputs.scale(scale) ?? 2, at: try time(seconds, option: "--at"),
            configuration: try settings.load(), library: try MediaFolder.library(mediaDir))
        try session.writeSnapshot(to: out)
    }

    /// `tactile inspect`: the elements on screen as JSON, after an optional replay.
    public static func inspect(
        project path: String?, replay: String?, size: String?, scale: Double?, at seconds: Double?,
        settings: Settings = Settings(), mediaDir: String? = nil, until: Double? = nil
    ) throws -> String {
        let trace = try replay.map(Inputs.trace(at:))
        let session = try HeadlessSession(
            project: try Inputs.project(at: path), viewport: try Inputs.size(size) ?? trace?.viewport,
            scale: try Inputs.scale(scale) ?? 2, at: try time(seconds, option: "--at"),
            configuration: try settings.load(), library: try MediaFolder.library(mediaDir))
        if let trace, let replay {
            session.player.play(trace, until: try time(until, option: "--until"))
            try checkOverrun(of: session.player, trace: replay)
        }
        return session.inspectJSON().serialized(pretty: true) + "\n"
    }

    /// What `tactile replay` writes besides its summary.
    public struct ReplayOutputs: Sendable {
        /// The resulting project JSON.
        public var stateOut: String?
        /// The final frame as a PNG.
        public var snapshot: String?
        /// The interaction log, as JSON Lines.
        public var logOut: String?
        /// The session rendered to an MP4 (H.264) with touch indicators.
        public var video: String?
        /// The video's frame rate (default: the session's, else 30).
        public var framesPerSecond: Double?
        /// A test plan to run during the replay (default: the session's `plan.json`, if any).
        public var plan: String?
        /// Draw the gesture-arena debugger into the snapshot and the video (`--arena`).
        public var arena: Bool
        /// Threads drawing the video's frames (`--jobs`; default one per core; 1: the serial path).
        public var jobs: Int?
        /// Where on the session's clock the video starts (a clip; nil: at 0, with chapters).
        public var videoFrom: Double?
        public init(
            stateOut: String? = nil, snapshot: String? = nil, logOut: String? = nil, video: String? = nil, framesPerSecond: Double? = nil,
            plan: String? = nil, arena: Bool = false, jobs: Int? = nil, videoFrom: Double? = nil
        ) {
            self.stateOut = stateOut; self.snapshot = snapshot; self.logOut = logOut; self.video = video; self.framesPerSecond = framesPerSecond
            self.plan = plan; self.arena = arena; self.jobs = jobs; self.videoFrom = videoFrom
        }
    }

    /// `tactile replay`: feeds a trace through the frame loop on a virtual clock, then writes the
    /// resulting project and a final PNG. Returns a one-line summary.
    public static func replay(
        trace tracePath: String, project path: String?, stateOut: String?, snapshot: String?,
        scale: Double?, until seconds: Double?, settings: Settings = Settings(), mediaDir: String? = nil
    ) throws -> String {
        try replay(
            trace: tracePath, project: path, outputs: ReplayOutputs(stateOut: stateOut, snapshot: snapshot), scale: scale,
            until: seconds, settings: settings, mediaDir: mediaDir)
    }

    /// `tactile replay` with every output. `trace` may be a recorded session's folder: its
    /// trace, starting project and configuration are used unless `--project` / `--config` say otherwise.
    public static func replay(
        trace tracePath: String, project path: String?, outputs: ReplayOutputs,
        scale: Double?, until seconds: Double?, settings: Settings = Settings(), mediaDir: String? = nil
    ) throws -> String {
        try replayWithSummary(trace: tracePath, project: path, outputs: outputs, scale: scale, until: seconds, settings: settings, mediaDir: mediaDir).line
    }

    /// `replay`, with the video's summary; `onVideoProgress` hears each frame's time as it is encoded.
    static func replayWithSummary(
        trace tracePath: String, project path: String?, outputs: ReplayOutputs,
        scale: Double?, until seconds: Double?, settings: Settings = Settings(), mediaDir: String? = nil,
        onVideoProgress: ((Time, Time) -> Void)? = nil
    ) throws -> (line: String, video: VideoExport.Summary?) {
        let session = try RecordedSession.open(tracePath, project: path, settings: settings)
        let trace = session.trace
        var configuration = session.configuration
        let exporting = outputs.video != nil
        // An exported video shows the touches (drawn over the picture, never into it); its replay
        // goes forward only, and each frame keeps the pictures it draws, so a small media cache will do.
        if exporting {
            configuration.overlays.showTouches = true
            configuration.media.cacheBudgetMegabytes = min(configuration.media.cacheBudgetMegabytes, Self.exportCacheMegabytes)
            // One thread per decoder: the frames are drawn on every core already, and a decoder's
            // threads each hold frames of their own (the decoded pictures are the same).
            configuration.media.decodeThreads = 1
        }
        if outputs.arena { configuration.overlays.arena = true }
        let headless = try HeadlessSession(
            project: session.project, viewport: trace.viewport, scale: try Inputs.scale(scale) ?? 2,
            configuration: configuration, library: try MediaFolder.library(mediaDir),
            plan: try outputs.plan.map { try Inputs.plan(at: $0) } ?? session.plan, notices: session.notices,
            kiosk: session.kiosk)
        let until = try time(seconds, option: "--until")
        // An export keeps big buffers for the next frame; afterwards the process goes back to
        // returning them (a window, or the tests, run on in the same process).
        if exporting { MediaMemory.keepLargeBuffersForReuse() }
        defer { if exporting { MediaMemory.returnLargeBuffersToTheSystem() } }
        var video: VideoExport.Summary?
        if let out = outputs.video {
            let fps = outputs.framesPerSecond ?? trace.framesPerSecond ?? 30
            guard fps.isFinite, fps >= 1, fps <= 240 else { throw CommandError.badInput("--fps must be between 1 and 240, not \(fps)") }
            // A session recorded with its think-aloud sound has it as the video's sound track.
            // It runs as long as the sound when that is longer than the touches.
            let soundtrack = try session.folder.flatMap { try ThinkAloudTrack.open(in: $0) }
            // A recorded session's tasks and markers are the video's chapters (a clip has none).
            let chapters = outputs.videoFrom == nil ? session.folder.map(SessionChapters.read) ?? [] : []
            // A marker made after the last touch (the observer's, the operator's) is still in the video.
            var end = until
            if until == nil, let last = chapters.last?.start {
                // Never shorter than it would be without (the touches' fade, the sound's end).
                let fade = Time.seconds(configuration.overlays.liftFadeDuration + configuration.overlays.trailDuration)
                let natural = max(end ?? trace.duration + fade, soundtrack.map { $0.start + $0.duration } ?? .zero)
                end = max(natural, last + Self.chapterTail)
            }
            video = try VideoExport.export(
                trace, in: headless, to: URL(fileURLWithPath: out), framesPerSecond: fps,
                until: end, soundtrack: soundtrack, workers: outputs.jobs,
                from: outputs.videoFrom.map { .seconds($0) } ?? .zero, chapters: chapters, onProgress: onVideoProgress)
        } else {
            headless.player.play(trace, until: until)
        }
        let d = headless.player
        try checkOverrun(of: d, trace: tracePath)
        if let stateOut = outputs.stateOut {
            do { try ProjectFile.save(d.state.project, to: URL(fileURLWithPath: stateOut)) } catch {
                throw CommandError("\(stateOut): cannot write the project (\(CommandError.reason(error)))")
            }
        }
        if let logOut = outputs.logOut {
            do { try AtomicFile.write(Data(d.log.map { $0.jsonLine + "\n" }.joined().utf8), to: URL(fileURLWithPath: logOut)) } catch {
                throw CommandError("\(logOut): cannot write the log (\(CommandError.reason(error)))")
            }
        }
        if let snapshot = outputs.snapshot { try headless.writeSnapshot(to: snapshot) }
        // The events replayed: those up to where it stopped (`--until` may cut the trace short).
        let replayed = trace.events.filter { $0.time <= d.clock.now }.count
        var line =
            "replayed \(replayed) events over \(String(format: "%.3f", d.clock.now.seconds)) s: "
            + "\(d.framesRun) frames run, \(d.framesRendered) rendered, \(d.log.count) log events"
        if let video {
            line += "; video \(video.width)x\(video.height), \(video.frames) frames at \(JSONValue.format(video.framesPerSecond)) fps"
            if video.stillFrames > 0 { line += " (\(video.stillFrames) still: sent again, not drawn)" }
        }
        return (line, video)
    }

    /// Refuses a `--jobs` outside 1 … 64.
    public static func checkJobs(_ jobs: Int?) throws {
        if let jobs, !(1...64).contains(jobs) { throw CommandError.badInput("--jobs must be 1 to 64, not \(jobs)") }
    }

    /// How long a session's video runs on after its last chapter (a marker after the last touch).
    static let chapterTail = Time.seconds(2)

    /// The media cache's budget while exporting a video, in MB.
    static let exportCacheMegabytes = 32.0

    /// `tactile probe`: one JSON object per file (a JSON array of them). Returns the text and
    /// whether every file was fine.
    public static func probe(_ paths: [String]) -> (json: String, allOK: Bool) {
        MediaLog.quiet()
        let reports = paths.map(MediaProbe.probe)
        return (JSONValue.array(reports.map(\.json)).serialized(pretty: true) + "\n", reports.allSatisfy(\.ok))
    }

    /// `tactile config`: the defaults as JSON, or the file `check` merged over them (with
    /// `variant`), or an error naming the key that is wrong.
    public static func config(check: String?, variant: String?, ranges: Bool = false) throws -> String {
        if ranges {
            guard check == nil, variant == nil else { throw CommandError.badInput("--ranges takes no --check or --variant") }
            let fields = ConfigurationSchema.tactile.ranges.sorted { $0.key < $1.key }.map { key, r in
                (
                    key,
                    JSONValue.object([
                        ("min", .number(r.lower)), ("max", .number(r.upper)), ("excludesMin", .bool(r.excludesLower)),
                        ("unit", .string(r.unit)), ("text", .string(r.text)),
                    ])
                )
            }
            return JSONValue.object(fields).serialized(pretty: true) + "\n"
        }
        guard let check else {
            if variant != nil { throw CommandError.badInput("--variant needs --check FILE") }
            return ConfigurationFile.defaultsJSON(schema: .tactile)
        }
        let c = try Settings(file: check, variant: variant).load()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try ConfigurationSchema.tactile.encode(c, with: encoder), as: UTF8.self) + "\n"
    }

    /// `seconds` given as `option` ("--until"), checked: named in the message when out of range.
    private static func time(_ seconds: Double?, option: String) throws -> Time? {
        guard let seconds else { return nil }
        guard let t = Time.checkedSeconds(seconds, in: 0...Trace.maximumSeconds) else {
            throw CommandError.badInput("\(option) must be seconds from 0 to \(Int(Trace.maximumSeconds)), not \(seconds)")
        }
        return t
    }

    /// A replay that stopped scheduling frames (a trace that keeps the editor animating for
    /// longer than `TracePlayer.maximumFramesWithoutInput` frames) is a bad input.
    static func checkOverrun(of driver: TracePlayer, trace path: String) throws {
        guard let o = driver.overrun else { return }
        let minutes = Double(driver.maximumFramesWithoutInput) / 60 / 60
        throw CommandError.badInput(
            "\(path): t: the editor animates without input from \(String(format: "%.3f", o.from.seconds)) s "
                + "and the trace goes on to \(String(format: "%.3f", o.to.seconds)) s; a replay runs at most \(driver.maximumFramesWithoutInput) frames "
                + "(\(JSONValue.format(minutes)) minutes at 60 fps) without input")
    }
}

extension Commands {
    /// `tactile report`: Markdown on stdout (or `--out`), JSON to `--json`. A study's results
    /// folder (made by `study run`) gets the study report, and `--html` and `--csv` with it.
    public static func report(
        _ folders: [String], out: String?, json: String?, html: String? = nil, csv: String? = nil, clips: String? = nil,
        selection: StudyResults.Selection? = nil
    ) throws -> String {
        if folders.count == 1, StudyResults.isResultsFolder(URL(fileURLWithPath: folders[0])) {
            return try studyReport(folders[0], out: out, json: json, html: html, csv: csv, clips: clips, selection: selection ?? .init())
        }
        if selection != nil {
            throw CommandError.badInput("--include-scripted and --participant are for a study's results folder (made by `tactile study run`)")
        }
        if csv != nil || clips != nil {
            throw CommandError.badInput("--csv and --clips are for a study's results folder (made by `tactile study run`)")
        }
        let report = try SessionReport.read(folders)
        let md = report.markdown
        if let html {
            let title = "Session report: " + report.sessions.map(\.name).joined(separator: ", ")
            do { try AtomicFile.write(Data(MarkdownPage.html(md, title: title).utf8), to: URL(fileURLWithPath: html)) } catch {
                throw CommandError("\(html): cannot write the report (\(CommandError.reason(error)))")
            }
        }
        if let json {
            do { try AtomicFile.write(Data((report.json.serialized(pretty: true) + "\n").utf8), to: URL(fileURLWithPath: json)) } catch {
                throw CommandError("\(json): cannot write the report (\(CommandError.reason(error)))")
            }
        }
        if let out {
            do { try AtomicFile.write(Data(md.utf8), to: URL(fileURLWithPath: out)) } catch {
                throw CommandError("\(out): cannot write the report (\(CommandError.reason(error)))")
            }
            return ""
        }
        return md
    }

    /// `file` as a link from a page in `folder`: a path relative to it (`clips/a.mp4`,
    /// `../clips/a.mp4`), percent-encoded, so the report and its clips can be moved or shared
    /// together; never an absolute `file://` address.
    static func relativeLink(to file: URL, from folder: URL) -> String {
        let target = file.standardizedFileURL.pathComponents, base = folder.standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count - 1, base.count) && target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? $0 }
            .joined(separator: "/")
    }

    /// The study report of the results folder `path`.
    /// `selection`: whom the figures count (people only by default: scripted runs are left out).
    static func studyReport(
        _ path: String, out: String?, json: String?, html: String?, csv: String?, clips: String? = nil, selection: StudyResults.Selection = .init()
    ) throws -> String {
        let everyone = try StudyResults.read(URL(fileURLWithPath: path))
        let results = try everyone.selecting(selection)
        let report = StudyReport(results)
        // Each file is noted in the results folder's record with whom it pools, so a withdrawal
        // finds it (`PooledOutputs`).
        let counted = results.participants.map(\.name)
        func write(_ text: String, to file: String) throws {
            do { try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: file)) } catch {
                throw CommandError("\(file): cannot write the report (\(CommandError.reason(error)))")
            }
            PooledOutputs.note(URL(fileURLWithPath: file), in: URL(fileURLWithPath: path), participants: counted, by: "report")
        }
        if let json { try write(report.json.serialized(pretty: true) + "\n", to: json) }
        if let html {
            let plots: [(title: String, png: Data)]
            do { plots = try StudyPlots(report).all() } catch { throw CommandError("the report's plots cannot be drawn (\(CommandError.reason(error)))") }
            // Where people touched, screen by screen (the blocks recorded in a window or a script).
            // A block that cannot be replayed (its media gone) leaves the heatmaps out, never the report.
            var heatmaps: [(title: String, png: Data)] = []
            do {
                heatmaps = try StudyHeatmap.pictures(
                    URL(fileURLWithPath: path), task: nil, variant: nil, screen: nil, scale: 1, radius: nil, settings: Settings(), mediaDir: nil,
                    layers: ["taps", "misses", "rage", "dead"], allowingNone: true, selection: selection
                ).map { (title: $0.title, png: try ImageCodec.encodePNG($0.image)) }
            } catch {
                FileHandle.standardError.write(Data("tactile: the report's heatmaps are left out: \(CommandError.reason(error))\n".utf8))
            }
            // Each marker's clip, when `tactile clips` cut it into `clips`, linked from beside the page.
            let page = URL(fileURLWithPath: html).deletingLastPathComponent().standardizedFileURL
            let clipLinks: (StudyReport.MarkerRow) -> String? = { row in
                guard let clips, let name = row.clipName else { return nil }
                let file = URL(fileURLWithPath: clips).appendingPathComponent(name + ".mp4").standardizedFileURL
                guard FileManager.default.fileExists(atPath: file.path) else { return nil }
                return Self.relativeLink(to: file, from: page)
            }
            try write(report.html(plots: plots, heatmaps: heatmaps, clip: clipLinks), to: html)
        }
        if let csv {
            do { try StudyCSV.write(report, to: URL(fileURLWithPath: csv), everyone: everyone.participants) } catch {
                throw CommandError("\(csv): cannot write the CSV files (\(CommandError.reason(error)))")
            }
            for (file, who) in [
                (StudyCSV.attempts, counted), (StudyCSV.answers, counted), (StudyCSV.markers, counted),
                (StudyCSV.participants, everyone.participants.map(\.name)),
            ] {
                PooledOutputs.note(URL(fileURLWithPath: csv).appendingPathComponent(file), in: URL(fileURLWithPath: path), participants: who, by: "report")
            }
        }
        if let out { try write(report.markdown, to: out); return "" }
        return report.markdown
    }
}
