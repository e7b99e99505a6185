import CSDL2
import TactileCore

/// The microphone through SDL's audio capture: mono 32-bit float samples at `sampleRate`,
/// queued by SDL's audio thread and taken by the frame loop (`take()`), so nothing is lost
/// between frames and the loop never waits for the device. With SDL's `disk` driver it reads a
/// file of samples instead (`SDL_DISKAUDIOFILEIN`), which is how the tests feed it a known signal.
public final class AudioCapture {
    public let sampleRate: Int
    private var device: SDL_AudioDeviceID = 0
    /// Why the device could not be opened (nil: it is open).
    public private(set) var failure: String?

    /// Opens the default capture device, paused.
    public init(sampleRate: Int) {
        self.sampleRate = sampleRate
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { failure = String(cString: SDL_GetError()); return }
        var want = SDL_AudioSpec()
        want.freq = Int32(sampleRate)
        want.format = SDL_AudioFormat(AUDIO_F32SYS)
        want.channels = 1
        want.samples = 1024
        var have = SDL_AudioSpec()
        // No changes allowed: SDL converts whatever the device gives into this format.
        device = SDL_OpenAudioDevice(nil, 1, &want, &have, 0)
        if device == 0 { failure = String(cString: SDL_GetError()) }
    }

    deinit { close() }

    /// Whether the audio driver knows of no capture device at all (false when it has one, or
    /// cannot list them: its default device may still work, so only a sure none is said).
    public static var noneFound: Bool {
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { return false }
        return SDL_GetNumAudioDevices(1) == 0
    }

    /// Starts capturing.
    public func start() { if device != 0 { SDL_PauseAudioDevice(device, 0) } }

    /// The samples captured since the last call.
    public func take() -> [Float] {
        guard device != 0 else { return [] }
        let bytes = Int(SDL_GetQueuedAudioSize(device))
        guard bytes >= MemoryLayout<Float>.size else { return [] }
        var samples = [Float](repeating: 0, count: bytes / MemoryLayout<Float>.size)
        let got = samples.withUnsafeMutableBytes { SDL_DequeueAudio(device, $0.baseAddress, UInt32($0.count)) }
        samples.removeLast(samples.count - Int(got) / MemoryLayout<Float>.size)
        return samples
    }

    /// Stops capturing and lets the device go.
    public func close() {
        if device != 0 { SDL_CloseAudioDevice(device); device = 0 }
    }
}
