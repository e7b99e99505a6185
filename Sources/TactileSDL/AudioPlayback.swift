import CSDL2
import Logging
import TactileCore

/// Plays the session's sound while the editor plays: a `SampleSource` (the app's mixer over the
/// project's media) feeds an SDL audio queue a little ahead of the device, and the samples the
/// device has consumed are the playback clock the picture follows.
public final class AudioPlayback {
    private var device: SDL_AudioDeviceID = 0
    private var source: SampleSource?
    private let sampleRate: Int
    private let channels = 2
    private let lead: Double
    private var logger = Logger(label: "tactile.playback")
    /// Frames queued since `start`, and the timeline position they began at.
    private var framesQueued = 0

    /// Opens the default sound device (quietly none when the machine has none).
    public init(configuration: TactileConfiguration.Media) {
        sampleRate = configuration.playbackSampleRate
        lead = configuration.playbackAudioLead
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { return }
        var want = SDL_AudioSpec()
        want.freq = Int32(sampleRate)
        want.format = SDL_AudioFormat(AUDIO_F32SYS)
        want.channels = UInt8(channels)
        want.samples = 1024
        var have = SDL_AudioSpec()
        device = SDL_OpenAudioDevice(nil, 0, &want, &have, 0)
        if device == 0 { logger.info("no sound for playback: \(String(cString: SDL_GetError()))") }
    }

    deinit { if device != 0 { SDL_CloseAudioDevice(device) } }

    /// Whether sound is playing.
    public var isPlaying: Bool { source != nil }

    /// Starts playing `source` (stereo at the configured rate), which begins at `position` on the timeline.
    public func start(_ source: SampleSource) {
        stop()
        self.source = source
        framesQueued = 0
        feed()
        if device != 0 { SDL_PauseAudioDevice(device, 0) }
    }

    /// Stops and forgets what was queued.
    public func stop() {
        guard source != nil else { return }
        source = nil
        if device != 0 { SDL_PauseAudioDevice(device, 1); SDL_ClearQueuedAudio(device) }
    }

    /// Tops the queue up to the lead; called every step (nothing happens while silent).
    public func feed() {
        guard let source, device != 0 else { return }
        let bytesPerFrame = channels * MemoryLayout<Float>.size
        let queued = Int(SDL_GetQueuedAudioSize(device)) / bytesPerFrame
        let wanted = Int(lead * Double(sampleRate)) - queued
        guard wanted > 0 else { return }
        let block = source.render(frames: wanted)
        block.withUnsafeBytes { _ = SDL_QueueAudio(device, $0.baseAddress, UInt32($0.count)) }
        framesQueued += wanted
    }

    /// How far into the source the listener is now, when sound is playing on a device.
    public var heard: Time? {
        guard source != nil, device != 0 else { return nil }
        let bytesPerFrame = channels * MemoryLayout<Float>.size
        let played = framesQueued - Int(SDL_GetQueuedAudioSize(device)) / bytesPerFrame
        return Time(ticks: Int64(max(0, played)) * Time.ticksPerSecond / Int64(sampleRate))
    }

    /// Problems the source met (files whose sound cannot be decoded).
    public var problems: [String] { source?.problems ?? [] }
}
