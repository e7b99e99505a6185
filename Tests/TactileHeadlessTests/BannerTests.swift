import Foundation
import XCTest
import TactileCore
import TactileTestSupport
import TactileEditor
import TactileHost
import TactileUI
import TactileHeadless

/// Banners say their whole reason: a message too long for one line takes a second, measured
/// with the real fonts; only beyond that is it cut with "…".
final class BannerTests: XCTestCase {
    func banner(_ message: String) throws -> (frame: Rect, lines: [String]) {
        let session = try HeadlessSession(project: DemoProject.make(), scale: 1, notices: [message])
        let output = session.player.runFrame()
        let banner = try XCTUnwrap(output.elements.first { $0.role == "banner" })
        let lines = output.drawList.commands.compactMap { c -> String? in
            if case let .text(run) = c, banner.frame.contains(Point(x: run.frame.midX, y: run.frame.midY)) { return run.text }
            return nil
        }
        return (banner.frame, lines)
    }

    func testALongReasonWrapsToTwoLinesInsteadOfBeingCutOff() throws {
        let reason = "holiday.mp4: Not a media file FFmpeg recognises. It may be damaged, or not a video, sound or picture."
        let (frame, lines) = try banner(reason)
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines[0].hasPrefix("holiday.mp4: Not a media file FFmpeg"), "\(lines)")
        XCTAssertTrue(lines[1].contains("recognises") || lines[0].contains("recognises"), "the reason is not cut after a line: \(lines)")
        XCTAssertGreaterThan(frame.height, TactileConfiguration().layout.bannerHeight, "the banner grows for the second line")
    }

    func testAShortMessageKeepsOneLineAndAVeryLongOneEndsInAnEllipsis() throws {
        let short = try banner("Settings reloaded")
        XCTAssertEqual(short.lines, ["Settings reloaded"])
        XCTAssertEqual(short.frame.height, TactileConfiguration().layout.bannerHeight)
        let long = try banner(String(repeating: "a very long reason ", count: 20))
        XCTAssertEqual(long.lines.count, 2)
        XCTAssertTrue(long.lines[1].hasSuffix("…"), "\(long.lines)")
    }
}
