import Foundation
import TactileCore
import TactileHeadless
#if canImport(Glibc)
import Glibc
#endif

/// A participant withdrawn from a study (`tactile study withdraw STUDY_DIR P03`): exactly what
/// this study made of them is deleted — their folder (answers, the study's log, every block's
/// recording and think-aloud sound), their lock, and the videos and clips its commands noted as
/// made of them (`StudyManifest`, still the same files) — while files that only look like theirs
/// (named `P03-….mp4` in the folders searched, but not in the record: another study's, a pilot's,
/// the researcher's own) are listed and left. The results folder's
/// `withdrawn.jsonl` keeps only their id and when (`{"participant":"P03","withdrawn":"…"}`), so the
/// report can say how many withdrew and the id is never given to anyone else.
public enum StudyWithdrawal {
    public static let fileName = "withdrawn.jsonl"

    /// What a withdrawal deletes: files and folders, with their total size.
    public struct Plan: Sendable {
        public var participant: Int
        public var paths: [URL]
        public var bytes: Int64
        /// Scripted participants played from their trace (`study run --script`): their recordings
        /// hold the withdrawn participant's input, so the researcher is told to withdraw them too.
        public var playedFromTheirTrace: [String] = []
        /// Videos named as made of them that this study's record does not prove are theirs (or
        /// that were replaced since): listed, never deleted, each with why.
        public var left: [(path: URL, why: String)] = []
        /// Reports, CSV files and heatmaps made of them with others: their rows taken out, the
        /// rest marked stale (`PooledOutputs`).
        public var pooled = PooledOutputs.Plan()
    }

