/// The main track kept magnetic, as CapCut's main track, iMovie's magnetic timeline and
/// LumaFusion's primary track: the first video track has no gaps. A trim pulls (or pushes) the
/// clips after it, a delete closes its hole, a clip moved along it is inserted between the others;
/// the overlay tracks' clips move with the main clip they sit over; the transitions at cuts that
/// still meet are kept, and one whose clips now meet another is made again at its new cut.
extension Project {
    /// The main track: the first video track (nil without one).
    public var mainTrackIndex: Int? { tracks.firstIndex { $0.kind == .video } }

    /// Whether the main track has no gap: its first clip at zero, each next one where the one before ends.
    public var mainTrackIsGapless: Bool {
        guard let m = mainTrackIndex else { return true }
        var end = Time.zero
        for clip in tracks[m].clips {
            guard clip.start == end else { return false }
            end = clip.end
        }
        return true
    }

    /// What keeping the main track magnetic after an edit did.
    public struct Magnetised: Sendable {
        public var project: Project
        /// How many clips the ripple moved that the edit itself did not (the log's `rippled`).
        public var rippled: Int
        /// Transitions made again at a new cut and shortened, or dropped, to fit it.
        public var notes: [TransitionNote]
        public init(project: Project, rippled: Int, notes: [TransitionNote]) {
            self.project = project
            self.rippled = rippled
            self.notes = notes
        }
    }

    /// This project (an edit's result, made from `before`) with the main track closed up in its
    /// clips' order from zero, the overlay clips the edit did not move shifted with the main clip
    /// their start sat over in `before`, and each transition whose clips no longer meet each other
    /// made again at its clip's new cut (what its overlap took given back first, so no clip keeps
    /// frames it never had or loses frames for a cut that is gone).
    public func magnetised(from before: Project) -> Magnetised {
        guard let m = mainTrackIndex else { return Magnetised(project: self, rippled: 0, notes: []) }
        var project = self
        let mainID = tracks[m].id
        let beforeMain = before.tracks.first { $0.id == mainID }?.clips ?? []
        let remade = project.givingBackStaleTransitions(mainTrack: m, before: beforeMain)
        project.closeUpMainTrack(m)
        var notes: [TransitionNote] = []
        for (id, transition) in remade {
            guard project.cut(before: id) != nil else { continue }
            do {
                let (made, note) = try project.settingTransition(Transition(transition.kind, duration: transition.duration), atCutBefore: id)
                project = made
                if case let .shortened(to, reason)? = note { notes.append(.shortenedBefore(clip: project.title(of: id), to: to, reason: reason)) }
            } catch {
                notes.append(.removedNoCut(clip: project.title(of: id)))
            }
        }
        project.carryOverlays(withMainTrack: m, before: before, edited: self)
        return Magnetised(project: project, rippled: project.rippledCount(before: before, edited: self), notes: notes)
    }

    /// The project with clip `id` moved onto the main track at the cut nearest `time` (before the
    /// clip `time` falls in when it falls in its first half, after it otherwise), as a phone
    /// editor inserts new footage; the track it leaves is removed when it empties. The caller
    /// closes the main track up (`magnetised`).
    public func insertingIntoMainTrack(_ id: String, at time: Time) -> Project {
        guard let m = mainTrackIndex, let (clip, from) = clip(withID: id), from != m || tracks[m].clips.count > 1 else { return self }
        var project = self
        project.tracks[from].clips.removeAll { $0.id == id }
        let others = project.tracks[m].clips
        let index = others.firstIndex { $0.start + Time(ticks: $0.duration.ticks / 2) > time } ?? others.count
        var placed = clip
        placed.start = index < others.count ? others[index].start : (others.last?.end ?? .zero)
        project.tracks[m].clips.insert(placed, at: index)
        if from != m, project.tracks[from].clips.isEmpty { project.tracks.remove(at: from) }
        return project
    }

    private func title(of id: String) -> String { clip(withID: id)?.clip.title ?? id }

