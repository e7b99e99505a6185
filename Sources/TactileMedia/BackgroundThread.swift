import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Threads for work that may only use a core nothing else wants (proxy making): on Linux they
/// run under `SCHED_IDLE`, so the frame loop and the decoders answering the screen always go
/// first, and every free core still does the work.
enum BackgroundThread {
    /// Starts `body` on a new thread of idle priority, named `name`.
    static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            lowerThisThreadsPriority()
            body()
        }
        thread.name = name
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Puts the calling thread under `SCHED_IDLE` (glibc names it only for `_GNU_SOURCE`; Linux
    /// numbers it 5), else at the lowest nice value.
    static func lowerThisThreadsPriority() {
        #if os(Linux)
        var parameters = sched_param()
        if sched_setscheduler(0, 5, &parameters) != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19) }
        #endif
    }
}
