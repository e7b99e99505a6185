import TactileCore
import TactileUI

/// A row of equal choices in the clip sheet (its tabs, the speed presets, the fits, the sound's
/// switches): each a finger tall, the chosen ones filled, in reading order (mirrored right to
/// left); where their words do not fit side by side, on as many lines as they need.
struct ClipSheetChoices {
    let ui: UIContext
    let theme: Theme
    let scale: Double

    /// How many of `titles` stand side by side in `width`: each a `finger` wide at least (its gap
    /// included) and its words on up to two lines, given way in size (one line beside a glyph);
    /// the rest go on lines below.
    func columns(_ titles: [String], width: Double, finger: Double, glyph: Bool = false) -> Int {
        let m = theme.metrics.clipSheet, k = scale, gap = m.choiceGap * k
        let byFinger = max(1, Int((width + gap) / max(1, finger)))
        // (As `draw` keeps them: words a gap clear of each side, or beside a glyph.)
        let inset = glyph ? gap + m.glyph * k / 2 : gap
        let byWords = ui.sideBySide(titles, width: width, gap: gap, inset: inset, font: theme.clipFont, smallest: m.tabSmallestShare, lines: glyph ? 1 : 2)
        return ChoiceColumns.balanced(min(byFinger, byWords), of: titles.count)
    }

    /// How tall `count` choices are in lines of `columns`, a row's gap between the lines.
    func height(_ count: Int, columns: Int) -> Double {
        let m = theme.metrics.clipSheet, lines = Double((count + max(1, columns) - 1) / max(1, columns))
        return lines * m.choiceHeight * scale + (lines - 1) * m.rowGap * scale
    }

    /// Draws `options` (id, words, chosen) in `area`, `columns` to a line, each with `glyph` before
    /// its words if given; returns the indices tapped.
    func draw(
        _ options: [(id: String, title: String, chosen: Bool)], glyph: ((Int, Rect, Color) -> Void)?, in area: Rect, columns: Int, role: String
    ) -> [Int] {
        let m = theme.metrics.clipSheet, k = scale
        let gap = m.choiceGap * k, n = max(1, min(columns, options.count))
        let width = (area.width - gap * Double(n - 1)) / Double(n)
        var tapped: [Int] = []
        for (i, option) in options.enumerated() {
            let slot = Rect(
                x: area.x + Double(i % n) * (width + gap), y: area.y + Double(i / n) * (m.choiceHeight + m.rowGap) * k, width: width,
                height: m.choiceHeight * k)
            let frame = theme.mirrored(slot, in: area)
            // Each takes the touches up to halfway across the gaps beside it: no dead gaps, and a
            // finger's width where six speeds share a narrow sheet.
            let reach = frame.insetBy(dx: -gap / 2, dy: 0)
            let hit = ui.button(option.id, role: role, label: option.title, frame: frame, hitFrame: reach, state: ["chosen": .bool(option.chosen)]) { look in
                let fill = option.chosen ? theme.selection : (look.pressed ? theme.surface.mixed(with: .white, 0.1) : theme.surface)
                ui.fill(frame, fill, radius: m.choiceRadius * k)
                let ink = option.chosen ? theme.background : theme.textPrimary
                guard let glyph else { return words(option.title, in: frame, inset: gap, ink: ink) }
                let size = m.glyph * k
                let font = ui.font(fitting: option.title, width: frame.width - size - 2 * gap, from: theme.clipFont, smallest: m.tabSmallestShare)
                let words = ui.measurer.measure(option.title, font: font).width
                let start = frame.midX - (size + gap + words) / 2
                glyph(i, Rect(x: start, y: frame.midY - size / 2, width: size, height: size), ink)
                ui.text(
                    option.title, in: Rect(x: start + size + gap, y: frame.y, width: words + 1, height: frame.height), font: font, color: ink,
                    alignment: .leading)
            }
            if hit { tapped.append(i) }
        }
        return tapped
    }

    /// `title` centred in `frame` within `inset` of its sides: given way in size, then on two
    /// lines, never losing letters.
    private func words(_ title: String, in frame: Rect, inset: Double, ink: Color, font: Font? = nil) {
        let m = theme.metrics.clipSheet
        ui.label(
            title, in: frame.insetBy(dx: inset, dy: 0), font: font ?? theme.clipFont, color: ink, smallest: m.tabSmallestShare,
            lineHeight: m.wrappedLineHeight)
    }

    /// Tabs: `options` (id, words, chosen) as one segmented control in `area`, `columns` to a
    /// line — a sunken track with the chosen segment raised on it (not the accent a chosen
    /// setting takes); returns the indices tapped.
    func tabs(_ options: [(id: String, title: String, chosen: Bool)], in area: Rect, columns: Int) -> [Int] {
        let m = theme.metrics.clipSheet, k = scale
        ui.fill(area, theme.surface, radius: m.choiceRadius * k)
        let inset = m.tabInset * k, n = max(1, min(columns, options.count))
        let width = (area.width - 2 * inset) / Double(n)
        var tapped: [Int] = []
        for (i, option) in options.enumerated() {
            let slot = Rect(x: area.x + inset + Double(i % n) * width, y: area.y + Double(i / n) * m.choiceHeight * k, width: width, height: m.choiceHeight * k)
            let frame = theme.mirrored(slot, in: area)
            let hit = ui.button(option.id, role: "clipSheetTab", label: option.title, frame: frame, state: ["chosen": .bool(option.chosen)]) { look in
                let face = frame.insetBy(dx: 0, dy: inset)
                if option.chosen {
                    ui.fill(face, theme.surfaceRaised.mixed(with: .white, m.tabRaise), radius: m.choiceRadius * k - inset)
                } else if look.pressed {
                    ui.fill(face, theme.surface.mixed(with: .white, 0.1), radius: m.choiceRadius * k - inset)
                }
                // A long name (German's "Lautstärke" at 2×) gives way in size down to a floor, then
                // wraps: it never loses letters.
                let font = Font(size: theme.clipFont.size, weight: option.chosen ? .semibold : .regular)
                words(option.title, in: face, inset: inset, ink: option.chosen ? theme.textPrimary : theme.textSecondary, font: font)
            }
            if hit { tapped.append(i) }
        }
        return tapped
    }
}
