import Foundation
import TactileCore
#if canImport(Glibc)
import Glibc
#endif

/// What Tactile made of a study's participants outside their folders (videos, highlight clips):
/// the results folder's `made.jsonl`, one line a file, added by the command that wrote it
/// (`{"participant":"P03","path":"/…/P03-block1-outside.mp4","device":"66306","inode":"1234","size":"…","modified":"…","command":"videos","made":"…"}`).
/// A withdrawal deletes exactly these — still the same file (device, inode, size and time written), its name holding
/// the participant's id — and nothing it cannot prove is theirs.
public enum StudyManifest {
    public static let fileName = "made.jsonl"

    /// One file made of a participant.
    public struct Entry: Equatable, Sendable {
        public var participant: String
        public var path: String
        public var device: UInt64
        public var inode: UInt64
        /// Its size and when it was last written (seconds and nanoseconds): an inode number freed
        /// and given to a new file is not the same file.
        public var size: Int64
        public var modified: String
        public var command: String
    }

    /// "1764403200.123456789": when the file `info` describes was last written.
    static func modified(_ info: stat) -> String { "\(info.st_mtim.tv_sec).\(String(format: "%09ld", info.st_mtim.tv_nsec))" }

    /// Whether the file at `path` (not followed if a link) is still the one `entry` noted.
    public static func isSame(_ path: String, as entry: Entry) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return UInt64(info.st_dev) == entry.device && UInt64(info.st_ino) == entry.inode && Int64(info.st_size) == entry.size
            && modified(info) == entry.modified
    }

    /// The study a recorded session belongs to, when it is a participant's block
    /// (`RESULTS/P03/block1-outside`): the results folder and the participant's id.
    public static func owner(ofSession session: URL) -> (results: URL, participant: String)? {
        let participantFolder = session.standardizedFileURL.deletingLastPathComponent()
        let id = participantFolder.lastPathComponent
        guard id.count >= 2, id.hasPrefix("P"), id.dropFirst().allSatisfy(\.isASCII), id.dropFirst().allSatisfy(\.isNumber),
            FileManager.default.fileExists(atPath: participantFolder.appendingPathComponent(StudyAnswers.fileName).path)
        else { return nil }
        return (participantFolder.deletingLastPathComponent(), id)
    }

    /// Notes that `command` wrote `file` from the session `session` (nothing when the session is
    /// no study's). Best effort: a manifest that cannot be written is said on standard error, and
    /// the file is then one a withdrawal lists but leaves.
    /// `details`: what else a later command may want to know of it (the options a video was
    /// drawn with, for `tactile clips` to cut from it).
    public static func note(
        _ file: URL, madeFrom session: URL, by command: String, details: [(String, JSONValue)] = [], at date: Date = Date()
    ) {
        guard let (results, participant) = owner(ofSession: session), file.lastPathComponent.hasPrefix(participant) else { return }
        var info = stat()
        guard lstat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        let line =
            JSONValue.object(
                [
                    ("participant", .string(participant)), ("path", .string(file.standardizedFileURL.path)),
                    ("device", .string(String(UInt64(info.st_dev)))), ("inode", .string(String(UInt64(info.st_ino)))),
                    ("size", .string(String(Int64(info.st_size)))), ("modified", .string(modified(info))), ("command", .string(command)),
                    ("made", .string(StudyAnswers.iso(date))), ("session", .string(session.standardizedFileURL.path)),
                ] + details
            ).serialized(pretty: false) + "\n"
        append(line, in: results, saying: "\(file.lastPathComponent) cannot be noted as \(participant)'s, so a withdrawal will list it but not delete it")
    }

    /// Appends `line` to the record in the results `folder`; `failure` says what is lost when it cannot be.
    static func append(_ line: String, in folder: URL, saying failure: String) {
        let url = folder.appendingPathComponent(fileName)
        do {
            let fd = try AtomicFile.open(url, flags: O_WRONLY | O_CREAT | O_APPEND)
            let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            try handle.write(contentsOf: Data(line.utf8))
            try handle.close()
        } catch {
            FileHandle.standardError.write(Data("tactile: \(url.path): \(failure) (\(ErrorWords.reason(error)))\n".utf8))
        }
    }

    /// The record's lines in `folder`, as JSON objects (never read through a link).
    static func lines(in folder: URL) -> [[String: Any]] {
        let url = folder.appendingPathComponent(fileName)
        var info = stat()
        guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    /// Removes the lines of pooled files that hold `participant` (after a withdrawal dealt with them).
    static func dropPooled(containing participant: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try AtomicFile.refuseForeign(at: url)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return }
        let kept = text.split(separator: "\n").filter { line in
            !((((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["pooled"] as? [String])?.contains(participant) ?? false)
        }
        try AtomicFile.write(Data(kept.map { $0 + "\n" }.joined().utf8), to: url)
    }

    /// Removes `participant`'s lines from the record in `folder` (after their files went).
    public static func forget(_ participant: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try AtomicFile.refuseForeign(at: url)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return }
        let kept = text.split(separator: "\n").filter { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["participant"] as? String != participant
        }
        try AtomicFile.write(Data(kept.map { $0 + "\n" }.joined().utf8), to: url)
    }

    /// The newest file `command` made of the recorded `session` that is still the file it wrote,
    /// with the line that noted it (the options it was made with).
    public static func newest(madeBy command: String, fromSession session: URL) -> (file: URL, line: [String: Any])? {
        guard let (results, _) = owner(ofSession: session) else { return nil }
        let sessionPath = session.standardizedFileURL.path
        let found = lines(in: results).reversed().first { o in
            guard o["command"] as? String == command, o["session"] as? String == sessionPath,
                let entry = entries(from: [o]).first
            else { return false }
            return isSame(entry.path, as: entry)
        }
        return found.flatMap { o in (o["path"] as? String).map { (URL(fileURLWithPath: $0), o) } }
    }

    /// The files noted in the results `folder` (never read through a link).
    public static func entries(in folder: URL) -> [Entry] { entries(from: lines(in: folder)) }

    /// The entries of the record's `lines` that name a file in full.
    static func entries(from lines: [[String: Any]]) -> [Entry] {
        lines.compactMap { o in
            guard let participant = o["participant"] as? String,
                let path = o["path"] as? String, path.hasPrefix("/"), let device = (o["device"] as? String).flatMap({ UInt64($0) }),
                let inode = (o["inode"] as? String).flatMap({ UInt64($0) }), let size = (o["size"] as? String).flatMap({ Int64($0) }),
                let modified = o["modified"] as? String
            else { return nil }
            return Entry(
                participant: participant, path: path, device: device, inode: inode, size: size, modified: modified, command: o["command"] as? String ?? "")
        }
    }
}
