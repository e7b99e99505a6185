import CFFmpeg
import Foundation
import TactileCore
#if canImport(Glibc)
import Glibc
#endif

/// Where an encoder writes: a hidden partial file beside the finished one, created afresh by
/// this process (never opened through a link planted at its name), handed to libavformat as an
/// open descriptor, and renamed into place when the file is complete.
enum OutputFile {
    /// Opens a new partial file at `temporary` for the file `url` and gives it to `format` as
    /// its output. A link, a hard-linked file or anything but a regular file at either name is
    /// refused (`FileRefusal`, naming it); a regular partial left by a killed write is replaced.
    static func open(_ temporary: URL, finishing url: URL, into format: UnsafeMutablePointer<AVFormatContext>) throws {
        try AtomicFile.refuseForeign(at: url)
        try AtomicFile.refuseForeign(at: temporary)
        unlink(temporary.path)
        let fd = try AtomicFile.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL)
        let rc = tactile_avio_open_fd(&format.pointee.pb, fd)
        guard rc >= 0 else { Glibc.close(fd); throw MediaError("creating \(temporary.path)", code: rc) }
    }

    /// Flushes and closes what `open` gave `format`; throws when a write failed.
    static func close(_ format: UnsafeMutablePointer<AVFormatContext>) throws {
        let rc = tactile_avio_close_fd(&format.pointee.pb)
        guard rc >= 0 else { throw MediaError("writing the file", code: rc) }
    }
}
