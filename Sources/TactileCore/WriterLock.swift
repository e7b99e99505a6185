import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One writer per file or folder: an exclusive `flock` on a lock file, held for as long as the
/// writer lives. The kernel releases it when the process ends in any way (kill -9, a power cut
/// leaves no process at all), so a lock never outlives its writer and a reused process id never
/// looks like the old writer. The file says who holds it (`Holder`), so a second writer is told
/// which process has it.
public final class WriterLock {
    /// The lock file.
    public let url: URL
    private var descriptor: Int32

    /// Who holds a lock: written into the lock file by its holder.
    public struct Holder: Equatable, Sendable {
        public var pid: Int32
        /// The kernel's boot id (`/proc/sys/kernel/random/boot_id`): a holder from another boot
        /// is certainly gone.
        public var bootID: String
        /// When the process started, in clock ticks since boot (`/proc/<pid>/stat`, field 22):
        /// with the boot id, tells a process from a later one that got the same id.
        public var startTicks: UInt64
        /// The holder's command line, shortened, for the message a second writer sees.
        public var command: String
        public var since: Date

        public init(pid: Int32, bootID: String, startTicks: UInt64, command: String, since: Date) {
            self.pid = pid; self.bootID = bootID; self.startTicks = startTicks; self.command = command; self.since = since
        }

        /// This process.
        public static func current(now: Date = Date()) -> Holder {
            let pid = getpid()
            return Holder(
                pid: pid, bootID: ProcessIdentity.bootID, startTicks: ProcessIdentity.startTicks(of: pid) ?? 0,
                command: ProcessIdentity.commandLine, since: now)
        }

        /// Whether this names a process running now: the same boot, and a process with its id
        /// that started at the same tick.
        public var isRunning: Bool {
            guard !bootID.isEmpty, bootID == ProcessIdentity.bootID, startTicks > 0 else { return false }
            return ProcessIdentity.startTicks(of: pid) == startTicks
        }

        public var text: String {
            JSONValue.object([
                ("pid", .number(Double(pid))), ("bootID", .string(bootID)), ("startTicks", .number(Double(startTicks))),
                ("command", .string(command)), ("since", .number(since.timeIntervalSince1970.rounded())),
            ]).serialized() + "\n"
        }

        static func parse(_ data: Data) -> Holder? {
            guard let values = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                let pid = values["pid"] as? Double, pid >= 1, pid <= Double(Int32.max)
            else { return nil }
            func number(_ k: String) -> Double {
                guard let n = values[k] as? Double, n.isFinite, n >= 0, n < 1.8e19 else { return 0 }
                return n
            }
            return Holder(
                pid: Int32(pid), bootID: values["bootID"] as? String ?? "", startTicks: UInt64(number("startTicks")),
                command: values["command"] as? String ?? "", since: Date(timeIntervalSince1970: number("since")))
        }

        /// "process 4242 (tactile run --record s), since 14:02:11"
        public var description: String {
            let f = DateFormatter()
            f.dateFormat = Calendar.current.isDateInToday(since) ? "HH:mm:ss" : "yyyy-MM-dd HH:mm"
            let command = PrintableText.of(self.command, limit: 80)
            return "process \(pid)\(command.isEmpty ? "" : " (\(command))")\(since.timeIntervalSince1970 > 0 ? ", since \(f.string(from: since))" : "")"
        }
    }

    /// Another process holds the lock.
    public struct Held: Error, CustomStringConvertible {
        /// What was to be written (the folder or file the lock guards).
        public var guarded: String
        public var holder: Holder?
        public init(guarded: String, holder: Holder?) { self.guarded = guarded; self.holder = holder }
        public var description: String {
            "\(guarded) is being written by another Tactile (\(holder?.description ?? "a process that has not said which")); only one may write it at a time"
        }
    }

