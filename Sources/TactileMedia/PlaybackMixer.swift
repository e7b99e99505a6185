import Foundation
import TactileCore

/// Mixes the sound of a project from a timeline position onwards, as `SoundMix` says: every
/// clip with sound that plays (audio clips, video clips whose files have sound) is decoded from
/// its source offset, resampled to one rate and channel layout by libswresample, stretched to its
/// speed keeping its pitch (`TempoStretcher`), scaled by its
/// level, fades and transitions, and summed; tracks that duck are eased down by
/// `media.duckDecibels` while another track sounds. Clips open as the cursor reaches them and
/// close when it leaves them.
public final class PlaybackMixer {
    public let sampleRate: Int
    public static let channels = 2
    /// The timeline position of the next sample rendered.
    public private(set) var position: Time
    private let mix: SoundMix
    private var voices: [String: Voice] = [:]
    /// The ducking voices' level now (1: not ducked), its target while others sound, and how
    /// much it may change per frame.
    private var duckLevel = 1.0
    private let duckedLevel: Double, duckStep: Double
    /// Problems opening or decoding sound (each file once).
    public private(set) var problems: [String] = []

    final class Voice {
        let decoder: AudioDecoder
        /// Between the decoder and the buffer when the clip plays at another speed than 1.
        let stretcher: TempoStretcher?
        var buffer: [Float] = []
        var readIndex = 0
        var finished = false
        init(decoder: AudioDecoder, stretcher: TempoStretcher?) { self.decoder = decoder; self.stretcher = stretcher }

        /// Adds the next `frames` stereo frames (silence past the end), each scaled by `gain(frame)`.
        func pull(_ frames: Int, into out: inout [Float], at offset: Int, gain: (Int) -> Float) {
            let wanted = frames * PlaybackMixer.channels
            while buffer.count - readIndex < wanted && !finished {
                if readIndex > 0 { buffer.removeFirst(readIndex); readIndex = 0 }
                guard let stretcher else {
                    finished = !((try? decoder.read(into: &buffer)) ?? false)
                    continue
                }
                var decoded: [Float] = []
                let more = (try? decoder.read(into: &decoded)) ?? false
                do { try stretcher.process(decoded, end: !more, into: &buffer) } catch { finished = true }
                if !more { finished = true }
            }
            let available = min(wanted, buffer.count - readIndex)
            var frame = -1, g: Float = 0
            for i in 0..<available {
                if i / PlaybackMixer.channels != frame { frame = i / PlaybackMixer.channels; g = gain(frame) }
                out[offset + i] += buffer[readIndex + i] * g
            }
            readIndex += available
        }
    }

    /// A mixer over the clips of `project` for which `hasSound` says yes, starting at `position`;
    /// `settings` gives the ducking.
    public init(project: Project, from position: Time, sampleRate: Int, settings: TactileConfiguration.Media = .init(), hasSound: (String) -> Bool) {
        self.sampleRate = sampleRate
        self.position = position
        mix = SoundMix(project: project, hasSound: hasSound)
        duckedLevel = pow(10, min(0, settings.duckDecibels) / 20)
        duckStep = 1 / max(1, settings.duckRampSeconds * Double(sampleRate))
    }

    /// The next `frames` frames of interleaved stereo, and moves the cursor on.
    public func render(frames: Int) -> [Float] {
        var out = [Float](repeating: 0, count: frames * Self.channels)
        let span = Time(ticks: Int64(frames) * Time.ticksPerSecond / Int64(sampleRate))
        let end = position + span
        let start = position
        func time(ofFrame f: Int) -> Time { start + Time(ticks: Int64(f) * Time.ticksPerSecond / Int64(sampleRate)) }
        let heard = mix.voices(from: start, to: end)
        // The ducking voices' level for each frame of this block, eased towards its target.
        var duck = [Float](repeating: 1, count: frames)
        if heard.contains(where: \.ducks) || duckLevel < 1 {
            for f in 0..<frames {
                let target = mix.duckingSoundPlays(at: time(ofFrame: f), among: heard) ? duckedLevel : 1
                duckLevel = duckLevel < target ? min(target, duckLevel + duckStep) : max(target, duckLevel - duckStep)
                duck[f] = Float(duckLevel)
            }
        }
        for v in heard {
            guard let voice = voice(for: v) else { continue }
            // The part of this block the voice covers, in frames.
            let first = v.start > position ? frameCount(v.start - position) : 0
            let last = v.end < end ? min(frames, frameCount(v.end - position)) : frames
            if last > first {
                voice.pull(last - first, into: &out, at: first * Self.channels) { i in
                    Float(v.gain(at: time(ofFrame: first + i))) * (v.ducks ? duck[first + i] : 1)
                }
            }
        }
        position = end
        for (id, _) in voices where mix.voices.first(where: { $0.clip.id == id }).map({ $0.end <= position }) ?? true { voices[id] = nil }
        for i in out.indices { out[i] = max(-1, min(1, out[i])) }
        return out
    }

    private func frameCount(_ t: Time) -> Int { Int(t.ticks * Int64(sampleRate) / Time.ticksPerSecond) }

    private func voice(for v: SoundMix.Voice) -> Voice? {
        if let existing = voices[v.clip.id] { return existing }
        do {
            let decoder = try AudioDecoder(path: v.media, sampleRate: sampleRate, channels: Self.channels)
            let offset = v.sourceAtStart + v.clip.footageSpan(ofTimeline: max(.zero, position - v.start))
            if offset > .zero { try decoder.seek(to: offset) }
            let stretcher = v.speed == 1 ? nil : try TempoStretcher(tempo: v.speed, sampleRate: sampleRate, channels: Self.channels)
            let voice = Voice(decoder: decoder, stretcher: stretcher)
            voices[v.clip.id] = voice
            return voice
        } catch {
            if !problems.contains("\(error)") { problems.append("\(error)") }
            return nil
        }
    }
}

extension PlaybackMixer: SampleSource {
    public var channels: Int { Self.channels }
}