    /// Gives back what the overlap of each transition on the main track took, where its clips
    /// (as `before` had them) no longer meet in this order, and takes the transition off its
    /// incoming clip; returns those to make again (clip, transition), in the track's order.
    private mutating func givingBackStaleTransitions(mainTrack m: Int, before: [Clip]) -> [(String, Transition)] {
        var remade: [(String, Transition)] = []
        let order = tracks[m].clips.map(\.id)
        for i in before.indices.dropFirst() where before[i - 1].end == before[i].start {
            let outgoing = before[i - 1], incoming = before[i]
            guard let transition = incoming.transitionIn else { continue }
            let place = order.firstIndex(of: incoming.id)
            if let place, place > 0, order[place - 1] == outgoing.id { continue }
            // The edit itself changed this transition (a new kind, a new length): it is the edit's.
            guard clip(withID: incoming.id).map({ $0.clip.transitionIn == transition }) ?? true else { continue }
            if let (o, t) = clip(withID: outgoing.id), let j = tracks[t].clips.firstIndex(where: { $0.id == outgoing.id }) {
                tracks[t].clips[j].duration = o.duration + min(transition.overlap.outgoing, o.footageAfterEnd ?? transition.overlap.outgoing)
            }
            if let (c, t) = clip(withID: incoming.id), let j = tracks[t].clips.firstIndex(where: { $0.id == incoming.id }) {
                let back = c.footageBeforeStart.map { min(transition.overlap.incoming, $0) } ?? transition.overlap.incoming
                tracks[t].clips[j].transitionIn = nil
                tracks[t].clips[j].duration = c.duration + back
                tracks[t].clips[j].start = max(.zero, c.start - back)
                if c.kind.hasFiniteSource { tracks[t].clips[j].sourceStart = max(.zero, c.sourceStart - c.footageSpan(ofTimeline: back)) }
                if t == m { remade.append((incoming.id, transition)) }
            }
        }
        return remade
    }

    /// Puts the main track's clips one after another from zero, in their order on the track (an
    /// edit keeps it: a move inserts the clip where it lands; a trim that reaches past a
    /// neighbour's start does not reorder them).
    private mutating func closeUpMainTrack(_ m: Int) {
        var clips = tracks[m].clips
        var end = Time.zero
        for i in clips.indices {
            clips[i].start = end
            end = clips[i].end
        }
        tracks[m].clips = clips
    }

    /// Moves each overlay clip the edit left where it was by as much as the main clip its start
    /// sat over moved; then, on each overlay track, a clip that would now overlap the one before
    /// it starts where that one ends.
    private mutating func carryOverlays(withMainTrack m: Int, before: Project, edited: Project) {
        let mainID = tracks[m].id
        guard let beforeMain = before.tracks.first(where: { $0.id == mainID })?.clips else { return }
        var moved: [String: Time] = [:]
        for clip in tracks[m].clips {
            if let was = beforeMain.first(where: { $0.id == clip.id }), was.start != clip.start { moved[clip.id] = clip.start - was.start }
        }
        guard !moved.isEmpty else { return }
        for t in tracks.indices where tracks[t].kind == .overlay {
            var changed = false
            for j in tracks[t].clips.indices {
                let clip = tracks[t].clips[j]
                // Only clips the edit did not move itself, that sat over a main clip that moved.
                guard let was = before.clip(withID: clip.id)?.clip, was.start == clip.start,
                    edited.clip(withID: clip.id)?.clip.start == was.start,
                    let anchor = beforeMain.first(where: { $0.start <= was.start && was.start < $0.end }), let delta = moved[anchor.id]
                else { continue }
                tracks[t].clips[j].start = max(.zero, clip.start + delta)
                changed = true
            }
            guard changed else { continue }
            tracks[t].clips.sort { $0.start < $1.start }
            for j in tracks[t].clips.indices.dropFirst() where tracks[t].clips[j].start < tracks[t].clips[j - 1].end {
                tracks[t].clips[j].start = tracks[t].clips[j - 1].end
            }
        }
    }

    /// How many clips start elsewhere than in `before` though the edit (`edited`) left them where they were.
    private func rippledCount(before: Project, edited: Project) -> Int {
        tracks.flatMap(\.clips).filter { clip in
            guard let was = before.clip(withID: clip.id)?.clip, let made = edited.clip(withID: clip.id)?.clip else { return false }
            return made.start == was.start && clip.start != was.start
        }.count
    }
}
