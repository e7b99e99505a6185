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
    public static func write(_ data: Data, to url: URL, permissions requested: mode_t? = nil) throws {
        var existing = stat()
        let permissions = requested ?? (stat(url.path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644)
        let folder = url.deletingLastPathComponent()
        try makeFolder(folder)
        let temp = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        unlink(temp.path)
        var fd = try open(temp, flags: O_WRONLY | O_CREAT | O_EXCL, permissions: permissions)
        do {
            try data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw error(errno, temp)
                    }
                    offset += n
                }
            }
            // A mode asked for, or the replaced file's, is set whatever the umask; a new file
            // without one keeps what the umask allows.
            if requested != nil || existing.st_ino != 0 { fchmod(fd, permissions) }
            guard fsync(fd) == 0 else { throw error(errno, temp) }
            let closed = close(fd)
            fd = -1 // closed either way: never closed twice
            guard closed == 0 else { throw error(errno, temp) }
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
        close(fd)
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

    /// open(2) with `O_CLOEXEC`, throwing the POSIX error with the path.
    public static func open(_ url: URL, flags: Int32, permissions: mode_t = 0o644) throws -> Int32 {
        while true {
            let fd = Glibc.open(url.path, flags | O_CLOEXEC, permissions)
            if fd >= 0 { return fd }
            if errno != EINTR { throw error(errno, url) }
        }
    }

    /// A POSIX error for `code` at `url`, as Foundation reports file errors (its reason is
    /// strerror's: "Too many open files", "No space left on device").
    public static func error(_ code: Int32, _ url: URL) -> Error {
        NSError(
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
