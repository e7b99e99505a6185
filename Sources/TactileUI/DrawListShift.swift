import TactileCore

extension DrawCommand {
    /// The same command drawn `dy` points lower (a scroll view's content moved up by its scroll).
    func shifted(by dy: Double) -> DrawCommand {
        func p(_ point: Point) -> Point { Point(x: point.x, y: point.y + dy) }
        func r(_ rect: Rect) -> Rect { rect.offsetBy(dx: 0, dy: dy) }
        switch self {
        case let .fillRect(rect, color, radius): return .fillRect(r(rect), color, cornerRadius: radius)
        case let .strokeRect(rect, color, width, radius): return .strokeRect(r(rect), color, width: width, cornerRadius: radius)
        case let .line(a, b, color, width): return .line(from: p(a), to: p(b), color, width: width)
        case let .dashedLine(a, b, color, width, dash, gap, phase):
            return .dashedLine(from: p(a), to: p(b), color, width: width, dash: dash, gap: gap, phase: phase)
        case let .fillCircle(center, radius, color): return .fillCircle(center: p(center), radius: radius, color)
        case let .strokeCircle(center, radius, color, width): return .strokeCircle(center: p(center), radius: radius, color, width: width)
        case let .triangle(a, b, c, color): return .triangle(p(a), p(b), p(c), color)
        case let .polygon(points, color): return .polygon(points.map(p), color)
        case var .text(run):
            run.frame = r(run.frame)
            return .text(run)
        case let .image(handle, source, frame, opacity): return .image(handle, source: source, frame: r(frame), opacity: opacity)
        case let .blurredImage(handle, frame, opacity, width, passes):
            return .blurredImage(handle, frame: r(frame), opacity: opacity, width: width, passes: passes)
        case let .cornerMask(rect, color, radius): return .cornerMask(r(rect), color, cornerRadius: radius)
        case let .pushClip(rect): return .pushClip(r(rect))
        case .popClip, .popRotation: return self
        case let .pushRotation(center, degrees): return .pushRotation(center: p(center), degrees: degrees)
        }
    }
}

extension DrawList {
    /// How many commands each layer holds now (where a scroll view's content starts).
    var marks: [Int] { DrawLayer.allCases.map { commands(in: $0).count } }

    /// Moves every command added since `marks` down by `dy` and clips them to `clip`, layer by
    /// layer (a scroll view's content, laid out unscrolled, shown through its window).
    mutating func shift(since marks: [Int], by dy: Double, clippedTo clip: Rect) {
        for layer in DrawLayer.allCases {
            let start = marks[layer.rawValue]
            let added = commands(in: layer)[start...]
            guard !added.isEmpty else { continue }
            replace(in: layer, from: start, with: [.pushClip(clip)] + added.map { $0.shifted(by: dy) } + [.popClip])
        }
    }
}
