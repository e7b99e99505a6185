import Foundation
import TactileCore
import TactileUI
import XCTest

@testable import TactileSDL

/// Video export draws on worker threads, each with its own `Fonts`, which open faces lazily at the
/// size a frame first needs and free them as the workers end. SDL_ttf keeps one FreeType library
/// for the process, and FreeType asks that its faces be made and freed one at a time: two at once
/// corrupted its memory and crashed `tactile clips` now and then under load (SIGSEGV in libfreetype).
final class FontThreadsTests: XCTestCase {
    func testWorkersOpeningAndFreeingFacesAtOnceMeasureAlikeAndNeverCrash() throws {
        let reference = try Fonts()
        let sizes = Array(9...48)
        let expected = sizes.map { reference.measure("Beach → City Lights", weight: .regular, pixels: $0).width }
        let results = NSLock()
        nonisolated(unsafe) var widths: [[Int]] = []
        for _ in 0..<3 {
            let group = DispatchGroup()
            for worker in 0..<4 {
                group.enter()
                let thread = Thread {
                    // Each worker's own fonts, every face opened at first use, all freed as it ends.
                    if let fonts = try? Fonts() {
                        let mine = (worker.isMultiple(of: 2) ? sizes : sizes.reversed()).map {
                            ($0, fonts.measure("Beach → City Lights", weight: .regular, pixels: $0).width)
                        }
                        let ordered = mine.sorted { $0.0 < $1.0 }.map(\.1)
                        results.withLock { widths.append(ordered) }
                    }
                    group.leave()
                }
                thread.start()
            }
            XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        }
        XCTAssertEqual(widths.count, 12)
        for w in widths { XCTAssertEqual(w, expected, "every worker measures as one alone does") }
    }

    /// Opening a face waits for the faces' lock (what FreeType asks), so two workers never make or
    /// free faces at once: while the lock is held elsewhere, a worker's first use of a size waits.
    func testAWorkerOpeningAFaceWaitsWhileAnotherHoldsTheFacesLock() throws {
        // Unchecked, safe: only the worker touches the fonts until it has signalled.
        nonisolated(unsafe) let fonts = try Fonts()
        let opened = DispatchSemaphore(value: 0)
        Fonts.faces.lock()
        let thread = Thread {
            _ = fonts.face(.bold, pixels: 37)
            opened.signal()
        }
        thread.start()
        XCTAssertEqual(opened.wait(timeout: .now() + 0.3), .timedOut, "it waits for the lock")
        Fonts.faces.unlock()
        XCTAssertEqual(opened.wait(timeout: .now() + 10), .success, "and opens once it is free")
    }
}
