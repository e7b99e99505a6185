import Foundation

/// The kiosk PIN pad's verdicts as they are made, handed once to the next frame record and once
/// to the next step record (a visitor's recording keeps frames, a whole kiosk run steps).
// Unchecked Sendable, safe: both lists are read and written only while holding `lock`.
final class PinVerdictBuffer: @unchecked Sendable {
    private var forFrame: [Bool] = [], forStep: [Bool] = []
    private let lock = NSLock()

    func add(_ verdict: Bool) {
        lock.withLock {
            forFrame.append(verdict); forStep.append(verdict)
        }
    }
    func takeForFrame() -> [Bool] {
        lock.withLock {
            defer { forFrame = [] }; return forFrame
        }
    }
    func takeForStep() -> [Bool] {
        lock.withLock {
            defer { forStep = [] }; return forStep
        }
    }
}
