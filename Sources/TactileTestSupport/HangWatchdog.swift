import Foundation

/// A guard against hangs in long checks (the fuzzer, the configuration extremes): ends the
/// process with exit code 3, naming what hung, unless the returned function is called within
/// `seconds`.
public enum HangWatchdog {
    /// Starts watching `name`; call the returned function when it finished.
    public static func start(_ name: String, seconds: Double) -> () -> Void {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if done.wait(timeout: .now() + seconds) == .timedOut {
                FileHandle.standardError.write(Data("HANG \(name): ran for more than \(Int(seconds)) s\n".utf8))
                exit(3)
            }
        }
        return { done.signal() }
    }
}
