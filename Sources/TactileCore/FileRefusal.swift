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

/// Errors as a person reads them: the reason in words ("No space left on device", "Read-only file
/// system"), never Foundation's "Error Domain=NSCocoaErrorDomain Code=642".
public enum ErrorWords {
    /// "tactile.json: Read-only file system", "tactile.variants.json is a folder": the file's name
    /// (where the error names one) and the reason, short enough for a banner.
    public static func sentence(_ error: Error) -> String {
        if let refusal = error as? FileRefusal { return "\((refusal.path as NSString).lastPathComponent) \(refusal.brief)" }
        let path = (error as NSError).userInfo[NSFilePathErrorKey] as? String
        guard let path, !path.isEmpty else { return reason(error) }
        return "\((path as NSString).lastPathComponent): \(reason(error))"
    }

    /// The reason alone, without the path (but a refusal names what it refused: that path is
    /// rarely the one the sentence around it names).
    public static func reason(_ error: Error) -> String {
        if let refusal = error as? FileRefusal { return refusal.description }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
            case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
            case .fileWriteNoPermission, .fileReadNoPermission: return String(cString: strerror(EACCES))
            case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
            case .fileWriteFileExists: return String(cString: strerror(EEXIST))
            case .fileReadCorruptFile: return "the file is damaged or not in the expected format"
            case .fileReadTooLarge: return "the file is too large"
            case .fileReadInapplicableStringEncoding: return "the file is not UTF-8 text"
            default: break
            }
        }
        let ns = error as NSError
        if let posix = ns.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if ns.domain == NSCocoaErrorDomain {
            // An error Foundation did not say more of: its own text without the domain and code.
            let text = ns.localizedDescription
            return text.hasPrefix("The operation could not be completed") ? "the file could not be read or written" : text
        }
        if let described = error as? CustomStringConvertible { return described.description }
        return ns.localizedDescription
    }
}
