import Foundation
import TactileCore
#if canImport(Glibc)
import Glibc
#endif

/// What Tactile made of several participants together — a report (Markdown, HTML, JSON), its CSV
/// files, heatmaps — noted in the results folder's `made.jsonl` with whom each pools
/// (`{"pooled":["P01","P02"],"path":"/…/report.md","device":…,"command":"report",…}`), so that a
/// withdrawal finds every copy of a participant, whatever its name: one made of them alone (a
/// report or heatmap narrowed with `--participant`) is deleted, their rows are taken out of the CSV files (a
/// tidy file holds them row by row), and a report or heatmap that pooled them, which cannot be
/// un-pooled, is marked stale — a Markdown or HTML report says so at its top, a JSON report
/// carries `"stale"`, a picture is renamed `STALE-…` — to be made again.
public enum PooledOutputs {
    /// One file made of several participants, as noted.
    public struct Entry: Equatable, Sendable {
        public var participants: [String]
        public var manifest: StudyManifest.Entry
    }

    /// Notes that `command` wrote `file` from the `participants` of the results `folder`.
    /// Best effort, as `StudyManifest.note`.
    public static func note(_ file: URL, in folder: URL, participants: [String], by command: String, at date: Date = Date()) {
        guard !participants.isEmpty, StudyResults.isResultsFolder(folder) else { return }
        var info = stat()
        guard lstat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        let line =
            JSONValue.object([
                ("pooled", .array(participants.map { .string($0) })), ("path", .string(file.standardizedFileURL.path)),
                ("device", .string(String(UInt64(info.st_dev)))), ("inode", .string(String(UInt64(info.st_ino)))),
                ("size", .string(String(Int64(info.st_size)))), ("modified", .string(StudyManifest.modified(info))), ("command", .string(command)),
                ("made", .string(StudyAnswers.iso(date))),
            ]).serialized(pretty: false) + "\n"
        StudyManifest.append(
            line, in: folder,
            saying: "\(file.lastPathComponent) cannot be noted as made of \(participants.count) participants, so a withdrawal will not find it")
    }

    /// The pooled files noted in the results `folder`.
    public static func entries(in folder: URL) -> [Entry] {
        StudyManifest.lines(in: folder).compactMap { o in
            guard let pooled = o["pooled"] as? [String], let path = o["path"] as? String, path.hasPrefix("/"),
                let device = (o["device"] as? String).flatMap({ UInt64($0) }), let inode = (o["inode"] as? String).flatMap({ UInt64($0) }),
                let size = (o["size"] as? String).flatMap({ Int64($0) }), let modified = o["modified"] as? String
            else { return nil }
            return Entry(
                participants: pooled,
                manifest: StudyManifest.Entry(
                    participant: "", path: path, device: device, inode: inode, size: size, modified: modified, command: o["command"] as? String ?? ""))
        }
    }

    /// What withdrawing a participant does to the pooled files.
    public struct Plan: Sendable {
        /// Files made of them alone (a report or heatmap narrowed to them): deleted with their folder.
        public var theirs: [URL] = []
        /// CSV files their rows are taken out of.
        public var rows: [URL] = []
        /// Reports and pictures marked stale.
        public var stale: [URL] = []
        /// Pooled files that were replaced since Tactile made them, or lie outside the folders
        /// searched: listed, never touched.
        public var left: [(path: URL, why: String)] = []
    }

    /// The plan for withdrawing `name` from the results `folder`; `roots` bound where files may be touched.
    public static func plan(for name: String, in folder: URL, roots: [String]) -> Plan {
        var plan = Plan()
        for entry in entries(in: folder) where entry.participants.contains(name) {
            let url = URL(fileURLWithPath: entry.manifest.path).standardizedFileURL
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            if !roots.contains(where: { url.path.hasPrefix($0) }) {
                plan.left.append((url, "outside the results folder and the folders given"))
            } else if !StudyManifest.isSame(url.path, as: entry.manifest) {
                plan.left.append((url, "replaced since Tactile made it"))
            } else if entry.participants == [name] {
                plan.theirs.append(url)
            } else if url.pathExtension == "csv" {
                plan.rows.append(url)
            } else {
                plan.stale.append(url)
            }
        }
        return plan
    }

    /// Carries out `plan` for `name`, withdrawn at `date`: rows out, reports marked; the record
    /// then names the CSV files anew (without them) and no longer the stale ones.
    public static func carry(out plan: Plan, for name: String, in folder: URL, at date: Date) throws {
        let when = StudyAnswers.iso(date)
        let words = "made before \(name) withdrew (\(when)), so it still pools their data: make it again"
        var renewed: [(URL, [String])] = []
        for url in plan.rows {
            let text = try String(contentsOf: url, encoding: .utf8)
            let rows = text.components(separatedBy: "\r\n")
            let kept = rows.enumerated().filter { i, row in i == 0 || !(row == name || row.hasPrefix(name + ",")) }.map(\.1)
            try AtomicFile.write(Data(kept.joined(separator: "\r\n").utf8), to: url)
            let others = entries(in: folder).first { $0.manifest.path == url.path }?.participants.filter { $0 != name } ?? []
            renewed.append((url, others))
        }
        for url in plan.stale {
            switch url.pathExtension {
            case "md":
                let text = try String(contentsOf: url, encoding: .utf8)
                try AtomicFile.write(Data(("> **Stale:** this report was \(words).\n\n" + text).utf8), to: url)
            case "html":
                let text = try String(contentsOf: url, encoding: .utf8)
                let banner = "<p role=\"alert\" style=\"background:#fde8e8;border:1px solid #c0392b;padding:.6em\"><b>Stale:</b> this report was \(words).</p>"
                let marked = text.range(of: "<body>").map { text.replacingCharacters(in: $0, with: "<body>" + banner) } ?? banner + text
                try AtomicFile.write(Data(marked.utf8), to: url)
            case "json":
                let text = try String(contentsOf: url, encoding: .utf8)
                guard let brace = text.firstIndex(of: "{") else { continue }
                let note = JSONValue.string("this report was \(words)").serialized()
                try AtomicFile.write(Data(text.replacingCharacters(in: brace...brace, with: "{\"stale\": \(note),").utf8), to: url)
            default:
                let renamed = url.deletingLastPathComponent().appendingPathComponent("STALE-" + url.lastPathComponent)
                try FileManager.default.moveItem(at: url, to: renamed)
            }
        }
        try StudyManifest.dropPooled(containing: name, in: folder)
        for (url, others) in renewed { note(url, in: folder, participants: others, by: "withdrawal", at: date) }
    }
}
