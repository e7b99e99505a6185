import TactileCore
import TactileInput
import TactileUI

/// The interaction log's wire form of each event: its `kind` and its fields, exactly as every
/// recorded session has them. This file is the only place an event kind or field is spelled.
extension InteractionEvent {
    /// The kind as the log names it ("select", "gesture.recognized", "task.ended").
    public var kind: String { wire.kind }

    /// The fields as the log writes them (without `t` and `kind`).
    public var fields: [String: ElementValue] { wire.fields }

    /// The event read from a log line's `kind` and fields; a kind this version does not know, or
    /// fields that do not read back as they were, make `unknown`.
    public init(kind: String, fields: [String: ElementValue]) {
        if let event = try? Self.decode(kind, WireFieldReader(values: fields)), event.wire.fields == fields {
            self = event
        } else {
            self = .unknown(kind: kind, fields: fields)
        }
    }

    private var wire: (kind: String, fields: [String: ElementValue]) {
        var w = WireFieldWriter()
        let kind: String
        switch self {
        case let .select(clip): kind = "select"; w.put("clip", clip)
        case let .deselect(clip): kind = "deselect"; w.put("clip", clip)
        case let .play(at): kind = "play"; w.put("at", at)
        case let .pause(at): kind = "pause"; w.put("at", at)
        case .playbackEnded: kind = "playbackEnded"
        case let .scrubBegan(source): kind = "scrubBegan"; w.put("source", source)
        case let .scrubEnded(at): kind = "scrubEnded"; w.put("at", at)
        case let .scrubSpeed(speed): kind = "scrubSpeed"; w.put("speed", speed)
        case let .scrollCaught(p, speed): kind = "scrollCaught"; w.put("x", p.x); w.put("y", p.y); w.put("speed", speed)
        case let .tapStoppedScroll(p): kind = "tapStoppedScroll"; w.put("x", p.x); w.put("y", p.y)
        case let .snap(s): kind = "snap"; Self.write(s, into: &w)
        case let .snapEscaped(s): kind = "snap.escaped"; Self.write(s, into: &w)
        case let .coastEnded(c):
            kind = "coast.ended"; w.put("axis", c.axis); w.put("speed", c.speed); w.put("distance", c.distance); w.put("seconds", c.seconds)
            w.put("end", c.end)
        case let .zoomToFit(pps): kind = "zoomToFit"; w.put("pointsPerSecond", pps)
        case let .cue(cue, reason): kind = "cue"; w.put("cue", cue); w.put("reason", reason)
        case .collapseTimeline: kind = "collapseTimeline"
        case .expandTimeline: kind = "expandTimeline"
        case let .rotate(width, height): kind = "rotate"; w.put("width", width); w.put("height", height)
        case let .openBrowser(media): kind = "openBrowser"; w.put("media", media)
        case .closeBrowser: kind = "closeBrowser"
        case .openStickers: kind = "openStickers"
        case .closeStickers: kind = "closeStickers"
        case .openExport: kind = "openExport"
        case .closeExport: kind = "closeExport"
        case .openFormats: kind = "openFormats"
        case .closeFormats: kind = "closeFormats"
        case let .openTransitions(clip): kind = "openTransitions"; w.put("clip", clip)
        case .closeTransitions: kind = "closeTransitions"
        case let .openClipSheet(clip): kind = "openClipSheet"; w.put("clip", clip)
        case let .closeClipSheet(clip): kind = "closeClipSheet"; w.put("clip", clip)
        case let .openVoiceOver(at): kind = "openVoiceOver"; w.put("at", at)
        case .closeVoiceOver: kind = "closeVoiceOver"
        case let .voiceOverCountIn(at): kind = "voiceOverCountIn"; w.put("at", at)
        case let .voiceOverStart(at): kind = "voiceOverStart"; w.put("at", at)
        case let .voiceOverStop(seconds): kind = "voiceOverStop"; w.put("seconds", seconds)
        case .voiceOverCancel: kind = "voiceOverCancel"
        case let .textEditBegan(clip): kind = "textEditBegan"; w.put("clip", clip)
        case let .textEditEnded(clip): kind = "textEditEnded"; w.put("clip", clip)
        case let .edit(e): kind = "edit"; Self.write(e, into: &w)
        case let .undo(r): kind = "undo"; Self.write(r, into: &w)
        case let .redo(r): kind = "redo"; Self.write(r, into: &w)
        case let .error(message): kind = "error"; w.put("message", message)
        case let .problem(message): kind = "problem"; w.put("message", message)
        case let .transitionChanged(message): kind = "transitionChanged"; w.put("message", message)
        case let .mediaLengths(files): kind = "mediaLengths"; w.put("files", files)
        case let .exportChoice(s): kind = "exportChoice"; Self.write(s, into: &w)
        case let .exportStart(s): kind = "exportStart"; Self.write(s, into: &w)
        case .exportCancel: kind = "exportCancel"
        case let .exportEnd(e):
            kind = "exportEnd"
            w.put("outcome", e.outcome); w.put("file", e.file); w.put("path", e.path); w.put("bytes", e.bytes); w.put("reason", e.reason)
        case let .reveal(path): kind = "reveal"; w.put("path", path)
        case let .projects(action, project): kind = "projects"; w.put("action", action.rawValue); w.put("project", project)
        case let .gesture(g): kind = "gesture." + g.phase.rawValue; Self.write(g, into: &w)
        case let .miss(m):
            kind = "miss"
            w.put("reason", m.reason); w.put("x", m.x); w.put("y", m.y); w.put("target", m.target); w.put("role", m.role)
            w.put("nearest", m.nearest); w.put("nearestRole", m.nearestRole); w.put("distance", m.distance)
        case let .arenaDecided(a): kind = "arena.decided"; Self.write(a, into: &w)
        case let .taskBegan(task, index, prompt): kind = "task.began"; w.put("task", task); w.put("index", index); w.put("prompt", prompt)
        case let .taskReset(task): kind = "task.reset"; w.put("task", task)
        case let .taskEnded(e):
            kind = "task.ended"
            w.put("task", e.task); w.put("outcome", e.outcome); w.put("seconds", e.seconds); w.put("misses", e.misses)
            w.put("errors", e.errors); w.put("undos", e.undos); w.put("offTask", e.offTask); w.put("settle", e.settle)
        case let .taskError(e):
            kind = "task.error"
            w.put("reason", e.reason); w.put("task", e.task); w.put("clip", e.clip); w.put("before", e.before); w.put("after", e.after)
        case let .taskFinished(tasks): kind = "task.finished"; w.put("tasks", tasks)
        case let .questionnaireBegan(q, items, task):
            kind = "questionnaire.began"; w.put("questionnaire", q); w.put("items", items); w.put("task", task)
        case let .answer(a):
            kind = "answer"
            w.put("questionnaire", a.questionnaire); w.put("item", a.item); w.put("number", a.number); w.put("value", a.value)
            w.put("seconds", a.seconds); w.put("choice", a.choice); w.put("task", a.task); w.put("revised", a.revised ? true : nil)
        case let .questionnaireDone(d):
            kind = "questionnaire.done"
            w.put("questionnaire", d.questionnaire); w.put("answers", list: d.answers?.map(String.init)); w.put("task", d.task)
            w.put("score", d.score)
        case let .signal(s): kind = "signal"; Self.write(s, into: &w)
        case let .settings(source, variant, changes):
            kind = "settings"; w.put("source", source); w.put("variant", variant); w.put("changes", changes)
        case let .consent(participant, agreed): kind = "consent"; w.put("participant", participant); w.put("agreed", agreed)
        case let .participant(p): kind = "participant"; w.put("participant", p)
        case let .partBegan(part, variant): kind = "part.began"; w.put("part", part); w.put("variant", variant)
        case let .partEnded(part): kind = "part.ended"; w.put("part", part)
        case let .partStopped(part, reason): kind = "part.stopped"; w.put("part", part); w.put("reason", reason)
        case let .resumed(part, restarted): kind = "resumed"; w.put("part", part); w.put("restarted", restarted)
        case let .observerPage(local): kind = "observer.page"; w.put("local", local)
        case let .marker(m):
            kind = "marker"
            w.put("key", m.key); w.put("category", m.category); w.put("source", m.source); w.put("note", m.note); w.put("id", m.id)
            w.put("queued", m.queued); w.put("task", m.task); w.put("part", m.part)
        case .studyFinished: kind = "study.finished"
        case let .unknown(k, fields): return (k, fields)
        }
        return (kind, w.values)
    }

