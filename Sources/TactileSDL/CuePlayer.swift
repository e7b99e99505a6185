import CSDL2
import Logging
import TactileCore
import TactileUI
import TactileInput

/// Plays cues: each one's synthesised sound through SDL audio and a rumble on an SDL haptic
/// device when one is present. Either half is skipped quietly when the machine has no device.
public final class CuePlayer {
    private var device: SDL_AudioDeviceID = 0
    private var haptic: OpaquePointer?
    private var sounds: [HapticCue: [Float]] = [:]
    private var configuration: TactileConfiguration.Cues
    private var logger = Logger(label: "tactile.cues")
    /// Cues played so far.
    public private(set) var played = 0
    /// Whether a sound device is open.
    public var hasSound: Bool { device != 0 }

    /// Most audio queued before older cue sounds are dropped (keeps cues on time), in seconds.
    static let maximumQueuedSeconds = 0.15

    public init(configuration: TactileConfiguration.Cues) {
        self.configuration = configuration
        if configuration.soundEnabled && configuration.volume > 0 { openAudio() }
        if configuration.hapticsEnabled { openHaptics() }
    }

    /// Takes reloaded settings: volume, silenced cues and rumble strength apply from the next cue;
    /// sound or rumble switched on opens its device. (The sample rate stays as opened.)
    public func adopt(_ new: TactileConfiguration.Cues) {
        let rate = configuration.sampleRate
        configuration = new
        configuration.sampleRate = rate
        if device == 0 && new.soundEnabled && new.volume > 0 { openAudio() }
        if haptic == nil && new.hapticsEnabled { openHaptics() }
        if device != 0 {
            for cue in HapticCue.allCases {
                sounds[cue] = new.soundEnabled ? CueSound.samples(for: cue, sampleRate: rate, volume: new.volume) : nil
            }
        }
        if !new.hapticsEnabled, let h = haptic { SDL_HapticClose(h); haptic = nil }
    }

    deinit {
        if device != 0 { SDL_CloseAudioDevice(device) }
        if let h = haptic { SDL_HapticClose(h) }
    }

    private func openAudio() {
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else {
            logger.info("no sound for cues: \(String(cString: SDL_GetError()))")
            return
        }
        var want = SDL_AudioSpec()
        want.freq = Int32(configuration.sampleRate)
        want.format = SDL_AudioFormat(AUDIO_F32SYS)
        want.channels = 1
        want.samples = 512
        var have = SDL_AudioSpec()
        device = SDL_OpenAudioDevice(nil, 0, &want, &have, 0)
        guard device != 0 else {
            logger.info("no sound for cues: \(String(cString: SDL_GetError()))")
            return
        }
        for cue in HapticCue.allCases {
            sounds[cue] = CueSound.samples(for: cue, sampleRate: configuration.sampleRate, volume: configuration.volume)
        }
    }

    private func openHaptics() {
        guard SDL_InitSubSystem(SDL_INIT_HAPTIC) == 0, SDL_NumHaptics() > 0, let h = SDL_HapticOpen(0) else { return }
        if SDL_HapticRumbleSupported(h) == 1 && SDL_HapticRumbleInit(h) == 0 {
            haptic = h
            logger.info("rumble on \(String(cString: SDL_HapticName(0)))")
        } else {
            SDL_HapticClose(h)
        }
    }

    /// Plays `cue` now.
    public func play(_ cue: HapticCue) {
        guard !configuration.silenced.contains(cue.rawValue) else { return }
        played += 1
        if device != 0, let samples = sounds[cue] {
            let bytesPerSecond = Double(configuration.sampleRate * MemoryLayout<Float>.size)
            if Double(SDL_GetQueuedAudioSize(device)) > bytesPerSecond * Self.maximumQueuedSeconds { SDL_ClearQueuedAudio(device) }
            samples.withUnsafeBytes { _ = SDL_QueueAudio(device, $0.baseAddress, UInt32($0.count)) }
            SDL_PauseAudioDevice(device, 0)
        }
        if let h = haptic {
            let r = CueSound.rumble(for: cue)
            SDL_HapticRumblePlay(h, Float(r.strength * configuration.hapticStrength), UInt32(r.milliseconds))
        }
    }

    /// Stops the audio device's thread once every cue has played, so an idle window costs no
    /// CPU; the next cue starts it again.
    public func pauseWhenSilent() {
        if device != 0, SDL_GetQueuedAudioSize(device) == 0, SDL_GetAudioDeviceStatus(device) == SDL_AUDIO_PLAYING {
            SDL_PauseAudioDevice(device, 1)
        }
    }

    /// Bytes of sound waiting to play (for tests).
    public var queuedBytes: Int { device == 0 ? 0 : Int(SDL_GetQueuedAudioSize(device)) }
}
