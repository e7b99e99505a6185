import Foundation
import TactileCore

/// A recorded touch session: a viewport and a list of timed input events. Stored as JSON
/// Lines (see Docs/Formats.md, "Trace format"):
///
///     {"tactile_trace":1,"viewport":{"width":390,"height":844}}
///     {"t":0.016,"type":"down","id":1,"x":120.5,"y":600}
///     {"t":0.100,"type":"up","id":1,"x":120.5,"y":600}
///     {"t":0.500,"type":"key","key":"space"}
///     {"t":0.600,"type":"text","text":"é"}
///     {"t":0.900,"type":"blur"}
///     {"t":0.916,"type":"frame"}
///
/// A recorded session also marks every frame the window ran (`"frame"`): a replay then runs
/// exactly those frames, with the input that arrived before each, instead of deciding itself
/// when frames fall due, so it reproduces the session frame for frame. The header of a recorded
/// session carries the display's refresh rate (`"fps"`), the rate exported videos use, and
/// whether the session could export movies (`"export":true`, the window's Export button): its
/// export's news are kept as `"export"` lines (`RecordedExportNews`), so that a replay shows the
/// same sheet, progress and ending without writing a movie.
public struct Trace: Sendable, Hashable {
    /// The version of the trace format this code reads and writes.
    public static let formatVersion = 1
    /// The latest time an event may have, in seconds: a week (a kiosk's run between restarts).
    public static let maximumSeconds: Double = 7 * 86_400
    /// The farthest a position may lie from the origin, in points (as `TouchSanitizer` keeps them).
    public static let maximumCoordinate = TouchSanitizer.limit
    /// Finger ids: any whole number a 64-bit integer holds.
    public static let fingerIDs = Int.min...Int.max
    /// Viewports a trace may be recorded at, in points (as `layout.viewport`).
    public static let viewportSides: ClosedRange<Double> = 100...4096

    public var viewport: Size
    public var events: [InputEvent]
    /// The instants frames ran at, when the trace was recorded from a session (else empty).
    public var frames: [Time]
    /// The instants of the other steps a kiosk's whole run took (the kiosk stepped, the editor
    /// did not run), when recorded; a replay takes them too, so kiosk mode decides the same.
    public var steps: [Time] = []
    /// The refresh rate of the display the session was recorded on, if known.
    public var framesPerSecond: Double?
    /// Whether the recorded session could export movies (it showed the Export button).
    public var offersExport = false
    /// Whether the recorded session could record voice-overs (it had a microphone, and showed
    /// the audio sheet's Voice-over button): a replay shows the button too, and takes the
    /// microphone's news from the trace.
    public var offersVoice = false
    /// Whether the recorded session kept a project shelf (it showed the title bar's Projects
    /// button): a replay shows the button too, and takes the shelf's news from the trace.
    public var offersProjects = false
    /// Whether the session took the lab's own gestures (the tuning corner's hold): a replay
    /// holds a finger in that corner back from the editor the same way.
    public var labGestures = false
    /// The news of the session's exports, at the steps that took them.
    public var exportNews: [RecordedExportNews] = []
    /// The kiosk PIN pad's verdicts, in order, at the steps that made them (`"pin"` lines): a
    /// recording keeps these, never the PIN, and a replay judges with them.
    public var pinVerdicts: [PinVerdict] = []

    /// The settings changed while the session ran (`"settings"` lines: a tuning slider, an A/B
    /// flip, a reloaded file), at the steps that took them: a replay changes them at the same step.
    public var settings: [SettingsChange] = []

    /// The freezes a window measured (a frame's input-to-present latency over
    /// `study.freezeThreshold`), at the frames they happened in (`"freeze"` lines): a replay
    /// cannot measure them, so it gives them back from here and its log matches line for line.
    public var freezes: [Freeze] = []

    /// One freeze: its frame's time, how long, the gesture, the task on show.
    public struct Freeze: Hashable, Sendable {
        public var time: Time
        public var milliseconds: Double
        public var gesture: String
        public var task: String?
        /// Where the recording wrote it: after the frame at this time (a freeze is measured once
        /// its frame was presented, on a loaded machine after later frames), so a replay logs it
        /// at the same place. Nil: at its own frame.
        public var writtenAfter: Time?
        /// The frame a replay gives it back after.
        public var replayedAfter: Time { max(time, writtenAfter ?? time) }
        public init(time: Time, milliseconds: Double, gesture: String, task: String?) {
            self.time = time; self.milliseconds = milliseconds; self.gesture = gesture; self.task = task
        }
    }

