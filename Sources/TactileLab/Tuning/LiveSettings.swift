import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// What a `HostSession` keeps for changing its settings while it runs: the tuning panel's UI
/// memory, picture and scroll, the live variant and the A/B pair, the settings as the live
/// variant was loaded (Revert goes back to them), the lab's gestures, and the changes not yet
/// handed to a frame record.
public struct LiveSettings {
    public var variant = SettingsChange.baseVariant
    public var pair: (a: String, b: String?) = (SettingsChange.baseVariant, nil)
    /// How many settings differ, after tuning, from the live variant as loaded or saved (kept by
    /// `HostSession.adopt`, the one place settings change).
    public var unsaved = 0
    /// The live variant's settings as loaded or saved (the session's own until it hands them over).
    public private(set) var baseline: TactileConfiguration = .init()
    public var isTuningOpen = false
    /// The tuning panel's UI memory (its own input settings: a tap slop tuned to 0 must not make
    /// the panel itself untappable), its latest picture and its scroll.
    public var memory = UIMemory(input: TactileConfiguration.Input())
    public var picture: DrawList?
    /// The panel's elements as last drawn (tests and `inspect` find its sliders by them).
    public var elements: [UIElement] = []
    /// The panel's touch targets as last drawn (the layout check reads them).
    public var targets: [TouchTarget] = []
    /// The lab's live figures the panel last drew (a new figure draws it again).
    public var figures: [String] = []
    public var scroll = 0.0, scrollAnchor: Double?
    /// The variant picker, while it is open in the panel.
    public var picker: TuningPanel.Picker?
    /// The saved variants' names as the panel last read them from the file (nil: read them at
    /// the next pass — the panel opened, or a variant was saved, renamed or deleted).
    public var variantNames: [String]?
    public var flipTaps: TwoFingerTap
    public var cornerHold: CornerHold
    public var flipRequested = false
    /// Whether the first step says which variant the session starts on (a `start` change).
    public var announceStart = false
    /// Settings lines a replay handed over, applied at the next step.
    public var replays: [SettingsChange] = []
    /// Changes made since the last frame record.
    public var pending: [SettingsChange] = []

    /// Live settings whose lab gestures (the flip's two-finger tap, the tuning corner's hold)
    /// are as `overlays` say; the session hands over its settings with `loaded(_:)`.
    public init(overlays o: TactileConfiguration.Overlays) {
        flipTaps = TwoFingerTap(slop: TactileConfiguration.Input().tapSlop, longest: .seconds(o.flipTapDuration))
        cornerHold = CornerHold(corner: o.tuningCorner, hold: .seconds(o.tuningHold), slop: TactileConfiguration.Input().tapSlop)
    }

    /// A variant's settings were loaded (a flip, a reload) or saved: nothing is unsaved.
    public mutating func loaded(_ configuration: TactileConfiguration) {
        baseline = configuration
        unsaved = 0
    }

    /// The changes since the last frame record, handed over once.
    public mutating func takeChanges() -> [SettingsChange] {
        defer { pending.removeAll() }
        return pending
    }

    /// What the variant badge says, when there is a pair to flip between or a variant is live.
    public var badge: String? {
        guard pair.b != nil || variant != SettingsChange.baseVariant else { return nil }
        let side = variant == pair.a ? "A" : variant == pair.b ? "B" : "·"
        return "\(side) \(variant)\(unsaved > 0 ? " *" : "")"
    }
}

extension SettingsChange {
    /// The change as an interaction-log event (`settings`: its source, the live variant, and the
    /// keys changed with their values, "feel.addedLatency 100, input.tapSlop 10").
    public var logEvent: LogEvent {
        let list = ConfigurationSchema.dotted(changes).map { "\($0.key) \($0.value.serialized())" }.joined(separator: ", ")
        return LogEvent(time: time, .settings(source: source, variant: variant, changes: list))
    }
}
