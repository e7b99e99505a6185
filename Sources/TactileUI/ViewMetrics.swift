import TactileCore

/// Sizes the views draw with that a study does not tune (the ones it does live in
/// `TactileConfiguration`): kept named and documented, so no view holds a number of its own.
/// In points unless a name says otherwise.
///
/// Like the configuration, a composition of groups each owned by the module whose views draw
/// with them, declared there as an extension (`ViewMetrics.Timeline` in the editor,
/// `ViewMetrics.Kiosk` in kiosk mode, `ViewMetrics.Form` here); a view reads
/// `theme.metrics.timeline.ghostOpacity`. A group never set reads as its defaults.
public struct ViewMetrics: Hashable, Sendable {
    /// The groups set so far, by their type.
    @usableFromInline var groups: [ObjectIdentifier: any ViewMetricsGroup] = [:]

    public init() {}

    /// The group of type `G`: its defaults when it was never set.
    @inlinable public subscript<G: ViewMetricsGroup>(group group: G.Type) -> G {
        get { groups.isEmpty ? G() : groups[ObjectIdentifier(G.self)].flatMap { $0 as? G } ?? G() }
        set { groups[ObjectIdentifier(G.self)] = newValue }
    }

    /// Equal when every group holds the same sizes (a group never set equals its defaults).
    public static func == (a: ViewMetrics, b: ViewMetrics) -> Bool {
        for key in Set(a.groups.keys).union(b.groups.keys) {
            switch (a.groups[key], b.groups[key]) {
            case let (x?, y?): if !x.isEqual(to: y) { return false }
            case let (x?, nil), let (nil, x?): if !x.isDefault { return false }
            case (nil, nil): break
            }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        for group in groups.values where !group.isDefault { group.hash(into: &hasher) }
    }
}

/// A group of a feature's view sizes (see `ViewMetrics`), each documented with its default.
public protocol ViewMetricsGroup: Hashable, Sendable {
    /// The group at its documented sizes.
    init()
}

extension ViewMetricsGroup {
    var isDefault: Bool { self == Self() }
    func isEqual(to other: any ViewMetricsGroup) -> Bool { (other as? Self) == self }
}
