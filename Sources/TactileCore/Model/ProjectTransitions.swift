/// Transitions at cuts: where they may go, how long they may last, and keeping them valid as
/// clips are moved and trimmed.
extension Project {
    /// The clip before `clipID` on its track when it ends exactly where `clipID` starts (a cut),
    /// with the track's index and the incoming clip's index.
    public func cut(before clipID: String) -> (outgoing: Clip, incoming: Clip, track: Int, index: Int)? {
        for (ti, track) in tracks.enumerated() {
            guard let i = track.clips.firstIndex(where: { $0.id == clipID }) else { continue }
            return cut(onTrack: ti, before: i)
        }
        return nil
    }

    /// The cut before clip `i` of track `ti`, when the clip before it ends where it starts.
    func cut(onTrack ti: Int, before i: Int) -> (outgoing: Clip, incoming: Clip, track: Int, index: Int)? {
        let clips = tracks[ti].clips
        guard i > 0, i < clips.count, clips[i - 1].end == clips[i].start else { return nil }
        return (clips[i - 1], clips[i], ti, i)
    }

    /// The longest transition the cut before `clipID` can hold, and what limits it (a sentence
    /// naming the clip), or nil when there is no cut there. Half the transition plays from each
    /// clip's unused footage (`Clip.sourceDuration` past the outgoing clip's end, `sourceStart`
    /// before the incoming one's start; stills, texts and stickers have as much as needed), and
    /// the transition may not run into the one at the outgoing clip's other end, nor past the
    /// incoming clip's end.
    public func transitionLimit(atCutBefore clipID: String) -> (duration: Time, reason: TransitionLimitReason)? {
        cut(before: clipID).flatMap { transitionLimit(onTrack: $0.track, before: $0.index) }
    }

    /// `transitionLimit(atCutBefore:)` for clip `i` of track `ti`.
    func transitionLimit(onTrack ti: Int, before i: Int) -> (duration: Time, reason: TransitionLimitReason)? {
        guard let cut = cut(onTrack: ti, before: i) else { return nil }
        let a = cut.outgoing, b = cut.incoming
        var limits: [(Time, TransitionLimitReason)] = []
        if a.kind.hasFiniteSource, let total = a.sourceDuration {
            let tail = max(.zero, total - (a.sourceStart + a.duration))
            limits.append((tail * 2, .footageAfterEnd(clip: a.title, left: tail)))
        }
        if b.kind.hasFiniteSource {
            limits.append((b.sourceStart * 2, .footageBeforeStart(clip: b.title, left: b.sourceStart)))
        }
        let before = a.transitionIn.map { $0.half } ?? .zero
        limits.append(((a.duration - before) * 2, .clipLength(clip: a.title, length: a.duration)))
        let after = self.cut(onTrack: ti, before: i + 1)?.incoming.transitionIn?.half ?? .zero
        limits.append(((b.duration - after) * 2, .clipLength(clip: b.title, length: b.duration)))
        let tightest = limits.min { $0.0 < $1.0 }!
        return (max(.zero, tightest.0), tightest.1)
    }

    /// The project with `transition` at the cut before `clipID` (nil: a hard cut), and a note
    /// when it had to be shortened to fit (never silently). Throws when there is no cut there
    /// or no footage for any transition.
    public func settingTransition(_ transition: Transition?, atCutBefore clipID: String) throws -> (Project, note: TransitionNote?) {
        guard let cut = cut(before: clipID), let limit = transitionLimit(onTrack: cut.track, before: cut.index) else {
            throw EditError.noCut(clipID)
        }
        var project = self
        guard var t = transition else {
            project.tracks[cut.track].clips[cut.index].transitionIn = nil
            return (project, nil)
        }
        var note: TransitionNote?
        if t.duration > limit.duration {
            guard limit.duration.ticks > 0 else { throw EditError.noRoomForTransition("\(limit.reason)") }
            t.duration = limit.duration
            note = .shortened(to: limit.duration, reason: limit.reason)
        }
        project.tracks[cut.track].clips[cut.index].transitionIn = t
        return (project, note)
    }

    /// The project with every transition still on a cut and within its limit: transitions whose
    /// clips no longer meet are removed, those longer than their footage allows are shortened.
    /// One note per change, for the person who made the edit.
    public func keepingTransitionsValid() -> (Project, notes: [TransitionNote]) {
        var project = self
        var notes: [TransitionNote] = []
        for ti in project.tracks.indices {
            for ci in project.tracks[ti].clips.indices {
                let clip = project.tracks[ti].clips[ci]
                guard let t = clip.transitionIn else { continue }
                guard let limit = project.transitionLimit(onTrack: ti, before: ci) else {
                    project.tracks[ti].clips[ci].transitionIn = nil
                    notes.append(.removedNoCut(clip: clip.title))
                    continue
                }
                if t.duration > limit.duration {
                    if limit.duration.ticks > 0 {
                        project.tracks[ti].clips[ci].transitionIn?.duration = limit.duration
                        notes.append(.shortenedBefore(clip: clip.title, to: limit.duration, reason: limit.reason))
                    } else {
                        project.tracks[ti].clips[ci].transitionIn = nil
                        notes.append(.removedBefore(clip: clip.title, reason: limit.reason))
                    }
                }
            }
        }
        return (project, notes)
    }

    /// The project with every clip's fades within the clip: when a trim or split made a clip
    /// shorter than its fades, both are shortened in proportion.
    public func keepingFadesWithinClips() -> Project {
        var project = self
        for ti in project.tracks.indices {
            for ci in project.tracks[ti].clips.indices {
                let clip = project.tracks[ti].clips[ci]
                let total = clip.sound.fadeIn + clip.sound.fadeOut
                guard total > clip.duration, total.ticks > 0 else { continue }
                let fadeIn = Time(ticks: Int64(Double(clip.duration.ticks) * Double(clip.sound.fadeIn.ticks) / Double(total.ticks)))
                project.tracks[ti].clips[ci].sound.fadeIn = fadeIn
                project.tracks[ti].clips[ci].sound.fadeOut = clip.duration - fadeIn
            }
        }
        return project
    }

    /// "0.4 s", to a tenth.
    static func secondsText(_ t: Time) -> String {
        let tenths = (t.seconds * 10 + 1e-9).rounded(.down) / 10
        return tenths == tenths.rounded() ? "\(Int(tenths)) s" : "\(tenths) s"
    }
}

extension Track {
    /// The transition playing at `t`, if any: the clips it goes from and to, and how far it has
    /// got (what the canvas, and an export, draw there).
    public func transition(at t: Time) -> (outgoing: Clip, incoming: Clip, transition: Transition, progress: Double)? {
        guard let i = clips.firstIndex(where: { $0.contains(t) }) else { return nil }
        for j in [i, i + 1] where j > 0 && j < clips.count && clips[j - 1].end == clips[j].start {
            if let tr = clips[j].transitionIn, let p = tr.progress(at: t, cut: clips[j].start) { return (clips[j - 1], clips[j], tr, p) }
        }
        return nil
    }
}
