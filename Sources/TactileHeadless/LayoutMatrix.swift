import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileMedia
import TactileUI

/// One cell of the layout matrix: a screen size, the composition's aspect, `--ui-scale` and a locale.
public struct LayoutCell: Hashable, Sendable {
    public var size: Size
    public var aspect: CompositionFormat.Aspect
    public var uiScale: Double
    public var locale: String

    public init(size: Size, aspect: CompositionFormat.Aspect, uiScale: Double, locale: String) {
        self.size = size; self.aspect = aspect; self.uiScale = uiScale; self.locale = locale
    }

    /// "390×844 9:16 ×3 de_DE".
    public var name: String { "\(Int(size.width))×\(Int(size.height)) \(aspect.rawValue) ×\(JSONValue.format(uiScale)) \(locale)" }
}

/// A screen or state a person reaches, and how: taps on elements by id, keys, typed words, a
/// shelf's news (the project list).
public struct LayoutScreen: Sendable {
    public enum Step: Sendable {
        case tap(String)
        case key(Key)
        case text(String)
        case projects(ProjectNews)
        /// Time passes (a task's outcome shows for a moment before its question).
        case wait(Double)
    }

    public var name: String
    public var steps: [Step]
    /// A test plan the session runs (its task card and questionnaires on screen), as its file holds it.
    public var plan: String?
    public init(_ name: String, _ steps: [Step], plan: String? = nil) { self.name = name; self.steps = steps; self.plan = plan }
}

/// What the check found on one screen of one cell.
public struct LayoutResult: Sendable {
    public var cell: LayoutCell
    public var screen: String
    public var findings: [LayoutFinding]
    /// Why the screen could not be reached (an element a step taps is not there), when it could not.
    public var unreachable: String?
    /// The picture with the offenders outlined, when asked for and there were findings.
    public var picture: String?
}

/// The layout matrix (issue 49): every screen a person reaches, in every cell — device sizes
/// portrait and landscape, composition aspects, ui-scales, the shipped locales — through the
/// editor's real frame path on the virtual clock, each frame checked by `LayoutCheck`.
public enum LayoutMatrix {
    /// The sizes: a small phone, a large phone, a tablet and a desktop window, in points (portrait; landscape turns them).
    public static let sizes = [Size(width: 320, height: 568), Size(width: 430, height: 932), Size(width: 820, height: 1180), Size(width: 1280, height: 800)]
    public static let scales = [0.5, 1, 1.5, 2, 3]
    public static let locales = ["en", "de_DE", "ar_EG"]

    /// Every cell.
    public static var full: [LayoutCell] {
        var cells: [LayoutCell] = []
        for size in sizes {
            for turned in [size, Size(width: size.height, height: size.width)] where !(size.width > size.height && turned != size) {
                for aspect in CompositionFormat.Aspect.allCases {
                    for k in scales { for locale in locales { cells.append(LayoutCell(size: turned, aspect: aspect, uiScale: k, locale: locale)) } }
                }
            }
        }
        return cells
    }

    /// The extremes: the small phone both ways and the tablet, tall and wide pictures, the
    /// smallest and largest scale, German (the longest words) and Arabic (mirrored).
    public static var reduced: [LayoutCell] {
        var cells: [LayoutCell] = []
        for size in [Size(width: 320, height: 568), Size(width: 568, height: 320), Size(width: 820, height: 1180)] {
            for aspect in [CompositionFormat.Aspect.portrait, .landscape] {
                for k in [0.5, 3] { for locale in ["de_DE", "ar_EG"] { cells.append(LayoutCell(size: size, aspect: aspect, uiScale: k, locale: locale)) } }
            }
        }
        return cells
    }

    /// The shelf the project list shows in the matrix.
    static let shelf: [ProjectListing] = [
        ProjectListing(id: "p-road", name: "Road trip to the lakes", duration: .seconds(94.5), clips: 23, modified: 1_796_000_000),
        ProjectListing(id: "p-bday", name: "Birthday", duration: .seconds(31), clips: 1, modified: 1_795_000_000),
    ]

    /// A test plan with one task, the Single Ease Question after it and a questionnaire at the
    /// end (long German words in its scale's ends).
    static let plan = """
        {"title": "Study", "tasks": [{"id": "t1", "prompt": "Delete the Star sticker, then move the Hello text to the end", "done": [{"path": "clip:star", "exists": false}]}],
         "afterEachTask": "seq",
         "atEnd": [{"id": "end", "title": "One more thing", "items": [
            {"id": "which", "text": "Which did you prefer?", "choices": ["A", "B", "No preference"]},
            {"id": "grab", "text": "The handles were easy to grab.", "scale": 5, "low": "Strongly disagree", "high": "Strongly agree"}]}]}
        """

