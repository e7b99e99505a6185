import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// The details a designer notices in snapshots (issue 14), each checked the way it shows.
final class DesignDetailTests: XCTestCase {
    private func texts(_ h: EditorHarness) -> [String] {
        h.output.drawList.commands.compactMap {
            if case let .text(run) = $0 { return run.text }; return nil
        }
    }

    func testAHandleANeighbourStopsShowsABarNotAChevron() {
        let h = EditorHarness()
        h.tap("clip:beach") // 0 … 4.5 s of an 8 s source; City Lights starts at 4.5 s
        XCTAssertEqual(
            h.element("clip:beach.trimHandle.trailing")?.state["canGrow"], .bool(false),
            "footage is left, but City Lights is in the way")
        XCTAssertEqual(h.element("clip:beach.trimHandle.leading")?.state["canGrow"], .bool(false), "the timeline starts there")
        h.tap("clip:hello") // a text clip with room on both sides
        XCTAssertEqual(h.element("clip:hello.trimHandle.trailing")?.state["canGrow"], .bool(true))
    }

    func testTheLastFrameStaysUpAtTheEndOfPlayback() {
        let h = EditorHarness()
        h.state.playhead = h.state.project.duration
        h.frame()
        XCTAssertEqual(h.element("canvas")?.state["clip"], .string("forest"), "the last clip's last frame, not a black picture")
        XCTAssertFalse(texts(h).contains("No clip at the playhead"))
    }

    func testNoClipAtThePlayheadIsNotWrittenUnderATextOverlay() {
        let project = Project(
            name: "Words",
            tracks: [
                Track(id: "video", kind: .video),
                Track(id: "overlay", kind: .overlay, clips: [Clip(id: "words", kind: .text, title: "Words", start: .zero, duration: .seconds(3))]),
            ])
        let h = EditorHarness(project: project)
        h.state.playhead = .seconds(1)
        h.frame()
        XCTAssertEqual(h.element("canvas")?.state["overlays"], .string("words"))
        XCTAssertFalse(texts(h).contains("No clip at the playhead"))
        h.state.playhead = .seconds(0)
        h.state.project.tracks[1].clips[0].start = .seconds(2)
        h.frame()
        XCTAssertTrue(texts(h).contains("No clip at the playhead"), "with nothing at all it still says so")
    }

    func testTheRulersLabelGivesWayToThePlayheadsKnob() {
        let h = EditorHarness()
        XCTAssertFalse(texts(h).contains("0s"), "at the start \"0s\" would sit under the knob")
        XCTAssertTrue(texts(h).contains("5s"))
        h.state.playhead = .seconds(3)
        h.frame()
        XCTAssertTrue(texts(h).contains("0s"), "once the playhead moves on it shows")
    }

    func testThePlayerBarShowsTheSelectionWhole() {
        let h = EditorHarness()
        h.tap("clip:beach")
        XCTAssertTrue(texts(h).contains("Beach · 4.5s"), "not cut short: \(texts(h).filter { $0.hasPrefix("Beach") })")
    }

    func testTheTrimmedClipsGhostIsDrawnOverItsNeighbours() {
        let h = EditorHarness()
        h.tap("clip:beach")
        let handle = h.element("clip:beach.trimHandle.trailing")!.hitFrame
        h.drag(from: handle.center, to: Point(x: handle.midX - 40, y: handle.midY), rest: 0, hold: true)
        let ids = h.output.elements.map(\.id)
        let ghost = try? XCTUnwrap(ids.firstIndex(of: "ghost:beach")), city = ids.firstIndex(of: "clip:city")
        XCTAssertNotNil(ghost)
        XCTAssertNotNil(city)
        if let ghost, let city { XCTAssertGreaterThan(ghost, city, "drawn after (above) City Lights") }
    }
}

/// Clips just added land where the user can see them.
final class AddedClipVisibilityTests: XCTestCase {
    func testEveryAddedTextIsSelectedInView() {
        let h = EditorHarness()
        for n in 1...5 {
            h.tap("toolbar.add.text")
            h.frame([.key(.escape, time: h.now)]) // its keyboard, opened at once, put away
            let id = try? XCTUnwrap(h.state.selection)
            guard let id, let clip = h.element("clip:\(id)") else { return XCTFail("text \(n) is not on screen") }
            XCTAssertEqual(clip.hitFrame.height, clip.frame.height, accuracy: 0.5, "text \(n)'s track shows whole: \(clip.hitFrame)")
        }
        XCTAssertGreaterThan(h.state.timeline.trackOffset, 0, "the tracks scrolled to bring the later ones in")
    }
}
