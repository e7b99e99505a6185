import Foundation
import TactileCore
import TactileInput

/// Finds two-finger taps in a stream of touches (outside the phone: the A/B flip): two fingers
/// down together, neither moving farther than the slop, both lifted within the longest
/// duration of the first finger's landing. Pure: fed events, it says when one happened.
public struct TwoFingerTap {
    public var slop: Double
    public var longest: Time
    private var down: [PointerID: Point] = [:]
    private var first: Time?
    private var most = 0
    private var spoiled = false

    public init(slop: Double, longest: Time) { self.slop = slop; self.longest = longest }

    /// Feeds `events`; returns how many two-finger taps they completed.
    public mutating func feed(_ events: [InputEvent]) -> Int {
        var taps = 0
        for e in events {
            switch e.kind {
            case let .touch(id, .down, p):
                if down.isEmpty { first = e.time; most = 0; spoiled = false }
                down[id] = p
                most = max(most, down.count)
            case let .touch(id, .move, p):
                if let start = down[id], hypot(p.x - start.x, p.y - start.y) > slop { spoiled = true }
            case let .touch(id, phase, p):
                guard let start = down.removeValue(forKey: id) else { continue }
                if phase == .cancel || hypot(p.x - start.x, p.y - start.y) > slop { spoiled = true }
                if down.isEmpty, let first {
                    if !spoiled && most == 2 && e.time - first <= longest { taps += 1 }
                    self.first = nil
                }
            case .focusLost:
                down.removeAll(); first = nil
            case .key, .text, .voice, .mediaFolder, .projects:
                break
            }
        }
        return taps
    }
}
