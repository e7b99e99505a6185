import TactileCore
import TactileUI

/// How large the editor's chrome is drawn on a screen: `--ui-scale` (`layout.uiScale`) as asked,
/// or the largest part of it the screen holds while the picture keeps at least a third of the
/// screen's width (or, where a tall picture has less even at the designed size, 80 % of that)
/// and the project's title keeps room between the title bar's buttons — as Dynamic
/// Type stops growing bars that would leave no room for content. Decided again when the screen,
/// the composition, the tracks or the title change.
struct ScaleFit: Hashable, Sendable {
    var viewport: Size
    var ratio: Double
    var trackCount: Int
    var title: String
    var requested: Double
    /// Whether the title bar holds the Projects button too.
    var projects = false

    /// The least share of the screen's width the picture keeps. A third.
    static let pictureShare = 1.0 / 3.0
    /// Where a third is more than the picture has at the designed size, the share of that it keeps. 0.8.
    static let designedShare = 0.8
    /// The least room the title keeps, in its font's ems (a longer name is cut with "…"). 4.
    static let titleRoom = 4.0

    /// The largest scale up to the one asked for at which the editor fits (at most twelve
    /// layouts tried; the designed size, or the scale asked for when smaller, when nothing fits).
    func scale(settings: EditorSettings, theme: Theme, measurer: TextMeasurer) -> Double {
        func pictureWidth(_ k: Double) -> Double {
            var c = settings
            c.layout.uiScale = k
            let scaled = c.scaledForUI()
            let layout = EditorLayout(
                viewport: viewport, sizes: scaled.layout, timeline: scaled.timeline, rightToLeft: Language(localeIdentifier: scaled.theme.locale).isRightToLeft,
                trackCount: trackCount, aspect: ratio)
            return EditorLayout.picture(in: layout.canvas, ratio: ratio, sizes: scaled.layout).width
        }
        // A tall picture on a wide screen never has a third of its width: it keeps most of what
        // it has at the designed size instead.
        let least = min(viewport.width * Self.pictureShare, pictureWidth(min(1, requested)) * Self.designedShare)
        func fits(_ k: Double) -> Bool {
            var c = settings
            c.layout.uiScale = k
            let scaled = c.scaledForUI(), th = theme.scaled(by: k)
            let layout = EditorLayout(
                viewport: viewport, sizes: scaled.layout, timeline: scaled.timeline, rightToLeft: Language(localeIdentifier: scaled.theme.locale).isRightToLeft,
                trackCount: trackCount, aspect: ratio)
            let picture = EditorLayout.picture(in: layout.canvas, ratio: ratio, sizes: scaled.layout)
            guard picture.width >= least - 0.5 else { return false }
            // In landscape, the two columns hold their bars' buttons at a finger's width.
            if layout.isLandscape {
                guard layout.playerBar.width >= PlayerBarView.leastWidth(sizes: scaled.layout) - 0.5,
                    layout.titleBar.width >= TitleBarView.buttonsWidth(sizes: scaled.layout) - 0.5
                else { return false }
            }
            let room = TitleBarView.titleRoom(in: layout.titleBar, sizes: scaled.layout, theme: th, projects: projects)
            let wanted = min(measurer.measure(title, font: th.titleFont).width, th.titleFont.size * Self.titleRoom)
            return room.width >= wanted
        }
        if fits(requested) { return requested }
        // Never below the designed size (or the one asked for, when smaller): under 1 the touch
        // targets keep their size, so smaller text would make nothing fit, only harder to read.
        var low = min(1, requested), high = requested
        guard fits(low) else { return low }
        for _ in 0..<10 {
            let mid = (low + high) / 2
            if fits(mid) { low = mid } else { high = mid }
        }
        return (low * 100).rounded(.down) / 100
    }
}
