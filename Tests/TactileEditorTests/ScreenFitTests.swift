import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileEditor
import TactileTestSupport
@testable import TactileApp
import TactileHeadless

/// The editor at every `--ui-scale` from 0.5 to 3, portrait and landscape, 9:16 and 16:9, as
/// `tactile inspect` sees it with the window's fonts: the title stays whole, the picture keeps a
/// third of the width, every toolbar button stays a finger's size on screen; and landscape lays
/// out from the composition's aspect.
final class ScreenFitTests: XCTestCase, ReplayTesting {
    var folder: URL!

    override func setUpWithError() throws { folder = try Self.makeTestFolder("tactile-screen-fit") }
    override func tearDown() { removeTestFolder() }

    private func project(_ aspect: CompositionFormat.Aspect) throws -> String {
        var project = DemoProject.make()
        project.format = CompositionFormat(aspect)
        let file = path("\(aspect == .landscape ? "wide" : "tall").json")
        try ProjectFile.save(project, to: URL(fileURLWithPath: file))
        return file
    }

    /// The inspect document: its viewport (with the scale drawn at) and elements by id.
    private func inspect(_ project: String, size: String, uiScale: Double) throws -> (viewport: [String: Double], elements: [String: [String: Any]]) {
        let json = try Commands.inspect(project: project, replay: nil, size: size, scale: nil, at: nil, settings: Settings(uiScale: uiScale, locale: "en"))
        let doc = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        var elements: [String: [String: Any]] = [:]
        for e in doc["elements"] as! [[String: Any]] { elements[e["id"] as! String] = e }
        return (doc["viewport"] as! [String: Double], elements)
    }

    private func rect(_ any: Any?) -> Rect {
        let f = any as? [String: Double] ?? [:]
        return Rect(x: f["x"] ?? 0, y: f["y"] ?? 0, width: f["w"] ?? 0, height: f["h"] ?? 0)
    }

    func testEveryUIScaleKeepsTheTitleAThirdOfTheWidthForThePictureAndAUsableToolbar() throws {
        let buttons = ["video", "audio", "text", "sticker", "image"].map { "toolbar.add.\($0)" } + ["toolbar.split", "toolbar.delete"]
        for aspect in [CompositionFormat.Aspect.portrait, .landscape] {
            let file = try project(aspect)
            for (width, height) in [(390.0, 844.0), (844.0, 390.0)] {
                let designed = rect(try inspect(file, size: "\(Int(width))x\(Int(height))", uiScale: 1).elements["canvas"]?["frame"]).width
                for k in [0.5, 1, 1.5, 2, 2.5, 3] {
                    let at = "\(aspect.rawValue) \(Int(width))×\(Int(height)) at \(k)"
                    let (viewport, elements) = try inspect(file, size: "\(Int(width))x\(Int(height))", uiScale: k)
                    let drawnAt = try XCTUnwrap(viewport["uiScale"], at)
                    XCTAssertLessThanOrEqual(drawnAt, k, at)
                    if k <= 1 { XCTAssertEqual(drawnAt, k, "a scale the screen holds is kept: \(at)") }
                    let title = try XCTUnwrap(elements["titleBar.title"], "the title is there: \(at)")
                    XCTAssertEqual((title["state"] as? [String: Any])?["fits"] as? Bool, true, "and whole: \(at)")
                    XCTAssertGreaterThan(rect(title["frame"]).width, 20, at)
                    let canvas = rect(elements["canvas"]?["frame"])
                    XCTAssertGreaterThanOrEqual(
                        canvas.width, min(width / 3, 0.8 * designed) - 0.5,
                        "the picture keeps a third of the width (a tall one on a wide screen, most of its own): \(at)")
                    var hits: [Rect] = []
                    for id in buttons {
                        let hit = rect(try XCTUnwrap(elements[id], "\(id): \(at)")["hitFrame"])
                        XCTAssertGreaterThanOrEqual(hit.width, 44 - 0.5, "\(id) a finger wide: \(at)")
                        XCTAssertGreaterThanOrEqual(hit.height, 44 - 0.5, "\(id) a finger tall: \(at)")
                        XCTAssertTrue(Rect(x: 0, y: 0, width: width, height: height).contains(hit.center), "\(id) on screen: \(at)")
                        XCTAssertFalse(hits.contains { $0.intersection(hit).width * $0.intersection(hit).height > 1 }, "\(id) overlaps another: \(at)")
                        hits.append(hit)
                    }
                }
            }
        }
    }

    func testLandscapeLaysOutFromTheCompositionsAspect() throws {
        let wide = try inspect(try project(.landscape), size: "844x390", uiScale: 1).elements
        let picture = rect(wide["canvas"]?["frame"])
        XCTAssertGreaterThanOrEqual(picture.width * picture.height, 0.3 * 844 * 390, "a 16:9 picture takes at least 30 % of the screen: \(picture)")
        let tall = try inspect(try project(.portrait), size: "844x390", uiScale: 1).elements
        let narrow = rect(tall["canvas"]?["frame"])
        XCTAssertGreaterThan(narrow.height, 0.65 * 390, "a 9:16 picture uses the screen's height: \(narrow)")
        XCTAssertLessThan(narrow.width, 0.25 * 844, "in a narrow column")
        // Every track stays reachable: the timeline's column is wide enough to work in.
        for elements in [wide, tall] {
            let ruler = rect(elements["ruler"]?["frame"])
            XCTAssertGreaterThan(ruler.width, 0.3 * 844, "the timeline keeps room: \(ruler)")
            XCTAssertNotNil(elements["clip:music"], "the third track is on screen or scrolls into it")
        }
    }
}
