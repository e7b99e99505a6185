import TactileCore

extension TactileConfiguration {
    public var cues: Cues {
        get { self[section: Cues.self] }
        set { self[section: Cues.self] = newValue }
    }

    public struct Cues: ConfigurationSection {
        public static let key = "cues"
        public static let about = "Haptic-like cues: sound, rumble."
        @Setting("Whether cues make a sound.")
        public var soundEnabled: Bool = true
        @Setting(.init(0, 1), "Loudness of cue sounds, 0 … 1.")
        public var volume: Double = 0.5
        @Setting("Whether cues rumble an SDL haptic device when one is present.")
        public var hapticsEnabled: Bool = true
        @Setting(.init(0, 1), "Strength of the rumble, 0 … 1 (scaled per cue).")
        public var hapticStrength: Double = 0.6
        @Setting(.init(8000, 192_000, unit: "Hz"), "Sample rate of the synthesised cue sounds.")
        public var sampleRate: Int = 48_000
        @Setting(
            """
            Cues that make no sound (and no rumble), by name: selection, impactLight, impactMedium, impactRigid,
            impactSoft, success, warning, error.
            """)
        public var silenced: [String] = []
        public init() {}

        public func problems() -> [ConfigurationError] {
            let cueNames: Set = ["selection", "impactLight", "impactMedium", "impactRigid", "impactSoft", "success", "warning", "error"]
            return silenced.enumerated().filter { !cueNames.contains($0.element) }.map { n, name in
                .init(key: "cues.silenced[\(n)]", "unknown cue \"\(PrintableText.of(name))\" (expected one of \(cueNames.sorted().joined(separator: ", ")))")
            }
        }
    }
}
