/// The order in which a within-subjects study shows its conditions to each participant, counter-
/// balanced by a balanced Latin square (Williams, 1949): every condition comes in every position
/// equally often, and every condition follows every other equally often, so neither practice nor
/// carry-over favours one. With an even number of conditions the square has as many rows as
/// conditions; with an odd number, each row is followed by its mirror image (twice as many rows).
/// Participant numbers take the rows in turn: a study balances fully when its participants are a
/// multiple of `rows`.
public struct BalancedLatinSquare: Hashable, Sendable {
    /// How many conditions are ordered.
    public let conditions: Int
    /// The square's rows: each a permutation of 0 ..< conditions.
    public let rows: [[Int]]

    public init(conditions: Int) {
        self.conditions = max(1, conditions)
        let n = self.conditions
        // The first row: 0, 1, n−1, 2, n−2, …; the others add 1 (mod n) row by row.
        var first: [Int] = [], low = 0, high = n - 1
        for i in 0..<n {
            if i == 0 { first.append(0); low = 1; continue }
            if i % 2 == 1 { first.append(low); low += 1 } else { first.append(high); high -= 1 }
        }
        var rows = (0..<n).map { r in first.map { ($0 + r) % n } }
        if n % 2 == 1 { rows += rows.map { $0.reversed() } }
        self.rows = rows
    }

    /// The order for participant number `participant` (1 for the first).
    public func order(forParticipant participant: Int) -> [Int] {
        rows[((participant - 1) % rows.count + rows.count) % rows.count]
    }
}
