import Foundation
import TactileCore
import TactileServer
#if canImport(Glibc)
import Glibc
#endif

/// The process's limit on open files, and the servers' caps that fit it: the soft limit is
/// raised to the hard one at first use (systemd gives 1,024 soft, 524,288 hard), and a server
/// never takes so many connections that fewer than `session.reservedFiles` are left for the
/// program's own files.
enum OpenFileLimit {
    /// The limit in force, after raising the soft limit (to at most 65,536).
    static let current: Int = {
        var r = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &r) == 0 else { return 1024 }
        let wanted = min(r.rlim_max, 65_536)
        if r.rlim_cur < wanted {
            var raised = r
            raised.rlim_cur = wanted
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { r = raised }
        }
        return Int(clamping: r.rlim_cur)
    }()

    /// A server's limits, its cap lowered to leave the reserve.
    static func limits(
        maxConnections: Int, clientTimeout: Double, headerDeadline: Double, maxLiveSockets: Int = 4, configuration: TactileConfiguration
    ) -> ConnectionLimits {
        ConnectionLimits(maxConnections: maxConnections, clientTimeout: clientTimeout, headerDeadline: headerDeadline, maxLiveSockets: maxLiveSockets)
            .fitting(descriptorLimit: current, reserve: configuration.session.reservedFiles)
    }
}
