import XCTest
@testable import TactileStudy

/// The HTML report's table cells: text is escaped, and only a marker's clip (a local MP4) is a link.
final class ReportCellTests: XCTestCase {
    func testOnlyAClipsAddressBecomesALinkAndANoteNeverDoes() {
        XCTAssertEqual(
            StudyReport.cell("\u{1}clips/P01-block1-outside-marker-01-note.mp4"),
            "<a class=\"clip\" href=\"clips/P01-block1-outside-marker-01-note.mp4\">▶ clip</a>")
        XCTAssertEqual(StudyReport.cell("\u{1}file:///tmp/c.mp4"), "<a class=\"clip\" href=\"file:///tmp/c.mp4\">▶ clip</a>")
        XCTAssertEqual(StudyReport.cell("\u{1}javascript:alert(1)//.mp4"), "javascript:alert(1)//.mp4", "an observer's note is text")
        XCTAssertEqual(StudyReport.cell("<b>looks lost</b>"), "&lt;b&gt;looks lost&lt;/b&gt;")
    }
}
