import Foundation
import TactileCore
import TactileUI

/// A semantic event for the interaction log (JSON Lines), e.g. `select` or `edit`.
public struct LogEvent: Hashable, Sendable {
    public var time: Time
    public var kind: String
    public var fields: [String: ElementValue]
    public init(time: Time, kind: String, fields: [String: ElementValue] = [:]) {
        self.time = time; self.kind = kind; self.fields = fields
    }

    /// The event as one line of the interaction log: `{"t":…,"kind":…, fields…}`, fields sorted.
    public var jsonLine: String {
        var pairs: [(String, JSONValue)] = [("t", .number((time.seconds * 1_000_000).rounded() / 1_000_000)), ("kind", .string(kind))]
        for (k, v) in fields.sorted(by: { $0.key < $1.key }) {
            switch v {
            case let .bool(b): pairs.append((k, .bool(b)))
            case let .number(n): pairs.append((k, .number(n)))
            case let .string(s): pairs.append((k, .string(s)))
            }
        }
        return JSONValue.object(pairs).serialized()
    }

    /// An edit of `clip`, with the clip before and after (start, length, source start, track)
    /// and the project's clip count before and after.
    static func edit(_ edit: String, clip: String, before: Project, after: Project, time: Time) -> LogEvent {
        var fields: [String: ElementValue] = ["edit": .string(edit), "clip": .string(clip)]
        for (prefix, project) in [("before", before), ("after", after)] {
            if let (c, track) = project.clip(withID: clip) {
                fields[prefix + "Start"] = .number(c.start.seconds)
                fields[prefix + "Duration"] = .number(c.duration.seconds)
                fields[prefix + "SourceStart"] = .number(c.sourceStart.seconds)
                fields[prefix + "Track"] = .number(Double(track))
                if ["level", "fadeIn", "fadeOut"].contains(edit) {
                    fields[prefix + "Decibels"] = .number(c.sound.decibels)
                    fields[prefix + "FadeIn"] = .number(c.sound.fadeIn.seconds); fields[prefix + "FadeOut"] = .number(c.sound.fadeOut.seconds)
                }
                if edit == "transition" || edit == "transitionDuration" {
                    fields[prefix + "Transition"] = .string(c.transitionIn?.kind.rawValue ?? "none")
                    fields[prefix + "TransitionDuration"] = .number(c.transitionIn?.duration.seconds ?? 0)
                }
                if edit == "speed" { fields[prefix + "Speed"] = .number(c.speed) }
                if edit == "fit" { fields[prefix + "Fit"] = .string(c.fit.rawValue) }
                if let t = c.transform ?? (edit == "transform" ? c.placement : nil) {
                    fields[prefix + "X"] = .number(t.x); fields[prefix + "Y"] = .number(t.y)
                    fields[prefix + "Scale"] = .number(t.scale); fields[prefix + "Rotation"] = .number(t.rotation)
                }
            }
            fields[prefix + "Clips"] = .number(Double(project.tracks.reduce(0) { $0 + $1.clips.count }))
        }
        return LogEvent(time: time, kind: "edit", fields: fields)
    }

    /// What an undo or redo changed: the clips it touched, and the clip counts on either side.
    static func difference(_ before: Project, _ after: Project) -> [String: ElementValue] {
        func clips(_ p: Project) -> [String: Clip] {
            var out: [String: Clip] = [:]
            for t in p.tracks { for c in t.clips { out[c.id] = c } }
            return out
        }
        let a = clips(before), b = clips(after)
        let changed = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
        var fields: [String: ElementValue] = [
            "clips": .string(changed.joined(separator: ",")), "beforeClips": .number(Double(a.count)),
            "afterClips": .number(Double(b.count)),
        ]
        if before.format != after.format { fields["format"] = .string(after.format.aspect.rawValue) }
        return fields
    }
}
