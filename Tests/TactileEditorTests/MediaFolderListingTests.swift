import Foundation
import XCTest
import TactileCore
import TactileHeadless
import TactileHost
import TactileInput
@testable import TactileEditor

/// The media sheet stays current (issue 48): each time it opens the folder is listed again, so a
/// file copied in while Tactile runs is offered without a restart; the listing is input, so a
/// trace keeps it and a replay offers what the session offered.
final class MediaFolderListingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-media-listing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func touch(_ name: String) throws { try Data("not media".utf8).write(to: folder.appendingPathComponent(name)) }

    func testAFileCopiedInWhileTactileRunsIsOfferedTheNextTimeTheSheetOpens() throws {
        try touch("a-first.mp4")
        var services = HostServices()
        services.mediaFolder = { MediaFolder.files(in: $0) }
        let h = EditorHarness(library: try MediaFolder.library(folder.path), services: services)
        XCTAssertEqual(h.state.library.files.map { ($0 as NSString).lastPathComponent }, ["a-first.mp4"])
        // Copied in after the start: a restart was needed before.
        try touch("b-second.mov")
        try touch("notes.txt")
        h.tap("toolbar.add.video")
        h.run(until: h.now + .seconds(0.5))
        XCTAssertEqual(h.state.library.files.map { ($0 as NSString).lastPathComponent }, ["a-first.mp4", "b-second.mov"], "media files only, by name")
        XCTAssertNotNil(h.element("mediaBrowser.tile:" + folder.appendingPathComponent("b-second.mov").path), "offered in the sheet")
        // Unchanged: no second listing is taken as input.
        h.frame([.key(.escape, time: h.now)])
        h.tap("toolbar.add.video")
        h.run(until: h.now + .seconds(0.5))
        XCTAssertEqual(h.state.library.files.count, 2)
    }

    func testAListingIsInputATraceKeepsAndAReplayGivesBack() throws {
        let files = ["/media/a.mp4", "/media/b \"quoted\".mov"]
        let trace = Trace(viewport: Size(width: 390, height: 844), events: [.mediaFolder(files, time: .seconds(1.5))])
        let read = try Trace.parse(trace.serialized())
        XCTAssertEqual(read.events, trace.events, "written and read back the same")
        // A session without the service (a replay) takes the listing from its input.
        let h = EditorHarness(library: MediaLibrary(folder: "/media", files: ["/media/a.mp4"]))
        h.frame([.mediaFolder(files, time: h.now)])
        XCTAssertEqual(h.state.library.files, files)
        // A bad listing in a trace is refused, naming the field.
        let bad = #"{"tactile_trace":1,"viewport":{"width":390,"height":844}}"# + "\n" + #"{"t":1,"type":"media","files":[1,2]}"#
        XCTAssertThrowsError(try Trace.parse(bad)) { XCTAssertTrue("\($0)".contains("files:"), "\($0)") }
    }
}