    /// What withdrawing `participant` from the results `folder` would delete; `elsewhere`: other
    /// folders with videos or clips made of the study. Refuses a participant running now, and one
    /// of whom nothing is found.
    public static func plan(_ participant: Int, in folder: URL, elsewhere: [URL] = []) throws -> Plan {
        let name = StudyAnswers.name(of: participant), fm = FileManager.default
        var isFolder: ObjCBool = false
        guard fm.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandError.badInput("\(folder.path): no such results folder")
        }
        for other in elsewhere where !(fm.fileExists(atPath: other.path, isDirectory: &isFolder) && isFolder.boolValue) {
            throw CommandError.badInput("--videos \(other.path): no such folder")
        }
        if WriterLock.isHeld(StudySession.lockURL(of: participant, in: folder)) {
            throw CommandError("\(name) is taking part right now (\(folder.path)): close their run first", exitCode: 4)
        }
        var paths: [URL] = []
        // Their folder and lock, at the results folder's top only (a folder of that name deeper
        // down — a pilot's P03 — is someone else).
        let own = folder.appendingPathComponent(name)
        if isEntry(own) { paths.append(own) }
        let lock = StudySession.lockURL(of: participant, in: folder)
        if isEntry(lock) { paths.append(lock) }
        // Videos and clips made of them: the files this study's commands noted (`made.jsonl`),
        // when each is still the very file made (`StudyManifest.isSame`) and named with their id.
        /// What stands at `url`, never through a link (S_IFREG, S_IFDIR, S_IFLNK …); nil for nothing.
        func kind(_ url: URL) -> mode_t? {
            var info = stat()
            return lstat(url.path, &info) == 0 ? info.st_mode & S_IFMT : nil
        }
        func named(_ file: String) -> Bool {
            let bare = file.hasPrefix(".") ? String(file.dropFirst()) : file
            return (bare == name + ".mp4" || bare.hasPrefix(name + "-") || bare.hasPrefix(name + ".")) && bare.contains(".mp4")
        }
        let noted = StudyManifest.entries(in: folder).filter { $0.participant == name }
        var left: [(path: URL, why: String)] = []
        var seen: Set<String> = Set(paths.map(\.path))
        // Only inside the results folder and the folders given: the record is a file in a
        // shared folder, and a path in it is never taken on its word alone.
        let roots = ([folder] + elsewhere).map { $0.standardizedFileURL.path.hasSuffix("/") ? $0.standardizedFileURL.path : $0.standardizedFileURL.path + "/" }
        for entry in noted where !seen.contains(entry.path) {
            let url = URL(fileURLWithPath: entry.path).standardizedFileURL
            guard kind(url) != nil else { continue } // deleted or moved since
            seen.insert(url.path)
            guard roots.contains(where: { url.path.hasPrefix($0) }) else {
                left.append((url, "outside the results folder and the folders given"))
                continue
            }
            if StudyManifest.isSame(url.path, as: entry), named(url.lastPathComponent) {
                paths.append(url)
            } else {
                left.append((url, "replaced since Tactile made it"))
            }
        }
        // Files that look like theirs in the results folder and the folders given: deleted only
        // when they are a noted file moved (the very file made), else listed and left.
        func walk(_ url: URL, depth: Int) {
            guard let names = try? fm.contentsOfDirectory(atPath: url.path) else { return }
            for file in names.sorted() {
                let child = url.appendingPathComponent(file)
                let found = kind(child)
                if found == S_IFREG, named(file), file.hasSuffix(".mp4"), seen.insert(child.path).inserted {
                    if noted.contains(where: { StudyManifest.isSame(child.path, as: $0) }) {
                        paths.append(child)
                    } else {
                        left.append((child, "not in \(StudyManifest.fileName), this study's record of what it made"))
                    }
                } else if found == S_IFDIR, depth < 3, !file.hasPrefix("."), !isParticipantFolder(file) {
                    walk(child, depth: depth + 1)
                }
            }
        }
        for root in [folder] + elsewhere { walk(root.standardizedFileURL, depth: 0) }
        let pooled = PooledOutputs.plan(for: name, in: folder, roots: roots)
        guard !paths.isEmpty || !left.isEmpty || !pooled.theirs.isEmpty || !pooled.rows.isEmpty || !pooled.stale.isEmpty else {
            throw CommandError.badInput("\(name): nothing of theirs in \(([folder] + elsewhere).map(\.path).joined(separator: ", "))")
        }
        let all = paths + pooled.theirs.filter { !paths.contains($0) }
        var plan = Plan(participant: participant, paths: all, bytes: all.reduce(0) { $0 + size(of: $1) })
        plan.left = left + pooled.left
        plan.pooled = pooled
        for other in ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() where isParticipantFolder(other) && other != name {
            let answers = folder.appendingPathComponent(other).appendingPathComponent(StudyAnswers.fileName)
            guard let data = fm.contents(atPath: answers.path), let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                let script = root["scripted"] as? String, script.contains("/\(name)/") || script.hasPrefix(name + "/")
            else { continue }
            plan.playedFromTheirTrace.append(other)
        }
        return plan
    }

    /// Deletes what `plan` names and notes the withdrawal at `date`; the note first, so that a
    /// withdrawal cut short is still known (and can be run again).
    public static func carry(out plan: Plan, in folder: URL, at date: Date) throws {
        try note(plan.participant, at: date, in: folder, left: plan.left.count)
        for path in plan.paths where (try? FileManager.default.attributesOfItem(atPath: path.path)) != nil {
            do { try FileManager.default.removeItem(at: path) } catch {
                throw CommandError("\(path.path): cannot be deleted (\(CommandError.reason(error))); run the withdrawal again", exitCode: 3)
            }
        }
        do { try StudyManifest.forget(StudyAnswers.name(of: plan.participant), in: folder) } catch {
            throw CommandError("\(CommandError.reason(error)): the record of what was made of them is left; run the withdrawal again", exitCode: 3)
        }
        do { try PooledOutputs.carry(out: plan.pooled, for: StudyAnswers.name(of: plan.participant), in: folder, at: date) } catch {
            throw CommandError(
                "\(CommandError.reason(error)): the reports and CSV files made of them with others are not all dealt with; run the withdrawal again",
                exitCode: 3)
        }
    }

    /// How many files named as theirs each withdrawal in `folder` listed and left (it could not
    /// prove them theirs), by participant.
    public static func leftBehind(in folder: URL) -> [String: Int] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(fileName), encoding: .utf8) else { return [:] }
        var out: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            guard let o = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any], let p = o["participant"] as? String,
                let n = JSONNumber.integer(o["left"], in: 1...1_000_000)
            else { continue }
            out[p] = n
        }
        return out
    }

    /// The withdrawals noted in `folder`: each participant's id and when, in the order noted.
    public static func read(in folder: URL) -> [(participant: String, at: String)] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(fileName), encoding: .utf8) else { return [] }
        var seen: Set<String> = []
        return text.split(separator: "\n").compactMap { line in
            guard let o = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any], let p = o["participant"] as? String,
                let at = o["withdrawn"] as? String, seen.insert(p).inserted
            else { return nil }
            return (p, at)
        }
    }

    /// Whether `participant` withdrew from the study in `folder` (when, if so).
    public static func withdrawal(of participant: Int, in folder: URL) -> String? {
        read(in: folder).first { $0.participant == StudyAnswers.name(of: participant) }?.at
    }

    private static func note(_ participant: Int, at date: Date, in folder: URL, left: Int) throws {
        let url = folder.appendingPathComponent(fileName)
        // A link in its place is refused before anything is read: what it points to is never
        // copied into the shared results folder.
        do { try AtomicFile.refuseForeign(at: url) } catch {
            throw CommandError("\(CommandError.reason(error)) (\(url.path)); nothing was deleted", exitCode: 3)
        }
        let earlier = (try? Data(contentsOf: url)) ?? Data()
        let line =
            JSONValue.object(
                [("participant", .string(StudyAnswers.name(of: participant))), ("withdrawn", .string(StudyAnswers.iso(date)))]
                    + (left > 0 ? [("left", .number(Double(left)))] : [])
            ).serialized(pretty: false) + "\n"
        do { try AtomicFile.write(earlier + Data(line.utf8), to: url) } catch {
            throw CommandError("\(url.path): the withdrawal cannot be noted (\(CommandError.reason(error))); nothing was deleted", exitCode: 3)
        }
    }

    /// Whether something is at `url` (a dangling lock file included), without following a link.
    private static func isEntry(_ url: URL) -> Bool { (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil }

    /// "P07" and other participants' folders.
    private static func isParticipantFolder(_ name: String) -> Bool { name.count >= 2 && name.hasPrefix("P") && name.dropFirst().allSatisfy(\.isNumber) }

    private static func size(of url: URL) -> Int64 {
        let fm = FileManager.default
        func bytes(_ path: String) -> Int64 { ((try? fm.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0 }
        var total = bytes(url.path)
        for case let file as String in fm.enumerator(atPath: url.path)?.allObjects ?? [] { total += bytes(url.appendingPathComponent(file).path) }
        return total
    }
}
