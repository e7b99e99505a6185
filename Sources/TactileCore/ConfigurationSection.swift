/// One section of the configuration ("kiosk", "timeline" …): a group of settings owned by the
/// module whose feature they tune, declared there as an extension of `TactileConfiguration`
/// with its defaults, its documentation, its ranges and its rules:
///
///     extension TactileConfiguration {
///         /// Kiosk mode: idle reset, attract loop, the way out.
///         public var kiosk: Kiosk { get { self[section: Kiosk.self] } set { self[section: Kiosk.self] = newValue } }
///
///         public struct Kiosk: ConfigurationSection {
///             public static let key = "kiosk"
///             /// Idle time after which … Default 90 s.
///             public var idleTimeout: Double = 90
///             …
///         }
///     }
///
/// `ConfigurationSchema.tactile` (TactileHeadless) lists the sections a file may hold.
public protocol ConfigurationSection: Hashable, Sendable, Codable {
    /// The section's key in a file and the first part of its dotted keys ("kiosk" in "kiosk.pin").
    static var key: String { get }
    /// The section with every setting at its documented default.
    init()
    /// The range of each numeric setting, by its key inside the section ("idleTimeout",
    /// "physics.decelerationRate"; a list's elements as "fineScrubSpeeds[]"). A test checks
    /// that every number of every section has one.
    static var ranges: [String: ConfigurationRange] { get }
    /// The section's rules between its keys and on its texts, each problem naming its full
    /// dotted key; numbers outside `ranges` are found apart, for every section alike.
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
