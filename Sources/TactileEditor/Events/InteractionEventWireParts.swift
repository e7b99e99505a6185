import TactileCore
import TactileInput
import TactileUI

/// The wire form of the events whose fields are many: gestures, arena decisions, edits,
/// restores, export settings and signals.
extension InteractionEvent {
    static func write(_ g: Gesture, into w: inout WireFieldWriter) {
        w.put("gesture", g.gesture); w.put("target", g.target); w.put("role", g.role); w.put("x", g.x); w.put("y", g.y)
        w.put("downX", g.downX); w.put("downY", g.downY); w.put("dx", g.dx); w.put("dy", g.dy)
        w.put("downDx", g.downDx); w.put("downDy", g.downDy); w.put("scale", g.scale); w.put("rotation", g.rotation)
        w.put("vx", g.vx); w.put("vy", g.vy); w.put("miss", g.miss)
    }

    static func write(_ s: Snap, into w: inout WireFieldWriter) {
        w.put("to", s.to); w.put("time", s.time); w.put("clip", s.clip); w.put("distance", s.distance)
    }

    static func snap(_ r: WireFieldReader) throws -> Snap {
        Snap(to: try r.string("to"), time: try r.optionalNumber("time"), clip: try r.optionalString("clip"), distance: try r.optionalNumber("distance"))
    }

    static func gesture(_ phase: GesturePhase, _ r: WireFieldReader) throws -> Gesture {
        var g = Gesture(
            phase: phase, gesture: try r.choice("gesture"), target: try r.string("target"), role: try r.optionalString("role"),
            x: try r.number("x"), y: try r.number("y"))
        g.downX = try r.optionalNumber("downX"); g.downY = try r.optionalNumber("downY")
        g.dx = try r.optionalNumber("dx"); g.dy = try r.optionalNumber("dy")
        g.downDx = try r.optionalNumber("downDx"); g.downDy = try r.optionalNumber("downDy")
        g.scale = try r.optionalNumber("scale"); g.rotation = try r.optionalNumber("rotation")
        g.vx = try r.optionalNumber("vx"); g.vy = try r.optionalNumber("vy"); g.miss = try r.optionalChoice("miss")
        return g
    }

    static func write(_ a: Arena, into w: inout WireFieldWriter) {
        w.put("candidates", list: a.candidates.map(\.rawValue)); w.put("winner", a.winner?.rawValue ?? "none"); w.put("rule", a.rule)
        w.put("sinceDown", a.sinceDown); w.put("target", a.target); w.put("x", a.x); w.put("y", a.y); w.put("finger", a.finger)
        if !a.offered.isEmpty { w.put("offered", list: a.offered.map(\.rawValue)) }
        for (kind, reason) in a.why { w.put("why." + kind.rawValue, reason) }
    }

    static func arena(_ r: WireFieldReader) throws -> Arena {
        let winner: GestureKind? = try r.string("winner") == "none" ? nil : r.choice("winner")
        var why: [GestureKind: String] = [:]
        for key in r.values.keys where key.hasPrefix("why.") {
            guard let kind = GestureKind(rawValue: String(key.dropFirst(4))) else { throw WireFieldReader.Mismatch(key: key) }
            why[kind] = try r.string(key)
        }
        return Arena(
            candidates: try r.choices("candidates"), winner: winner, rule: try r.string("rule"),
            sinceDown: try r.number("sinceDown"), target: try r.string("target"), x: try r.number("x"), y: try r.number("y"),
            finger: try r.optionalFinger("finger"), offered: try r.values["offered"] == nil ? [] : r.choices("offered"), why: why)
    }

    static func write(_ e: Edit, into w: inout WireFieldWriter) {
        w.put("edit", e.edit); w.put("clip", e.clip); w.put("track", e.track)
        for (prefix, facts) in [("before", e.before), ("after", e.after)] {
            guard let f = facts else { continue }
            w.put(prefix + "Start", f.start); w.put(prefix + "Duration", f.duration); w.put(prefix + "SourceStart", f.sourceStart)
            w.put(prefix + "Track", f.track); w.put(prefix + "Decibels", f.decibels); w.put(prefix + "FadeIn", f.fadeIn)
            w.put(prefix + "FadeOut", f.fadeOut); w.put(prefix + "Transition", f.transition)
            w.put(prefix + "TransitionDuration", f.transitionDuration); w.put(prefix + "Speed", f.speed); w.put(prefix + "Fit", f.fit)
            w.put(prefix + "X", f.x); w.put(prefix + "Y", f.y); w.put(prefix + "Scale", f.scale); w.put(prefix + "Rotation", f.rotation)
        }
        w.put("beforeClips", e.beforeClips); w.put("afterClips", e.afterClips)
        w.put("beforeFormat", e.beforeFormat); w.put("afterFormat", e.afterFormat)
        w.put("beforeText", e.beforeText); w.put("afterText", e.afterText)
        w.put("beforeStyle", e.beforeStyle); w.put("afterStyle", e.afterStyle); w.put("clips", e.clipsChanged)
        w.put("rippled", e.rippled)
    }

