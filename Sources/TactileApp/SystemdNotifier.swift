import Foundation
import TactileCore
#if canImport(Glibc)
import Glibc
#endif

/// Talks to systemd's notification socket (`sd_notify`'s protocol, without libsystemd): one
/// datagram per message over the Unix socket named in `$NOTIFY_SOCKET` (a path, or `@name` in
/// the abstract namespace). `READY=1` after the first picture is on screen, `WATCHDOG=1` from the
/// frame loop as it comes round, `STATUS=…` for `systemctl status`, `STOPPING=1` on the way out.
/// Absent when the program was not started by systemd with `Type=notify`.
public final class SystemdNotifier {
    private let fd: Int32
    private var address: sockaddr_un
    private let length: socklen_t
    /// The watchdog's interval (`$WATCHDOG_USEC`), when systemd asks for pings.
    public let watchdogInterval: Time?
    /// Messages sent so far (for the tests and the log).
    public private(set) var sent = 0

    /// A notifier from the environment: nil without `$NOTIFY_SOCKET`. The watchdog interval is
    /// taken only when `$WATCHDOG_PID` is unset or names this process.
    public convenience init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty else { return nil }
        var interval: Time?
        if let text = environment["WATCHDOG_USEC"], let usec = UInt64(text), usec > 0,
            environment["WATCHDOG_PID"].map({ Int32($0) == getpid() }) ?? true
        {
            interval = .seconds(Double(usec) / 1_000_000)
        }
        self.init(socketPath: path, watchdogInterval: interval)
    }

    /// A notifier sending to `socketPath`; nil when the socket cannot be made or the path is too long.
    public init?(socketPath: String, watchdogInterval: Time?) {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(socketPath.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 } // the abstract namespace
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        self.fd = fd
        address = addr
        length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes[0] == 0 ? 0 : 1))
        self.watchdogInterval = watchdogInterval
    }

    deinit { close(fd) }

    /// Sends one message ("READY=1", "WATCHDOG=1\nSTATUS=…"); false when it could not be sent.
    @discardableResult
    public func send(_ message: String) -> Bool {
        let data = Array(message.utf8)
        let n = withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                data.withUnsafeBytes { sendto(fd, $0.baseAddress, data.count, Int32(MSG_NOSIGNAL), sa, length) }
            }
        }
        if n == data.count { sent += 1 }
        return n == data.count
    }
}
