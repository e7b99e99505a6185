/// One setting of a configuration section, declared once: its default is the property's
/// initial value, and the attribute gives the values it may take, what it does, and how the
/// tuning panel offers it:
///
///     @Setting(.points(0, 200), "Movement allowed before a touch stops being a tap.", tune: .slider("Tap slop", 0...60, step: 1))
///     public var tapSlop: Double = 18
///
/// Docs/Configuration.md, `tactile config --ranges`, the range checks of every load and reload,
/// and the tuning panel all read this one declaration (`SettingCatalog`). A setting holds only
/// its value: the declaration's words are read by building the section's defaults while a
/// catalog listens (`SettingCatalog.describe`), so a section costs no more to copy than its values.
@propertyWrapper
public struct Setting<Value: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    public var wrappedValue: Value

    /// A setting with its declaration: `valid` (the range of a number, of each number of a list
    /// or of each field of a pair), `doc` (what it does, for a person tuning it), `tune` (how the
    /// tuning panel offers it, when it does).
    public init(wrappedValue: Value, _ valid: SettingBounds, _ doc: StaticString, tune: SettingTune? = nil) {
        self.wrappedValue = wrappedValue
        SettingCatalog.heard(SettingDeclaration(valid: valid, doc: doc, tune: tune, choices: (Value.self as? any SettingChoices.Type)?.names))
    }

    /// A setting without a range (a text, a switch, a choice: its names are its range).
    public init(wrappedValue: Value, _ doc: StaticString, tune: SettingTune? = nil) {
        self.init(wrappedValue: wrappedValue, .any, doc, tune: tune)
    }

    public init(from decoder: Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(Value.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

/// A setting's value, as a catalog walking a section sees it.
protocol AnySetting {
    var anyValue: Any { get }
}

extension Setting: AnySetting {
    var anyValue: Any { wrappedValue }
}

/// A setting that takes one of a few named values ("off", "linear", "kalman"): an enum whose raw
/// values are the names a file writes. A file with another name is refused with the names listed.
public protocol SettingChoice: SettingChoices, RawRepresentable, CaseIterable, Hashable, Sendable, Codable where RawValue == String {}

extension SettingChoice {
    /// The names, in declaration order.
    public static var names: [String] { allCases.map(\.rawValue) }
}

/// A setting's type that is a choice or a list of choices: the names it may take.
public protocol SettingChoices {
    static var names: [String] { get }
}

extension Array: SettingChoices where Element: SettingChoice {
    public static var names: [String] { Element.names }
}

/// A type whose fields are settings of their own (`ScrollPhysics` in `timeline.physics`): a
/// catalog lists each field under the group's key ("timeline.physics.decelerationRate").
public protocol SettingGroup {}

/// The values a numeric setting may take, as its declaration writes them: for a number itself,
/// for every number of a list (`fineScrubSpeeds[]`) and every number of a pair of fields
/// (`viewport.width`, `viewport.height`). Only plain values, so a declaration costs nothing to run.
public struct SettingBounds: Sendable {
    let lower: Double, upper: Double, excludesLower: Bool
    let unit: StaticString
    let note: StaticString?
    let isRange: Bool
    /// The ranges of each field of a list's elements (`ignoreRegions[].x`), when they differ.
    let fields: (any SettingFields.Type)?

    /// No range: a text, a switch, a choice (its names are its range).
    public static let any = SettingBounds(lower: 0, upper: 0, excludesLower: false, unit: "", note: nil, isRange: false, fields: nil)

    /// From `lower` (or more than it, `excludingLower`) up to `upper`, in `unit`; `note` is said
    /// instead of the plain range where a rule narrows it ("0, 90, 180 or 270 °").
    public init(_ lower: Double, _ upper: Double, excludingLower: Bool = false, unit: StaticString = "", note: StaticString? = nil) {
        self.init(lower: lower, upper: upper, excludesLower: excludingLower, unit: unit, note: note, isRange: true, fields: nil)
    }

    private init(lower: Double, upper: Double, excludesLower: Bool, unit: StaticString, note: StaticString?, isRange: Bool, fields: (any SettingFields.Type)?) {
        self.lower = lower; self.upper = upper; self.excludesLower = excludesLower
        self.unit = unit; self.note = note; self.isRange = isRange; self.fields = fields
    }

    /// A range in points.
    public static func points(_ l: Double, _ u: Double, excludingLower: Bool = false) -> Self { .init(l, u, excludingLower: excludingLower, unit: "pt") }
    /// A range in seconds.
    public static func seconds(_ l: Double, _ u: Double, excludingLower: Bool = false) -> Self { .init(l, u, excludingLower: excludingLower, unit: "s") }
    /// A list whose elements' fields have ranges of their own (`T.fieldRanges`).
    public static func elements(_ type: any SettingFields.Type) -> Self {
        .init(lower: 0, upper: 0, excludesLower: false, unit: "", note: nil, isRange: false, fields: type)
    }

    /// The range as the checks and the docs use it, nil for none.
    var range: ConfigurationRange? {
        guard isRange else { return nil }
        return ConfigurationRange(lower, upper, excludingLower: excludesLower, unit: "\(unit)", note: note.map { "\($0)" })
    }
}

/// An element of a list setting whose fields each have a range (`touchscreen.ignoreRegions`).
public protocol SettingFields {
    /// The range of each field, by its key in the element.
    static var fieldRanges: [String: ConfigurationRange] { get }
}

/// How the tuning panel offers a setting: a slider over a designer's span inside the setting's
/// range (where a change is felt), or its choices.
public struct SettingTune: Sendable {
    /// The words the panel shows it with ("Tap slop").
    public let label: StaticString
    /// The slider's span and step; nil for choices.
    public let span: ClosedRange<Double>?
    public let step: Double
    /// The choices of a number, as names ("30 60 120"); nil for a slider or a `SettingChoice`.
    public let numbers: StaticString?
    /// What a zero means, when it is special ("auto").
    public let zero: StaticString?
    /// The unit the panel shows, when it differs from the range's ("/ms").
    public let unit: StaticString?
    /// Where the panel lists it: lower first.
    public let rank: Int

    /// A slider from `span`'s lower to upper bound in steps of `step`.
    public static func slider(
        _ label: StaticString, _ span: ClosedRange<Double>, step: Double, rank: Int, unit: StaticString? = nil, zero: StaticString? = nil
    ) -> Self {
        .init(label: label, span: span, step: step, numbers: nil, zero: zero, unit: unit, rank: rank)
    }

    /// The setting's own choices (a `SettingChoice`), or for a number the ones named in `numbers`.
    public static func choices(_ label: StaticString, _ numbers: StaticString? = nil, rank: Int) -> Self {
        .init(label: label, span: nil, step: 1, numbers: numbers, zero: nil, unit: nil, rank: rank)
    }
}

/// What one `@Setting` attribute says, heard while a section's defaults are built.
struct SettingDeclaration {
    let valid: SettingBounds
    let doc: StaticString
    let tune: SettingTune?
    let choices: [String]?
}
