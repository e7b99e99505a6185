import Foundation
import Synchronization

/// Every setting of a section as its declaration says it (`@Setting`): the one source of
/// Docs/Configuration.md, `tactile config --ranges`, the range and choice checks of every load
/// and reload, and the tuning panel's sliders.
public enum SettingCatalog {
    /// The declarations heard while a section's defaults are built, when someone listens.
    final class Listener: @unchecked Sendable {
        var heard: [SettingDeclaration] = []
    }

    @TaskLocal static var listener: Listener?
    /// How many catalogs are listening on any thread: a section's defaults made while none is
    /// (every read of a section never set) cost no look at the task-local.
    private static let listening = Atomic<Int>(0)

    /// Called by each `@Setting` as it is made: kept only while a catalog is listening.
    static func heard(_ declaration: @autoclosure () -> SettingDeclaration) {
        guard listening.load(ordering: .relaxed) > 0, let listener else { return }
        listener.heard.append(declaration())
    }

    /// What each section's declarations say, read once per section type: every load, reload
    /// and report asks again.
    private static let described = Mutex<[ObjectIdentifier: [SettingDescription]]>([:])

    /// Every setting of `section`, in declaration order (a group's settings in its place, keyed
    /// "physics.decelerationRate").
    public static func describe<S: ConfigurationSection>(_ section: S.Type) -> [SettingDescription] {
        if let known = described.withLock({ $0[ObjectIdentifier(S.self)] }) { return known }
        let settings = read(S.self)
        described.withLock { $0[ObjectIdentifier(S.self)] = settings }
        return settings
    }

    /// The declarations of `S`, heard while its defaults are built.
    private static func read<S: ConfigurationSection>(_: S.Type) -> [SettingDescription] {
        let listener = Listener()
        listening.add(1, ordering: .relaxed)
        let defaults = $listener.withValue(listener) { S() }
        listening.subtract(1, ordering: .relaxed)
        var heard = listener.heard[...]
        var out: [SettingDescription] = []
        func walk(_ value: Any, prefix: String) {
            for child in Mirror(reflecting: value).children {
                guard var label = child.label else { continue }
                if label.hasPrefix("_") { label.removeFirst() }
                if let setting = child.value as? any AnySetting {
                    guard let declaration = heard.popFirst() else { preconditionFailure("\(S.key).\(prefix)\(label): a setting declared but not heard") }
                    out.append(SettingDescription(key: prefix + label, value: setting.anyValue, declaration: declaration))
                } else if child.value is any SettingGroup {
                    walk(child.value, prefix: "\(prefix)\(label).")
                }
            }
        }
        walk(defaults, prefix: "")
        precondition(heard.isEmpty, "\(S.key): settings heard that the section does not hold")
        return out
    }
}

/// One setting as its declaration describes it.
public struct SettingDescription: @unchecked Sendable {
    /// Its key inside the section ("tapSlop", "physics.decelerationRate").
    public let key: String
    /// What it does, as one paragraph.
    public let doc: String
    /// Its default value.
    public let defaultValue: Any
    /// The range of each number it holds, by key inside the section: the number itself
    /// ("tapSlop"), every element of a list ("fineScrubSpeeds[]"), each field of a pair
    /// ("viewport.width") or of a list's elements ("ignoreRegions[].x").
    public let ranges: [(key: String, range: ConfigurationRange)]
    /// The names a choice may take (of each element, for a list of choices).
    public let choices: [String]?
    /// How the tuning panel offers it, when it does.
    public let tune: SettingTune?

    init(key: String, value: Any, declaration d: SettingDeclaration) {
        self.key = key
        self.defaultValue = value
        self.doc = "\(d.doc)".split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        self.choices = d.choices
        self.tune = d.tune
        var ranges: [(String, ConfigurationRange)] = []
        if let fields = d.valid.fields {
            for (field, range) in fields.fieldRanges.sorted(by: { $0.key < $1.key }) { ranges.append(("\(key)[].\(field)", range)) }
        } else if let range = d.valid.range {
            switch Self.shape(of: value) {
            case .number: ranges.append((key, range))
            case .list: ranges.append(("\(key)[]", range))
            case let .fields(names): for name in names { ranges.append(("\(key).\(name)", range)) }
            case .other: preconditionFailure("\(key): a range on a setting that holds no number")
            }
        }
        self.ranges = ranges
    }

    /// Whether the setting holds a whole number (a file's 2.5 for it is refused).
    public var isWholeNumber: Bool { defaultValue is Int }

    private enum Shape { case number, list, fields([String]), other }

    /// How the numbers of `value` sit in its JSON.
    private static func shape(of value: Any) -> Shape {
        if value is Double || value is Int { return .number }
        if value is [Double] || value is [Int] { return .list }
        guard let encodable = value as? any Encodable, let data = try? JSONEncoder().encode(encodable),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return .other }
        return .fields(object.keys.filter { object[$0] is NSNumber }.sorted())
    }
}

extension ConfigurationSection {
    /// The range of each numeric setting, by its key in the section ("idleTimeout",
    /// "physics.decelerationRate"; a list's elements as "fineScrubSpeeds[]"), from the declarations.
    public static var ranges: [String: ConfigurationRange] {
        var out: [String: ConfigurationRange] = [:]
        for setting in SettingCatalog.describe(Self.self) { for (key, range) in setting.ranges { out[key] = range } }
        return out
    }
}
