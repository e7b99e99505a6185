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
        if let tail = a.footageAfterEnd {
            limits.append((tail * 2, .footageAfterEnd(clip: a.title, left: tail)))
        }
        if let head = b.footageBeforeStart {
            limits.append((head * 2, .footageBeforeStart(clip: b.title, left: head)))
        }
        let before = a.transitionIn.map { $0.half } ?? .zero
        limits.append(((a.duration - before) * 2, .clipLength(clip: a.title, length: a.duration)))
        let after = self.cut(onTrack: ti, before: i + 1)?.incoming.transitionIn?.half ?? .zero
        limits.append(((b.duration - after) * 2, .clipLength(clip: b.title, length: b.duration)))
        let tightest = limits.min { $0.0 < $1.0 }!
        return (max(.zero, tightest.0), tightest.1)
    }

    /// The longest transition the cut before `clipID` can be given, overlapping the clips where
    /// their footage beyond the cut runs short, and what limits it; nil when there is no cut
    /// there. Measured with the cut's own transition (and whatever its overlap took) given back.
    public func transitionReach(atCutBefore clipID: String) -> (duration: Time, reason: TransitionLimitReason)? {
        guard let cut = cut(before: clipID) else { return nil }
        return givingBackTransition(onTrack: cut.track, before: cut.index).overlapReach(onTrack: cut.track, before: cut.index)
    }

    /// How long a transition at the cut before clip `i` of track `ti` may be when the clips may
    /// overlap: each clip gives the transition its frames on its own side of the cut (those left
    /// after its other end's transition), and its footage beyond the cut for the other half, or
    /// its own frames where that footage is missing.
    func overlapReach(onTrack ti: Int, before i: Int) -> (duration: Time, reason: TransitionLimitReason)? {
        guard let cut = cut(onTrack: ti, before: i) else { return nil }
        let a = cut.outgoing, b = cut.incoming
        let before = a.transitionIn?.half ?? .zero
        let after = self.cut(onTrack: ti, before: i + 1)?.incoming.transitionIn?.half ?? .zero
        func side(_ own: Time, beyond: Time?) -> Time {
            let own = max(.zero, own)
            guard let beyond else { return own * 2 }
            return min(own + beyond, own * 2)
        }
        let tailA = a.footageAfterEnd
        let headB = b.footageBeforeStart
        let limits: [(Time, TransitionLimitReason)] = [
            (side(a.duration - before, beyond: tailA), .clipLength(clip: a.title, length: a.duration)),
            (side(b.duration - after, beyond: headB), .clipLength(clip: b.title, length: b.duration)),
        ]
        let tightest = limits.min { $0.0 < $1.0 }!
        // In whole pairs of ticks: the two halves of an overlapping transition are then equal.
        let most = max(.zero, tightest.0)
        return (Time(ticks: most.ticks - most.ticks % 2), tightest.1)
    }

    /// The project with `transition` at the cut before `clipID` (nil: a hard cut), and a note
    /// when it had to be shortened to fit or the clips overlap for it (never silently). The
    /// cut's transition before is taken away first, giving back what its overlap took. Where the
    /// clips' footage beyond the cut suffices the transition uses it and the track keeps its
    /// length; where it runs short the clips overlap by what is missing, and the track after
    /// the cut moves earlier. Throws when there is no cut there or the clips are too short for
    /// any transition (`Transition.minimumDuration`).
    public func settingTransition(_ transition: Transition?, atCutBefore clipID: String) throws -> (Project, note: TransitionNote?) {
        guard let cut = cut(before: clipID) else { throw EditError.noCut(clipID) }
        let previous = cut.incoming.transitionIn
        var project = givingBackTransition(onTrack: cut.track, before: cut.index)
        guard var t = transition else { return (project, nil) }
        t.overlap = .none
        guard let handles = project.transitionLimit(onTrack: cut.track, before: cut.index),
            let reach = project.overlapReach(onTrack: cut.track, before: cut.index)
        else { throw EditError.noCut(clipID) }
        var note: TransitionNote?
        if t.duration > reach.duration {
            guard reach.duration >= Transition.minimumDuration else { throw EditError.noRoomForTransition(reach.reason) }
            t.duration = reach.duration
            note = .shortened(to: reach.duration, reason: reach.reason)
        }
        if t.duration > handles.duration {
            t.duration = Time(ticks: t.duration.ticks - t.duration.ticks % 2)
            project = project.overlapping(for: &t, onTrack: cut.track, before: cut.index)
            if note == nil, t.overlap.total != previous?.overlap.total { note = .overlapped(by: t.overlap.total) }
        }
        project.tracks[cut.track].clips[cut.index].transitionIn = t
        return (project, note)
    }

    /// The project with the transition at the cut before clip `i` of track `ti` taken away and
    /// what its overlap took given back (as far as the clips' footage still allows): the clips
    /// get their ends back and the track after the cut moves later again.
    func givingBackTransition(onTrack ti: Int, before i: Int) -> Project {
        var project = self
        guard let cut = cut(onTrack: ti, before: i), let t = cut.incoming.transitionIn else { return project }
        project.tracks[ti].clips[i].transitionIn = nil
        let a = cut.outgoing, b = cut.incoming
        let tailA = a.footageAfterEnd
        let outgoing = min(t.overlap.outgoing, tailA ?? t.overlap.outgoing)
        let incoming = b.footageBeforeStart.map { min(t.overlap.incoming, $0) } ?? t.overlap.incoming
        guard outgoing.ticks > 0 || incoming.ticks > 0 else { return project }
        project.tracks[ti].clips[i - 1].duration = a.duration + outgoing
        project.tracks[ti].clips[i].start = b.start + outgoing
        project.tracks[ti].clips[i].duration = b.duration + incoming
        if b.kind.hasFiniteSource { project.tracks[ti].clips[i].sourceStart = max(.zero, b.sourceStart - b.footageSpan(ofTimeline: incoming)) }
        project.shiftClips(onTrack: ti, from: i + 1, by: outgoing + incoming)
        if t.overlap.everyTrack {
            // The other tracks' clips that moved are those from the first moved one on: they start
            // no earlier than where the cut was less what the overlap took, and none that stayed does.
            let from = b.start - t.overlap.incoming
            for other in project.tracks.indices where other != ti {
                if let first = project.tracks[other].clips.firstIndex(where: { $0.start >= from }) {
                    project.shiftClips(onTrack: other, from: first, by: outgoing + incoming)
                }
            }
        }
        return project
    }

    /// The project with the clips at the cut before clip `i` of track `ti` overlapping enough for
    /// `t`: each side gives up what its footage beyond the cut lacks of half the transition
    /// (recorded in `t.overlap`), and the track after the cut moves earlier by both, the other
    /// tracks' clips after the cut too where they all can.
    func overlapping(for t: inout Transition, onTrack ti: Int, before i: Int) -> Project {
        var project = self
        guard let cut = cut(onTrack: ti, before: i) else { return project }
        let a = cut.outgoing, b = cut.incoming
        let tailA = a.footageAfterEnd
        let headB = b.footageBeforeStart
        // Half rounded up: the footage found then covers the whole transition, whatever its ticks.
        let half = Time(ticks: (t.duration.ticks + 1) / 2)
        let outgoing = tailA.map { max(.zero, half - $0) } ?? .zero
        let incoming = headB.map { max(.zero, half - $0) } ?? .zero
        let total = outgoing + incoming
        // The other tracks move with the cut when each can as a whole: their clips from the cut on
        // go earlier by the overlap, none starts within that much before the cut, and none runs
        // into the clip before it. Otherwise they all keep their times.
        let moving = project.tracks.indices.map { other -> Int? in
            other == ti ? nil : project.tracks[other].clips.firstIndex { $0.start >= b.start }
        }
        let everyTrack =
            total.ticks > 0
            && project.tracks.indices.allSatisfy { other in
                guard other != ti else { return true }
                let clips = project.tracks[other].clips
                if clips.contains(where: { $0.start < b.start && $0.start >= b.start - total }) { return false }
                guard let first = moving[other] else { return true }
                guard clips[first].start - total >= .zero else { return false }
                return first == 0 || clips[first - 1].end <= clips[first].start - total
            }
        t.overlap = Transition.Overlap(outgoing: outgoing, incoming: incoming, everyTrack: everyTrack)
        project.tracks[ti].clips[i - 1].duration = a.duration - outgoing
        project.tracks[ti].clips[i].start = b.start - outgoing
        project.tracks[ti].clips[i].duration = b.duration - incoming
        if b.kind.hasFiniteSource { project.tracks[ti].clips[i].sourceStart = b.sourceStart + b.footageSpan(ofTimeline: incoming) }
        project.shiftClips(onTrack: ti, from: i + 1, by: .zero - total)
        if everyTrack {
            for (other, first) in moving.enumerated() {
                if let first { project.shiftClips(onTrack: other, from: first, by: .zero - total) }
            }
        }
        return project
    }

    /// Moves clips `from...` of track `ti` by `offset` (later when positive).
    mutating func shiftClips(onTrack ti: Int, from first: Int, by offset: Time) {
        guard first < tracks[ti].clips.count else { return }
        for j in first..<tracks[ti].clips.count { tracks[ti].clips[j].start = tracks[ti].clips[j].start + offset }
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
                // (A few ticks over, from footage counted at another speed than 1, is no change.)
                if t.duration > limit.duration + Transition.roundingSlack {
                    if limit.duration.ticks > 0 {
                        // What an overlap took stays recorded: taking the transition away gives it back
                        // as far as the clips' footage allows.
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

extension Clip {
    /// Its source's footage after its end, unused, as timeline time at its speed; nil when it has
    /// as much as needed (a still, a text, a sticker, a source of unknown length).
    var footageAfterEnd: Time? {
        guard kind.hasFiniteSource, let total = sourceDuration else { return nil }
        return max(.zero, timelineSpan(ofFootage: total - (sourceStart + footageUsed)))
    }

    /// Its source's footage before its start, unused, as timeline time at its speed; nil when it
    /// has as much as needed.
    var footageBeforeStart: Time? { kind.hasFiniteSource ? timelineSpan(ofFootage: sourceStart) : nil }
}