    private static func decode(_ kind: String, _ r: WireFieldReader) throws -> InteractionEvent? {
        if kind.hasPrefix("gesture."), let phase = GesturePhase(rawValue: String(kind.dropFirst("gesture.".count))) {
            return .gesture(try gesture(phase, r))
        }
        switch kind {
        case "select": return .select(clip: try r.string("clip"))
        case "deselect": return .deselect(clip: try r.string("clip"))
        case "play": return .play(at: try r.number("at"))
        case "pause": return .pause(at: try r.number("at"))
        case "playbackEnded": return .playbackEnded
        case "scrubBegan": return .scrubBegan(source: try r.string("source"))
        case "scrubEnded": return .scrubEnded(at: try r.number("at"))
        case "scrubSpeed": return .scrubSpeed(try r.number("speed"))
        case "scrollCaught": return .scrollCaught(Point(x: try r.number("x"), y: try r.number("y")), speed: try r.number("speed"))
        case "tapStoppedScroll": return .tapStoppedScroll(Point(x: try r.number("x"), y: try r.number("y")))
        case "snap": return .snap(try snap(r))
        case "snap.escaped": return .snapEscaped(try snap(r))
        case "coast.ended":
            return .coastEnded(
                Coast(
                    axis: try r.string("axis"), speed: try r.number("speed"), distance: try r.number("distance"), seconds: try r.number("seconds"),
                    end: try r.choice("end")))
        case "zoomToFit": return .zoomToFit(pointsPerSecond: try r.number("pointsPerSecond"))
        case "cue": return .cue(try r.string("cue"), reason: try r.string("reason"))
        case "collapseTimeline": return .collapseTimeline
        case "expandTimeline": return .expandTimeline
        case "rotate": return .rotate(width: try r.number("width"), height: try r.number("height"))
        case "openBrowser": return .openBrowser(media: try r.string("media"))
        case "closeBrowser": return .closeBrowser
        case "openStickers": return .openStickers
        case "closeStickers": return .closeStickers
        case "openExport": return .openExport
        case "closeExport": return .closeExport
        case "openFormats": return .openFormats
        case "closeFormats": return .closeFormats
        case "openTransitions": return .openTransitions(clip: try r.string("clip"))
        case "closeTransitions": return .closeTransitions
        case "openClipSheet": return .openClipSheet(clip: try r.string("clip"))
        case "closeClipSheet": return .closeClipSheet(clip: try r.string("clip"))
        case "openVoiceOver": return .openVoiceOver(at: try r.number("at"))
        case "closeVoiceOver": return .closeVoiceOver
        case "voiceOverCountIn": return .voiceOverCountIn(at: try r.number("at"))
        case "voiceOverStart": return .voiceOverStart(at: try r.number("at"))
        case "voiceOverStop": return .voiceOverStop(seconds: try r.number("seconds"))
        case "voiceOverCancel": return .voiceOverCancel
        case "textEditBegan": return .textEditBegan(clip: try r.string("clip"))
        case "textEditEnded": return .textEditEnded(clip: try r.string("clip"))
        case "edit": return .edit(try edit(r))
        case "undo": return .undo(try restore(r))
        case "redo": return .redo(try restore(r))
        case "error": return .error(try r.string("message"))
        case "problem": return .problem(try r.string("message"))
        case "transitionChanged": return .transitionChanged(try r.string("message"))
        case "mediaLengths": return .mediaLengths(files: try r.integer("files"))
        case "exportChoice": return .exportChoice(try movieSettings(r))
        case "exportStart": return .exportStart(try movieSettings(r))
        case "exportCancel": return .exportCancel
        case "exportEnd":
            return .exportEnd(
                ExportEnd(
                    outcome: try r.choice("outcome"), file: try r.optionalString("file"), path: try r.optionalString("path"),
                    bytes: try r.optionalNumber("bytes"), reason: try r.optionalString("reason")))
        case "reveal": return .reveal(path: try r.string("path"))
        case "projects": return .projects(try r.choice("action"), project: try r.optionalString("project"))
        case "miss":
            return .miss(
                Miss(
                    reason: try r.choice("reason"), x: try r.number("x"), y: try r.number("y"), target: try r.optionalString("target"),
                    role: try r.optionalString("role"), nearest: try r.optionalString("nearest"),
                    nearestRole: try r.optionalString("nearestRole"), distance: try r.optionalNumber("distance")))
        case "arena.decided": return .arenaDecided(try arena(r))
        default: return try decodeTaskOrStudy(kind, r)
        }
    }

