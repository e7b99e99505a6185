import TactileCore
import TactileInput
import TactileUI

/// The media browser sheet the Video, Audio and Image buttons open: it slides up over the editor
/// with a grid of the media folder's files — each a poster picture (or its waveform), name and
/// length — scrolls vertically, and adds a tapped file as a clip at the playhead. Cancel, a tap
/// on the dimmed editor above, or Escape closes it.
struct MediaBrowserView {
    let ui: UIContext
    let media: MediaSource
    let sizes: TactileConfiguration.Layout
    let editing: TactileConfiguration.Editing
    let mediaSettings: TactileConfiguration.Media
    let theme: Theme

    static let sheetID = "mediaBrowser"
    static let scrimID = "mediaBrowser.scrim"
    static let tilePrefix = "mediaBrowser.tile:"

    /// The sheet's layout for `state` (nil when it is closed), under a header `headerHeight` tall.
    static func layout(
        _ state: EditorState, media: MediaSource, sizes: TactileConfiguration.Layout, editing: TactileConfiguration.Editing, now: Time,
        headerHeight: Double
    ) -> (BrowserLayout, [(path: String, status: MediaStatus)])? {
        guard let browser = state.browser else { return nil }
        let entries = browser.entries(of: state.library) { media.status(of: $0) }
        let slide = max(0.001, editing.browserSlideDuration)
        let progress = (now - browser.opened).seconds / slide
        let landscape = state.viewport.width > state.viewport.height
        let inset = landscape ? sizes.landscapeBottomInset : sizes.bottomInset
        return (
            BrowserLayout(viewport: state.viewport, sizes: sizes, count: entries.count, progress: progress, bottomInset: inset, headerHeight: headerHeight),
            entries
        )
    }

    /// How many rows of their own Cancel and Voice-over take over the title: none where they fit
    /// the third of the header each may take and the title fits between them, even given way in
    /// size; one where they fit side by side on it; else two (large text on a phone).
    static func buttonRows(_ state: EditorState, theme: Theme, measurer: TextMeasurer, sizes: TactileConfiguration.Layout) -> Int {
        guard let browser = state.browser else { return 0 }
        let b = theme.metrics.browser, width = state.viewport.width, third = width / 3, m = sizes.margin
        func least(_ words: String) -> Double { measurer.measure(words, font: theme.bodyFont).width * b.voiceSmallestShare }
        let cancel = measurer.measure(theme.strings[.cancel], font: theme.bodyFont).width + m / 2
        let voice = browser.kind == .audio && state.voiceAvailable ? b.voiceIconWidth + b.voiceGap + least(theme.strings[.voiceOver]) : 0
        var small = theme.titleFont
        small.size *= b.titleSmallestShare
        let title = measurer.measure(theme.strings[browser.title], font: small).width
        if cancel <= third, voice <= third, title <= width - 2 * (m + max(min(third, max(b.cancelWidth, cancel)), voice)) { return 0 }
        // (Side by side each has half the row.)
        return voice == 0 || max(least(theme.strings[.cancel]) + m / 2, voice) <= (width - 3 * m) / 2 ? 1 : 2
    }

    /// The header's height: as designed, and a finger's height more for each row its buttons take.
    static func headerHeight(_ state: EditorState, theme: Theme, measurer: TextMeasurer, sizes: TactileConfiguration.Layout) -> Double {
        sizes.browserHeaderHeight + Double(buttonRows(state, theme: theme, measurer: measurer, sizes: sizes)) * sizes.buttonSize
    }

