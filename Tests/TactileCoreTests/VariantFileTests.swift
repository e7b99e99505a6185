import Foundation
import XCTest
@testable import TactileCore
#if canImport(Glibc)
import Glibc
#endif

/// Saving a named variant where `--variant` and a flip find it: inserted into the text of the
/// file the person wrote (every byte of theirs kept), or beside it when that cannot be done
/// cleanly; and the changes between two configurations, laid over one as a file's keys are.
final class VariantFileTests: XCTestCase {
    struct Dial: ConfigurationSection {
        static let key = "dial"
        static let about = "A dial."
        @Setting(.init(0, 10), "How far it is turned.") var turns: Double = 3
        @Setting("What it is called.") var label = "volume"
        init() {}
    }

    let schema = ConfigurationSchema(sections: [Dial.self])
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-variants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func file(_ text: String) throws -> URL {
        let url = folder.appendingPathComponent("tactile.json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func turns(_ url: URL, _ variant: String? = nil) throws -> Double {
        try ConfigurationFile.load(from: url, variant: variant, schema: schema)[section: Dial.self].turns
    }

    func testAFileWrittenWithWindowsLineEndsKeepsThemWhenAVariantIsInserted() throws {
        let url = try file("{\r\n  \"dial\": { \"turns\": 4 }\r\n}\r\n")
        XCTAssertEqual(try VariantFile.save("slow", changes: .object([("dial", .object([("turns", .number(1))]))]), at: url, schema: schema), .file)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertFalse(text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "no bare LF among CRLF: \(text.debugDescription)")
        XCTAssertEqual(try turns(url, "slow"), 1)
        XCTAssertEqual(try turns(url), 4)
    }

    func testASidecarThatIsALinkIsWrittenThroughItNotReplacedByACopy() throws {
        // A file this user may not rewrite (another hard name) sends the variant to its sidecar,
        // which is a link into a dotfiles folder.
        let url = try file("{\"dial\": {\"turns\": 4}}\n")
        XCTAssertEqual(link(url.path, folder.appendingPathComponent("other.json").path), 0)
        let kept = folder.appendingPathComponent("dotfiles/tactile.variants.json")
        try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"variants\": {}}\n".utf8).write(to: kept)
        try FileManager.default.createSymbolicLink(atPath: VariantFile.sidecar(of: url).path, withDestinationPath: kept.path)
        XCTAssertEqual(try VariantFile.save("slow", changes: .object([("dial", .object([("turns", .number(1))]))]), at: url, schema: schema), .sidecar)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: VariantFile.sidecar(of: url).path), kept.path, "still a link")
        XCTAssertTrue(try String(contentsOf: kept, encoding: .utf8).contains("slow"))
        XCTAssertEqual(try turns(url, "slow"), 1)
    }

    func testAVariantIsInsertedIntoAFileWithoutVariantsKeepingEveryByteWritten() throws {
        let written = "{\n    \"dial\":   { \"turns\": 4 }   \n}\n"
        let url = try file(written)
        XCTAssertEqual(try VariantFile.save("slow", changes: .object([("dial", .object([("turns", .number(1))]))]), at: url, schema: schema), .file)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("{\n    \"dial\":   { \"turns\": 4 }"), text)
        XCTAssertEqual(try turns(url), 4)
        XCTAssertEqual(try turns(url, "slow"), 1)
    }

    /// The review's case: the closing brace of "variants", written at four spaces, came back at
    /// two, and the new member at four beside members at eight.
    func testAVariantJoinsItsNeighboursIndentationAndTheClosingBraceStaysWhereItWas() throws {
        let written = "{\n    \"variants\": {\n        \"A\": {\"dial\": {\"turns\": 2}}\n    }\n}\n"
        let url = try file(written)
        XCTAssertEqual(try VariantFile.save("B", changes: .object([("dial", .object([("turns", .number(6))]))]), at: url, schema: schema), .file)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(
            text, "{\n    \"variants\": {\n        \"A\": {\"dial\": {\"turns\": 2}},\n        \"B\": {\"dial\":{\"turns\":6}}\n    }\n}\n")
        XCTAssertEqual(try turns(url, "B"), 6)
    }

    /// Issue 47: the "variants" key a save adds takes the file's own indent step (it was 2 spaces in a 4-space file).
    func testANewVariantsKeyTakesTheFilesOwnIndentStep() throws {
        let url = try file("{\n    \"dial\": {\n        \"turns\": 4\n    }\n}\n")
        XCTAssertEqual(try VariantFile.save("B", changes: .object([("dial", .object([("turns", .number(6))]))]), at: url, schema: schema), .file)
        XCTAssertEqual(
            try String(contentsOf: url, encoding: .utf8),
            "{\n    \"dial\": {\n        \"turns\": 4\n    },\n    \"variants\": {\n        \"B\": {\"dial\":{\"turns\":6}}\n    }\n}\n")
        XCTAssertEqual(try turns(url, "B"), 6)
    }

    /// Issue 47: a file no one may write (0444) is not rewritten, whoever runs it (root could): the variant goes beside it.
    func testAReadOnlyFileIsLeftAloneEvenForRootAndTheVariantGoesBesideIt() throws {
        let written = "{\"dial\": {\"turns\": 4}}\n"
        let url = try file(written)
        chmod(url.path, 0o444)
        defer { chmod(url.path, 0o644) }
        XCTAssertEqual(try VariantFile.save("B", changes: .object([("dial", .object([("turns", .number(6))]))]), at: url, schema: schema), .sidecar)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), written, "not a byte changed")
        var info = stat()
        XCTAssertEqual(stat(url.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o444, "its mode kept")
        XCTAssertEqual(try turns(url, "B"), 6)
    }

    func testAVariantJoinsTheFilesOwnVariantsAndANameIsNeverTakenTwice() throws {
        let url = try file(#"{"dial": {"label": "x"}, "variants": {"A": {"dial": {"turns": 5}}}}"#)
        try VariantFile.save("B", changes: .object([("dial", .object([("turns", .number(7))]))]), at: url, schema: schema)
        XCTAssertEqual(try turns(url, "A"), 5)
        XCTAssertEqual(try turns(url, "B"), 7)
        XCTAssertThrowsError(try VariantFile.save("A", changes: .object([]), at: url, schema: schema)) {
            XCTAssertEqual(($0 as? ConfigurationError)?.key, "variants.A")
        }
        XCTAssertEqual(VariantFile.freeName(at: url, prefix: "tuned"), "tuned-1")
    }

    func testAnEmptyOrMissingFileGetsAVariantsObject() throws {
        let url = try file("{}")
        try VariantFile.save("B", changes: .object([("dial", .object([("turns", .number(2))]))]), at: url, schema: schema)
        XCTAssertEqual(try turns(url, "B"), 2)
        let missing = folder.appendingPathComponent("new.json")
        try VariantFile.save("C", changes: .object([("dial", .object([("turns", .number(9))]))]), at: missing, schema: schema)
        XCTAssertEqual(try turns(missing, "C"), 9)
    }

    func testAFileThatCannotBeRewrittenCleanlyGetsASidecarThatLoadingJoins() throws {
        // Texts this writer cannot find its way through are left alone.
        XCTAssertNil(VariantFile.inserting("B", changes: .object([]), into: #"{"dial": {}, "variants": []}"#))
        XCTAssertNil(VariantFile.inserting("B", changes: .object([]), into: #"{"dial": {"#))
        // Two "variants" objects: the one written into is not the one read, so reading back
        // differs and the file is kept as it was; the variant goes beside it.
        let written = #"{"dial": {"turns": 4}, "variants": {}, "variants": {}}"#
        let url = try file(written)
        let place = try VariantFile.save("B", changes: .object([("dial", .object([("turns", .number(6))]))]), at: url, schema: schema)
        XCTAssertEqual(place, .sidecar)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), written)
        XCTAssertEqual(VariantFile.sidecar(of: url).lastPathComponent, "tactile.variants.json")
        XCTAssertEqual(try turns(url, "B"), 6)
        XCTAssertEqual(try turns(url), 4)
        XCTAssertEqual(VariantFile.names(at: url), ["B"])
    }

    /// The review's case: a mistake in a variant only the sidecar holds was blamed on the main
    /// file, and a sidecar that was not JSON was not said to be so.
    func testASidecarsMistakesAreSaidToBeInTheSidecar() throws {
        let url = try file(#"{"dial": {"turns": 4}, "variants": {"A": {"dial": {"turns": 2}}}}"#)
        let side = VariantFile.sidecar(of: url)
        try #"{"variants": {"zz": {"dial": {"turns": "many"}}}}"#.write(to: side, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try turns(url, "A")) { error in
            let e = error as? ConfigurationError
            XCTAssertEqual(e?.key, "variants.zz.dial.turns")
            XCTAssertTrue(e?.message.hasSuffix("(in tactile.variants.json)") ?? false, "\(error)")
        }
        try #"{"variants": {"zz": "#.write(to: side, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try turns(url)) { error in
            XCTAssertTrue("\(error)".hasPrefix("tactile.variants.json (its saved variants): not valid JSON"), "\(error)")
        }
        // A mistake in the file's own variant is the file's.
        try? FileManager.default.removeItem(at: side)
        let own = try file(#"{"variants": {"A": {"dial": {"turns": "x"}}}}"#)
        XCTAssertThrowsError(try turns(own)) { error in XCTAssertFalse("\(error)".contains("variants.json"), "\(error)") }
    }

    func testChangesBetweenTwoConfigurationsLayBackOverTheFirstAndABadOneNamesItsKey() throws {
        var a = schema.defaults, b = schema.defaults
        b[section: Dial.self].turns = 8
        let changes = schema.changes(from: a, to: b)
        XCTAssertEqual(changes.serialized(), #"{"dial":{"turns":8}}"#)
        XCTAssertEqual(try schema.applying(changes, to: a), b)
        XCTAssertEqual(schema.changes(from: a, to: a).serialized(), "{}")
        XCTAssertEqual(ConfigurationSchema.dotted(changes).map(\.key), ["dial.turns"])
        XCTAssertThrowsError(try schema.applying(.object([("dial", .object([("turns", .number(80))]))]), to: a)) {
            XCTAssertEqual(($0 as? ConfigurationError)?.key, "dial.turns")
        }
        XCTAssertThrowsError(try schema.applying(.object([("dial", .object([("spin", .number(1))]))]), to: a)) {
            XCTAssertEqual(($0 as? ConfigurationError)?.key, "dial.spin")
        }
        a[section: Dial.self].label = "gain"
        XCTAssertEqual(schema.changes(from: a, to: b).serialized(), #"{"dial":{"label":"volume","turns":8}}"#)
    }

    func testAReadOnlyOrHardLinkedFileIsLeftAloneAndALinkIsWrittenThrough() throws {
        let written = #"{"dial": {"turns": 4}}"#
        let readOnly = try file(written)
        chmod(readOnly.path, 0o444)
        defer { chmod(readOnly.path, 0o644) }
        if getuid() != 0 {
            XCTAssertEqual(try VariantFile.save("B", changes: .object([]), at: readOnly, schema: schema), .sidecar)
            XCTAssertEqual(try String(contentsOf: readOnly, encoding: .utf8), written, "a file made read-only is never rewritten")
        }
        chmod(readOnly.path, 0o644)
        let other = folder.appendingPathComponent("other-name.json")
        let linked = folder.appendingPathComponent("linked.json")
        try written.write(to: linked, atomically: true, encoding: .utf8)
        XCTAssertEqual(link(linked.path, other.path), 0)
        XCTAssertEqual(try VariantFile.save("B", changes: .object([]), at: linked, schema: schema), .sidecar, "a rename would cut the other name off")
        XCTAssertEqual(try String(contentsOf: other, encoding: .utf8), written)
        // A symbolic link (a configuration kept in a dotfiles folder) is written through: the link stays.
        let real = folder.appendingPathComponent("dotfiles-tactile.json")
        try written.write(to: real, atomically: true, encoding: .utf8)
        let symlink = folder.appendingPathComponent("tactile-link.json")
        try FileManager.default.createSymbolicLink(at: symlink, withDestinationURL: real)
        XCTAssertEqual(try VariantFile.save("C", changes: .object([("dial", .object([("turns", .number(2))]))]), at: symlink, schema: schema), .file)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: symlink.path), real.path)
        XCTAssertEqual(try turns(real, "C"), 2)
    }

    func testRenameAndDeleteChangeOnlyTheOneMemberAndFindTheSidecarsOwn() throws {
        let text = "{\n  \"dial\": {\"turns\": 4},\n  \"variants\": {\"a\": {\"dial\": {\"turns\": 1}}, \"b\" : {\"dial\": {\"label\": \"x}\"}}}\n}\n"
        let url = try file(text)
        XCTAssertEqual(VariantFile.names(at: url), ["a", "b"], "in the order written")
        try VariantFile.rename("b", to: "brace", at: url, schema: schema)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), text.replacingOccurrences(of: "\"b\" :", with: "\"brace\" :"))
        try VariantFile.delete("a", at: url, schema: schema)
        XCTAssertEqual(
            try String(contentsOf: url, encoding: .utf8),
            "{\n  \"dial\": {\"turns\": 4},\n  \"variants\": {\"brace\" : {\"dial\": {\"label\": \"x}\"}}}\n}\n", "the member and its comma, nothing else")
        try VariantFile.delete("brace", at: url, schema: schema)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "{\n  \"dial\": {\"turns\": 4},\n  \"variants\": {}\n}\n")
        XCTAssertEqual(try turns(url), 4, "the file's own settings untouched")

        // Refused: base, a name not saved, a taken name; a variant in the sidecar is changed there.
        try VariantFile.save("c", changes: .object([("dial", .object([("turns", .number(2))]))]), at: url, schema: schema)
        try VariantFile.save("d", changes: .object([("dial", .object([("turns", .number(5))]))]), at: url, schema: schema)
        XCTAssertThrowsError(try VariantFile.rename("base", to: "e", at: url, schema: schema)) { XCTAssertTrue("\($0)".contains("cannot be renamed"), "\($0)") }
        XCTAssertThrowsError(try VariantFile.delete("zz", at: url, schema: schema)) { XCTAssertTrue("\($0)".contains("no such variant"), "\($0)") }
        XCTAssertThrowsError(try VariantFile.rename("c", to: "d", at: url, schema: schema)) { XCTAssertTrue("\($0)".contains("is taken"), "\($0)") }
        chmod(url.path, 0o444)
        defer { chmod(url.path, 0o644) }
        try VariantFile.save("side", changes: .object([("dial", .object([("turns", .number(7))]))]), at: url, schema: schema)
        try VariantFile.rename("side", to: "beside", at: url, schema: schema)
        XCTAssertEqual(try turns(url, "beside"), 7)
        XCTAssertEqual(VariantFile.names(at: url), ["c", "d", "beside"])
        XCTAssertThrowsError(try VariantFile.delete("c", at: url, schema: schema)) { XCTAssertTrue("\($0)".contains("cannot be written"), "\($0)") }
    }
}
