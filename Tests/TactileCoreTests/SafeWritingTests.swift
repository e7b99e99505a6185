import Foundation
import XCTest
@testable import TactileCore
#if canImport(Glibc)
import Glibc
#endif

/// The one place files are opened for writing: a link, a hard-linked file, a folder or a FIFO
/// where a file of ours is expected is refused by name and left untouched; a lock file that no
/// live process holds is known to be stale, whoever made it; names read from files are one
/// path component.
final class SafeWritingTests: XCTestCase {
    var folder: URL!
    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("safe-writing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func precious() throws -> URL {
        let url = folder.appendingPathComponent("doc")
        try Data("mine\n".utf8).write(to: url)
        return url
    }

    func testOpeningToWriteRefusesALinkAHardLinkedFileAFolderAndAFifoAndTruncatesNothing() throws {
        let doc = try precious()
        let link = folder.appendingPathComponent("link"), hard = folder.appendingPathComponent("hard")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: doc.path)
        XCTAssertEqual(Glibc.link(doc.path, hard.path), 0)
        let fifo = folder.appendingPathComponent("fifo")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        for (url, words) in [
            (link, "it is a symbolic link"), (hard, "it has another name (a hard link)"), (fifo, "a FIFO stands where"), (folder!, "a folder stands where"),
        ] {
            for flags in [O_WRONLY | O_CREAT | O_TRUNC, O_WRONLY | O_CREAT | O_APPEND, O_RDWR | O_CREAT] {
                XCTAssertThrowsError(try AtomicFile.open(url, flags: flags)) { error in
                    XCTAssertTrue("\(error)".contains("\(url.path): \(words)"), "\(error)")
                }
            }
            XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: url)) { XCTAssertTrue("\($0)".contains(words), "\($0)") }
        }
        XCTAssertEqual(try String(contentsOf: doc, encoding: .utf8), "mine\n", "nothing was truncated or written")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), doc.path, "the link is left as it was")
    }

    func testAnAtomicWriteReplacesAPlainFileKeepingItsModeAndNamesTheFileNotItsTemporaryOnFailure() throws {
        let file = folder.appendingPathComponent("settings.json")
        try Data("old".utf8).write(to: file)
        chmod(file.path, 0o600)
        try AtomicFile.write(Data("new".utf8), to: file)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "new")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int, 0o600)
        let missing = folder.appendingPathComponent("a-file/x.json")
        try Data().write(to: folder.appendingPathComponent("a-file"))
        XCTAssertThrowsError(try AtomicFile.write(Data(), to: missing)) { error in
            XCTAssertEqual(ErrorWords.reason(error), "Not a directory")
            XCTAssertFalse(ErrorWords.sentence(error).contains(".tmp"), ErrorWords.sentence(error))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }, [], "no temporary is left")
    }

    func testALockNoLiveProcessHoldsIsStaleAndOneHeldIsKnownFromTheKernelsTableWithoutOpeningIt() throws {
        let url = folder.appendingPathComponent(".movie.mp4.lock")
        let lock = try WriterLock(url, guarding: "movie.mp4")
        var info = stat()
        XCTAssertEqual(lstat(url.path, &info), 0)
        XCTAssertEqual(WriterLock.kernelHoldsLock(onInode: UInt64(info.st_ino), device: UInt64(info.st_dev)), true, "the kernel's table names the held lock")
        XCTAssertTrue(WriterLock.isHeld(url))
        XCTAssertEqual(WriterLock.removeStaleLocks(in: folder), [], "a held lock is never removed")
        lock.release()
        XCTAssertEqual(WriterLock.kernelHoldsLock(onInode: UInt64(info.st_ino), device: UInt64(info.st_dev)), false)
        XCTAssertFalse(WriterLock.isHeld(url))
        XCTAssertEqual(WriterLock.removeStaleLocks(in: folder), [".movie.mp4.lock"], "a lock of a writer that ended is removed")
        // A link planted as a lock is no lock: nobody holds it, and taking it refuses it by name.
        let doc = try precious()
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: doc.path)
        XCTAssertFalse(WriterLock.isHeld(url))
        XCTAssertThrowsError(try WriterLock(url, guarding: "movie.mp4")) { XCTAssertTrue("\($0)".contains("\(url.path): it is a symbolic link"), "\($0)") }
        XCTAssertEqual(WriterLock.removeStaleLocks(in: folder), [], "a planted link is not ours to remove")
        XCTAssertEqual(try String(contentsOf: doc, encoding: .utf8), "mine\n")
    }

    func testAConfigurationWriteGoesThroughItsLinksToTheFileTheyNameAndRefusesALoop() throws {
        let real = folder.appendingPathComponent("dotfiles/tactile.json")
        try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: real)
        let first = folder.appendingPathComponent("a.json"), second = folder.appendingPathComponent("b.json")
        try FileManager.default.createSymbolicLink(atPath: second.path, withDestinationPath: "dotfiles/tactile.json")
        try FileManager.default.createSymbolicLink(atPath: first.path, withDestinationPath: second.path)
        XCTAssertEqual(try ConfigurationWriter.target(of: first).path, real.standardizedFileURL.path)
        try ConfigurationWriter.write(Data("{\"a\":1}".utf8), to: first, permissions: 0o600)
        XCTAssertEqual(try String(contentsOf: real, encoding: .utf8), "{\"a\":1}")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: first.path), second.path, "the links stay links")
        let loop = folder.appendingPathComponent("loop.json")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        XCTAssertThrowsError(try ConfigurationWriter.write(Data(), to: loop)) { XCTAssertTrue("\($0)".contains("round in a loop"), "\($0)") }
    }

    func testANameReadFromAFileIsOnePathComponentOrItsFieldIsNamed() {
        for good in ["block1-outside", "practice", "audio.wav", "P03-block1-inside-interrupted-2", "é"] { XCTAssertNil(PathName.problem(good), good) }
        for bad in ["", ".", "..", "../../victimdir", "a/b", "/etc/passwd", "line\nbreak", String(repeating: "x", count: 256)] {
            XCTAssertNotNil(PathName.problem(bad), bad)
        }
        XCTAssertThrowsError(try PathName.checked("../x", field: "blocks[2].folder")) {
            XCTAssertEqual("\($0)", "blocks[2].folder: \"../x\" holds a \"/\": one name inside the folder is expected, not a path")
        }
    }

    func testErrorsReadAsWordsNeverAsFoundationsDomainsAndCodes() {
        XCTAssertEqual(ErrorWords.reason(CocoaError(.fileWriteVolumeReadOnly)), "Read-only file system")
        XCTAssertEqual(ErrorWords.reason(NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))), "No space left on device")
        struct Described: Error, CustomStringConvertible { var description: String { "the project is not JSON" } }
        XCTAssertEqual(ErrorWords.reason(Described()), "the project is not JSON")
        XCTAssertFalse(ErrorWords.reason(CocoaError(.fileWriteUnknown)).contains("Error Domain"))
    }
}
