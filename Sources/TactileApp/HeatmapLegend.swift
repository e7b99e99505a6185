import Foundation
import TactileCore
import TactileHeadless
import TactileUI

/// The band under a heatmap that says what it shows: a title (the screen, the filters, how many
/// sessions) and each layer's dot colour with its name and count.
enum HeatmapLegend {
    /// Sizes in points (the PNG's pixels per point multiply them).
    struct Look {
        var padding = 10.0, titleHeight = 20.0, rowHeight = 18.0, dot = 5.0, entryGap = 16.0
        var titleFont = Font(size: 13, weight: .semibold), entryFont = Font(size: 12, weight: .regular)
        var background = Color(hex: 0x16181D), ink = Color(hex: 0xF2F2F2)
    }

    /// One layer's line: its name, how many points, its dots' colour.
    struct Entry {
        var label: String, count: Int
        var color: (r: UInt8, g: UInt8, b: UInt8)
    }

    /// `heat` with the legend band under it (as wide as `heat`; `scale` pixels per point).
    static func adding(to heat: RGBAImage, title: String, entries: [Entry], scale: Double, look: Look = Look()) throws -> RGBAImage {
        let raster = try RasterCanvas(scale: scale)
        let width = Double(heat.width) / scale
        // Entries flow left to right, wrapping to a new row when the next would not fit.
        var rows: [[(Entry, Double)]] = [[]], x = look.padding
        for e in entries {
            let w = look.dot * 2 + 6 + raster.measurer.measure("\(e.label) \(e.count)", font: look.entryFont).width
            if x + w > width - look.padding, !(rows.last ?? []).isEmpty {
                rows.append([])
                x = look.padding
            }
            rows[rows.count - 1].append((e, x))
            x += w + look.entryGap
        }
        let height = (look.padding * 2 + look.titleHeight + Double(rows.count) * look.rowHeight).rounded(.up)
        var list = DrawList()
        list.add(.fillRect(Rect(x: 0, y: 0, width: width, height: height), look.background, cornerRadius: 0))
        list.add(
            .text(
                TextRun(
                    raster.measurer.truncate(title, font: look.titleFont, toWidth: width - look.padding * 2),
                    in: Rect(x: look.padding, y: look.padding, width: width - look.padding * 2, height: look.titleHeight), font: look.titleFont,
                    color: look.ink, alignment: .leading)))
        for (r, row) in rows.enumerated() {
            let y = look.padding + look.titleHeight + Double(r) * look.rowHeight
            for (e, x) in row {
                let c = Color(r: e.color.r, g: e.color.g, b: e.color.b)
                list.add(.fillRect(Rect(x: x, y: y + look.rowHeight / 2 - look.dot, width: look.dot * 2, height: look.dot * 2), c, cornerRadius: look.dot))
                list.add(
                    .text(
                        TextRun(
                            "\(e.label) \(e.count)", in: Rect(x: x + look.dot * 2 + 6, y: y, width: width, height: look.rowHeight), font: look.entryFont,
                            color: look.ink, alignment: .leading)))
            }
        }
        let band = try raster.render(list, size: Size(width: width, height: height), clearColor: look.background)
        // The band's width in pixels may round differently: copy what fits, row by row.
        var pixels = heat.pixels
        for y in 0..<band.height {
            var row = [UInt8](repeating: 0, count: heat.width * 4)
            let n = min(heat.width, band.width) * 4
            row.replaceSubrange(0..<n, with: band.pixels[(y * band.width * 4)..<(y * band.width * 4 + n)])
            for x in stride(from: n, to: heat.width * 4, by: 4) { row[x + 3] = 255 }
            pixels += row
        }
        return RGBAImage(width: heat.width, height: heat.height + band.height, pixels: pixels)
    }
}
