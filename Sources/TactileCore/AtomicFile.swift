import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that a reader sees either the old content or the new, never a half-written
/// file: the bytes go to a temporary file in the same folder, are flushed, then renamed over,
/// and the folder is flushed so the rename survives a power cut.
///
/// Files are opened with open(2), not Foundation, so a failure says why truly: "Too many open
/// files" is not reported as "Permission denied".
public enum AtomicFile {
    /// Writes `data` to `url` atomically, creating the parent folder if needed. `permissions`:
    /// the file's mode (0600 for a file that holds a secret); nil keeps the mode of the file it
    /// replaces (a configuration made private stays private), 0644 for a new one.
    ///
    /// A symbolic link, a file with other hard links or anything but a regular file at `url` is
    /// refused (`FileRefusal`), so a link planted where this program writes never redirects it
    /// nor is silently replaced; a configuration that is a link is written through
    /// `ConfigurationWriter`, which decides that case once.
    public static func write(_ data: Data, to url: URL, permissions requested: mode_t? = nil) throws {
        try refuseForeign(at: url)
        var existing = stat()
        let permissions = requested ?? (lstat(url.path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644)
        let folder = url.deletingLastPathComponent()
        try makeFolder(folder)
        // The name's first 200 bytes, at a character's edge: the temporary name fits NAME_MAX.
        var stem = ""
        for c in url.lastPathComponent where stem.utf8.count + String(c).utf8.count <= 200 { stem.append(c) }
        var fd: Int32
        let temp: URL
        // A failure names the file being written, not its hidden temporary.
        do { (fd, temp) = try createFresh(in: folder, named: ".\(stem).", suffix: ".tmp", permissions: permissions) } catch let e as NSError
            where e.domain == NSPOSIXErrorDomain
        {
            throw error(Int32(e.code), url)
        }
        do {
            try data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw error(errno, url)
                    }
                    offset += n
                }
            }
            // A mode asked for, or the replaced file's, is set whatever the umask; a new file
            // without one keeps what the umask allows.
            if requested != nil || existing.st_ino != 0 { fchmod(fd, permissions) }
            guard fsync(fd) == 0 else { throw error(errno, url) }
            let closed = close(fd)
            fd = -1 // closed either way: never closed twice
            guard closed == 0 else { throw error(errno, url) }
        } catch {
            if fd >= 0 { close(fd) }
            unlink(temp.path)
            throw error
        }
        guard rename(temp.path, url.path) == 0 else {
            let failure = error(errno, url)
            unlink(temp.path)
            throw failure
        }
        syncFolder(folder)
    }

    /// Creates an empty file at `url` (replacing nothing: fails when it exists unless `replace`),
    /// saying truly why when it cannot.
    public static func createEmpty(at url: URL, permissions: mode_t = 0o644, replace: Bool = true) throws {
        let fd = try open(url, flags: O_WRONLY | O_CREAT | (replace ? O_TRUNC : O_EXCL), permissions: permissions)
        Glibc.close(fd)
    }

    /// Makes `folder` and any missing parents (mkdir -p), saying truly why when it cannot ("Not
    /// a directory" where a file stands in the way, "Read-only file system", "Permission denied").
    public static func makeFolder(_ folder: URL) throws {
        let path = folder.standardizedFileURL.path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { return }
            throw error(ENOTDIR, folder)
        }
        let parent = folder.standardizedFileURL.deletingLastPathComponent()
        if parent.path != path { try makeFolder(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw error(errno, folder) }
    }

    /// open(2) with `O_CLOEXEC`, throwing the error with the path in words. A file opened to be
    /// written (any of `O_WRONLY`, `O_RDWR`, `O_CREAT`) is never reached through a symbolic link
    /// (`O_NOFOLLOW`), must be a regular file with no other name (a hard link planted in its place
    /// would be written too), and is truncated (`O_TRUNC`) only once that is known: a link planted
    /// where a file of ours is expected is refused, naming it, and what it points to is untouched.
    /// A FIFO in its place does not block the opening.
    public static func open(_ url: URL, flags: Int32, permissions: mode_t = 0o644) throws -> Int32 {
        let writes = flags & (O_WRONLY | O_RDWR | O_CREAT) != 0
        let opening = writes ? (flags & ~O_TRUNC) | O_NOFOLLOW | O_NONBLOCK : flags
        var fd: Int32
        while true {
            fd = Glibc.open(url.path, opening | O_CLOEXEC, permissions)
            if fd >= 0 { break }
            if errno == EINTR { continue }
            // O_NOFOLLOW answers ELOOP for a final link (and ENXIO comes from a FIFO nobody reads).
            if errno == ELOOP || errno == ENXIO || (writes && errno == EISDIR) { throw FileRefusal.notOurs(url) }
            throw error(errno, url)
        }
        guard writes else { return fd }
        var info = stat()
        guard fstat(fd, &info) == 0 else { let code = errno; Glibc.close(fd); throw error(code, url) }
        if let refusal = refusal(of: info, at: url) { Glibc.close(fd); throw refusal }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        if flags & O_TRUNC != 0, info.st_size > 0, ftruncate(fd, 0) != 0 { let code = errno; Glibc.close(fd); throw error(code, url) }
        return fd
    }

    /// Refuses a symbolic link, a hard-linked file or anything but a regular file at `url`, where
    /// a file this program writes is to be replaced; nothing there (or a plain file) passes.
    public static func refuseForeign(at url: URL) throws {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return }
        if let refusal = refusal(of: info, at: url) { throw refusal }
    }

    /// Why what `info` describes is no file of ours to write (a link, a hard-linked file,
    /// anything but a regular file); nil for a plain file.
    static func refusal(of info: stat, at url: URL) -> FileRefusal? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return info.st_nlink > 1 ? FileRefusal.otherNames(url, count: Int(info.st_nlink) - 1) : nil
        case S_IFLNK: return FileRefusal.link(url)
        default: return FileRefusal.notOurs(url)
        }
    }

    /// A new file in `folder` under a name no one else has (`prefix`, this process's id and a
    /// random number, `suffix`), made with O_EXCL so whatever stands at a name tried is never
    /// opened: its descriptor and where it is.
    public static func createFresh(in folder: URL, named prefix: String, suffix: String = "", permissions: mode_t = 0o644) throws -> (Int32, URL) {
        var url = folder
        for _ in 0..<16 {
            url = folder.appendingPathComponent("\(prefix)\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))\(suffix)")
            do { return (try open(url, flags: O_WRONLY | O_CREAT | O_EXCL, permissions: permissions), url) } catch let e as NSError
                where e.domain == NSPOSIXErrorDomain && e.code == Int(EEXIST)
            {}
        }
        throw error(EEXIST, url)
    }

    /// A POSIX error for `code` at `url`, as Foundation reports file errors (its reason is
    /// strerror's: "Too many open files", "No space left on device").
    public static func error(_ code: Int32, _ url: URL) -> Error {
        if code == ELOOP { return FileRefusal.link(url) }
        return NSError(
            domain: NSPOSIXErrorDomain, code: Int(code),
            userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: String(cString: strerror(code))])
    }

    /// Flushes a folder's entries (a rename in it) to the disk; best effort.
    static func syncFolder(_ folder: URL) {
        let fd = Glibc.open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
