import TactileCore
import TactileEditor
import TactileInput

/// One feel value the tuning panel offers (`TuningPanel`): its dotted key in the configuration,
/// the words and unit it is shown with, and the span and step its slider moves in — a designer's
/// span inside the key's documented range (Docs/Configuration.md), where a change is felt.
public struct TunableSetting: Hashable, Sendable {
    /// A number moved by a slider, or one of a few named choices.
    public enum Kind: Hashable, Sendable {
        case number(ClosedRange<Double>, step: Double)
        case choice([String])

        public var isChoice: Bool { if case .choice = self { true } else { false } }
    }

    /// The dotted key ("input.tapSlop").
    public var key: String
    public var label: String
    /// The unit shown after the value ("pt", "s", "ms"), or "".
    public var unit: String
    public var kind: Kind
    /// What a zero means, when it is special ("auto" for the prediction horizon).
    public var zero: String?

    public init(key: String, label: String, unit: String = "", kind: Kind, zero: String? = nil) {
        self.key = key; self.label = label; self.unit = unit; self.kind = kind; self.zero = zero
    }

    /// The feel values that matter most, in the order the panel lists them: every setting of the
    /// feel lab's sections whose declaration says how to tune it (`@Setting(…, tune:)`).
    public static let all: [TunableSetting] = {
        let schema = ConfigurationSchema(sections: [
            TactileConfiguration.Input.self, TactileConfiguration.Timeline.self, TactileConfiguration.Layout.self, TactileConfiguration.Feel.self,
        ])
        let tuned = schema.settings.compactMap { section, setting in
            setting.tune.map { (rank: $0.rank, setting: TunableSetting(key: "\(section).\(setting.key)", setting)) }
        }
        return tuned.sorted { $0.rank < $1.rank }.map(\.setting)
    }()

    /// The setting as its declaration offers it to the panel.
    public init(key: String, _ setting: SettingDescription) {
        guard let tune = setting.tune else { preconditionFailure("\(key) has no tune in its declaration") }
        let unit = tune.unit.map { "\($0)" } ?? setting.ranges.first?.range.unit ?? ""
        let kind: Kind
        if let span = tune.span {
            kind = .number(span, step: tune.step)
        } else {
            kind = .choice(tune.numbers.map { "\($0)".split(separator: " ").map(String.init) } ?? setting.choices ?? [])
        }
        self.init(key: key, label: "\(tune.label)", unit: kind.isChoice ? "" : unit, kind: kind, zero: tune.zero.map { "\($0)" })
    }

    /// This setting's value in `object` (a configuration as JSON, `ConfigurationSchema.jsonObject(of:)`).
    public func value(in object: [String: Any]) -> JSONValue? {
        var node: Any? = object
        for part in key.split(separator: ".") { node = (node as? [String: Any])?[String(part)] }
        return node.map(JSONValue.init(any:))
    }

    /// `value` as a configuration's nested changes (`{"input":{"tapSlop":12}}`).
    public func changes(to value: JSONValue) -> JSONValue {
        key.split(separator: ".").reversed().reduce(value) { inner, part in .object([(String(part), inner)]) }
    }

    /// The value for choice `name`: a number for a numeric choice ("60"), else the text.
    public func choiceValue(_ name: String) -> JSONValue { Double(name).map(JSONValue.number) ?? .string(name) }

    /// The value as the panel shows it ("18 pt", "0.998 /ms", "auto").
    public func text(of value: JSONValue?) -> String {
        switch value {
        case let .number(n)?:
            if n == 0, let zero { return zero }
            let digits: Int
            if case let .number(_, step) = kind { digits = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 4 } else { digits = 0 }
            let number = digits == 0 ? ConfigurationRange.format(n.rounded()) : String(format: "%.\(digits)f", n)
            return unit.isEmpty ? number : "\(number) \(unit)"
        case let .string(s)?: return s
        case let .bool(b)?: return b ? "on" : "off"
        default: return "–"
        }
    }
}
