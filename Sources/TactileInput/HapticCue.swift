import TactileCore

/// The vocabulary of haptic-like cues, modelled on iOS's feedback generators. The editor emits
/// them as data; the host plays each as a sound, a visual pulse and a rumble where it can.
public enum HapticCue: String, Sendable, Hashable, Codable, CaseIterable {
    /// A selection changed (UISelectionFeedbackGenerator).
    case selection
    /// Impacts of different weights (UIImpactFeedbackGenerator styles).
    case impactLight, impactMedium, impactRigid, impactSoft
    /// Outcomes (UINotificationFeedbackGenerator types).
    case success, warning, error
}

/// A cue fired during a frame, with where it happened (for the visual pulse).
public struct CueEvent: Hashable, Sendable {
    public var cue: HapticCue
    public var location: Point?
    /// What caused it, for the log ("selection", "snap", "undo").
    public var reason: String
    public init(_ cue: HapticCue, at location: Point? = nil, reason: String) {
        self.cue = cue; self.location = location; self.reason = reason
    }
}