    static func edit(_ r: WireFieldReader) throws -> Edit {
        var e = Edit(try r.choice("edit"), clip: try r.optionalString("clip"), track: try r.optionalString("track"))
        func facts(_ prefix: String) throws -> ClipFacts? {
            guard r.values[prefix + "Start"] != nil else { return nil }
            var f = ClipFacts(
                start: try r.number(prefix + "Start"), duration: try r.number(prefix + "Duration"),
                sourceStart: try r.number(prefix + "SourceStart"), track: try r.integer(prefix + "Track"))
            f.decibels = try r.optionalNumber(prefix + "Decibels"); f.fadeIn = try r.optionalNumber(prefix + "FadeIn")
            f.fadeOut = try r.optionalNumber(prefix + "FadeOut"); f.transition = try r.optionalString(prefix + "Transition")
            f.transitionDuration = try r.optionalNumber(prefix + "TransitionDuration"); f.speed = try r.optionalNumber(prefix + "Speed")
            f.fit = try r.optionalString(prefix + "Fit")
            f.x = try r.optionalNumber(prefix + "X"); f.y = try r.optionalNumber(prefix + "Y")
            f.scale = try r.optionalNumber(prefix + "Scale"); f.rotation = try r.optionalNumber(prefix + "Rotation")
            return f
        }
        e.before = try facts("before"); e.after = try facts("after")
        e.beforeClips = try r.optionalInteger("beforeClips"); e.afterClips = try r.optionalInteger("afterClips")
        e.beforeFormat = try r.optionalString("beforeFormat"); e.afterFormat = try r.optionalString("afterFormat")
        e.beforeText = try r.optionalString("beforeText"); e.afterText = try r.optionalString("afterText")
        e.beforeStyle = try r.optionalString("beforeStyle"); e.afterStyle = try r.optionalString("afterStyle")
        e.clipsChanged = try r.optionalInteger("clips")
        e.rippled = try r.optionalInteger("rippled")
        return e
    }

    static func write(_ r: Restore, into w: inout WireFieldWriter) {
        w.put("clips", list: r.clips); w.put("beforeClips", r.beforeClips); w.put("afterClips", r.afterClips); w.put("format", r.format)
    }

    static func restore(_ r: WireFieldReader) throws -> Restore {
        Restore(
            clips: try r.list("clips"), beforeClips: try r.integer("beforeClips"), afterClips: try r.integer("afterClips"),
            format: try r.optionalString("format"))
    }

    static func write(_ s: MovieSettings, into w: inout WireFieldWriter) {
        w.put("size", s.size); w.put("fps", s.framesPerSecond); w.put("quality", s.quality)
    }

    static func movieSettings(_ r: WireFieldReader) throws -> MovieSettings {
        MovieSettings(size: try r.choice("size"), framesPerSecond: try r.integer("fps"), quality: try r.choice("quality"))
    }

    static func write(_ s: Signal, into w: inout WireFieldWriter) {
        w.put("signal", s.kind); w.put("x", s.x); w.put("y", s.y); w.put("task", s.task); w.put("target", s.target); w.put("role", s.role)
        w.put("taps", s.taps); w.put("distance", s.distance); w.put("dx", s.dx); w.put("dy", s.dy); w.put("ms", s.ms)
        w.put("gesture", s.gesture)
    }

    static func signal(_ r: WireFieldReader) throws -> Signal {
        var s = Signal(try r.choice("signal"), task: try r.optionalString("task"))
        s.x = try r.optionalNumber("x"); s.y = try r.optionalNumber("y")
        s.target = try r.optionalString("target"); s.role = try r.optionalString("role"); s.taps = try r.optionalInteger("taps")
        s.distance = try r.optionalNumber("distance"); s.dx = try r.optionalNumber("dx"); s.dy = try r.optionalNumber("dy")
        s.ms = try r.optionalNumber("ms"); s.gesture = try r.optionalString("gesture")
        return s
    }
}
