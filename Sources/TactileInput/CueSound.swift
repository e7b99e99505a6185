import Foundation

/// The sound of each cue, synthesised at run time: short, distinct, and calm. Pure, so tests can
/// listen with their eyes. Mono samples in -1 … 1.
public enum CueSound {
    /// One tone: frequency, length, attack and decay time constants, and level.
    struct Tone { var hz: Double; var start: Double; var length: Double; var attack: Double; var decay: Double; var level: Double; var square = false }

    static func tones(for cue: HapticCue) -> [Tone] {
        switch cue {
        case .selection: return [Tone(hz: 2800, start: 0, length: 0.006, attack: 0.0003, decay: 0.0015, level: 0.5)]
        case .impactLight: return [Tone(hz: 240, start: 0, length: 0.03, attack: 0.0005, decay: 0.006, level: 0.7)]
        case .impactMedium: return [Tone(hz: 170, start: 0, length: 0.05, attack: 0.0005, decay: 0.01, level: 0.85)]
        case .impactRigid:
            return [
                Tone(hz: 1300, start: 0, length: 0.015, attack: 0.0002, decay: 0.003, level: 0.8),
                Tone(hz: 330, start: 0, length: 0.02, attack: 0.0003, decay: 0.004, level: 0.4),
            ]
        case .impactSoft: return [Tone(hz: 95, start: 0, length: 0.09, attack: 0.008, decay: 0.025, level: 0.8)]
        case .success:
            return [
                Tone(hz: 880, start: 0, length: 0.07, attack: 0.003, decay: 0.03, level: 0.45),
                Tone(hz: 1320, start: 0.075, length: 0.09, attack: 0.003, decay: 0.04, level: 0.45),
            ]
        case .warning:
            return [
                Tone(hz: 660, start: 0, length: 0.07, attack: 0.003, decay: 0.03, level: 0.5),
                Tone(hz: 660, start: 0.11, length: 0.07, attack: 0.003, decay: 0.03, level: 0.5),
            ]
        case .error: return (0..<3).map { Tone(hz: 200, start: Double($0) * 0.08, length: 0.05, attack: 0.002, decay: 0.03, level: 0.35, square: true) }
        }
    }

    /// The cue's samples at `sampleRate`, scaled by `volume` (0 … 1).
    public static func samples(for cue: HapticCue, sampleRate: Int, volume: Double = 1) -> [Float] {
        let tones = tones(for: cue)
        let length = tones.map { $0.start + $0.length }.max() ?? 0
        let count = Int((length * Double(sampleRate)).rounded(.up))
        var out = [Float](repeating: 0, count: count)
        let v = min(1, max(0, volume))
        for tone in tones {
            let first = Int(tone.start * Double(sampleRate))
            let n = Int(tone.length * Double(sampleRate))
            for i in 0..<n where first + i < count {
                let t = Double(i) / Double(sampleRate)
                let envelope = (1 - exp(-t / tone.attack)) * exp(-t / tone.decay)
                // Fade the last millisecond so no tone ends with a click of its own.
                let tail = min(1, (tone.length - t) / 0.001)
                let phase = sin(2 * Double.pi * tone.hz * t)
                let wave = tone.square ? (phase >= 0 ? 0.8 : -0.8) : phase
                out[first + i] += Float(wave * envelope * tail * tone.level * v)
            }
        }
        for i in out.indices { out[i] = max(-1, min(1, out[i])) }
        return out
    }

    /// How strongly and how long a rumble plays for the cue (0 … 1, milliseconds).
    public static func rumble(for cue: HapticCue) -> (strength: Double, milliseconds: Int) {
        switch cue {
        case .selection: return (0.25, 10)
        case .impactLight: return (0.4, 15)
        case .impactMedium: return (0.6, 25)
        case .impactRigid: return (0.8, 12)
        case .impactSoft: return (0.45, 45)
        case .success: return (0.5, 60)
        case .warning: return (0.6, 80)
        case .error: return (0.9, 120)
        }
    }
}
