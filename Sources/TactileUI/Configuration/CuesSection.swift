import TactileCore

extension TactileConfiguration {
    /// Haptic-like cues: sound, rumble.
    public var cues: Cues {
        get { self[section: Cues.self] }
        set { self[section: Cues.self] = newValue }
    }

    public struct Cues: ConfigurationSection {
        public static let key = "cues"
        /// Whether cues make a sound. Default on.
        public var soundEnabled = true
        /// Loudness of cue sounds, 0 … 1. Default 0.5.
        public var volume: Double = 0.5
        /// Whether cues rumble an SDL haptic device when one is present. Default on.
        public var hapticsEnabled = true
        /// Strength of the rumble, 0 … 1 (scaled per cue). Default 0.6.
        public var hapticStrength: Double = 0.6
        /// Sample rate of the synthesised cue sounds. Default 48,000 Hz.
        public var sampleRate: Int = 48_000
        /// Cues that make no sound (and no rumble), by name: selection, impactLight, impactMedium,
        /// impactRigid, impactSoft, success, warning, error. Default none.
        public var silenced: [String] = []
        public init() {}

        public func problems() -> [ConfigurationError] {
            let cueNames: Set = ["selection", "impactLight", "impactMedium", "impactRigid", "impactSoft", "success", "warning", "error"]
            return silenced.enumerated().filter { !cueNames.contains($0.element) }.map { n, name in
                .init(key: "cues.silenced[\(n)]", "unknown cue \"\(PrintableText.of(name))\" (expected one of \(cueNames.sorted().joined(separator: ", ")))")
            }
        }
        /// The range of each numeric setting, by its key in the section.
        public static let ranges: [String: ConfigurationRange] = [
            "volume": .init(0, 1),
            "hapticStrength": .init(0, 1),
            "sampleRate": .init(8000, 192_000, unit: "Hz"),
        ]
    }
}
