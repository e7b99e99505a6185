import Foundation

/// A problem with a project file, phrased for the person who has to fix it. `path` names the
/// field ("tracks[0].clips[2].duration"), empty for the file as a whole.
public struct ProjectFileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, _ message: String) { self.path = path; self.message = message }
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Reading, validating and writing the versioned project JSON (see Docs/Formats.md, "Project file").
/// Times are seconds in the file and exact `Time` ticks inside.
public enum ProjectFile {
    /// Most tracks and clips a project file may hold (the editor is measured with 10,000 clips).
    public static let maximumTracks = 1000, maximumClips = 200_000
    /// Longest text a project file may hold in one field, in characters (ids, names, titles, paths).
    public static let maximumTextLength = 4096

    /// Reads and validates a project from a file.
    public static func load(from url: URL) throws -> Project {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ProjectFileError(path: "", "\(url.path): no such file")
        }
        guard !isDirectory.boolValue else { throw ProjectFileError(path: "", "\(url.path): is a folder, not a project file") }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ProjectFileError(path: "", "\(url.path): cannot be read (\(error.localizedDescription))")
        }
        return try decode(data)
    }

    /// Decodes and validates a project from JSON bytes.
    public static func decode(_ data: Data) throws -> Project {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw ProjectFileError(path: "", "not valid JSON (\(Self.reason(of: error)))")
        }
        guard let root = object as? [String: Any] else { throw ProjectFileError(path: "", "expected a JSON object at the top level") }
        let reader = FieldReader(path: "")
        let version = try reader.int(root, "version")
        guard (1...Project.formatVersion).contains(version) else {
            throw ProjectFileError(path: "version", "unsupported version \(version); this Tactile reads versions 1 to \(Project.formatVersion)")
        }
        // Version 1 files were written before formats: they were all 16:9.
        let format = version == 1 ? CompositionFormat.legacy : try reader.format(root, "format")
        let name = try reader.string(root, "name")
        let trackObjects = try reader.array(root, "tracks")
        guard trackObjects.count <= maximumTracks else { throw ProjectFileError(path: "tracks", "holds more than \(maximumTracks) tracks") }
        var tracks: [Track] = []
        var clipCount = 0
        for (ti, any) in trackObjects.enumerated() {
            let tr = FieldReader(path: "tracks[\(ti)]")
            guard let t = any as? [String: Any] else { throw ProjectFileError(path: tr.path, "expected an object") }
            let kindName = try tr.string(t, "kind")
            guard let kind = TrackKind(rawValue: kindName) else {
                throw ProjectFileError(
                    path: tr.path + ".kind", "unknown track kind \"\(PrintableText.of(kindName, limit: 40))\" (expected video, overlay or audio)")
            }
            var clips: [Clip] = []
            let clipObjects = try tr.array(t, "clips")
            clipCount += clipObjects.count
            guard clipCount <= maximumClips else { throw ProjectFileError(path: tr.path + ".clips", "the project holds more than \(maximumClips) clips") }
            for (ci, anyClip) in clipObjects.enumerated() {
                let cr = FieldReader(path: "\(tr.path).clips[\(ci)]")
                guard let c = anyClip as? [String: Any] else { throw ProjectFileError(path: cr.path, "expected an object") }
                let clipKindName = try cr.string(c, "kind")
                guard let clipKind = ClipKind(rawValue: clipKindName) else {
                    throw ProjectFileError(
                        path: cr.path + ".kind",
                        "unknown clip kind \"\(PrintableText.of(clipKindName, limit: 40))\" (expected video, audio, image, text or sticker)")
                }
                guard kind.accepts(clipKind) else {
                    throw ProjectFileError(path: cr.path + ".kind", "a \(clipKindName) clip cannot live on a \(kind.rawValue) track")
                }
                var clip = Clip(
                    id: try cr.string(c, "id"), kind: clipKind, media: try cr.optionalString(c, "media"),
                    title: try cr.string(c, "title"),
                    start: try cr.seconds(c, "start", allowZero: true),
                    duration: try cr.seconds(c, "duration", allowZero: false),
                    sourceStart: try cr.optionalSeconds(c, "sourceStart") ?? .zero,
                    sourceDuration: try cr.optionalSeconds(c, "sourceDuration", allowZero: false),
                    transform: try cr.transform(c, "transform"),
                    sticker: try cr.sticker(c, "sticker"),
                    textStyle: try cr.textStyle(c, "style"),
                    transitionIn: try cr.transition(c, "transition"))
                if clip.transform != nil && kind != .overlay {
                    throw ProjectFileError(path: cr.path + ".transform", "only clips on an overlay track have a transform")
                }
                if clip.textStyle != nil && clipKind != .text {
                    throw ProjectFileError(path: cr.path + ".style", "only text clips have a text style")
                }
                if clip.sticker != nil && clipKind != .sticker {
                    throw ProjectFileError(path: cr.path + ".sticker", "only sticker clips have a sticker shape")
                }
                if let sound = try cr.sound(c, "sound", clipDuration: clip.duration) {
                    guard clipKind.hasFiniteSource else { throw ProjectFileError(path: cr.path + ".sound", "only video and audio clips have sound") }
                    clip.sound = sound
                }
                // Speed and fit came with version 4; earlier files play every clip at speed 1, fitted.
                if let speed = try cr.speed(c, "speed") {
                    guard clipKind.hasFiniteSource else { throw ProjectFileError(path: cr.path + ".speed", "only video and audio clips have a speed") }
                    clip.speed = speed
                }
                if let fit = try cr.fit(c, "fit") {
                    guard kind == .video else { throw ProjectFileError(path: cr.path + ".fit", "only clips on a video track have a fit") }
                    clip.fit = fit
                }
                if let total = clip.sourceDuration, clip.sourceStart + clip.footageUsed > total + Time(ticks: 1) {
                    let used = clip.speed == 1 ? "sourceStart + duration" : "sourceStart + duration × speed"
                    throw ProjectFileError(
                        path: cr.path, "\(used) (\(clip.sourceStart.seconds + clip.footageUsed.seconds)s) runs past the source's \(total.seconds)s")
                }
                clips.append(clip)
            }
            tracks.append(
                Track(
                    id: try tr.string(t, "id"), kind: kind, clips: clips,
                    isMuted: try tr.optionalBool(t, "muted") ?? false, ducksUnderOtherSound: try tr.optionalBool(t, "ducksUnderOtherSound") ?? false))
        }
        let project = Project(name: name, format: format, tracks: tracks)
        try validate(project, originalOrder: trackObjects)
        return project
    }

    /// Checks what a single field cannot: unique ids, no overlapping clips on a track, and
    /// transitions only at cuts, within the footage the clips have.
    public static func validate(_ project: Project, originalOrder: [Any]? = nil) throws {
        var seen: [String: String] = [:]
        for (ti, track) in project.tracks.enumerated() {
            if let other = seen[track.id] {
                throw ProjectFileError(path: "tracks[\(ti)].id", "\"\(PrintableText.of(track.id, limit: 60))\" is already used by \(other)")
            }
            seen[track.id] = "tracks[\(ti)]"
            for (ci, clip) in track.clips.enumerated() {
                if let other = seen[clip.id] {
                    throw ProjectFileError(path: "tracks[\(ti)].clips[\(ci)].id", "\"\(PrintableText.of(clip.id, limit: 60))\" is already used by \(other)")
                }
                seen[clip.id] = "tracks[\(ti)].clips[\(ci)]"
                if ci > 0, track.clips[ci - 1].end > clip.start {
                    let prev = track.clips[ci - 1]
                    throw ProjectFileError(
                        path: "tracks[\(ti)]",
                        "clips \"\(PrintableText.of(prev.id, limit: 60))\" (\(fmt(prev.start))–\(fmt(prev.end))) and \"\(PrintableText.of(clip.id, limit: 60))\" (\(fmt(clip.start))–\(fmt(clip.end))) overlap"
                    )
                }
                if let t = clip.transitionIn {
                    let field = "tracks[\(ti)].clips[\(ci)].transition"
                    guard let limit = project.transitionLimit(onTrack: ti, before: ci) else {
                        throw ProjectFileError(
                            path: field, "no clip ends where this one starts (\(fmt(clip.start))): a transition goes between two clips that meet")
                    }
                    if t.duration > limit.duration + Transition.roundingSlack {
                        throw ProjectFileError(
                            path: field + ".duration", "\(fmt(t.duration)) is longer than this cut allows (\(fmt(limit.duration))): \(limit.reason)")
                    }
                }
            }
        }
    }

    /// The project as pretty-printed JSON, keys in the documented order (stable diffs).
    public static func encode(_ project: Project) -> Data {
        Data((json(project).serialized(pretty: true) + "\n").utf8)
    }

    /// The project as the JSON value its file holds (task plans' conditions read paths in it).
    public static func json(_ project: Project) -> JSONValue {
        .object([
            ("version", .number(Double(Project.formatVersion))),
            ("name", .string(project.name)),
            (
                "format",
                .object([
                    ("aspect", .string(project.format.aspect.rawValue)), ("width", .number(Double(project.format.width))),
                    ("height", .number(Double(project.format.height))),
                ])
            ),
            ("tracks", .array(project.tracks.map(json(track:)))),
        ])
    }

    /// A track's object: its id and kind, `muted` and `ducksUnderOtherSound` when set, its clips.
    private static func json(track t: Track) -> JSONValue {
        var fields: [(String, JSONValue)] = [("id", .string(t.id)), ("kind", .string(t.kind.rawValue))]
        if t.isMuted { fields.append(("muted", .bool(true))) }
        if t.ducksUnderOtherSound { fields.append(("ducksUnderOtherSound", .bool(true))) }
        // A fit is written only where it is read: on a video track.
        fields.append(("clips", .array(t.clips.map { json(clip: $0, fit: t.kind == .video) })))
        return .object(fields)
    }

    /// A clip's object; the optional parts only when the clip has them.
    private static func json(clip c: Clip, fit: Bool) -> JSONValue {
        func seconds(_ t: Time) -> JSONValue { .number(t.seconds) }
        var fields: [(String, JSONValue)] = [
            ("id", .string(c.id)), ("kind", .string(c.kind.rawValue)), ("media", c.media.map { .string($0) } ?? .null),
            ("title", .string(c.title)), ("start", seconds(c.start)), ("duration", seconds(c.duration)),
            ("sourceStart", seconds(c.sourceStart)), ("sourceDuration", c.sourceDuration.map(seconds) ?? .null),
        ]
        if let t = c.transform {
            fields.append(("transform", .object([("x", .number(t.x)), ("y", .number(t.y)), ("scale", .number(t.scale)), ("rotation", .number(t.rotation))])))
        }
        if let shape = c.sticker { fields.append(("sticker", .string(shape.rawValue))) }
        if let s = c.textStyle {
            fields.append(
                ("style", .object([("size", .string(s.size.rawValue)), ("colour", .string(s.colour.rawValue)), ("background", .bool(s.background))])))
        }
        if let t = c.transitionIn {
            var transition: [(String, JSONValue)] = [("kind", .string(t.kind.rawValue)), ("duration", seconds(t.duration))]
            if t.overlap.total.ticks > 0 {
                transition.append(
                    (
                        "overlap",
                        .object([
                            ("outgoing", seconds(t.overlap.outgoing)), ("incoming", seconds(t.overlap.incoming)),
                            ("everyTrack", .bool(t.overlap.everyTrack)),
                        ])
                    ))
            }
            fields.append(("transition", .object(transition)))
        }
        if c.speed != 1 { fields.append(("speed", .number(c.speed))) }
        if fit, c.fit != .fit { fields.append(("fit", .string(c.fit.rawValue))) }
        if c.sound != .standard {
            fields.append(
                ("sound", .object([("decibels", .number(c.sound.decibels)), ("fadeIn", seconds(c.sound.fadeIn)), ("fadeOut", seconds(c.sound.fadeOut))])))
        }
        return .object(fields)
    }

    /// Writes the project atomically: a reader sees the old file or the new one, never half.
    public static func save(_ project: Project, to url: URL) throws {
        try AtomicFile.write(encode(project), to: url)
    }

    private static func fmt(_ t: Time) -> String { String(format: "%.3gs", t.seconds) }

    private static func reason(of error: Error) -> String {
        let ns = error as NSError
        return (ns.userInfo["NSDebugDescription"] as? String) ?? ns.localizedDescription
    }
}

