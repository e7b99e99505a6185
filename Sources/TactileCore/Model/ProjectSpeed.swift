/// Changing a clip's speed, as phone editors do: the clip keeps the footage it plays and its
/// length on the timeline follows (twice as fast, half as long); the clips after it on its track
/// move with its end; the transitions at its two cuts are taken away (giving back what an overlap
/// took) and put back at their kinds and lengths, shortened where the new footage allows less.
extension Project {
    /// The project with clip `id` playing at `speed` (rounded to hundredths, within
    /// `Clip.speedRange`), and a note for each transition that had to change. Throws when there
    /// is no such clip, or it has no footage to speed (a still, a text, a sticker).
    public func settingSpeed(_ speed: Double, ofClip id: String) throws -> (Project, notes: [TransitionNote]) {
        guard let (clip, ti) = clip(withID: id) else { throw EditError.noSuchClip(id) }
        guard clip.kind.hasFiniteSource else { throw EditError.noSpeed(clip.title) }
        let speed = Clip.roundedSpeed(speed)
        guard speed != clip.speed else { return (self, []) }
        var project = self
        // The transitions at its cuts, taken away first (the one after it, then its own).
        let i = tracks[ti].clips.firstIndex { $0.id == id }!
        let next = project.cut(onTrack: ti, before: i + 1).flatMap { cut in cut.incoming.transitionIn.map { (cut.incoming.id, $0) } }
        let own = project.cut(onTrack: ti, before: i).flatMap { cut in cut.incoming.transitionIn.map { (cut.incoming.id, $0) } }
        if next != nil { project = project.givingBackTransition(onTrack: ti, before: i + 1) }
        if own != nil { project = project.givingBackTransition(onTrack: ti, before: i) }
        // The same footage at the new speed; the track after it moves by the change in length.
        var changed = project.tracks[ti].clips[i]
        let footage = changed.footageUsed
        changed.speed = speed
        changed.duration = max(Time(ticks: 1), changed.timelineSpan(ofFootage: footage))
        // Rounding to a tick may reach a tick past the source: keep within it.
        if let total = changed.sourceDuration, changed.sourceStart + changed.footageUsed > total, changed.duration.ticks > 1 {
            changed.duration = changed.duration - Time(ticks: 1)
        }
        let shift = changed.duration - project.tracks[ti].clips[i].duration
        project.tracks[ti].clips[i] = changed
        project.shiftClips(onTrack: ti, from: i + 1, by: shift)
        project = project.keepingFadesWithinClips()
        // Put the transitions back, as long as the cut now allows.
        var notes: [TransitionNote] = []
        for (clipID, transition) in [own, next].compactMap({ $0 }) {
            var t = transition
            t.overlap = .none
            let title = project.clip(withID: clipID)?.clip.title ?? clipID
            do {
                let (withTransition, note) = try project.settingTransition(t, atCutBefore: clipID)
                project = withTransition
                if case let .shortened(to, reason) = note { notes.append(.shortenedBefore(clip: title, to: to, reason: reason)) }
            } catch EditError.noRoomForTransition(let reason) {
                notes.append(.removedBefore(clip: title, reason: reason))
            }
        }
        return (project, notes)
    }
}
