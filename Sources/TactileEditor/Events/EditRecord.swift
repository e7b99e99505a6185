import TactileCore

extension InteractionEvent {
    /// An edit, as a researcher reads it back: what kind, of which clip or track, and the clip
    /// as it stood before and after (with the project's clip counts), so the log alone tells
    /// what changed.
    public struct Edit: Hashable, Sendable {
        /// The edits the editor makes.
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            case add, delete, split, move, trim, transform, text, speed, fit, format
            case transition, transitionDuration, voiceOver, level, fadeIn, fadeOut
            case mute, unmute, duck, stopDucking, detachSound, rename
        }
        public var edit: Kind
        public var clip: String?
        public var track: String?
        public var before: ClipFacts?
        public var after: ClipFacts?
        public var beforeClips: Int?
        public var afterClips: Int?
        public var beforeFormat: String?
        public var afterFormat: String?
        /// A text clip's words and look ("large yellow boxed") before and after.
        public var beforeText: String?
        public var afterText: String?
        public var beforeStyle: String?
        public var afterStyle: String?
        /// How many clips one edit changed, when more than one (fit applied to every clip).
        public var clipsChanged: Int?
        /// How many other clips the magnetic main track moved with the edit (a ripple), when any.
        public var rippled: Int?
        public init(_ edit: Kind, clip: String? = nil, track: String? = nil) { self.edit = edit; self.clip = clip; self.track = track }

        /// An edit of `clip`, with the clip before and after and the project's clip counts.
        public init(_ edit: Kind, clip: String, before: Project, after: Project) {
            self.init(edit, clip: clip)
            self.before = ClipFacts(clip, in: before, for: edit)
            self.after = ClipFacts(clip, in: after, for: edit)
            beforeClips = before.tracks.reduce(0) { $0 + $1.clips.count }
            afterClips = after.tracks.reduce(0) { $0 + $1.clips.count }
        }
    }

    /// A clip as an edit left it: its place (start, length, source start, track) and what the
    /// edit concerned (sound, transition, speed, fit, transform).
    public struct ClipFacts: Hashable, Sendable {
        public var start: Double
        public var duration: Double
        public var sourceStart: Double
        public var track: Int
        public var decibels: Double?
        public var fadeIn: Double?
        public var fadeOut: Double?
        public var transition: String?
        public var transitionDuration: Double?
        public var speed: Double?
        public var fit: String?
        public var x: Double?
        public var y: Double?
        public var scale: Double?
        public var rotation: Double?
        public init(start: Double, duration: Double, sourceStart: Double, track: Int) {
            self.start = start; self.duration = duration; self.sourceStart = sourceStart; self.track = track
        }

        /// Clip `id` in `project` as an edit of kind `edit` reads it; nil when it is not there.
        init?(_ id: String, in project: Project, for edit: Edit.Kind) {
            guard let (c, track) = project.clip(withID: id) else { return nil }
            self.init(start: c.start.seconds, duration: c.duration.seconds, sourceStart: c.sourceStart.seconds, track: track)
            if [.level, .fadeIn, .fadeOut].contains(edit) {
                decibels = c.sound.decibels; fadeIn = c.sound.fadeIn.seconds; fadeOut = c.sound.fadeOut.seconds
            }
            if edit == .transition || edit == .transitionDuration {
                transition = c.transitionIn?.kind.rawValue ?? "none"
                transitionDuration = c.transitionIn?.duration.seconds ?? 0
            }
            if edit == .speed { speed = c.speed }
            if edit == .fit { fit = c.fit.rawValue }
            if let t = c.transform ?? (edit == .transform ? c.placement : nil) {
                x = t.x; y = t.y; scale = t.scale; rotation = t.rotation
            }
        }
    }
}

extension InteractionEvent.Restore {
    /// What going from `before` to `after` changed.
    public init(from before: Project, to after: Project) {
        func clips(_ p: Project) -> [String: Clip] {
            var out: [String: Clip] = [:]
            for t in p.tracks { for c in t.clips { out[c.id] = c } }
            return out
        }
        let a = clips(before), b = clips(after)
        self.init(
            clips: Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted(), beforeClips: a.count, afterClips: b.count,
            format: before.format != after.format ? after.format.aspect.rawValue : nil)
    }
}
