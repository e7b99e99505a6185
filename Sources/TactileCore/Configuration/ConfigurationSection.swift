/// One section of the configuration ("kiosk", "timeline" …): a group of settings owned by the
/// module whose feature they tune, declared there as an extension of `TactileConfiguration`,
/// each setting once with its default, range and words (`@Setting`), plus the section's rules:
///
///     extension TactileConfiguration {
///         public var kiosk: Kiosk { get { self[section: Kiosk.self] } set { self[section: Kiosk.self] = newValue } }
///
///         public struct Kiosk: ConfigurationSection {
///             public static let key = "kiosk"
///             public static let about = "Kiosk mode: idle reset, attract loop, the way out."
///             @Setting(.seconds(5, 86_400), "Idle time after which the project resets to the demo.")
///             public var idleTimeout: Double = 90
///             …
///         }
///     }
///
/// `ConfigurationSchema.tactile` (TactileHeadless) lists the sections a file may hold.
public protocol ConfigurationSection: Hashable, Sendable, Codable {
    /// The section's key in a file and the first part of its dotted keys ("kiosk" in "kiosk.pin").
    static var key: String { get }
    /// What the section tunes, as Docs/Configuration.md introduces it.
    static var about: String { get }
    /// The section with every setting at its documented default.
    init()
    /// The section's rules between its keys and on its texts, each problem naming its full
    /// dotted key; numbers outside their declared ranges and names outside a choice's are found
    /// apart, for every section alike.
    func problems() -> [ConfigurationError]
}

extension ConfigurationSection {
    /// No rules beyond the ranges.
    public func problems() -> [ConfigurationError] { [] }

    /// Whether every setting has its default.
    var isDefault: Bool { self == Self() }

    /// Whether `other` is this section with the same values.
    func isEqual(to other: any ConfigurationSection) -> Bool { (other as? Self) == self }
}