    /// Takes the lock at `url` for this process at once, or throws `Held` naming the other
    /// process (`guarded`: the path named in that message). Creates the lock file if missing.
    public init(_ url: URL, guarding guarded: String) throws {
        self.url = url
        var attempts = 0
        while true {
            attempts += 1
            let fd: Int32
            do { fd = try AtomicFile.open(url, flags: O_RDWR | O_CREAT) } catch let e as NSError where e.domain == NSPOSIXErrorDomain && e.code == Int(EACCES) {
                // Another user's lock, not ours to open: held by nobody, it is stale whoever made
                // it, and is removed (the folder is ours to write); held, its holder is named.
                guard !Self.isHeld(url) else { throw Held(guarded: guarded, holder: Self.holder(of: url)) }
                if unlink(url.path) != 0 && errno != ENOENT {
                    throw AtomicFile.error(errno, url)
                }
                if attempts > 20 { throw AtomicFile.error(EACCES, url) }
                continue
            }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                let holder = Self.holder(of: url)
                close(fd)
                if code == EWOULDBLOCK { throw Held(guarded: guarded, holder: holder) }
                throw AtomicFile.error(code, url)
            }
            // The file may have been removed by a writer that finished between our open and our
            // lock: then the lock is on a file nobody else will see; take the one at the path.
            var held = stat(), atPath = stat()
            if fstat(fd, &held) == 0, lstat(url.path, &atPath) == 0, held.st_ino == atPath.st_ino, held.st_dev == atPath.st_dev {
                descriptor = fd
                break
            }
            close(fd)
            if attempts > 20 { throw AtomicFile.error(EAGAIN, url) }
        }
        let text = Data(Holder.current().text.utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// The lock for everything written into `folder` (`.tactile.lock` inside it; the folder is
    /// made if missing).
    public static func folder(_ folder: URL) throws -> WriterLock {
        try AtomicFile.makeFolder(folder)
        return try WriterLock(lockURL(ofFolder: folder), guarding: folder.path)
    }

    /// Where `folder(_:)` keeps the lock of `folder`.
    public static func lockURL(ofFolder folder: URL) -> URL { folder.appendingPathComponent(".tactile.lock") }

    /// The lock for the file `file` (`.NAME.lock` beside it; its folder is made if missing).
    public static func file(_ file: URL) throws -> WriterLock {
        try AtomicFile.makeFolder(file.deletingLastPathComponent())
        return try WriterLock(lockURL(of: file), guarding: file.path)
    }

    /// Where `file(_:)` keeps the lock of `file`.
    public static func lockURL(of file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).lock")
    }

    /// Removes the lock file, then lets go: for a lock whose writer is done, so that no lock
    /// file is left in a folder made to be shared.
    public func remove() {
        guard descriptor >= 0 else { return }
        unlink(url.path)
        release()
    }

    /// Lets go of the lock (the file stays; its content is only informative).
    public func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }

    /// Who last held (or holds) the lock at `url`, from its file (never through a link).
    public static func holder(of url: URL) -> Holder? {
        let fd = Glibc.open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size < 4096 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = read(fd, &bytes, bytes.count)
        guard n > 0 else { return nil }
        return Holder.parse(Data(bytes[0..<n]))
    }

    /// Whether a live process holds the lock at `url` (this one included, through another lock).
    /// A missing file is not held. One that cannot be opened (another user's, made private) is
    /// looked up in the kernel's table of locks (`/proc/locks`) by its inode, so a lock left by
    /// another user's killed run is known to be stale.
    public static func isHeld(_ url: URL) -> Bool {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return false }
        // A link or anything but a regular file is no lock of ours and nobody holds it: taking
        // the lock then refuses it, naming it (`AtomicFile.open`).
        guard (info.st_mode & S_IFMT) == S_IFREG else { return false }
        let fd = Glibc.open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return false }
            return kernelHoldsLock(onInode: UInt64(info.st_ino), device: UInt64(info.st_dev)) ?? true
        }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 { flock(fd, LOCK_UN); return false }
        return errno == EWOULDBLOCK
    }

    /// Whether any process holds a lock on the file with `inode` on `device`, from
    /// `/proc/locks`; nil when that table cannot be read.
    static func kernelHoldsLock(onInode inode: UInt64, device: UInt64) -> Bool? {
        guard let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        // Linux's encoding of a device number into its major and minor parts.
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let wanted = String(format: "%02x:%02x:%llu", major, minor, inode)
        // "1: FLOCK  ADVISORY  WRITE 4242 08:01:123456 0 EOF": the file is the sixth field.
        return table.split(separator: "\n").contains { line in
            line.split(separator: " ", omittingEmptySubsequences: true).contains { $0 == wanted }
        }
    }

    /// Removes from `folder` the lock files (`.NAME.lock`, `.tactile.lock`) that no live process
    /// holds: those of writers that were killed, whoever ran them. Returns their names.
    @discardableResult
    public static func removeStaleLocks(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".lock") && name.count > ".lock".count + 1 {
            let url = folder.appendingPathComponent(name)
            var info = stat()
            guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, !isHeld(url) else { continue }
            if unlink(url.path) == 0 { removed.append(name) }
        }
        return removed
    }
}

/// This process as the kernel knows it, beyond its id.
public enum ProcessIdentity {
    /// The kernel's boot id ("" where there is none).
    public static let bootID: String = {
        (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }()

    /// When process `pid` started, in clock ticks since boot; nil when there is no such process.
    public static func startTicks(of pid: Int32) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command (which may hold spaces and parentheses): state is field 3,
        // start time field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// This process's command line, arguments joined by spaces, at most 200 characters.
    public static let commandLine: String = {
        let args = CommandLine.arguments
        let name = (args.first.map { ($0 as NSString).lastPathComponent } ?? "tactile")
        return String(([name] + args.dropFirst()).joined(separator: " ").prefix(200))
    }()
}