    func draw(_ state: EditorState) -> [EditorIntent] {
        let rows = Self.buttonRows(state, theme: theme, measurer: ui.measurer, sizes: sizes)
        let headerHeight = sizes.browserHeaderHeight + Double(rows) * sizes.buttonSize
        guard let browser = state.browser,
            let (layout, entries) = Self.layout(state, media: media, sizes: sizes, editing: editing, now: ui.now, headerHeight: headerHeight)
        else {
            return []
        }
        var intents: [EditorIntent] = []
        let screen = Rect(origin: .zero, size: state.viewport)
        let scroll = min(max(0, browser.scroll), layout.maxScroll)
        ui.inLayer(.topmost) {
            // The editor dims behind the sheet; a tap there closes it.
            ui.fill(screen, Color.black.opacity(theme.metrics.sheet.dim))
            intents += ui.interact(Self.scrimID, hitFrame: screen, gestures: GestureTarget(id: Self.scrimID, gestures: [.tap])).intents(.browser(.scrim))
            let b = theme.metrics.browser
            ui.fill(
                Rect(x: layout.sheet.x, y: layout.sheet.y, width: layout.sheet.width, height: layout.sheet.height + b.sheetOverhang), theme.surface,
                radius: b.sheetRadius)
            intents += ui.interact(
                Self.sheetID, hitFrame: layout.sheet,
                // A tap on the sheet's own background lands here and goes no further.
                gestures: GestureTarget(id: Self.sheetID, gestures: [.scroll, .tap], scrollAxes: [.vertical])
            ).intents(.browser(.sheet))
            // (Cut to the sheet where it scrolls away with the tiles.)
            ui.clipped(to: layout.sheet) {
                intents += drawHeader(
                    browser, library: state.library, layout: layout, scroll: scroll, count: entries.filter { $0.status.info != nil }.count,
                    voice: state.voiceAvailable, rows: rows)
            }
            ui.clipped(to: layout.grid) {
                for (i, entry) in entries.enumerated() {
                    let tile = layout.tile(i, scroll: scroll)
                    guard tile.maxY > layout.grid.minY, tile.minY < layout.grid.maxY else { continue }
                    intents += drawTile(
                        entry.path, status: entry.status, frame: tile, pictureHeight: layout.pictureHeight, visible: layout.grid,
                        soundOnly: browser.kind == .audio)
                }
                if entries.isEmpty {
                    let what = theme.strings[browser.kind == .audio ? .soundFiles : (browser.kind == .image ? .pictures : .videos)]
                    ui.text(
                        theme.strings.format(.noMediaIn, ["kind": what, "folder": folderName(state.library)]), in: layout.grid.sliceTop(b.emptyHeight).slice,
                        font: theme.bodyFont,
                        color: theme.textSecondary, alignment: .center)
                }
            }
        }
        ui.element(
            UIElement(
                id: Self.sheetID, role: "mediaBrowser", label: theme.strings[browser.title], frame: layout.sheet,
                state: [
                    "kind": .string(browser.kind.rawValue), "files": .number(Double(entries.count)),
                    "scroll": .number(scroll), "maxScroll": .number(layout.maxScroll),
                    "folder": .string(state.library.folder), "folderName": .string(folderName(state.library)),
                ]))
        return intents
    }

