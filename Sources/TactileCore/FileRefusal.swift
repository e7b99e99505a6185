import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Something stands where this program writes a file of its own and is not such a file: a
/// symbolic link (someone else's file would be written or its link replaced), a file with other
/// hard names (they would be written too, or cut off), a folder, FIFO or device. The write is
/// refused, naming the path, and what stands there is left untouched.
public struct FileRefusal: Error, CustomStringConvertible, Equatable {
    /// The path refused.
    public var path: String
    /// Why, in words.
    public var reason: String
    /// Why, in a few words, for a banner ("is a symbolic link").
    public var brief: String

    public init(path: String, reason: String, brief: String? = nil) { self.path = path; self.reason = reason; self.brief = brief ?? reason }

    /// A symbolic link at `url`.
    public static func link(_ url: URL) -> FileRefusal {
        FileRefusal(
            path: url.path, reason: "it is a symbolic link, and Tactile writes no file through a link; remove the link or choose another name",
            brief: "is a symbolic link")
    }

    /// A file at `url` with `count` other hard links.
    public static func otherNames(_ url: URL, count: Int) -> FileRefusal {
        FileRefusal(
            path: url.path,
            reason:
                "it has \(count == 1 ? "another name" : "\(count) other names") (a hard link), which would be written too; remove it or choose another name",
            brief: "has another name (a hard link)")
    }

    /// Anything but a regular file (or a link) at `url`.
    public static func notOurs(_ url: URL) -> FileRefusal {
        var info = stat()
        if lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK { return link(url) }
        let what: String
        switch info.st_mode & S_IFMT {
        case S_IFDIR: what = "a folder"
        case S_IFIFO: what = "a FIFO"
        case S_IFCHR, S_IFBLK: what = "a device"
        case S_IFSOCK: what = "a socket"
        default: what = "something other than a file"
        }
        return FileRefusal(
            path: url.path, reason: "\(what) stands where Tactile writes a file of its own; remove it or choose another name", brief: "is \(what)")
    }

    public var description: String { "\(path): \(reason)" }
}