/// Reads typed fields out of a JSON object, naming the field in every error.
private struct FieldReader {
    let path: String
    func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func value(_ o: [String: Any], _ key: String) throws -> Any {
        guard let v = o[key], !(v is NSNull) else { throw ProjectFileError(path: name(key), "missing") }
        return v
    }
    func string(_ o: [String: Any], _ key: String) throws -> String {
        guard let s = try value(o, key) as? String else { throw ProjectFileError(path: name(key), "expected a string") }
        guard s.count <= ProjectFile.maximumTextLength else {
            throw ProjectFileError(path: name(key), "is longer than \(ProjectFile.maximumTextLength) characters")
        }
        return s
    }
    func optionalString(_ o: [String: Any], _ key: String) throws -> String? {
        guard let v = o[key], !(v is NSNull) else { return nil }
        guard let s = v as? String else { throw ProjectFileError(path: name(key), "expected a string or null") }
        guard s.count <= ProjectFile.maximumTextLength else {
            throw ProjectFileError(path: name(key), "is longer than \(ProjectFile.maximumTextLength) characters")
        }
        return s
    }
    func number(_ v: Any, _ key: String) throws -> Double {
        guard let d = JSONNumber.double(v) else { throw ProjectFileError(path: name(key), "expected a number") }
        return d
    }
    func int(_ o: [String: Any], _ key: String) throws -> Int {
        let v = try value(o, key)
        _ = try number(v, key)
        guard let i = JSONNumber.integer(v, in: -1_000_000_000...1_000_000_000) else {
            throw ProjectFileError(path: name(key), "expected a whole number")
        }
        return i
    }
    func object(_ o: [String: Any], _ key: String) throws -> [String: Any] {
        guard let object = try value(o, key) as? [String: Any] else { throw ProjectFileError(path: name(key), "expected an object") }
        return object
    }
    /// The composition format: `{"aspect": "9:16", "width": 1080, "height": 1920}`.
    func format(_ o: [String: Any], _ key: String) throws -> CompositionFormat {
        let f = try object(o, key), inner = FieldReader(path: name(key))
        let aspectName = try inner.string(f, "aspect")
        guard let aspect = CompositionFormat.Aspect(rawValue: aspectName) else {
            let known = CompositionFormat.Aspect.allCases.map(\.rawValue).joined(separator: ", ")
            throw ProjectFileError(path: inner.name("aspect"), "unknown aspect \"\(PrintableText.of(aspectName, limit: 20))\" (expected one of \(known))")
        }
        let width = try inner.int(f, "width"), height = try inner.int(f, "height")
        if let problem = CompositionFormat.problem(aspect: aspect, width: width, height: height) {
            throw ProjectFileError(path: inner.path, problem)
        }
        return CompositionFormat(aspect, width: width, height: height)!
    }
    /// A text's style, `{"size": "large", "colour": "yellow", "background": true}` (each optional), or nil when absent.
    func textStyle(_ o: [String: Any], _ key: String) throws -> TextStyle? {
        guard let v = o[key], !(v is NSNull) else { return nil }
        guard let s = v as? [String: Any] else { throw ProjectFileError(path: name(key), "expected an object or null") }
        let inner = FieldReader(path: name(key))
        func pick<E: RawRepresentable & CaseIterable>(_ field: String, _ type: E.Type) throws -> E? where E.RawValue == String {
            guard let raw = try inner.optionalString(s, field) else { return nil }
            guard let value = E(rawValue: raw) else {
                throw ProjectFileError(
                    path: inner.name(field),
                    "unknown \(field) \"\(PrintableText.of(raw, limit: 40))\" (expected one of \(E.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return value
        }
        var style = TextStyle()
        if let size = try pick("size", TextStyle.Size.self) { style.size = size }
        if let colour = try pick("colour", TextStyle.Colour.self) { style.colour = colour }
        if let background = s["background"], !(background is NSNull) {
            guard JSONNumber.isBoolean(background), let b = background as? Bool else {
                throw ProjectFileError(path: inner.name("background"), "expected true or false")
            }
            style.background = b
        }
        return style
    }
    /// `true` or `false`, or nil when absent.
    func optionalBool(_ o: [String: Any], _ key: String) throws -> Bool? {
        guard let v = o[key], !(v is NSNull) else { return nil }
        guard JSONNumber.isBoolean(v), let b = v as? Bool else { throw ProjectFileError(path: name(key), "expected true or false") }
        return b
    }
    /// A transition, `{"kind": "crossDissolve", "duration": 0.5}`, or nil when absent.
    func transition(_ o: [String: Any], _ key: String) throws -> Transition? {
        guard let v = o[key], !(v is NSNull) else { return nil }
        guard let t = v as? [String: Any] else { throw ProjectFileError(path: name(key), "expected an object or null") }
        let inner = FieldReader(path: name(key))
        let kindName = try inner.string(t, "kind")
        guard let kind = Transition.Kind(rawValue: kindName) else {
            let known = Transition.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ProjectFileError(path: inner.name("kind"), "unknown transition \"\(PrintableText.of(kindName, limit: 40))\" (expected one of \(known))")
        }
        var overlap = Transition.Overlap.none
        if let v = t["overlap"], !(v is NSNull) {
            guard let o = v as? [String: Any] else { throw ProjectFileError(path: inner.name("overlap"), "expected an object or null") }
            let sides = FieldReader(path: inner.name("overlap"))
            overlap.outgoing = try sides.optionalSeconds(o, "outgoing") ?? .zero
            overlap.incoming = try sides.optionalSeconds(o, "incoming") ?? .zero
            overlap.everyTrack = try sides.optionalBool(o, "everyTrack") ?? false
        }
        return Transition(kind, duration: try inner.seconds(t, "duration", allowZero: false), overlap: overlap)
    }
    /// A clip's sound, `{"decibels": -6, "fadeIn": 0.5, "fadeOut": 1}` (each optional), or nil when absent.
    func sound(_ o: [String: Any], _ key: String, clipDuration: Time) throws -> ClipSound? {
        guard let v = o[key], !(v is NSNull) else { return nil }
        guard let s = v as? [String: Any] else { throw ProjectFileError(path: name(key), "expected an object or null") }
        let inner = FieldReader(path: name(key))
        let decibels = try s["decibels"].map { try inner.number($0, "decibels") } ?? 0
        let fadeIn = try inner.optionalSeconds(s, "fadeIn") ?? .zero, fadeOut = try inner.optionalSeconds(s, "fadeOut") ?? .zero
        if let problem = ClipSound.problem(decibels: decibels, fadeIn: fadeIn, fadeOut: fadeOut, clipDuration: clipDuration) {
            throw ProjectFileError(path: inner.name(problem.field), problem.message)
        }
        return ClipSound(decibels: decibels, fadeIn: fadeIn, fadeOut: fadeOut)
    }
    /// A clip's speed, a number within `Clip.speedRange`, or nil when absent.
    func speed(_ o: [String: Any], _ key: String) throws -> Double? {
        guard let v = o[key], !(v is NSNull) else { return nil }
        let speed = try number(v, key), range = Clip.speedRange
        guard speed.isFinite, range.contains(speed) else {
            throw ProjectFileError(path: name(key), "must be from \(range.lowerBound) to \(range.upperBound) (found \(speed))")
        }
        return speed
    }
    /// A picture's fit by name, or nil when absent.
    func fit(_ o: [String: Any], _ key: String) throws -> PictureFit? {
        guard let raw = try optionalString(o, key) else { return nil }
        guard let fit = PictureFit(rawValue: raw) else {
            let known = PictureFit.allCases.map(\.rawValue).joined(separator: ", ")
            throw ProjectFileError(path: name(key), "unknown fit \"\(PrintableText.of(raw, limit: 40))\" (expected one of \(known))")
        }
        return fit
    }
    /// A sticker's shape by name, or nil when absent.
    func sticker(_ o: [String: Any], _ key: String) throws -> StickerShape? {
        guard let name = try optionalString(o, key) else { return nil }
        guard let shape = StickerShape(rawValue: name) else {
            let known = StickerShape.allCases.map(\.rawValue).joined(separator: ", ")
            throw ProjectFileError(path: self.name(key), "unknown sticker \"\(PrintableText.of(name, limit: 40))\" (expected one of \(known))")
        }
        return shape
    }
    /// An overlay's transform, `{"x": 0.5, "y": 0.8, "scale": 1, "rotation": 0}`, or nil when absent.
    func transform(_ o: [String: Any], _ key: String) throws -> OverlayTransform? {
        guard let v = o[key], !(v is NSNull) else { return nil }
        guard let t = v as? [String: Any] else { throw ProjectFileError(path: name(key), "expected an object or null") }
        let inner = FieldReader(path: name(key))
        let x = try inner.number(try inner.value(t, "x"), "x"), y = try inner.number(try inner.value(t, "y"), "y")
        let scale = try t["scale"].map { try inner.number($0, "scale") } ?? 1
        let rotation = try t["rotation"].map { try inner.number($0, "rotation") } ?? 0
        if let problem = OverlayTransform.problem(x: x, y: y, scale: scale, rotation: rotation) {
            throw ProjectFileError(path: inner.name(problem.field), problem.message)
        }
        return OverlayTransform(x: x, y: y, scale: scale, rotation: rotation)
    }
    func array(_ o: [String: Any], _ key: String) throws -> [Any] {
        guard let a = try value(o, key) as? [Any] else { throw ProjectFileError(path: name(key), "expected an array") }
        return a
    }
    func seconds(_ o: [String: Any], _ key: String, allowZero: Bool) throws -> Time {
        try checkedSeconds(try number(try value(o, key), key), key, allowZero: allowZero)
    }
    func optionalSeconds(_ o: [String: Any], _ key: String, allowZero: Bool = true) throws -> Time? {
        guard let v = o[key], !(v is NSNull) else { return nil }
        return try checkedSeconds(try number(v, key), key, allowZero: allowZero)
    }
    private func checkedSeconds(_ s: Double, _ key: String, allowZero: Bool) throws -> Time {
        if s < 0 { throw ProjectFileError(path: name(key), "must not be negative (found \(s))") }
        if !allowZero && s == 0 { throw ProjectFileError(path: name(key), "must be greater than zero") }
        if s > 24 * 3600 { throw ProjectFileError(path: name(key), "is longer than 24 hours (found \(s))") }
        return .seconds(s)
    }
}
