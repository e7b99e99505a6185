import TactileCore
import TactileUI
import TactileInput

/// The PIN pad the kiosk shows after its exit gesture: digits 1–9, 0, delete and cancel. Pure:
/// told which keys were tapped (by `PinPadView`, an ordinary UI pass) and when, it says when the
/// PIN is right, wrong, or given up, and holds what to draw.
public struct PinPad: Sendable {
    /// What a key led to.
    public enum Outcome: Equatable, Sendable { case unlocked, cancelled, wrong }

    /// A key of the pad.
    public enum Key: Hashable, Sendable {
        case digit(Int), delete, cancel
        /// The key's label.
        public var label: String {
            switch self {
            case let .digit(d): return String(d);
            case .delete: return "Delete";
            case .cancel: return "Cancel"
            }
        }
        /// The key's words in `strings`' language (a digit in the locale's digits).
        public func label(in strings: Strings) -> String {
            switch self {
            case .digit: return strings.digits(label)
            case .delete: return strings[.delete]
            case .cancel: return strings[.cancel]
            }
        }
        /// The key's widget id.
        public var id: String {
            switch self {
            case let .digit(d): return "pin.digit.\(d)";
            case .delete: return "pin.delete";
            case .cancel: return "pin.cancel"
            }
        }
    }

    private let verifier: PinVerifier
    private let timeout: Time
    /// Digits typed so far.
    public private(set) var entered = ""
    /// When the last wrong PIN was entered (the dots turn red for a moment).
    public private(set) var wrongAt: Time?
    /// When the pad last saw a key (it closes after `timeout` without one).
    public private(set) var lastActivity: Time
    /// Wrong PINs entered on this pad.
    public private(set) var failures = 0
    /// Until when digits are refused (too many wrong PINs; `KioskMode` keeps the count across openings).
    public private(set) var lockedUntil: Time?

    public init(verifier: PinVerifier, timeout: Double, openedAt now: Time, lockedUntil: Time? = nil) {
        self.verifier = verifier; self.timeout = .seconds(timeout); self.lastActivity = now
        self.lockedUntil = lockedUntil.flatMap { $0 > now ? $0 : nil }
    }

    /// How many digits the PIN has (the dots to draw).
    public var length: Int { verifier.digits }

    /// Refuses digits until `time`.
    public mutating func lock(until time: Time) { lockedUntil = time; entered = "" }

    /// Whether digits are refused at `now`.
    public func isLocked(at now: Time) -> Bool { lockedUntil.map { now < $0 } ?? false }

    /// When the pad closes for lack of input.
    public var closesAt: Time { lastActivity + timeout }

    /// The keys and their frames in a viewport: a 3×4 grid of keys `keySize` points wide at
    /// most, below room for the title and the dots (`metrics.pinTitleRoom`), smaller when the
    /// screen is narrow or short (a landscape kiosk) so that every key stays on screen.
    public static func keys(
        in viewport: Size, keySize: Double = TactileConfiguration.Kiosk().pinKeySize,
        metrics m: ViewMetrics.Kiosk = ViewMetrics.Kiosk(), rightToLeft: Bool = false
    ) -> [(key: Key, frame: Rect)] {
        let margin = m.pinMargin, share = m.pinGapShare
        let fitsWidth = (viewport.width - 4 * margin) / (3 + 2 * share), fitsHeight = (viewport.height - m.pinTitleRoom - margin) / (4 + 3 * share)
        var size = max(m.pinMinimumKey, min(keySize, fitsWidth, fitsHeight))
        // A screen too short for the title over keys a finger wide (a phone turned sideways):
        // the keys take the trailing half's whole height, the title the leading half.
        let beside = sideBySide(in: viewport, keySize: keySize, metrics: m)
        if beside {
            let half = viewport.width / 2
            size = max(m.pinMinimumKey, min(keySize, (viewport.height - 2 * margin) / (4 + 3 * share), (half - 2 * margin) / (3 + 2 * share)))
        }
        let gap = size * share
        let width = 3 * size + 2 * gap, height = 4 * size + 3 * gap
        // Beside the title: in its trailing half (the left one, read right to left).
        let x0 = beside ? (rightToLeft ? 0 : viewport.width / 2) + (viewport.width / 2 - width) / 2 : (viewport.width - width) / 2
        let highest: Double = m.pinTitleRoom + m.pinKeysBelowTitle, centred: Double = (viewport.height - height) / 2 + m.pinKeysBelowCentre
        let y0: Double = beside ? (viewport.height - height) / 2 : min(max(highest, centred), viewport.height - margin - height)
        let order: [Key] = [
            .digit(1), .digit(2), .digit(3), .digit(4), .digit(5), .digit(6), .digit(7), .digit(8), .digit(9),
            .cancel, .digit(0), .delete,
        ]
        return order.enumerated().map { n, key in
            (key, Rect(x: x0 + Double(n % 3) * (size + gap), y: y0 + Double(n / 3) * (size + gap), width: size, height: size))
        }
    }

    /// Whether the pad stands beside its title rather than under it: in landscape, where keys
    /// under the title would be smaller than `pinSideBySideBelow` (a finger's 44 pt).
    public static func sideBySide(in viewport: Size, keySize: Double, metrics m: ViewMetrics.Kiosk) -> Bool {
        let under = (viewport.height - m.pinTitleRoom - m.pinMargin) / (4 + 3 * m.pinGapShare)
        return viewport.width > viewport.height && min(keySize, under) < m.pinSideBySideBelow
    }

    /// A key tapped at `time`.
    /// `events` with every touch on a digit key moved onto the 0 key (by the same offset within
    /// the key): what a recording keeps of taps on the open pad, so it never holds the PIN. The
    /// pad's verdicts, kept beside them, decide the replay; Delete and Cancel stay where they were.
    public static func maskingDigits(_ events: [InputEvent], keys: [(key: Key, frame: Rect)]) -> [InputEvent] {
        guard let zero = keys.first(where: { $0.key == .digit(0) })?.frame else { return events }
        return events.map { event in
            guard case let .touch(id, phase, p) = event.kind,
                let key = keys.first(where: {
                    if case .digit = $0.key { return $0.frame.contains(p) }; return false
                })
            else { return event }
            var moved = event
            moved.kind = .touch(id: id, phase: phase, location: Point(x: p.x - key.frame.x + zero.x, y: p.y - key.frame.y + zero.y))
            return moved
        }
    }

    public mutating func press(_ key: Key, at time: Time) -> Outcome? {
        lastActivity = time
        switch key {
        case .cancel: return .cancelled
        case .delete: if !entered.isEmpty { entered.removeLast() }
        case let .digit(d):
            if isLocked(at: time) { return nil }
            wrongAt = nil
            entered.append(String(d))
            if entered.count >= verifier.digits {
                if verifier.check(entered) { entered = ""; return .unlocked }
                entered = ""; wrongAt = time; failures += 1
                return .wrong
            }
        }
        return nil
    }
}
