import TactileCore
import TactileUI
import TactileInput

/// The selected clip's bold frame, the trim handles outside its edges (hit areas wider than
/// they look), the grooves pointing at its true start and end, and its duration label.
struct SelectionView {
    let ui: UIContext
    let sizes: TactileConfiguration.Layout
    let feel: TactileConfiguration.Feel
    let theme: Theme

    func draw(
        _ clip: Clip, in project: Project, row: Rect, area: Rect, geometry: TimelineGeometry, stretch: (leading: Double, trailing: Double) = (0, 0)
    ) -> [EditorIntent] {
        let l = sizes
        let x0 = geometry.x(for: clip.start) - stretch.leading, x1 = geometry.x(for: clip.end) + stretch.trailing
        let frame = Rect(x: x0, y: row.y, width: x1 - x0, height: row.height)
        let hw = l.handleWidth
        // Outside the edges (the article's choice), or inside them (`feel.handlesInside`).
        let inside = feel.handlesInside
        let leading = Rect(x: inside ? x0 : x0 - hw, y: row.y, width: hw, height: row.height)
        let trailing = Rect(x: inside ? x1 - hw : x1, y: row.y, width: hw, height: row.height)
        let hitWidth = hw * l.handleHitMultiplier
        let leadingHit = Rect(x: leading.midX - hitWidth / 2, y: row.y, width: hitWidth, height: row.height).intersection(area)
        let trailingHit = Rect(x: trailing.midX - hitWidth / 2, y: row.y, width: hitWidth, height: row.height).intersection(area)
        // A neighbour, the timeline's start or the footage's end stops an edge: its handle then
        // shows a bar, not a chevron.
        let room = project.growRoom(ofClip: clip.id)
        let canGrowLeading = (room?.leading ?? .zero) > .zero
        let canGrowTrailing = room.map { $0.trailing.map { $0 > .zero } ?? true } ?? false
        var intents: [EditorIntent] = []
        ui.scope("selection:\(clip.id)") {
            for (edge, hit) in [("leading", leadingHit), ("trailing", trailingHit)] {
                let id = "clip:\(clip.id).trimHandle.\(edge)"
                intents += ui.interact(id, hitFrame: hit, gestures: GestureTarget(id: id, gestures: [.trim, .pinch]))
                    .intents(.timeline(.trimHandle(clipID: clip.id, leading: edge == "leading")))
            }
        }
        let m = theme.metrics.timeline
        ui.clipped(to: area.outsetBy(dx: 0, dy: m.selectionOverhang)) {
            let sel = theme.selection
            ui.stroke(frame.outsetBy(dx: 0, dy: 0), sel, width: l.selectionBorderWidth, radius: m.selectionRadius)
            ui.fill(leading, sel, radius: m.handleRadius)
            ui.fill(trailing, sel, radius: m.handleRadius)
            // Square off the handles where they meet the clip.
            ui.fill(Rect(x: leading.maxX - m.handleSeam, y: leading.y, width: m.handleSeam, height: leading.height), sel)
            ui.fill(Rect(x: trailing.x, y: trailing.y, width: m.handleSeam, height: trailing.height), sel)
            let ink = theme.selectionInk
            (canGrowLeading ? Icon.chevronLeft : Icon.bar).draw(in: leading.insetBy(dx: 0, dy: (leading.height - hw * 2) / 2), color: ink, ui: ui)
            (canGrowTrailing ? Icon.chevronRight : Icon.bar).draw(in: trailing.insetBy(dx: 0, dy: (trailing.height - hw * 2) / 2), color: ink, ui: ui)
            // Grooves: small triangles cut into the frame, pointing at the true edges.
            for x in [x0, x1] {
                let g = m.grooveHalfWidth
                ui.draw.add(.triangle(Point(x: x - g, y: row.y), Point(x: x + g, y: row.y), Point(x: x, y: row.y + m.grooveDepth), ink))
                ui.draw.add(.triangle(Point(x: x - g, y: row.maxY), Point(x: x + g, y: row.maxY), Point(x: x, y: row.maxY - m.grooveDepth), ink))
            }
            let label = theme.strings.duration(clip.duration)
            let size = ui.measurer.measure(label, font: theme.captionFont)
            let pill = Rect(
                x: min(x1, area.maxX) - size.width - m.pillRight, y: row.maxY - m.pillBottom, width: size.width + m.pillPadding,
                height: m.pillHeight)
            if pill.x > x0 + m.pillClearance {
                ui.fill(pill, Color.black.opacity(0.55), radius: m.pillRadius)
                ui.text(label, in: pill, font: theme.captionFont, color: .white, alignment: .center)
            }
        }
        ui.element(
            UIElement(
                id: "clip:\(clip.id).trimHandle.leading", role: "trimHandle.leading", label: "Trim start of \(clip.title)",
                frame: leading, hitFrame: leadingHit,
                state: ["canGrow": .bool(canGrowLeading), "sitsOn": .string("clip,junction"), "reachWidth": .number(hitWidth)]))
        ui.element(
            UIElement(
                id: "clip:\(clip.id).trimHandle.trailing", role: "trimHandle.trailing", label: "Trim end of \(clip.title)",
                frame: trailing, hitFrame: trailingHit,
                state: ["canGrow": .bool(canGrowTrailing), "sitsOn": .string("clip,junction"), "reachWidth": .number(hitWidth)]))
        return intents
    }
}
