/// What happens when a clip is moved onto others on its track (`feel.movePolicy`), a design
/// choice a study can vary:
/// - `block`: the clip stops at its neighbours, in the nearest gap it fits (Tactile's own
///   behaviour, and the trimming article's: nothing moves but what the finger holds);
/// - `push`: the clip goes where the finger puts it and pushes the clips after it to the right,
///   as far as they must (it still stops at the end of a clip it lands inside);
/// - `ripple`: a magnetic track, as iMovie's and CapCut's main track: the gap the clip leaves
///   closes, and it is inserted between the clips where it lands, the later ones moving right.
public enum MovePolicy: String, SettingChoice {
    case block, push, ripple
}

extension Project {
    /// The project with clip `id` moved to start near `desired` on track `target`, under
    /// `policy`; unchanged when there is no such clip or track. Clips stay sorted, never overlap
    /// and never start before zero.
    public func moving(clip id: String, toTrack target: Int, start desired: Time, policy: MovePolicy) -> Project {
        guard let (clip, source) = clip(withID: id), tracks.indices.contains(target) else { return self }
        var project = self
        project.tracks[source].clips.removeAll { $0.id == id }
        if policy == .ripple {
            // The gap the clip leaves closes: the clips after it on its track move left.
            for i in project.tracks[source].clips.indices where project.tracks[source].clips[i].start >= clip.end {
                project.tracks[source].clips[i].start = project.tracks[source].clips[i].start - clip.duration
            }
        }
        var others = project.tracks[target].clips.sorted { $0.start < $1.start }
        var moved = clip
        // A picture's fit belongs to the video tracks: on another track it has none.
        if project.tracks[target].kind != .video { moved.fit = .fit }
        let wanted = max(.zero, desired)
        switch policy {
        case .block:
            moved.start = Self.nearestFreeStart(wanted, duration: clip.duration, among: others)
        case .push:
            // Stop at the end of a clip the leading edge lands inside; push the later ones.
            moved.start = others.first { $0.start < wanted && $0.end > wanted }?.end ?? wanted
            others = Self.pushed(others, after: moved)
        case .ripple:
            // Insert where the clip's middle falls among the others' middles.
            let middle = wanted + Time(ticks: clip.duration.ticks / 2)
            let index = others.firstIndex { $0.start + Time(ticks: $0.duration.ticks / 2) > middle } ?? others.count
            // It closes up to the clip before it; the ones after move right to make room.
            moved.start = index == 0 ? min(wanted, others.first?.start ?? wanted) : others[index - 1].end
            others = Self.pushed(others, after: moved)
        }
        // A push that would shove a clip past the longest time a project file holds is refused:
        // the clip blocks instead, so the project can always be saved and opened again.
        if policy != .block, others.contains(where: { $0.start > Self.latestStart }) || moved.start > Self.latestStart {
            return moving(clip: id, toTrack: target, start: desired, policy: .block)
        }
        others.append(moved)
        others.sort { $0.start < $1.start }
        project.tracks[target].clips = others
        return project
    }

    /// The latest start a project file accepts (24 hours).
    public static let latestStart = Time.seconds(24 * 3600)

    /// `clips` (sorted) with those from `moved`'s start on shifted right as far as they must to
    /// clear it and each other, keeping the gaps that are wide enough.
    static func pushed(_ clips: [Clip], after moved: Clip) -> [Clip] {
        var out = clips, cursor = moved.end
        for i in out.indices where out[i].start >= moved.start {
            if out[i].start < cursor { out[i].start = cursor }
            cursor = max(cursor, out[i].end)
        }
        return out
    }

    /// The start nearest `desired` at which a clip of `duration` fits between `others` (sorted
    /// or not) without overlapping them.
    public static func nearestFreeStart(_ desired: Time, duration: Time, among others: [Clip]) -> Time {
        var best: Time?
        var gapStart = Time.zero
        func consider(_ lo: Time, _ hi: Time?) {
            let latest = hi.map { $0 - duration }
            if let latest, latest < lo { return }
            var candidate = max(desired, lo)
            if let latest { candidate = min(candidate, latest) }
            if best == nil || abs((candidate - desired).ticks) < abs((best! - desired).ticks) { best = candidate }
        }
        for clip in others.sorted(by: { $0.start < $1.start }) {
            consider(gapStart, clip.start)
            gapStart = max(gapStart, clip.end)
        }
        consider(gapStart, nil)
        return best ?? gapStart
    }
}
