/// A least-recently-used cache with a cost budget: inserting past the budget evicts the entries
/// used longest ago. Lookups, inserts and evictions are O(1).
public struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    /// The most total cost kept.
    public var budget: Int { didSet { evict() } }
    /// The total cost of what is kept.
    public private(set) var totalCost = 0
    /// Called with each evicted key and value.
    public var onEvict: ((Key, Value) -> Void)?

    private var nodes: [Node?] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    public init(budget: Int) { self.budget = budget }

    /// How many entries are kept.
    public var count: Int { index.count }

    /// The value for `key`, marking it as just used.
    public mutating func value(for key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        touch(i)
        return nodes[i]!.value
    }

    /// The value for `key` without changing its age.
    public func peek(_ key: Key) -> Value? { index[key].map { nodes[$0]!.value } }

    /// Keeps `value` under `key` at `cost`, then evicts the oldest entries while over budget.
    public mutating func insert(_ value: Value, for key: Key, cost: Int) {
        if let i = index[key] {
            totalCost += cost - nodes[i]!.cost
            nodes[i]!.value = value
            nodes[i]!.cost = cost
            touch(i)
        } else {
            let node = Node(key: key, value: value, cost: cost, newer: nil, older: newest)
            let i: Int
            if let f = free.popLast() { nodes[f] = node; i = f } else { nodes.append(node); i = nodes.count - 1 }
            if let n = newest { nodes[n]!.newer = i }
            newest = i
            if oldest == nil { oldest = i }
            index[key] = i
            totalCost += cost
        }
        evict()
    }

    /// Forgets `key`.
    public mutating func remove(_ key: Key) {
        guard let i = index[key] else { return }
        unlink(i)
        totalCost -= nodes[i]!.cost
        index[key] = nil
        nodes[i] = nil
        free.append(i)
    }

    private mutating func evict() {
        while totalCost > budget, let o = oldest, index.count > 1 || o != newest {
            let node = nodes[o]!
            remove(node.key)
            onEvict?(node.key, node.value)
        }
    }

    private mutating func touch(_ i: Int) {
        guard newest != i else { return }
        unlink(i)
        nodes[i]!.older = newest
        nodes[i]!.newer = nil
        if let n = newest { nodes[n]!.newer = i }
        newest = i
        if oldest == nil { oldest = i }
    }

    private mutating func unlink(_ i: Int) {
        let node = nodes[i]!
        if let n = node.newer { nodes[n]!.older = node.older } else { newest = node.older }
        if let o = node.older { nodes[o]!.newer = node.newer } else { oldest = node.newer }
        nodes[i]!.newer = nil; nodes[i]!.older = nil
    }
}
