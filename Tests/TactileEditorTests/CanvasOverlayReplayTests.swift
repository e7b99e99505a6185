import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileInput
@testable import TactileApp

/// End to end through `tactile replay` and `tactile inspect`: overlays on the canvas moved,
/// pinched and turned by replayed fingers; the saved project and `inspect` show the result.
final class CanvasOverlayReplayTests: XCTestCase, ReplayTesting {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try Self.makeTestFolder("tactile-overlay")
        let project = Project(
            name: "Overlays",
            tracks: [
                Track(id: "v", kind: .video, clips: [Clip(id: "bg", kind: .image, title: "Backdrop", start: .zero, duration: .seconds(5))]),
                Track(id: "o", kind: .overlay, clips: [Clip(id: "title", kind: .text, title: "Summer", start: .zero, duration: .seconds(5))]),
            ])
        try ProjectFile.encode(project).write(to: URL(fileURLWithPath: path("project.json")))
    }
    override func tearDown() { removeTestFolder() }

    /// Two fingers about `c`, `from` → `to` apart, turning `turn` degrees, from `t` seconds.
    private func pinch(about c: Point, from: Double, to: Double, turn: Double, at t: Double) -> [InputEvent] {
        func fingers(_ k: Double) -> (Point, Point) {
            let d = (from + (to - from) * k) / 2, a = turn * k * Double.pi / 180
            return (Point(x: c.x - cos(a) * d, y: c.y - sin(a) * d), Point(x: c.x + cos(a) * d, y: c.y + sin(a) * d))
        }
        let (a0, b0) = fingers(0)
        var events: [InputEvent] = [.touch(.down, id: 1, at: a0, time: .seconds(t)), .touch(.down, id: 2, at: b0, time: .seconds(t + 0.02))]
        for i in 1...15 {
            let (a, b) = fingers(Double(i) / 15), time = Time.seconds(t + 0.02 + Double(i) / 60)
            events += [.touch(.move, id: 1, at: a, time: time), .touch(.move, id: 2, at: b, time: time)]
        }
        let (a, b) = fingers(1)
        return events + [.touch(.up, id: 2, at: b, time: .seconds(t + 0.5)), .touch(.up, id: 1, at: a, time: .seconds(t + 0.52))]
    }

    func testATracedTextEditTypesOnBothKeyboardsAndKeepsTheStyle() throws {
        let start = try inspect(after: [], project: path("project.json"))
        let c = start["overlay:title"]!.hit.center
        let open = tap(c, at: 0.1) + tap(c, at: 0.25) // a double tap on the title
        let editing = try inspect(after: open, project: path("project.json"))
        XCTAssertEqual(editing["keyboard"]?.state["layer"] as? String, "letters")
        let keyboard = editing["keyboard"]!.frame
        XCTAssertGreaterThanOrEqual(editing["key:q"]!.hit.height, 44, "keys are a finger's size")
        XCTAssertLessThanOrEqual(editing["key:q"]!.hit.maxY, keyboard.maxY)
        var events = open
        events += tap(editing["key:⌫"]!.hit.center, at: 1.0)
        events.append(.text(" sun!", time: .seconds(1.3)))
        events += tap(editing["textEditor.colour.yellow"]!.hit.center, at: 1.5)
        events += tap(editing["textEditor.done"]!.hit.center, at: 1.8)
        let project = try replay(events, project: path("project.json"))
        let clip = try XCTUnwrap(project.clip(withID: "title")?.clip)
        XCTAssertEqual(clip.title, "Summe sun!")
        XCTAssertEqual(clip.textStyle?.colour, .yellow)
        let after = try inspect(after: events, project: path("project.json"))
        XCTAssertNil(after["keyboard"], "Done closed the keyboard")
        XCTAssertEqual(after["overlay:title"]?.state["clip"] as? String, "title")
    }

    func testATracedStickerIsPickedAndADragSnapsItToTheCentreLine() throws {
        let start = try inspect(after: [], project: path("project.json"))
        var events = tap(start["toolbar.add.sticker"]!.hit.center, at: 0.1)
        let picker = try inspect(after: events, project: path("project.json"))
        events += tap(try XCTUnwrap(picker["stickerPicker.heart"]).hit.center, at: 0.6)
        let added = try inspect(after: events, project: path("project.json"))
        let sticker = try XCTUnwrap(added.first { $0.key.hasPrefix("overlay:sticker") }?.value, "the new sticker is on the canvas")
        let picture = added["canvas"]!.frame
        // Drag the heart to 4 pt right of the picture's centre line: it lands on it.
        let from = sticker.hit.center
        let to = Point(x: picture.midX + 4, y: from.y + 30)
        events.append(.touch(.down, id: 1, at: from, time: .seconds(1)))
        for i in 1...12 {
            let k = Double(i) / 12
            events.append(.touch(.move, id: 1, at: Point(x: from.x + (to.x - from.x) * k, y: from.y + (to.y - from.y) * k), time: .seconds(1 + Double(i) / 60)))
        }
        events.append(.touch(.up, id: 1, at: to, time: .seconds(1.5)))
        let project = try replay(events, project: path("project.json"))
        let heart = try XCTUnwrap(project.tracks.flatMap(\.clips).first { $0.sticker == .heart })
        XCTAssertEqual(heart.transform?.x, 0.5, "snapped exactly to the centre line")
        XCTAssertEqual(heart.title, "Heart")
    }

    func testATracedDragPinchAndTurnEndInTheProjectAndInInspect() throws {
        let start = try inspect(after: [], project: path("project.json"))
        let overlay = try XCTUnwrap(start["overlay:title"], "the title is an element of role overlay")
        let picture = start["canvas"]!.frame
        let c = overlay.hit.center
        // Drag it 50 pt left, then pinch it to 1.5× while turning 40° clockwise.
        var events = [InputEvent.touch(.down, id: 1, at: c, time: .seconds(0.1))]
        for i in 1...10 { events.append(.touch(.move, id: 1, at: Point(x: c.x - Double(i) * 5, y: c.y), time: .seconds(0.1 + Double(i) / 60))) }
        events.append(.touch(.up, id: 1, at: Point(x: c.x - 50, y: c.y), time: .seconds(0.5)))
        events += pinch(about: Point(x: c.x - 50, y: c.y), from: 40, to: 60, turn: 40, at: 1)

        let project = try replay(events, project: path("project.json"))
        let t = try XCTUnwrap(project.clip(withID: "title")?.clip.transform, "the project file keeps the transform")
        XCTAssertEqual(t.x, 0.5 - 50 / picture.width, accuracy: 0.002)
        XCTAssertEqual(t.scale, 1.5, accuracy: 0.02)
        XCTAssertEqual(t.rotation, 40, accuracy: 0.5)

        let after = try inspect(after: events, project: path("project.json"))
        let shown = try XCTUnwrap(after["overlay:title"])
        XCTAssertEqual(shown.state["rotation"] as? Double ?? 0, t.rotation, accuracy: 1e-9)
        XCTAssertEqual(shown.state["scale"] as? Double ?? 0, t.scale, accuracy: 1e-9)
        XCTAssertEqual(shown.state["selected"] as? Bool, true)
        XCTAssertEqual(shown.frame.width, overlay.frame.width * t.scale, accuracy: 0.5, "drawn at its new size")
        XCTAssertGreaterThan(shown.hit.height, shown.frame.height * 1.5, "the turned title is touched where it is drawn")
    }
}