    /// The grabber, the title and the folder line; Cancel at the trailing edge and, on the Audio
    /// sheet, Voice-over at the leading one: level with the title, or on `rows` rows of their
    /// own over it (one, or one each).
    private func drawHeader(
        _ browser: MediaBrowser, library: MediaLibrary, layout: BrowserLayout, scroll: Double, count: Int, voice: Bool, rows: Int
    ) -> [EditorIntent] {
        let h = layout.header(scroll: scroll), b = theme.metrics.browser, m = sizes.margin
        ui.fill(
            Rect(x: h.midX - b.grabberWidth / 2, y: h.y + b.grabberTop, width: b.grabberWidth, height: b.grabberHeight), theme.textTertiary,
            radius: b.grabberHeight / 2)
        let stacked = rows > 0
        let row = stacked ? Rect(x: h.x, y: h.y + b.cancelTop, width: h.width, height: sizes.buttonSize) : nil
        // On two rows, Voice-over stands under Cancel.
        let voiceRow = rows > 1 ? row.map { $0.offsetBy(dx: 0, dy: $0.height) } : row
        // The title and folder line in the designed header's proportions, under the buttons' row when stacked.
        let words = Rect(x: h.x, y: h.y + ((voiceRow ?? row).map { $0.maxY - h.y } ?? 0), width: h.width, height: sizes.browserHeaderHeight)
        let title = Rect(x: words.x, y: words.y + b.titleTop, width: words.width, height: words.height * b.titleShare)
        // As wide as its word needs ("Abbrechen" at ×3), at least as designed, at most a third of the header (half on a row of its own).
        let hasVoice = browser.kind == .audio && voice
        let most = stacked ? (hasVoice && rows == 1 ? (h.width - 3 * m) / 2 : h.width - 2 * m) : h.width / 3
        let cancelWidth = min(most, max(b.cancelWidth, ui.measurer.measure(theme.strings[.cancel], font: theme.bodyFont).width + m / 2))
        let voiceWords = ui.measurer.measure(theme.strings[.voiceOver], font: theme.bodyFont).width
        let voiceWidth = hasVoice ? min(most, b.voiceIconWidth + voiceWords + b.voiceGap) : 0
        let line = row ?? title
        let beside = stacked ? m : max(cancelWidth, voiceWidth) + m
        let titleRoom = title.insetBy(dx: beside, dy: 0)
        ui.label(
            theme.strings[browser.title], in: titleRoom, font: theme.titleFont, color: theme.textPrimary, smallest: b.titleSmallestShare,
            lineHeight: b.titleLineHeight)
        let files = count == 1 ? theme.strings[.oneFile] : theme.strings.format(.files, ["count": theme.strings.digits("\(count)")])
        ui.label(
            "\(folderName(library)) · \(files)",
            in: Rect(x: words.x + m, y: title.maxY, width: words.width - 2 * m, height: words.height * b.folderShare), font: theme.captionFont,
            color: theme.textSecondary, smallest: b.titleSmallestShare, maximumLines: 1)
        // Level with the title (or on its row), its touch area as tall as the header above the title's foot.
        let cancel = theme.mirrored(Rect(x: h.maxX - m - cancelWidth, y: line.y, width: cancelWidth, height: line.height), in: h)
        let reach = Rect(
            x: cancel.x, y: h.y + b.cancelTop, width: cancel.width, height: max(cancel.maxY, h.y + (stacked ? line.maxY - h.y : h.height)) - h.y - b.cancelTop)
        let tapped = ui.button("mediaBrowser.cancel", label: theme.strings[.cancel], frame: cancel, hitFrame: reach.intersection(layout.sheet)) { look in
            ui.label(
                theme.strings[.cancel], in: cancel, font: theme.bodyFont, color: look.pressed ? theme.textSecondary : theme.accent,
                smallest: b.voiceSmallestShare, alignment: theme.isRightToLeft ? .leading : .trailing)
        }
        var intents: [EditorIntent] = tapped ? [.closeBrowser] : []
        // Sound can also be said: a voice-over, at the header's leading edge.
        if voiceWidth > 0 {
            let voiceLine = voiceRow ?? line
            let voice = theme.mirrored(Rect(x: h.minX + m, y: voiceLine.y, width: voiceWidth, height: voiceLine.height), in: h)
            // Its touch as tall as Cancel's beside it, or its own row's.
            let reachVoice = (rows > 1 ? voice : Rect(x: voice.x, y: reach.y, width: voice.width, height: reach.height)).intersection(layout.sheet)
            let said = ui.button("mediaBrowser.voiceOver", role: "voiceOverButton", label: theme.strings[.voiceOver], frame: voice, hitFrame: reachVoice) {
                look in
                let ink = look.pressed ? theme.textSecondary : theme.accent
                let icon = theme.mirrored(Rect(x: voice.x, y: voice.midY - b.voiceIconWidth / 2, width: b.voiceIconWidth, height: b.voiceIconWidth), in: voice)
                Icon.microphone.draw(in: icon, color: ink, ui: ui)
                let words = theme.mirrored(
                    Rect(x: voice.x + b.voiceIconWidth, y: voice.y, width: voice.width - b.voiceIconWidth, height: voice.height), in: voice)
                let said = theme.strings[.voiceOver]
                ui.label(said, in: words, font: theme.bodyFont, color: ink, smallest: b.voiceSmallestShare, alignment: theme.leading)
            }
            if said { intents.append(.openVoiceOver) }
        }
        return intents
    }

