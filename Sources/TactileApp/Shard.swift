import Foundation
import TactileHeadless

/// One of N parts of a study's sessions, for `tactile videos` and `tactile clips --shard K/N`:
/// N machines each render part K, and the parts' union is every session with none twice. A
/// session's part is fixed by its name alone ("P03-block2-inside", FNV-1a, so every machine and
/// every run agree without talking to each other), and a session's clips fall in the part its
/// video does, so they are cut from it where it was made.
public struct Shard: Equatable, Sendable {
    /// Which part (1 … `count`) and of how many.
    public var part: Int, count: Int

    /// The whole, as one part.
    public static let whole = Shard(part: 1, count: 1)

    public init(part: Int, count: Int) { self.part = part; self.count = count }

    /// "2/4" as a shard; a sentence naming the option otherwise.
    public init(parsing text: String) throws {
        let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count == 2, let k = Int(pieces[0]), let n = Int(pieces[1]), n >= 1, n <= 10_000, k >= 1, k <= n else {
            throw CommandError.badInput("--shard must be K/N with 1 ≤ K ≤ N ≤ 10000 (2/4: the second of four parts), not \(text)")
        }
        self.init(part: k, count: n)
    }

    /// Whether the session named `name` is in this part.
    public func holds(_ name: String) -> Bool { count == 1 || Self.part(of: name, among: count) == part }

    /// The part (1 … `count`) the session named `name` belongs to.
    static func part(of name: String, among count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(hash % UInt64(count)) + 1
    }

    /// "shard 2/4: " when a part, nothing for the whole.
    var said: String { count == 1 ? "" : "shard \(part)/\(count): " }
}