    /// One verdict of the kiosk's PIN pad, at the step that made it.
    public struct PinVerdict: Hashable, Sendable {
        public var time: Time
        public var accepted: Bool
        public init(time: Time, accepted: Bool) { self.time = time; self.accepted = accepted }
    }

    public init(viewport: Size, events: [InputEvent], frames: [Time] = [], steps: [Time] = [], framesPerSecond: Double? = nil) {
        self.viewport = viewport; self.events = events; self.frames = frames; self.steps = steps; self.framesPerSecond = framesPerSecond
    }

    /// The time of the last event (the trace's length).
    public var duration: Time {
        max(events.last?.time ?? .zero, frames.last ?? .zero, steps.last ?? .zero, exportNews.last?.time ?? .zero, settings.last?.time ?? .zero)
    }

    /// What a recorded mark says ran at its instant.
    public enum Mark: String, Sendable { case frame, step }

    /// Every mark in time order (frames before steps at the same instant).
    public var marks: [(time: Time, mark: Mark)] {
        (frames.map { ($0, Mark.frame) } + steps.map { ($0, Mark.step) }).sorted { $0.0 < $1.0 }
    }
}

/// A problem with a trace file, naming the line.
public struct TraceError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public init(line: Int, _ message: String) { self.line = line; self.message = message }
    public var description: String { "line \(line): \(message)" }
}

extension Trace {
    /// Reads a trace file.
    public static func load(from url: URL) throws -> Trace {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw TraceError(line: 0, "\(url.path): cannot be read")
        }
        return try parse(String(decoding: data, as: UTF8.self))
    }

    /// Parses trace text. Events must be in time order; blank lines are skipped.
    public static func parse(_ text: String) throws -> Trace {
        var reader = Reader()
        try reader.read(text)
        return try reader.trace()
    }

    /// The trace as JSON Lines text: at each instant its input first, then export news, then
    /// the mark of the frame (or step) that took them.
    public func serialized() -> String {
        var lines: [(time: Time, order: Int, text: String)] = events.map { ($0.time, 0, Trace.line(for: $0)) }
        lines += exportNews.map { ($0.time, 1, Trace.line(for: $0)) }
        lines += pinVerdicts.map { ($0.time, 1, Trace.pinLine(accepted: $0.accepted, at: $0.time)) }
        lines += settings.map { ($0.time, 1, Trace.line(for: $0)) }
        lines += marks.map { ($0.time, 2, Trace.markLine($0.mark, at: $0.time)) }
        lines += freezes.map { ($0.replayedAfter, 3, Trace.line(for: $0)) }
        // Stable, so events that share an instant keep their order.
        let ordered = lines.enumerated().sorted { a, b in
            (a.element.time, a.element.order, a.offset) < (b.element.time, b.element.order, b.offset)
        }
        let header = Trace.header(
            viewport: viewport, framesPerSecond: framesPerSecond, offersExport: offersExport, offersVoice: offersVoice, offersProjects: offersProjects,
            labGestures: labGestures)
        return ([header] + ordered.map(\.element.text)).joined(separator: "\n") + "\n"
    }

    /// The header line (also used by the live recorder).
    public static func header(
        viewport: Size, framesPerSecond: Double? = nil, offersExport: Bool = false, offersVoice: Bool = false, offersProjects: Bool = false,
        labGestures: Bool = false
    ) -> String {
        let fps = framesPerSecond.map { ",\"fps\":\(fmt($0))" } ?? ""
        let export = offersExport ? ",\"export\":true" : ""
        let voice = offersVoice ? ",\"voice\":true" : ""
        let lab = labGestures ? ",\"lab\":true" : ""
        let projects = offersProjects ? ",\"projects\":true" : ""
        return
            "{\"tactile_trace\":\(formatVersion),\"viewport\":{\"width\":\(fmt(viewport.width)),\"height\":\(fmt(viewport.height))}\(fps)\(export)\(voice)\(projects)\(lab)}"
    }

    /// The line marking a frame or a step at `time`.
    public static func markLine(_ mark: Mark, at time: Time) -> String { "{\"t\":\(seconds(time)),\"type\":\"\(mark.rawValue)\"}" }

    /// Seconds as trace files write them: six decimals, which give back the same ticks for
    /// every instant on the microsecond grid a recording window uses.
    static func seconds(_ t: Time) -> String { String(format: "%.6f", t.seconds) }

    /// One event as a JSON line (also used by the live recorder).
    public static func line(for e: InputEvent) -> String {
        let t = seconds(e.time)
        switch e.kind {
        case let .touch(id, phase, p):
            let pressure = e.pressure.map { ",\"p\":\(fmt($0))" } ?? ""
            return "{\"t\":\(t),\"type\":\"\(phase.rawValue)\",\"id\":\(id),\"x\":\(fmt(p.x)),\"y\":\(fmt(p.y))\(pressure)}"
        case let .key(k):
            return "{\"t\":\(t),\"type\":\"key\",\"key\":\"\(k.rawValue)\"}"
        case let .text(text):
            return "{\"t\":\(t),\"type\":\"text\",\"text\":\(JSONValue.string(text).serialized())}"
        case .focusLost:
            return "{\"t\":\(t),\"type\":\"blur\"}"
        case let .voice(news):
            return "{\"t\":\(t),\"type\":\"voice\"\(news.traceFields)}"
        case let .mediaFolder(files):
            return "{\"t\":\(t),\"type\":\"media\",\"files\":\(JSONValue.array(files.map { .string($0) }).serialized())}"
        case let .projects(news):
            return "{\"t\":\(t),\"type\":\"projects\"\(news.traceFields)}"
        }
    }

    /// A freeze as a JSON line, after its frame's mark (also used by the live recorder).
    public static func line(for freeze: Freeze) -> String {
        let task = freeze.task.map { ",\"task\":\(JSONValue.string($0).serialized())" } ?? ""
        return
            "{\"t\":\(seconds(freeze.time)),\"type\":\"freeze\",\"ms\":\(fmt(freeze.milliseconds)),\"gesture\":\(JSONValue.string(freeze.gesture).serialized())\(task)}"
    }

    /// A settings change as a JSON line (also used by the live recorder).
    public static func line(for change: SettingsChange) -> String {
        "{\"t\":\(seconds(change.time)),\"type\":\"settings\",\"source\":\"\(change.source.rawValue)\",\"variant\":\(JSONValue.string(change.variant).serialized()),\"changes\":\(change.changes.serialized())}"
    }

    /// A PIN pad verdict as a JSON line (also used by the live recorder).
    public static func pinLine(accepted: Bool, at time: Time) -> String {
        "{\"t\":\(seconds(time)),\"type\":\"pin\",\"accepted\":\(accepted)}"
    }

    /// One piece of export news as a JSON line (also used by the live recorder).
    public static func line(for news: RecordedExportNews) -> String {
        "{\"t\":\(seconds(news.time)),\"type\":\"export\"\(news.fields)}"
    }

}

