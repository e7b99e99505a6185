import XCTest
import TactileCore

final class LRUCacheTests: XCTestCase {
    func testTheLeastRecentlyUsedGoFirstWhenOverBudget() {
        var cache = LRUCache<String, Int>(budget: 30)
        var evicted: [String] = []
        cache.onEvict = { key, _ in evicted.append(key) }
        cache.insert(1, for: "a", cost: 10)
        cache.insert(2, for: "b", cost: 10)
        cache.insert(3, for: "c", cost: 10)
        XCTAssertEqual(cache.value(for: "a"), 1, "using a makes b the oldest")
        cache.insert(4, for: "d", cost: 10)
        XCTAssertEqual(evicted, ["b"])
        XCTAssertNil(cache.peek("b"))
        XCTAssertEqual(cache.totalCost, 30)
        cache.insert(5, for: "e", cost: 25)
        XCTAssertEqual(evicted, ["b", "c", "a", "d"])
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.totalCost, 25)
    }

    func testReplacingAndRemovingKeepTheCostRight() {
        var cache = LRUCache<Int, String>(budget: 100)
        for i in 0..<10 { cache.insert("\(i)", for: i, cost: 5) }
        cache.insert("big", for: 3, cost: 20)
        XCTAssertEqual(cache.totalCost, 65)
        cache.remove(3)
        cache.remove(42)
        XCTAssertEqual(cache.totalCost, 45)
        XCTAssertEqual(cache.count, 9)
        cache.budget = 10
        XCTAssertEqual(cache.count, 2)
        XCTAssertEqual(cache.peek(9), "9")
        XCTAssertEqual(cache.peek(8), "8")
    }
}
