import Foundation
import TactileTestSupport

/// Structure-aware mutations of JSON documents: a value somewhere in the tree is swapped for a
/// boundary number, a value of another type, hostile text, a deep nest or a long list; a key is
/// dropped, misspelt or added; and now and then the text itself is cut or has bytes flipped.
/// Seeded: the same seed and document give the same mutant.
public struct JSONMutator {
    public var random: SplitMix64

    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// Numbers at and past every limit a reader keeps.
    // Unchecked, safe: a constant, never written after it is made.
    nonisolated(unsafe) static let boundaryNumbers: [Any] = [
        0, -1, 1, 0.5, 1e-9, -1e-9, 1e9, -1e9, 1e12, 1e308, -1e308, 86_400, 604_801, 4096, 4097,
        Int.max, Int.min, 9_007_199_254_740_993, 2_147_483_648, -0.0, 3.999999, 100_000_000,
    ]

    /// Text a file may hold that no reader expects.
    static let hostileText: [String] = [
        "", " ", "x", "\u{1B}[2J\u{1B}]0;pwned\u{07}", "line\nbreak", "tab\there", "\u{202E}reversed", "😀👩‍💻🏳️‍🌈", "ü é ß Ω λ →",
        "../../etc/passwd", "/dev/zero", "%s%n%x", "null", "true", "1e308", "{\"nested\":1}", "\u{0}nul",
        // Names that are paths: a block folder or a file name read from a file must stay one name.
        "..", ".", "../../victimdir", "a/b", "/tmp",
    ]

    /// `json` (text) mutated once or a few times; text-level damage now and then.
    public mutating func mutate(_ text: String) -> String {
        if random.chance(0.12) { return damage(text) }
        guard let data = text.data(using: .utf8), var root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return damage(text)
        }
        for _ in 0..<(random.chance(0.7) ? 1 : random.int(2...3)) { root = mutateValue(root) }
        guard let out = try? JSONSerialization.data(withJSONObject: root, options: [.fragmentsAllowed]) else { return damage(text) }
        return String(decoding: out, as: UTF8.self)
    }

    /// One mutation at a random place in `root`.
    public mutating func mutateValue(_ root: Any) -> Any {
        let paths = Self.paths(in: root)
        let path = random.pick(paths)
        return Self.replacing(at: path[...], in: root) { mutateNode($0) }
    }

    mutating func mutateNode(_ value: Any) -> Any {
        // Often a plausible change (a number nudged), so cases get past the first check and
        // reach the code behind it.
        if let n = value as? NSNumber, !(value is Bool), random.chance(0.35) {
            return n.doubleValue * random.pick([0.5, 0.9, 1.1, 2, 10, 0.1]) + random.pick([0, 0.25, 1])
        }
        switch random.int(0...9) {
        case 0, 1, 2:
            return random.pick(Self.boundaryNumbers)
        case 3:
            let text = random.pick(Self.hostileText)
            return random.chance(0.2) ? String(repeating: text.isEmpty ? "a" : text, count: random.int(1_000...20_000)) : text
        case 4:
            return random.pick([true, false, NSNull(), [Any](), [String: Any](), [1, 2, 3], ["a": 1]] as [Any])
        case 5:
            // Drop, misspell or add a key; drop or repeat list elements.
            if var object = value as? [String: Any], !object.isEmpty {
                let key = random.pick(object.keys.sorted())
                switch random.int(0...2) {
                case 0: object[key] = nil
                case 1: let v = object[key]; object[key] = nil; object[key + random.pick(["s", "_", "X"])] = v
                default: object["zzFuzz\(random.int(0...9))"] = random.pick(Self.boundaryNumbers)
                }
                return object
            }
            if var list = value as? [Any], !list.isEmpty {
                if random.chance(0.5) {
                    list.remove(at: random.int(0...list.count - 1))
                } else {
                    let item = random.pick(list)
                    list += Array(repeating: item, count: random.int(1...2_000))
                }
                return list
            }
            return random.pick(Self.boundaryNumbers)
        case 6:
            // Deep nesting.
            var nested: Any = value
            for _ in 0..<random.int(50...600) { nested = [nested] }
            return nested
        case 7:
            if let n = value as? NSNumber, !(value is Bool) { return n.doubleValue * random.pick([-1, 2, 1000, 1e-6, 1e100]) }
            return random.pick(Self.boundaryNumbers)
        case 8:
            if let s = value as? String { return s + random.pick(Self.hostileText) }
            return random.pick(Self.hostileText)
        default:
            return random.pick([0, 1, -1, 1e308] as [Any])
        }
    }

    /// Text-level damage: a cut, flipped bytes, inserted garbage, nothing at all.
    public mutating func damage(_ text: String) -> String {
        var bytes = [UInt8](text.utf8)
        switch random.int(0...5) {
        case 0: return String(decoding: bytes.prefix(random.int(0...max(0, bytes.count))), as: UTF8.self)
        case 1:
            for _ in 0..<random.int(1...8) where !bytes.isEmpty { bytes[random.int(0...bytes.count - 1)] = UInt8(random.int(0...255)) }
        case 2:
            let at = random.int(0...bytes.count)
            bytes.insert(contentsOf: (0..<random.int(1...64)).map { _ in UInt8(random.int(0...255)) }, at: at)
        case 3: return ""
        case 4: return text + String(repeating: " \n", count: random.int(1...5000))
        default: return String(repeating: text, count: random.int(2...4))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One step of a path into a JSON tree.
    enum Step { case key(String), index(Int) }

    static func paths(in root: Any) -> [[Step]] {
        var out: [[Step]] = [[]]
        func walk(_ v: Any, _ path: [Step]) {
            guard out.count < 5_000 else { return }
            if let o = v as? [String: Any] {
                for k in o.keys.sorted() { out.append(path + [.key(k)]); walk(o[k]!, path + [.key(k)]) }
            } else if let a = v as? [Any] {
                for (i, e) in a.enumerated() where i < 200 || i % 50 == 0 { out.append(path + [.index(i)]); walk(e, path + [.index(i)]) }
            }
        }
        walk(root, [])
        return out
    }

    static func replacing(at path: ArraySlice<Step>, in node: Any, with change: (Any) -> Any) -> Any {
        guard let step = path.first else { return change(node) }
        switch step {
        case let .key(k):
            guard var o = node as? [String: Any], let child = o[k] else { return node }
            o[k] = replacing(at: path.dropFirst(), in: child, with: change)
            return o
        case let .index(i):
            guard var a = node as? [Any], i < a.count else { return node }
            a[i] = replacing(at: path.dropFirst(), in: a[i], with: change)
            return a
        }
    }
}
