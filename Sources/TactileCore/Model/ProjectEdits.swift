/// Edit operations on a project. Each returns a new project (the model is a value) or throws
/// an `EditError` saying why the edit cannot be made; the caller records undo history.
public enum EditError: Error, Equatable, CustomStringConvertible {
    case noSuchClip(String)
    case notInsideClip
    case tooShort
    case noCut(String)
    case noRoomForTransition(TransitionLimitReason)
    /// The clip (by title) has no footage to play faster or slower: a still, a text, a sticker.
    case noSpeed(String)
    /// The clip (by title) is no video clip with a file: it has no sound of its own to detach.
    case noSoundToDetach(String)

    public var description: String {
        switch self {
        case let .noSuchClip(id): return "There is no clip \"\(id)\"."
        case .notInsideClip: return "Move the playhead inside the clip to split it."
        case .tooShort: return "The pieces would be shorter than the shortest clip allowed."
        case let .noCut(id): return "No clip ends where \"\(id)\" starts: a transition goes between two clips that meet."
        case let .noRoomForTransition(reason): return "Too short for a transition: \(reason)."
        case let .noSpeed(title): return "\"\(title)\" has no footage to play faster or slower: only video and audio clips have a speed."
        case let .noSoundToDetach(title): return "\"\(title)\" has no sound of its own to detach: only a video clip's sound can be."
        }
    }
}

extension Project {
    /// An id like "video-3" that no clip or track uses yet.
    public func unusedID(prefix: String) -> String {
        let used = Set(tracks.map(\.id) + allClips.map(\.id))
        var n = 1
        while used.contains("\(prefix)-\(n)") { n += 1 }
        return "\(prefix)-\(n)"
    }

    /// The project with a new clip at `time`, on the first track of a fitting kind with room for
    /// it, or on a new track (placed after the last track of that kind) when none has room.
    /// Returns the new project and the new clip's id.
    public func addingClip(
        kind: ClipKind, title: String, at time: Time, duration: Time,
        media: String? = nil, sourceDuration: Time? = nil, sticker: StickerShape? = nil
    ) -> (Project, String) {
        var project = self
        let id = unusedID(prefix: kind.rawValue)
        var clip = Clip(
            id: id, kind: kind, media: media, title: title, start: time, duration: duration,
            sourceStart: .zero, sourceDuration: sourceDuration, sticker: sticker)
        let preferred: TrackKind = kind == .audio ? .audio : (kind == .video ? .video : .overlay)
        if preferred == .overlay {
            let overlapping = project.tracks.filter { $0.kind == .overlay }.flatMap(\.clips).filter { $0.start < clip.end && clip.start < $0.end }
            clip.transform = OverlayTransform.freePlacement(for: kind, avoiding: overlapping.map(\.placement))
        }
        let fits = { (t: Track) in t.kind == preferred && !t.clips.contains { $0.start < clip.end && clip.start < $0.end } }
        if let index = project.tracks.firstIndex(where: fits) {
            project.tracks[index].clips.append(clip)
            project.tracks[index].clips.sort { $0.start < $1.start }
        } else {
            let track = Track(id: project.unusedID(prefix: "track"), kind: preferred, clips: [clip])
            let insertAt =
                (project.tracks.lastIndex { $0.kind == preferred }).map { $0 + 1 }
                ?? (preferred == .audio ? project.tracks.count : 0)
            project.tracks.insert(track, at: insertAt)
        }
        return (project, id)
    }

    /// The project with each video and audio clip's source length set to its media's real length
    /// (`lengths` by media path), trimming clips that reached past the end of their media.
    public func fittingSources(_ lengths: [String: Time], minimumDuration: Time) -> Project {
        var project = self
        for t in project.tracks.indices {
            for c in project.tracks[t].clips.indices {
                var clip = project.tracks[t].clips[c]
                guard clip.kind.hasFiniteSource, let path = clip.media, let length = lengths[path], length > .zero,
                    clip.sourceDuration != length
                else { continue }
                clip.sourceDuration = length
                if clip.sourceStart + clip.footageUsed > length {
                    let shortest = min(clip.footageSpan(ofTimeline: minimumDuration), length)
                    clip.sourceStart = max(.zero, min(clip.sourceStart, length - shortest))
                    clip.duration = max(clip.timelineSpan(ofFootage: shortest), clip.timelineSpan(ofFootage: length - clip.sourceStart))
                }
                project.tracks[t].clips[c] = clip
            }
        }
        return project
    }

    /// The project with clip `id` cut in two at `time`; the right piece gets a new id, returned.
    public func splittingClip(_ id: String, at time: Time, minimumDuration: Time) throws -> (Project, String) {
        guard let (clip, trackIndex) = clip(withID: id) else { throw EditError.noSuchClip(id) }
        guard time > clip.start && time < clip.end else { throw EditError.notInsideClip }
        guard time - clip.start >= minimumDuration && clip.end - time >= minimumDuration else { throw EditError.tooShort }
        var project = self
        var left = clip, right = clip
        left.duration = time - clip.start
        right.id = unusedID(prefix: clip.id)
        right.start = time
        right.duration = clip.end - time
        right.sourceStart = clip.sourceStart + clip.footageSpan(ofTimeline: left.duration)
        // The cut between the pieces is a hard one; the fade in stays at the start, the fade out at the end.
        right.transitionIn = nil
        right.sound.fadeIn = .zero
        left.sound.fadeOut = .zero
        left.sound.fadeIn = min(left.sound.fadeIn, left.duration)
        right.sound.fadeOut = min(right.sound.fadeOut, right.duration)
        let clips = project.tracks[trackIndex].clips
        let i = clips.firstIndex { $0.id == id }!
        project.tracks[trackIndex].clips.replaceSubrange(i...i, with: [left, right])
        return (project, right.id)
    }

    /// The project without clip `id`.
    public func removingClip(_ id: String) throws -> Project {
        guard let (_, trackIndex) = clip(withID: id) else { throw EditError.noSuchClip(id) }
        var project = self
        project.tracks[trackIndex].clips.removeAll { $0.id == id }
        return project
    }
}

/// Undo and redo of whole-project states. Values are cheap to keep (copy-on-write arrays).
public struct EditHistory: Hashable, Sendable {
    public private(set) var undoStack: [Project] = []
    public private(set) var redoStack: [Project] = []
    /// How many steps are kept. Default 200.
    public var limit: Int

    public init(limit: Int = 200) { self.limit = limit }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Records that `before` was replaced by an edit; clears the redo stack.
    public mutating func record(_ before: Project) {
        undoStack.append(before)
        if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
        redoStack.removeAll()
    }

    /// The project before the last edit, given the current one; nil when there is none.
    public mutating func undo(_ current: Project) -> Project? {
        guard let previous = undoStack.popLast() else { return nil }
        redoStack.append(current)
        return previous
    }

    /// The project the last undo went back from; nil when there is none.
    public mutating func redo(_ current: Project) -> Project? {
        guard let next = redoStack.popLast() else { return nil }
        undoStack.append(current)
        return next
    }
}