private func fmt(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    var text = String(format: "%.3f", v)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}

extension Trace {
    /// Reads a trace's lines in order, keeping what each says, and names the line and field of the
    /// first that is wrong (`Trace.parse`).
    fileprivate struct Reader {
        var viewport: Size?
        var fps: Double?
        var offersExport = false, offersVoice = false, offersProjects = false, labGestures = false
        var exportNews: [RecordedExportNews] = []
        var pinVerdicts: [PinVerdict] = []
        var freezes: [Freeze] = []
        var settings: [SettingsChange] = []
        var events: [InputEvent] = []
        var frames: [Time] = [], steps: [Time] = []

        private func number(_ any: Any?) -> Double? { JSONNumber.double(any) }

        /// Every line of `text`: the header first, then events in time order.
        mutating func read(_ text: String) throws {
            let rawLines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, raw) in rawLines.enumerated() {
                let lineNumber = index + 1
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.isEmpty { continue }
                guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                    // A recording killed mid-write may leave its last line torn: an event cut short.
                    if index == rawLines.count - 1 && index > 0 && line.hasPrefix("{\"t\":") && !line.hasSuffix("}") { break }
                    throw TraceError(line: lineNumber, "not a JSON object")
                }
                if viewport == nil {
                    try readHeader(object, line: lineNumber)
                    continue
                }
                guard let t = number(object["t"]), let time = Time.checkedSeconds(t, in: 0...maximumSeconds) else {
                    throw TraceError(line: lineNumber, "t: must be a number of seconds from 0 to \(Int(maximumSeconds)) (a week)")
                }
                // A freeze is measured once its frame was presented, which on a loaded machine is
                // after later frames were written: its line may come late and is put in its place.
                if object["type"] as? String != "freeze",
                    let last = [events.last?.time, frames.last, steps.last, exportNews.last?.time, pinVerdicts.last?.time, settings.last?.time].compactMap({
                        $0
                    })
                    .max(),
                    time < last
                {
                    throw TraceError(line: lineNumber, "t: events must be in time order (t went back to \(t))")
                }
                guard let type = object["type"] as? String else { throw TraceError(line: lineNumber, "type: missing") }
                switch type {
                case "down", "move", "up", "cancel":
                    events.append(try touch(type, object, time: time, line: lineNumber))
                case "frame":
                    frames.append(time)
                case "step":
                    steps.append(time)
                case "key":
                    guard let name = object["key"] as? String, let key = Key(rawValue: name) else {
                        throw TraceError(line: lineNumber, "key: unknown key (expected one of \(Key.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    events.append(.key(key, time: time))
                case "text":
                    guard let text = object["text"] as? String, !text.isEmpty, text.count <= InputEvent.maximumTextLength else {
                        throw TraceError(line: lineNumber, "text: typed text must be a string of 1 to \(InputEvent.maximumTextLength) characters")
                    }
                    events.append(.text(text, time: time))
                case "blur":
                    events.append(InputEvent(time: time, kind: .focusLost))
                case "media":
                    guard let files = object["files"] as? [String], files.count <= InputEvent.maximumMediaFiles,
                        files.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 4096 })
                    else {
                        throw TraceError(
                            line: lineNumber, "files: the media folder's listing must be an array of at most \(InputEvent.maximumMediaFiles) file paths")
                    }
                    events.append(.mediaFolder(files, time: time))
                case "projects":
                    switch ProjectNews.from(traceLine: object) {
                    case let .success(news): events.append(.projects(news, time: time))
                    case let .failure(problem): throw TraceError(line: lineNumber, problem.message)
                    }
                case "voice":
                    switch VoiceNews.from(traceLine: object) {
                    case let .success(news): events.append(.voice(news, time: time))
                    case let .failure(problem): throw TraceError(line: lineNumber, problem.message)
                    }
                case "export":
                    do { exportNews.append(RecordedExportNews(time: time, news: try RecordedExportNews.news(in: object))) } catch let e
                        as RecordedExportNews.FieldError
                    {
                        throw TraceError(line: lineNumber, e.message)
                    }
                case "freeze":
                    freezes.append(try freeze(object, time: time, line: lineNumber))
                case "settings":
                    settings.append(try settingsChange(object, time: time, line: lineNumber))
                case "pin":
                    guard let accepted = JSONNumber.boolean(object["accepted"]) else {
                        throw TraceError(line: lineNumber, "accepted: a pin line needs true or false")
                    }
                    pinVerdicts.append(PinVerdict(time: time, accepted: accepted))
                default:
                    throw TraceError(
                        line: lineNumber,
                        "type: unknown event type \"\(PrintableText.of(type, limit: 40))\" (expected down, move, up, cancel, key, text, blur, export, pin, settings, freeze, frame or step)"
                    )
                }
            }
        }

        /// The header line: the version, the viewport, and the optional fps, export and voice.
        mutating func readHeader(_ object: [String: Any], line lineNumber: Int) throws {
            guard object["tactile_trace"] != nil else {
                throw TraceError(line: lineNumber, "the first line must be the header {\"tactile_trace\":1,\"viewport\":{…}}")
            }
            guard let version = JSONNumber.integer(object["tactile_trace"]), version == formatVersion else {
                throw TraceError(line: lineNumber, "tactile_trace: unsupported trace version (this Tactile reads version \(formatVersion))")
            }
            guard let vp = object["viewport"] as? [String: Any], let w = number(vp["width"]), let h = number(vp["height"]),
                viewportSides.contains(w), viewportSides.contains(h)
            else {
                throw TraceError(line: lineNumber, "viewport: needs a width and height from 100 to 4096 points")
            }
            viewport = Size(width: w, height: h)
            if object["fps"] != nil {
                guard let f = number(object["fps"]), f >= 1, f <= 1000 else { throw TraceError(line: lineNumber, "fps: must be a number from 1 to 1000") }
                fps = f
            }
            if object["export"] != nil {
                guard let flag = JSONNumber.boolean(object["export"]) else { throw TraceError(line: lineNumber, "export: must be true or false") }
                offersExport = flag
            }
            if object["voice"] != nil {
                guard let flag = JSONNumber.boolean(object["voice"]) else { throw TraceError(line: lineNumber, "voice: must be true or false") }
                offersVoice = flag
            }
            if object["projects"] != nil {
                guard let flag = JSONNumber.boolean(object["projects"]) else { throw TraceError(line: lineNumber, "projects: must be true or false") }
                offersProjects = flag
            }
            if object["lab"] != nil {
                guard let flag = JSONNumber.boolean(object["lab"]) else { throw TraceError(line: lineNumber, "lab: must be true or false") }
                labGestures = flag
            }
        }

        /// A touch line (down, move, up, cancel) with its finger, place and pressure.
        func touch(_ type: String, _ object: [String: Any], time: Time, line lineNumber: Int) throws -> InputEvent {
            guard let id = JSONNumber.integer(object["id"], in: fingerIDs) else {
                throw TraceError(line: lineNumber, "id: a \(type) event needs a whole number id")
            }
            guard let x = number(object["x"]), let y = number(object["y"]), abs(x) <= maximumCoordinate, abs(y) <= maximumCoordinate else {
                throw TraceError(line: lineNumber, "x, y: a \(type) event needs numbers within ±1,000,000 points")
            }
            var event = InputEvent.touch(TouchPhase(rawValue: type)!, id: id, at: Point(x: x, y: y), time: time)
            if object["p"] != nil {
                guard let p = number(object["p"]), p >= 0, p <= 1000 else {
                    throw TraceError(line: lineNumber, "p: pressure must be a number from 0 to 1000")
                }
                event.pressure = p
            }
            return event
        }

        /// A freeze line: how long, in which gesture and task; put in its place among the frames.
        func freeze(_ object: [String: Any], time: Time, line lineNumber: Int) throws -> Freeze {
            guard let ms = number(object["ms"]), ms >= 0, ms <= 1e7 else {
                throw TraceError(line: lineNumber, "ms: a freeze needs its length, 0 to 10,000,000 ms")
            }
            guard let gesture = object["gesture"] as? String, gesture.count <= 100 else {
                throw TraceError(line: lineNumber, "gesture: a freeze needs its gesture (at most 100 characters)")
            }
            let task = object["task"] as? String
            if object["task"] != nil && (task == nil || task!.count > 200) {
                throw TraceError(line: lineNumber, "task: must be text of at most 200 characters")
            }
            var freeze = Freeze(time: time, milliseconds: ms, gesture: gesture, task: task)
            if let last = frames.last, last > time { freeze.writtenAfter = last }
            return freeze
        }

        /// A settings line: what changed, from where, with the live variant.
        func settingsChange(_ object: [String: Any], time: Time, line lineNumber: Int) throws -> SettingsChange {
            guard let source = (object["source"] as? String).flatMap(SettingsChange.Source.init(rawValue:)) else {
                throw TraceError(
                    line: lineNumber, "source: a settings line needs one of \(SettingsChange.Source.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let variant = object["variant"] as? String, !variant.isEmpty, variant.count <= 80 else {
                throw TraceError(line: lineNumber, "variant: a settings line needs the live variant's name (1 to 80 characters)")
            }
            guard let changes = object["changes"] as? [String: Any] else {
                throw TraceError(line: lineNumber, "changes: a settings line needs an object of the settings changed")
            }
            return SettingsChange(time: time, source: source, variant: variant, changes: JSONValue(any: changes))
        }

        /// The trace the lines make.
        func trace() throws -> Trace {
            guard let vp = viewport else { throw TraceError(line: 1, "empty trace: the header line is missing") }
            var trace = Trace(viewport: vp, events: events, frames: frames, steps: steps, framesPerSecond: fps)
            trace.offersExport = offersExport
            trace.offersVoice = offersVoice
            trace.offersProjects = offersProjects
            trace.labGestures = labGestures
            trace.exportNews = exportNews
            trace.pinVerdicts = pinVerdicts
            trace.settings = settings
            let freezes = freezes.enumerated().sorted { ($0.element.replayedAfter, $0.offset) < ($1.element.replayedAfter, $1.offset) }.map(\.element)
            trace.freezes = freezes
            return trace
        }
    }
}
