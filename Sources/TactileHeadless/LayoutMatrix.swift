import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
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

    /// What a screen's name gets where it is looked at again with its sheet scrolled to its end.
    public static let scrolledToItsEnd = ", scrolled to its end"

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

    /// Checks `screens` in `cells`; writes a picture of each screen with findings (of every
    /// screen: `everyPicture`) into `pictures` (when given).
    public static func run(
        cells: [LayoutCell], screens: [LayoutScreen] = screens, pictures: URL? = nil, everyPicture: Bool = false,
        check: (Language) -> LayoutCheck = { LayoutCheck.forLanguage($0) },
        progress: (LayoutResult) -> Void = { _ in }
    ) throws -> [LayoutResult] {
        let library = try MediaFolder.library(nil)
        let demo = try Inputs.project(at: nil)
        let raster = try RasterCanvas(scale: 1)
        let media = MediaCache(settings: TactileConfiguration().media, mode: .synchronous)
        let tour = try AttractTour.builtIn()
        var results: [LayoutResult] = []
        for cell in cells {
            var base = TactileConfiguration()
            base.layout.uiScale = cell.uiScale
            base.theme.locale = cell.locale
            var project = demo
            project.format = CompositionFormat(cell.aspect)
            let rules = check(Language(localeIdentifier: cell.locale)), labRules = check(.en)
            for screen in screens {
                var configuration = base
                screen.settings?(&configuration)
                let walker: LayoutWalker
                if let make = screen.session {
                    walker = LayoutWalker(try make(LayoutSetup(cell: cell, configuration: configuration, project: project, measurer: raster.measurer)))
                } else {
                    var services = HostServices()
                    services.exporter = ReplayedExports([])
                    let session = try HeadlessSession(
                        project: project, viewport: cell.size, scale: 1, configuration: configuration, library: library,
                        plan: try screen.plan.map { try TaskPlan.parse(Data($0.utf8)) },
                        kiosk: screen.kiosk ? KioskSetup(attractTrace: tour, demo: project) : nil, services: services, raster: raster, media: media)
                    session.host.replaysVoice = true
                    session.host.replaysProjects = true
                    walker = LayoutWalker(host: session)
                }
                let unreachable = walker.walk(screen)
                var looks = unreachable == nil ? walker.layouts().map { ($0, "") } : []
                // A sheet taller than the screen is looked at again scrolled to its end.
                for view in looks.first?.0.scrollViews ?? [] where view.maximumOffset > 0.5 {
                    if walker.scrollToEnd(view.id), let phone = walker.layouts().first {
                        looks.append((phone, scrolledToItsEnd))
                    } else {
                        let result = LayoutResult(cell: cell, screen: screen.name, findings: [], unreachable: "\(view.id) did not scroll to its end")
                        progress(result)
                        results.append(result)
                    }
                }
                for (surface, how) in looks {
                    var result = LayoutResult(
                        cell: cell, screen: (surface.name == "phone" ? screen.name : "\(screen.name) (\(surface.name))") + how, findings: [])
                    let english = screen.labWords || surface.name == "lab panel"
                    result.findings = (english ? labRules : rules).findings(
                        elements: surface.elements, targets: surface.targets, texts: texts(in: surface.picture), viewport: surface.size)
                    if let pictures, everyPicture || !result.findings.isEmpty {
                        result.picture = try outline(result, surface: surface, raster: raster, media: media, background: walker.background, in: pictures)
                    }
                    progress(result)
                    results.append(result)
                }
                if let unreachable {
                    let result = LayoutResult(cell: cell, screen: screen.name, findings: [], unreachable: unreachable)
                    progress(result)
                    results.append(result)
                }
            }
        }
        return results
    }

    /// The words a frame draws.
    static func texts(in list: DrawList) -> [TextRun] {
        list.commands.compactMap {
            if case let .text(run) = $0 { return run }; return nil
        }
    }

    /// Writes the surface with each finding's frames outlined; its path.
    static func outline(
        _ result: LayoutResult, surface: ScreenLayout, raster: RasterCanvas, media: MediaCache, background: Color, in folder: URL
    ) throws -> String {
        var list = surface.picture
        list.inLayer(.topmost) { list in
            for finding in result.findings {
                for frame in finding.frames { list.add(.strokeRect(frame, Color(hex: 0xFF2D55), width: 2, cornerRadius: 0)) }
            }
        }
        let image = try raster.render(list, size: surface.size, clearColor: background, images: media)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "\(result.cell.name) \(result.screen)".map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let file = folder.appendingPathComponent(String(name) + ".png")
        try ImageCodec.writePNG(image, to: file)
        return file.path
    }
}
