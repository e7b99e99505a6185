import Foundation

/// Every tunable number of Tactile, with its documented default. Usability studies tune these
/// (a file, `--config`, reloaded live); nothing in a widget hard-codes a size, threshold or speed:
/// the views' own drawing sizes, which no study tunes, are their modules' view metrics.
///
/// A configuration is a composition of sections, each owned by the module whose feature it tunes
/// (`layout` by the editor, `kiosk` by kiosk mode, `window` by the SDL backend …) and declared there
/// (see `ConfigurationSection`); a module reads the sections of the modules it imports, as
/// `configuration.kiosk.idleTimeout`. A section never set reads as its defaults. Which sections a
/// file may hold, in which order files and Docs/Configuration.md list them, is the schema
/// (`ConfigurationSchema.tactile`, assembled in TactileHeadless above every owner): reading and
/// writing files goes through it.
public struct TactileConfiguration: Hashable, Sendable {
    /// The sections set so far, by their type.
    private var sections: [ObjectIdentifier: any ConfigurationSection] = [:]

    /// Every section at its defaults.
    public init() {}

    /// The section of type `S`: its defaults when it was never set.
    public subscript<S: ConfigurationSection>(section section: S.Type) -> S {
        get { sections[ObjectIdentifier(S.self)].flatMap { $0 as? S } ?? S() }
        set { sections[ObjectIdentifier(S.self)] = newValue }
    }

    /// The sections set so far, by key (`ConfigurationSchema` adds the rest at their defaults).
    var storedSections: [(key: String, value: any ConfigurationSection)] {
        sections.values.map { (type(of: $0).key, $0) }.sorted { $0.key < $1.key }
    }

    /// A section given as a value, stored under its own type.
    mutating func store(_ section: any ConfigurationSection) {
        sections[ObjectIdentifier(type(of: section))] = section
    }

    /// Equal when every section holds the same values (a section never set equals its defaults).
    public static func == (a: TactileConfiguration, b: TactileConfiguration) -> Bool {
        for key in Set(a.sections.keys).union(b.sections.keys) {
            switch (a.sections[key], b.sections[key]) {
            case let (x?, y?): if !x.isEqual(to: y) { return false }
            case let (x?, nil), let (nil, x?): if !x.isDefault { return false }
            case (nil, nil): break
            }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        for (key, value) in storedSections where !value.isDefault {
            hasher.combine(key)
            value.hash(into: &hasher)
        }
    }
}
