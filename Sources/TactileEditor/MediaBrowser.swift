import Foundation
import TactileCore

/// The media files the add buttons offer: a folder and the files in it (paths, in the order
/// shown). The app scans the folder; the editor only reads it.
public struct MediaLibrary: Sendable, Hashable {
    /// The folder's path.
    public var folder: String
    /// The files in it.
    public var files: [String]
    /// What the sheet's header calls the folder ("Demo media"); empty: the folder's own name.
    public var name: String

    public init(folder: String = "", files: [String] = [], name: String = "") {
        self.folder = folder; self.files = files; self.name = name
    }

    /// The name the sheet shows: `name`, else the folder's last component; empty when it has
    /// neither (the sheet then says "the media folder" in the chrome's language).
    public var displayName: String {
        if !name.isEmpty { return name }
        return folder.split(separator: "/").last.map(String.init) ?? ""
    }
}

/// The media browser sheet while it is open: which add button opened it and how far its grid
/// is scrolled.
public struct MediaBrowser: Sendable, Hashable {
    /// What the sheet offers: `.video`, `.audio` or `.image`.
    public var kind: ClipKind
    /// When it began to slide up.
    public var opened: Time
    /// How far the grid is scrolled, in points from its top.
    public var scroll: Double = 0
    /// The scroll when the current drag began.
    public var scrollAnchor: Double?

    public init(kind: ClipKind, opened: Time) {
        self.kind = kind; self.opened = opened
    }

    /// The sheet's title ("Add Video", in the chrome's language).
    public var title: EditorText {
        switch kind {
        case .audio: return .addAudio
        case .image: return .addImage
        default: return .addVideo
        }
    }

    /// Whether a file with `info` belongs in this sheet.
    public func offers(_ info: MediaInfo) -> Bool {
        switch kind {
        // The Audio sheet offers a video's sound too (CapCut's "extract audio").
        case .audio: return info.hasAudio
        case .image: return info.isStill
        default: return info.hasVideo && !info.isStill
        }
    }

    /// The files of `library` to show, given their statuses: the ones this sheet offers, files
    /// still opening, and files that cannot be used (last, so a missing file is not a mystery).
    public func entries(of library: MediaLibrary, status: (String) -> MediaStatus) -> [(path: String, status: MediaStatus)] {
        var usable: [(String, MediaStatus)] = [], unusable: [(String, MediaStatus)] = []
        for path in library.files {
            let s = status(path)
            switch s {
            case let .ready(info): if offers(info) { usable.append((path, s)) }
            case .loading: usable.append((path, s))
            case .offline: unusable.append((path, s))
            }
        }
        return usable + unusable
    }
}

/// Where the sheet and its tiles sit: one pure function shared by the view and the controller.
struct BrowserLayout {
    let sheet: Rect
    /// The header, unscrolled (`header(scroll:)`: where it is).
    private let headerFrame: Rect
    /// Where the tiles show (and, where the header scrolls, the header too).
    let grid: Rect
    /// Whether the header scrolls away with the tiles: where it would take more than
    /// `layout.browserHeaderMostShare` of the sheet (large text on a short screen).
    let headerScrolls: Bool
    let columns: Int
    let tileSize: Size
    let pictureHeight: Double
    let spacing: Double
    let contentHeight: Double

    /// The layout for `count` tiles on `viewport`, `progress` of the way up (0 … 1), under a
    /// header `headerHeight` tall (`layout.browserHeaderHeight`, more where its buttons stand on
    /// a row of their own).
    init(viewport: Size, sizes l: TactileConfiguration.Layout, count: Int, progress: Double, bottomInset: Double, headerHeight: Double? = nil) {
        spacing = l.browserTileSpacing
        let designed = l.browserColumns + (viewport.width > viewport.height ? Int((viewport.width - viewport.height) / 300) + 1 : 0)
        // Fewer where the screen cannot give each its least width (large text on a phone).
        let fitting = Int((viewport.width - 2 * l.margin + spacing) / (l.browserTileLeastWidth + spacing))
        columns = max(1, min(designed, fitting))
        let headerHeight = headerHeight ?? l.browserHeaderHeight
        let width = (viewport.width - 2 * l.margin - spacing * Double(columns - 1)) / Double(columns)
        pictureHeight = (width * 9 / 16).rounded()
        tileSize = Size(width: width, height: pictureHeight + l.browserCaptionHeight)
        let rows = (count + columns - 1) / columns
        let tiles = rows == 0 ? 0 : Double(rows) * tileSize.height + Double(rows - 1) * spacing + spacing
        // As tall as the files need (a few files leave no empty half), between a share of the
        // screen and all of it below the top gap; past that the grid scrolls.
        let top = min(l.browserTopGap, viewport.height * 0.3)
        let fitted = headerHeight + max(tiles, tileSize.height + spacing) + bottomInset
        let height = min(viewport.height - top, max(viewport.height * l.browserMinimumShare, fitted))
        let eased = 1 - pow(1 - min(1, max(0, progress)), 3)
        sheet = Rect(x: 0, y: viewport.height - height * eased, width: viewport.width, height: height)
        headerFrame = Rect(x: 0, y: sheet.y, width: viewport.width, height: headerHeight)
        headerScrolls = headerHeight > (height - bottomInset) * l.browserHeaderMostShare
        let gridTop = headerScrolls ? sheet.y : headerFrame.maxY
        grid = Rect(x: l.margin, y: gridTop, width: viewport.width - 2 * l.margin, height: max(0, sheet.maxY - gridTop - bottomInset))
        contentHeight = tiles + (headerScrolls ? headerHeight : 0)
    }

    /// The header with the tiles scrolled by `scroll` (it goes with them where it scrolls).
    func header(scroll: Double) -> Rect { headerScrolls ? headerFrame.offsetBy(dx: 0, dy: -scroll) : headerFrame }

    /// How far the grid can scroll.
    var maxScroll: Double { max(0, contentHeight - grid.height) }

    /// Tile `index` with the grid scrolled by `scroll`.
    func tile(_ index: Int, scroll: Double) -> Rect {
        let row = index / columns, column = index % columns
        return Rect(
            x: grid.x + Double(column) * (tileSize.width + spacing),
            y: grid.y + (headerScrolls ? headerFrame.height : 0) + spacing / 2 + Double(row) * (tileSize.height + spacing) - scroll,
            width: tileSize.width, height: tileSize.height)
    }
}
