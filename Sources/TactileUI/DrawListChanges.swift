import TactileCore

extension DrawList {
    /// Where this list can draw other pixels than `old` does, in points: the reach of every
    /// command from the first one that differs in its layer to the layer's end, in both lists
    /// (before it, the two draw the same). Nil when that cannot be told (a turn among them or in
    /// force), and an empty rectangle when nothing changed. `margin`: points added all round (edges
    /// smoothed past a shape's own bounds).
    public func changedBounds(from old: DrawList, margin: Double = 2) -> Rect? {
        var changed: Rect?
        for layer in DrawLayer.allCases {
            let a = old.commands(in: layer), b = commands(in: layer)
            var first = 0
            while first < a.count, first < b.count, a[first] == b[first] { first += 1 }
            if first == a.count && first == b.count { continue }
            // The turns in force at the first difference: a turned command's reach is not its bounds.
            var turns = 0
            for command in b[..<first] {
                if case .pushRotation = command { turns += 1 } else if case .popRotation = command { turns -= 1 }
            }
            guard turns == 0 else { return nil }
            for command in a[first...] + b[first...] {
                guard let reach = Self.reach(of: command) else { return nil }
                if reach.isEmpty { continue }
                changed = changed.map { $0.union(reach) } ?? reach
            }
        }
        guard var region = changed?.insetBy(dx: -margin, dy: -margin) else { return .zero }
        // A picture partly inside would be sampled from another starting point when cut (a
        // scaled blit clips in source pixels): the region takes in every picture it touches.
        let pictures = commands.compactMap { command -> Rect? in
            switch command {
            case let .image(_, _, frame, _), let .blurredImage(_, frame, _, _, _): return frame.insetBy(dx: -1, dy: -1)
            default: return nil
            }
        }
        var grew = true
        while grew {
            grew = false
            for p in pictures where p.intersects(region) && !region.contains(p) {
                region = region.union(p)
                grew = true
            }
        }
        return region
    }

    /// The points a command can touch; empty for one that draws nothing itself (a clip); nil
    /// for a turn (what follows is drawn elsewhere than its own bounds).
    static func reach(of command: DrawCommand) -> Rect? {
        func around(_ points: [Point], _ pad: Double) -> Rect {
            let xs = points.map(\.x), ys = points.map(\.y)
            return Rect(x: xs.min()! - pad, y: ys.min()! - pad, width: xs.max()! - xs.min()! + 2 * pad, height: ys.max()! - ys.min()! + 2 * pad)
        }
        switch command {
        case let .fillRect(r, _, _), let .strokeRect(r, _, _, _), let .cornerMask(r, _, _): return r
        case let .line(a, b, _, w), let .dashedLine(a, b, _, w, _, _, _): return around([a, b], w)
        case let .fillCircle(c, r, _): return around([c], r)
        case let .strokeCircle(c, r, _, w): return around([c], r + w)
        case let .triangle(a, b, c, _): return around([a, b, c], 0)
        case let .polygon(points, _): return points.isEmpty ? .zero : around(points, 0)
        // A glyph may reach past its run's frame (a tall accent, a frame shorter than the font).
        case let .text(run): return run.frame.insetBy(dx: -run.font.size, dy: -run.font.size)
        case let .image(_, _, frame, _), let .blurredImage(_, frame, _, _, _): return frame
        // A clip only narrows what the commands after it reach; a turn moves it.
        case .pushClip, .popClip, .popRotation: return .zero
        case .pushRotation: return nil
        }
    }
}