    /// Every screen and state the check walks.
    public static var screens: [LayoutScreen] {
        var out: [LayoutScreen] = [LayoutScreen("editor", [])]
        for (clip, kind, sections) in [
            ("beach", "video", ClipSheetSection.allCases), ("music", "sound", [.speed, .volume, .fades]), ("hello", "text", []), ("star", "sticker", []),
        ] {
            out.append(LayoutScreen("\(kind) clip selected", [.tap("clip:" + clip)]))
            for section in sections {
                out.append(
                    LayoutScreen(
                        "\(kind) clip's sheet, \(section.rawValue)", [.tap("clip:" + clip), .tap("clipChip"), .tap("clipSheet.section." + section.rawValue)]))
            }
        }
        out += [
            LayoutScreen("Add Video", [.tap("toolbar.add.video")]), LayoutScreen("Add Audio", [.tap("toolbar.add.audio")]),
            LayoutScreen("Add Image", [.tap("toolbar.add.image")]), LayoutScreen("voice-over", [.tap("toolbar.add.audio"), .tap("mediaBrowser.voiceOver")]),
            LayoutScreen("formats", [.tap("formatButton")]), LayoutScreen("stickers", [.tap("toolbar.add.sticker")]),
            LayoutScreen("transitions", [.tap("junction:city")]), LayoutScreen("export", [.tap("toolbar.export")]),
            LayoutScreen("typing a new text", [.tap("toolbar.add.text")]), LayoutScreen("renaming the project", [.tap("titleBar.rename")]),
            LayoutScreen("nothing to undo", [.key(.undo)]),
            LayoutScreen("task card", [], plan: plan), LayoutScreen("the question after a task", [.tap("task.skip"), .wait(3)], plan: plan),
            LayoutScreen(
                "project list", [.tap("titleBar.projects"), .projects(.kept(id: "p-demo")), .projects(.listed(shelf)), .tap("projects.more:p-road")]),
        ]
        return out
    }

    /// Checks `screens` in `cells`; writes a picture of each screen with findings into `pictures` (when given).
    public static func run(
        cells: [LayoutCell], screens: [LayoutScreen] = screens, pictures: URL? = nil, check: (Language) -> LayoutCheck = LayoutCheck.forLanguage,
        progress: (LayoutResult) -> Void = { _ in }
    ) throws -> [LayoutResult] {
        let library = try MediaFolder.library(nil)
        let demo = try Inputs.project(at: nil)
        let raster = try RasterCanvas(scale: 1)
        let media = MediaCache(settings: TactileConfiguration().media, mode: .synchronous)
        var results: [LayoutResult] = []
        for cell in cells {
            var configuration = TactileConfiguration()
            configuration.layout.uiScale = cell.uiScale
            configuration.theme.locale = cell.locale
            var project = demo
            project.format = CompositionFormat(cell.aspect)
            let rules = check(Language(localeIdentifier: cell.locale))
            for screen in screens {
                var services = HostServices()
                services.exporter = ReplayedExports([])
                let session = try HeadlessSession(
                    project: project, viewport: cell.size, scale: 1, configuration: configuration, library: library,
                    plan: try screen.plan.map { try TaskPlan.parse(Data($0.utf8)) }, services: services, raster: raster, media: media)
                session.host.replaysVoice = true
                session.host.replaysProjects = true
                var result = LayoutResult(cell: cell, screen: screen.name, findings: [])
                result.unreachable = drive(session, through: screen)
                if result.unreachable == nil, let output = session.player.lastOutput {
                    result.findings = rules.findings(
                        elements: output.elements, targets: output.touchTargets, texts: texts(in: output.drawList), viewport: cell.size)
                    if let pictures, !result.findings.isEmpty { result.picture = try outline(result, session: session, in: pictures) }
                }
                progress(result)
                results.append(result)
            }
        }
        return results
    }

    /// Takes `screen`'s steps on `session`; why it could not, when it could not.
    static func drive(_ session: HeadlessSession, through screen: LayoutScreen) -> String? {
        let player = session.player
        player.runFrame()
        player.runDueFrames(through: player.clock.now + .seconds(0.5))
        for step in screen.steps {
            let now = player.clock.now
            switch step {
            case let .tap(id):
                guard let target = player.lastOutput?.elements.last(where: { $0.id == id }) else { return "\(id) is not on the screen" }
                let at = target.hitFrame.center
                player.runFrame(events: [.touch(.down, id: 1, at: at, time: now)])
                player.clock.advance(to: now + .milliseconds(80))
                player.runFrame(events: [.touch(.up, id: 1, at: at, time: player.clock.now)])
            case let .key(key): player.runFrame(events: [.key(key, time: now)])
            case let .text(words): player.runFrame(events: [.text(words, time: now)])
            case let .projects(news): player.runFrame(events: [.projects(news, time: now)])
            case let .wait(seconds): player.runDueFrames(through: now + .seconds(seconds))
            }
            // Sheets slide, banners come: what a person sees once it settles.
            player.runDueFrames(through: player.clock.now + .seconds(0.6))
        }
        return nil
    }

    /// The words a frame draws.
    static func texts(in list: DrawList) -> [TextRun] {
        list.commands.compactMap {
            if case let .text(run) = $0 { return run }; return nil
        }
    }

    /// Writes the screen with each finding's frames outlined; its path.
    static func outline(_ result: LayoutResult, session: HeadlessSession, in folder: URL) throws -> String {
        var list = session.host.picture(at: session.player.clock.now)
        list.inLayer(.topmost) { list in
            for finding in result.findings {
                for frame in finding.frames { list.add(.strokeRect(frame, Color(hex: 0xFF2D55), width: 2, cornerRadius: 0)) }
            }
        }
        let image = try session.raster.render(list, size: result.cell.size, clearColor: session.host.theme.background, images: session.media)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "\(result.cell.name) \(result.screen)".map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let file = folder.appendingPathComponent(String(name) + ".png")
        try ImageCodec.writePNG(image, to: file)
        return file.path
    }
}
