import Dispatch
import Foundation

/// SIGTERM, SIGINT and SIGHUP, turned into a request the window loop sees: it saves
/// everything and closes cleanly (systemd's stop, Ctrl+C in a terminal, a closed terminal).
/// The handlers run on a dispatch queue, not in signal context, so they may post SDL events.
public enum TerminationSignals {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    private static let lock = NSLock()
    nonisolated(unsafe) private static var receivedSignal: Int32?

    /// The signal received so far, if any (a window that was not yet running checks it).
    public static var received: Int32? { lock.withLock { receivedSignal } }

    /// Installs the handlers once per process.
    public static func install() {
        lock.withLock {
            guard sources.isEmpty else { return }
            for number in [SIGTERM, SIGINT, SIGHUP] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    lock.withLock { receivedSignal = number }
                    SDLEvents.pushTerminate()
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
