import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
