import CCrypt
import Foundation
import TactileCore

/// Judges what staff typed on the kiosk's PIN pad. The PIN itself is kept only as a salted slow
/// hash (`kiosk.pinHash`, yescrypt through libxcrypt, as /etc/shadow keeps passwords), made by
/// `tactile config --set-pin`; a plain `kiosk.pin` of an older file still works. A recording
/// never holds either: it keeps each verdict instead (`"pin"` lines in its trace), and a replay
/// judges with those (`replaying`), so it unlocks exactly where the session did.
// Unchecked Sendable, safe: `digits` and the judging function never change (a replay's queue of
// verdicts is guarded by a lock of its own), and the verdict hook is read and set under `lock`.
public final class PinVerifier: @unchecked Sendable {
    /// How many digits the PIN has: the pad judges once that many are typed.
    public let digits: Int
    private let judge: (String) -> Bool
    private let lock = NSLock()
    /// Told of every verdict, in order (a recording keeps them).
    public var onVerdict: ((Bool) -> Void)? {
        get { lock.withLock { verdictHook } }
        set { lock.withLock { verdictHook = newValue } }
    }
    private var verdictHook: ((Bool) -> Void)?

    /// The verifier `settings` ask for; nil when the kiosk has no PIN.
    public convenience init?(settings: TactileConfiguration.Kiosk) {
        if !settings.pinHash.isEmpty {
            let hash = settings.pinHash
            self.init(digits: settings.pinDigits) { PinHash.matches($0, hash: hash) }
        } else if !settings.pin.isEmpty {
            let pin = settings.pin
            self.init(digits: pin.count) { $0 == pin }
        } else {
            return nil
        }
    }

    /// A verifier that gives back `verdicts` in order (a replay of a recorded session); past
    /// their end, every entry is wrong.
    public static func replaying(digits: Int, verdicts: [Bool]) -> PinVerifier {
        var queue = verdicts[...]
        let lock = NSLock()
        return PinVerifier(digits: digits) { _ in lock.withLock { queue.popFirst() ?? false } }
    }

    public init(digits: Int, judge: @escaping (String) -> Bool) {
        self.digits = max(1, digits); self.judge = judge
    }

    /// Whether `entered` is the PIN (told to `onVerdict`).
    public func check(_ entered: String) -> Bool {
        let verdict = judge(entered)
        onVerdict?(verdict)
        return verdict
    }
}

/// The PIN's salted slow hash: yescrypt with a fresh salt from the system (libxcrypt).
public enum PinHash {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A new hash of `pin` (digits only, 1 to 12).
    public static func make(_ pin: String) throws -> String {
        guard (1...12).contains(pin.count), pin.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw Failure(description: "a PIN is 1 to 12 digits")
        }
        var out = [CChar](repeating: 0, count: 512)
        guard tactile_pin_hash(pin, &out, out.count) == 0 else { throw Failure(description: "libcrypt could not hash the PIN") }
        return String(cString: out)
    }

    /// Whether `pin` hashes to `hash`.
    public static func matches(_ pin: String, hash: String) -> Bool {
        tactile_pin_matches(pin, hash) == 1
    }
}
