import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileEditor
@testable import TactileApp

/// Study files: read with errors that name the key, and the design they give each participant.
final class StudyFileTests: XCTestCase, ReplayTesting {
    var folder: URL!
    override func setUpWithError() throws {
        folder = try Self.makeTestFolder("study-file")
        try #"{"variants": {"outside": {"feel": {"handlesInside": false}}, "inside": {"feel": {"handlesInside": true}}}}"#
            .write(to: folder.appendingPathComponent("handles.json"), atomically: true, encoding: .utf8)
    }
    override func tearDown() { removeTestFolder() }

    func study(_ edit: (inout [String: Any]) -> Void = { _ in }) throws -> StudyFile {
        var object: [String: Any] = [
            "title": "Trim handles outside or inside", "consent": "You will edit a short video.", "configuration": "handles.json",
            "variants": ["outside", "inside"], "design": ["variants": "within", "tasks": "counterbalanced"],
            "practice": ["prompt": "Make Beach shorter", "done": [["path": "clip:beach.duration", "atMost": 3]]],
            "tasks": [
                ["id": "delete", "prompt": "Delete the Star sticker", "done": [["path": "clip:star", "exists": false]]],
                ["id": "trim", "prompt": "Trim Beach to 4 seconds", "done": [["path": "clip:beach.duration", "equals": 4, "within": 0.1]]],
                ["id": "split", "prompt": "Split City Lights", "done": [["path": "clip:city", "exists": false]]],
            ],
            "markers": ["1": "confusion", "2": "error"],
        ]
        edit(&object)
        let data = try JSONSerialization.data(withJSONObject: object)
        try data.write(to: folder.appendingPathComponent("study.json"))
        return try StudyFile.parse(data, folder: folder)
    }

    func testWithinSubjectsEveryParticipantMeetsEveryVariantInACounterbalancedOrder() throws {
        let s = try study()
        XCTAssertEqual(s.variants, ["outside", "inside"])
        XCTAssertEqual(s.practice?.prompt, "Make Beach shorter")
        XCTAssertEqual(s.markers["1"], "confusion")
        let p1 = s.schedule(forParticipant: 1), p2 = s.schedule(forParticipant: 2)
        XCTAssertEqual(p1.blocks.map(\.variant), ["outside", "inside"])
        XCTAssertEqual(p2.blocks.map(\.variant), ["inside", "outside"])
        XCTAssertNotEqual(p1.blocks[0].tasks, p1.blocks[1].tasks, "the second block takes the next task order")
        XCTAssertEqual(Set(p1.blocks[0].tasks), ["delete", "trim", "split"])
        // Over a full square of participants, each task comes first equally often.
        let firsts = (1...6).map { s.schedule(forParticipant: $0).blocks[0].tasks[0] }
        XCTAssertEqual(Dictionary(grouping: firsts, by: { $0 }).mapValues(\.count), ["delete": 2, "trim": 2, "split": 2])
    }

    func testBetweenSubjectsEachParticipantMeetsOneVariantInTurn() throws {
        let s = try study { $0["design"] = ["variants": "between", "tasks": "fixed"] }
        XCTAssertEqual((1...4).map { s.schedule(forParticipant: $0).blocks.map(\.variant) }, [["outside"], ["inside"], ["outside"], ["inside"]])
        XCTAssertEqual(s.schedule(forParticipant: 3).blocks[0].tasks, ["delete", "trim", "split"], "fixed order")
    }

    func testMistakesNameTheKey() throws {
        let cases: [((inout [String: Any]) -> Void, String)] = [
            ({ $0["variants"] = ["outside", "sideways"] }, "variants[1]"),
            ({ $0["variants"] = ["outside", "outside"] }, "variants[1]"),
            ({ $0.removeValue(forKey: "consent") }, "consent"),
            ({ $0["design"] = ["variants": "sometimes"] }, "design.variants"),
            ({ $0["practice"] = ["prompt": "", "done": []] }, "practice.prompt"),
            ({ $0["markers"] = ["x": "huh"] }, "markers.x"),
            ({ $0["tasks"] = [["id": "a", "prompt": "A", "done": [["nothing": 1]]]] }, "tasks[0].done[0]"),
            ({ $0["colour"] = "red" }, "colour"),
            // A rule on a clip the project does not have makes a task that can never be done.
            ({ $0["tasks"] = [["id": "a", "prompt": "A", "done": [["path": "clip:citty.duration", "equals": 3]]]] }, "tasks[0].done[0].path"),
            ({ $0["practice"] = ["prompt": "P", "done": [["path": "clip:nowhere", "exists": false]]] }, "practice.done[0].path"),
        ]
        for (edit, key) in cases {
            XCTAssertThrowsError(try study(edit), key) { error in
                XCTAssertTrue("\(error)".hasPrefix(key), "\(error) should name \(key)")
            }
        }
    }

    /// The review's case: a project whose clip's file was missing passed the check, and the
    /// participant met "Media offline" after consenting.
    func testAProjectWithAMissingMediaFileIsRefusedNamingTheClip() throws {
        var project = DemoProject.make()
        project.tracks[0].clips[1].media = folder.appendingPathComponent("missing-city.mp4").path
        try ProjectFile.save(project, to: folder.appendingPathComponent("project.json"))
        XCTAssertThrowsError(try study { $0["project"] = "project.json" }) { error in
            XCTAssertTrue("\(error)".hasPrefix("project: tracks[0].clips[1].media"), "\(error)")
            XCTAssertTrue("\(error)".contains("missing-city.mp4: no such file"), "\(error)")
        }
        XCTAssertThrowsError(try study { $0["project"] = "gone.json" }) { error in
            let path = folder.appendingPathComponent("gone.json").path
            XCTAssertEqual("\(error)".components(separatedBy: path).count - 1, 1, "the path once: \(error)")
        }
    }

    func testStudyCheckPrintsTheDesignFromTheCommandLine() throws {
        _ = try study()
        let process = Process()
        process.executableURL = try tactileBinary()
        process.arguments = ["study", "check", folder.appendingPathComponent("study.json").path, "--participants", "4"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("| P01 | outside → inside |"), text)
        XCTAssertTrue(text.contains("| P02 | inside → outside |"), text)
        // Two variant orders and three counterbalanced tasks (six orders) balance together in six.
        XCTAssertTrue(text.contains("Fully balanced with a multiple of 6 participants (2 variant orders and 6 task orders together)."), text)
    }
}