    /// `soundOnly`: the Audio sheet, where a video offers its sound alone.
    private func drawTile(_ path: String, status: MediaStatus, frame: Rect, pictureHeight: Double, visible: Rect, soundOnly: Bool = false) -> [EditorIntent] {
        let id = Self.tilePrefix + path
        let picture = Rect(x: frame.x, y: frame.y, width: frame.width, height: pictureHeight)
        let name = fileName(path)
        let interaction = ui.interact(
            id, hitFrame: frame.intersection(visible),
            gestures: GestureTarget(id: id, gestures: [.tap, .scroll], scrollAxes: [.vertical]))
        let pressed = interaction.isPressedDown, b = theme.metrics.browser
        ui.fill(picture, theme.surfaceRaised, radius: b.tileRadius)
        var state: [String: ElementValue] = ["path": .string(path)]
        var subtitle = ""
        switch status {
        case .loading:
            ui.text(theme.strings[.loading], in: picture, font: theme.captionFont, color: theme.textSecondary, alignment: .center)
            state["media"] = .string("loading")
        case let .offline(reason):
            ui.fill(picture, theme.offline, radius: b.tileRadius)
            ui.text(theme.strings[.cannotOpen], in: picture, font: theme.bodyFont, color: theme.textSecondary, alignment: .center)
            subtitle = reason
            state["media"] = .string("offline")
        case let .ready(info):
            state["media"] = .string("ready")
            state["poster"] = .bool(drawPoster(path, info: info, in: picture))
            if let d = info.duration {
                let label = theme.strings.digits(TimeFormatting.timecode(d))
                // As wide and tall as its words need at the text's size (at ×3 "0:08" is wider than designed).
                let width = max(b.pillWidth, ui.measurer.measure(label, font: theme.captionFont).width + 2 * b.pillInset)
                let height = max(b.pillHeight, ui.measurer.measure(label, font: theme.captionFont).height)
                let pill = Rect(x: picture.maxX - (width + b.pillInset), y: picture.maxY - (height + b.pillInset), width: width, height: height)
                ui.fill(pill, Color.black.opacity(0.6), radius: b.pillRadius)
                ui.text(label, in: pill, font: theme.captionFont, color: theme.textPrimary, alignment: .center)
                state["duration"] = .number(d.seconds)
            }
            subtitle = soundOnly && info.hasVideo ? theme.strings[.videosSound] : describe(info)
        }
        if pressed { ui.fill(picture, Color.white.opacity(0.15), radius: b.tileRadius) }
        let caption = Rect(
            x: frame.x + b.captionInset, y: picture.maxY + b.captionGap, width: frame.width - 2 * b.captionInset,
            height: frame.maxY - picture.maxY - b.captionGap)
        ui.clipped(to: caption) {
            ui.text(name, in: caption.sliceTop(caption.height * b.nameShare).slice, font: theme.clipFont, color: theme.textPrimary, isUsersOwn: true)
            ui.label(
                subtitle, in: caption.sliceBottom(caption.height * b.detailShare).slice, font: theme.captionFont, color: theme.textSecondary,
                smallest: b.titleSmallestShare, maximumLines: 1, alignment: .leading)
        }
        ui.element(UIElement(id: id, role: "mediaTile", label: name, frame: frame, hitFrame: frame.intersection(visible), state: state))
        return interaction.intents(.browser(.tile(path: path)))
    }

    /// A still from a tenth of the way in (past fades from black), or the sound's waveform.
    private func drawPoster(_ path: String, info: MediaInfo, in frame: Rect) -> Bool {
        let metrics = theme.metrics.browser
        if info.hasVideo {
            let at = info.isStill ? Time.zero : Time(ticks: (info.duration ?? .zero).ticks / 10)
            // The tile is filled (cropped at the centre): a picture taller than the tile's shape
            // loses most of its height, so ask for as much more as the crop throws away (a portrait
            // video in a landscape tile was blocky at 3×), up to the proxies' size.
            let aspect = Double(info.pictureHeight ?? 1) / Double(max(1, info.pictureWidth ?? 1))
            let crop = max(1, frame.width / max(frame.height, 1) * aspect)
            let height = min(
                max(mediaSettings.posterPixelHeight, mediaSettings.proxyPictureSize),
                Int((Double(mediaSettings.posterPixelHeight) * crop).rounded()))
            guard let poster = media.thumbnail(of: path, at: at, height: height) else { return false }
            ui.clipped(to: frame) {
                ui.image(poster.handle, size: Size(width: Double(poster.width), height: Double(poster.height)), filling: frame)
            }
            ui.draw.add(.cornerMask(frame, theme.surface, cornerRadius: metrics.tileRadius))
            return true
        }
        guard let wave = media.waveform(of: path), let duration = info.duration, duration > .zero else { return false }
        let band = frame.insetBy(dx: metrics.waveInset, dy: frame.height * metrics.waveInsetShare)
        let columns = max(1, Int(band.width / metrics.waveColumn))
        for c in 0..<columns {
            let a = Time(ticks: duration.ticks * Int64(c) / Int64(columns)), b = Time(ticks: duration.ticks * Int64(c + 1) / Int64(columns))
            let peak = wave.loudest > 0 ? (Double(wave.peak(from: a, to: b)) / Double(wave.loudest)).squareRoot() : 0
            let h = max(1, peak * band.height)
            ui.fill(Rect(x: band.x + Double(c) * metrics.waveColumn, y: band.midY - h / 2, width: metrics.waveBar, height: h), theme.color(for: .audio))
        }
        return true
    }

    private func describe(_ info: MediaInfo) -> String {
        let s = theme.strings
        if info.isStill { return s.digits("\(s[.picture]) · \(info.pictureWidth ?? 0)×\(info.pictureHeight ?? 0)") }
        if info.hasVideo { return s.digits("\(info.pictureWidth ?? 0)×\(info.pictureHeight ?? 0)") + (info.hasAudio ? " · \(s[.withSound])" : "") }
        return s[.sound]
    }

    private func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    private func folderName(_ library: MediaLibrary) -> String {
        if library.name == "Demo media" { return theme.strings[.demoMedia] }
        return library.displayName.isEmpty ? theme.strings[.theMediaFolder] : library.displayName
    }
}
