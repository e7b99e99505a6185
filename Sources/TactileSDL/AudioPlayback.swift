import CSDL2
import Logging
import TactileCore
import TactileMedia

/// Plays a project's sound while the editor plays: a `PlaybackMixer` feeds an SDL audio queue a
/// little ahead of the device, and the samples the device has consumed are the playback clock
/// the picture follows.
public final class AudioPlayback {
    private var device: SDL_AudioDeviceID = 0
    private var mixer: PlaybackMixer?
    private let sampleRate: Int
    private let lead: Double
    private var logger = Logger(label: "tactile.playback")
    /// Frames queued since `start`, and the timeline position they began at.
    private var framesQueued = 0
    private var startPosition = Time.zero

    /// Opens the default sound device (quietly none when the machine has none).
    public init(configuration: TactileConfiguration.Media) {
        sampleRate = configuration.playbackSampleRate
        lead = configuration.playbackAudioLead
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { return }
        var want = SDL_AudioSpec()
        want.freq = Int32(sampleRate)
        want.format = SDL_AudioFormat(AUDIO_F32SYS)
        want.channels = UInt8(PlaybackMixer.channels)
        want.samples = 1024
        var have = SDL_AudioSpec()
        device = SDL_OpenAudioDevice(nil, 0, &want, &have, 0)
        if device == 0 { logger.info("no sound for playback: \(String(cString: SDL_GetError()))") }
    }

    deinit { if device != 0 { SDL_CloseAudioDevice(device) } }

    /// Whether sound is playing.
    public var isPlaying: Bool { mixer != nil }

    /// Starts playing the project's sound from `position`.
    public func start(_ project: Project, at position: Time, hasSound: @escaping (String) -> Bool) {
        stop()
        mixer = PlaybackMixer(project: project, from: position, sampleRate: sampleRate, hasSound: hasSound)
        startPosition = position
        framesQueued = 0
        feed()
        if device != 0 { SDL_PauseAudioDevice(device, 0) }
    }

    /// Stops and forgets what was queued.
    public func stop() {
        guard mixer != nil else { return }
        mixer = nil
        if device != 0 { SDL_PauseAudioDevice(device, 1); SDL_ClearQueuedAudio(device) }
    }

    /// Tops the queue up to the lead; call every frame while playing.
    public func feed() {
        guard let mixer, device != 0 else { return }
        let bytesPerFrame = PlaybackMixer.channels * MemoryLayout<Float>.size
        let queued = Int(SDL_GetQueuedAudioSize(device)) / bytesPerFrame
        let wanted = Int(lead * Double(sampleRate)) - queued
        guard wanted > 0 else { return }
        let block = mixer.render(frames: wanted)
        block.withUnsafeBytes { _ = SDL_QueueAudio(device, $0.baseAddress, UInt32($0.count)) }
        framesQueued += wanted
    }

    /// The timeline position the listener hears now, when sound is playing on a device.
    public var position: Time? {
        guard mixer != nil, device != 0 else { return nil }
        let bytesPerFrame = PlaybackMixer.channels * MemoryLayout<Float>.size
        let played = framesQueued - Int(SDL_GetQueuedAudioSize(device)) / bytesPerFrame
        return startPosition + Time(ticks: Int64(max(0, played)) * Time.ticksPerSecond / Int64(sampleRate))
    }

    /// Problems the mixer met (files whose sound cannot be decoded).
    public var problems: [String] { mixer?.problems ?? [] }
}
