import TactileCore
import TactileUI

/// A row of equal choices in the clip sheet (its tabs, the speed presets, the fits, the sound's
/// switches): each a finger tall, the chosen ones filled, in reading order (mirrored right to left).
struct ClipSheetChoices {
    let ui: UIContext
    let theme: Theme
    let scale: Double

    /// Draws `options` (id, words, chosen) across `row`, each with `glyph` before its words if
    /// given; returns the indices tapped.
    func draw(_ options: [(id: String, title: String, chosen: Bool)], glyph: ((Int, Rect, Color) -> Void)?, in row: Rect, role: String) -> [Int] {
        let m = theme.metrics.clipSheet, k = scale
        let gap = m.choiceGap * k, count = Double(options.count)
        let width = (row.width - gap * (count - 1)) / count
        var tapped: [Int] = []
        for (i, option) in options.enumerated() {
            let frame = theme.mirrored(Rect(x: row.x + Double(i) * (width + gap), y: row.y, width: width, height: row.height), in: row)
            // Each takes the touches up to halfway across the gaps beside it: no dead gaps, and a
            // finger's width where six speeds share a narrow sheet.
            let reach = frame.insetBy(dx: -gap / 2, dy: 0)
            let hit = ui.button(option.id, role: role, label: option.title, frame: frame, hitFrame: reach, state: ["chosen": .bool(option.chosen)]) { look in
                let fill = option.chosen ? theme.selection : (look.pressed ? theme.surface.mixed(with: .white, 0.1) : theme.surface)
                ui.fill(frame, fill, radius: m.choiceRadius * k)
                let ink = option.chosen ? theme.background : theme.textPrimary
                guard let glyph else { return words(option.title, in: frame, inset: m.choiceGap * k, ink: ink) }
                let size = m.glyph * k, words = ui.measurer.measure(option.title, font: theme.clipFont).width
                let gapInside = m.choiceGap * k
                let start = frame.midX - (size + gapInside + words) / 2
                glyph(i, Rect(x: start, y: frame.midY - size / 2, width: size, height: size), ink)
                ui.text(
                    option.title, in: Rect(x: start + size + gapInside, y: frame.y, width: words + 1, height: frame.height), font: theme.clipFont, color: ink,
                    alignment: .leading)
            }
            if hit { tapped.append(i) }
        }
        return tapped
    }

    /// `title` centred in `frame`: on one line if it fits, else on two within `inset` of its
    /// sides (words too long for the room wrap rather than lose their ends).
    private func words(_ title: String, in frame: Rect, inset: Double, ink: Color, font: Font? = nil) {
        let font = font ?? theme.clipFont
        guard ui.measurer.measure(title, font: font).width > frame.width else {
            return ui.text(title, in: frame, font: font, color: ink, alignment: .center)
        }
        let room = frame.insetBy(dx: inset, dy: 0)
        let lines = ui.measurer.lines(of: title, font: font, width: room.width, maximumLines: 2)
        let height = font.size * theme.metrics.clipSheet.wrappedLineHeight
        for (i, line) in lines.enumerated() {
            let y = frame.midY - Double(lines.count) * height / 2 + Double(i) * height
            ui.text(line, in: Rect(x: room.x, y: y, width: room.width, height: height), font: font, color: ink, alignment: .center)
        }
    }

    /// Tabs: `options` (id, words, chosen) as one segmented control across `row` — a sunken
    /// track with the chosen segment raised on it (not the accent a chosen setting takes);
    /// returns the indices tapped.
    func tabs(_ options: [(id: String, title: String, chosen: Bool)], in row: Rect) -> [Int] {
        let m = theme.metrics.clipSheet, k = scale
        ui.fill(row, theme.surface, radius: m.choiceRadius * k)
        let inset = m.tabInset * k, count = Double(options.count)
        let width = (row.width - 2 * inset) / count
        var tapped: [Int] = []
        for (i, option) in options.enumerated() {
            let slot = Rect(x: row.x + inset + Double(i) * width, y: row.y, width: width, height: row.height)
            let frame = theme.mirrored(slot, in: row)
            let hit = ui.button(option.id, role: "clipSheetTab", label: option.title, frame: frame, state: ["chosen": .bool(option.chosen)]) { look in
                let face = frame.insetBy(dx: 0, dy: inset)
                if option.chosen {
                    ui.fill(face, theme.surfaceRaised.mixed(with: .white, m.tabRaise), radius: m.choiceRadius * k - inset)
                } else if look.pressed {
                    ui.fill(face, theme.surface.mixed(with: .white, 0.1), radius: m.choiceRadius * k - inset)
                }
                // A long name (German's "Lautstärke" at 2×) gives way in size down to a floor, then
                // wraps: it never loses letters.
                var font = Font(size: theme.clipFont.size, weight: option.chosen ? .semibold : .regular)
                let room = face.width - 2 * inset, natural = ui.measurer.measure(option.title, font: font).width
                if natural > room { font.size *= max(m.tabSmallestShare, room / natural) }
                let ink = option.chosen ? theme.textPrimary : theme.textSecondary
                if ui.measurer.measure(option.title, font: font).width <= room {
                    ui.text(option.title, in: face, font: font, color: ink, alignment: .center)
                } else {
                    words(option.title, in: face, inset: inset, ink: ink, font: font)
                }
            }
            if hit { tapped.append(i) }
        }
        return tapped
    }
}
