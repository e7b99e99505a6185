import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one way a configuration file is rewritten, by every writer (`config --set-pin`, touchscreen
/// calibration, a variant saved from the tuning panel): a symbolic link is followed to the file it
/// finally names, and that file is replaced atomically beside itself, keeping its mode (a
/// configuration kept in a dotfiles folder stays there, and the link stays a link). A file with
/// other hard links is refused, naming it: replacing it would leave the old settings, a PIN
/// among them, readable under its other names.
public enum ConfigurationWriter {
    /// The file a write to the configuration at `url` replaces: `url` itself, or the last file
    /// its chain of links names (at most 32 links; a longer chain or a loop is refused).
    public static func target(of url: URL) throws -> URL {
        var current = url.standardizedFileURL
        for _ in 0..<32 {
            var info = stat()
            guard lstat(current.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current.path, &buffer, buffer.count - 1)
            guard n > 0 else { throw AtomicFile.error(errno, current) }
            let destination = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination).standardizedFileURL
                : current.deletingLastPathComponent().appendingPathComponent(destination).standardizedFileURL
        }
        throw FileRefusal(path: url.path, reason: "its links lead round in a loop or through more than 32 links")
    }

    /// Replaces the configuration at `url` (through its links, see `target(of:)`) with `data`;
    /// `permissions` as `AtomicFile.write` takes them (0600 for a file that holds a PIN).
    public static func write(_ data: Data, to url: URL, permissions: mode_t? = nil) throws {
        try AtomicFile.write(data, to: try target(of: url), permissions: permissions)
    }
}