    /// The tasks', questionnaires', signals' and the study's events.
    private static func decodeTaskOrStudy(_ kind: String, _ r: WireFieldReader) throws -> InteractionEvent? {
        switch kind {
        case "task.began": return .taskBegan(task: try r.string("task"), index: try r.integer("index"), prompt: try r.string("prompt"))
        case "task.reset": return .taskReset(task: try r.string("task"))
        case "task.ended":
            return .taskEnded(
                TaskEnd(
                    task: try r.string("task"), outcome: try r.choice("outcome"), seconds: try r.number("seconds"),
                    misses: try r.integer("misses"), errors: try r.integer("errors"), undos: try r.integer("undos"),
                    offTask: try r.integer("offTask"), settle: try r.optionalNumber("settle")))
        case "task.error":
            return .taskError(
                TaskError(
                    reason: try r.choice("reason"), task: try r.string("task"), clip: try r.optionalString("clip"),
                    before: try r.optionalNumber("before"), after: try r.optionalNumber("after")))
        case "task.finished": return .taskFinished(tasks: try r.integer("tasks"))
        case "questionnaire.began":
            return .questionnaireBegan(questionnaire: try r.string("questionnaire"), items: try r.integer("items"), task: try r.optionalString("task"))
        case "answer":
            return .answer(
                Answer(
                    questionnaire: try r.string("questionnaire"), item: try r.string("item"), number: try r.integer("number"),
                    value: try r.integer("value"), seconds: try r.number("seconds"), choice: try r.optionalString("choice"),
                    task: try r.optionalString("task"), revised: try r.optionalBool("revised") ?? false))
        case "questionnaire.done":
            let answers = try r.optionalString("answers").map { _ in
                try r.list("answers").map { s -> Int in
                    guard let v = Int(s) else { throw WireFieldReader.Mismatch(key: "answers") }
                    return v
                }
            }
            return .questionnaireDone(
                QuestionnaireDone(
                    questionnaire: try r.string("questionnaire"), answers: answers, task: try r.optionalString("task"),
                    score: try r.optionalNumber("score")))
        case "signal": return .signal(try signal(r))
        case "settings": return .settings(source: try r.choice("source"), variant: try r.string("variant"), changes: try r.string("changes"))
        case "consent": return .consent(participant: try r.optionalString("participant"), agreed: try r.optionalBool("agreed") ?? false)
        case "participant": return .participant(try r.string("participant"))
        case "part.began": return .partBegan(part: try r.string("part"), variant: try r.string("variant"))
        case "part.ended": return .partEnded(part: try r.string("part"))
        case "part.stopped": return .partStopped(part: try r.string("part"), reason: try r.string("reason"))
        case "resumed": return .resumed(part: try r.string("part"), restarted: try r.optionalString("restarted"))
        case "observer.page": return .observerPage(local: try r.optionalBool("local") ?? false)
        case "marker":
            var m = Marker(key: try r.optionalString("key"), category: try r.string("category"), source: try r.string("source"))
            m.note = try r.optionalString("note"); m.id = try r.optionalString("id"); m.queued = try r.optionalNumber("queued")
            m.task = try r.optionalString("task"); m.part = try r.optionalString("part")
            return .marker(m)
        case "study.finished": return .studyFinished
        default: return nil
        }
    }
}
