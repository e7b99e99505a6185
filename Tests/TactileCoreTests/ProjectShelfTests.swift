import Foundation
import XCTest
import TactileCore

/// The project list's files (issue 48): new, open, save, duplicate, rename, delete into the
/// trash and back, a damaged file listed with why; every write atomic, ids that never change.
final class ProjectShelfTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-shelf-\(UUID().uuidString)")
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func touch(_ id: String, secondsAgo: Double) throws {
        let url = folder.appendingPathComponent(id + ".json")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: url.path)
    }

    func testProjectsAreMadeListedNewestFirstOpenedRenamedAndDuplicated() throws {
        let shelf = ProjectShelf(folder: folder)
        XCTAssertEqual(try shelf.list(), [], "no folder yet: no projects")
        let (a, empty) = try shelf.create(named: "Road trip")
        XCTAssertEqual(empty.tracks.map(\.kind), [.video, .overlay, .audio])
        XCTAssertTrue(empty.tracks.allSatisfy(\.clips.isEmpty))
        var (b, project) = try shelf.create(named: "Birthday")
        project.tracks[0].clips.append(Clip(id: "c", kind: .image, title: "Cake", start: .zero, duration: .seconds(3)))
        try shelf.save(project, as: b)
        try touch(a, secondsAgo: 60)
        XCTAssertEqual(try shelf.list().map(\.name), ["Birthday", "Road trip"], "the last saved first")
        XCTAssertEqual(try shelf.list().first?.duration, .seconds(3))
        XCTAssertEqual(try shelf.open(b), project)
        try shelf.rename(a, to: "Road trip 2026")
        XCTAssertEqual(try shelf.open(a).name, "Road trip 2026", "the file keeps its id")
        let copy = try shelf.duplicate(b, named: "Birthday copy")
        XCTAssertNotEqual(copy, b)
        var expected = project
        expected.name = "Birthday copy"
        XCTAssertEqual(try shelf.open(copy), expected, "the same clips under the new name")
        XCTAssertEqual(try shelf.list().count, 3)
    }

    func testADeletedProjectComesBackWholeUntilTheTrashIsEmptied() throws {
        let shelf = ProjectShelf(folder: folder)
        let (id, project) = try shelf.create(named: "Holiday")
        let deleted = try shelf.delete(id)
        XCTAssertEqual(try shelf.list(), [], "gone from the list")
        XCTAssertEqual(try shelf.restore(deleted), id, "Undo brings it back under its id")
        XCTAssertEqual(try shelf.open(id), project)
        let again = try shelf.delete(id)
        try shelf.emptyTrash(deletedBefore: Date(timeIntervalSinceNow: 60))
        XCTAssertThrowsError(try shelf.restore(again), "emptied: gone for good")
        XCTAssertEqual(try shelf.list(), [])
    }

    func testADamagedFileIsListedWithWhyAndOpeningItNamesTheField() throws {
        let shelf = ProjectShelf(folder: folder)
        _ = try shelf.create(named: "Fine")
        try Data(#"{"name": "Broken", "tracks": [{"id": "v", "kind": "video", "clips": [{"id": 3}]}]}"#.utf8)
            .write(to: folder.appendingPathComponent("p-broken.json"))
        let entries = try shelf.list()
        XCTAssertEqual(entries.count, 2)
        let broken = try XCTUnwrap(entries.first { $0.id == "p-broken" })
        XCTAssertNotNil(broken.problem)
        XCTAssertThrowsError(try shelf.open("p-broken"))
        XCTAssertNil(entries.first { $0.id != "p-broken" }?.problem)
    }
}
