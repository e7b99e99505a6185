import Foundation
import TactileCore

/// Mixes the sound of a project from a timeline position onwards: every clip with sound that
/// plays (audio clips, video clips whose files have sound) is decoded from its source offset,
/// resampled to one rate and channel layout by libswresample, and summed. Clips open as the
/// cursor reaches them and close when it leaves them.
public final class PlaybackMixer {
    public let sampleRate: Int
    public static let channels = 2
    /// The timeline position of the next sample rendered.
    public private(set) var position: Time
    private let clips: [Clip]
    private var voices: [String: Voice] = [:]
    /// Problems opening or decoding sound (each file once).
    public private(set) var problems: [String] = []

    final class Voice {
        let decoder: AudioDecoder
        var buffer: [Float] = []
        var readIndex = 0
        var finished = false
        init(decoder: AudioDecoder) { self.decoder = decoder }

        /// The next `frames` stereo frames (silence past the end).
        func pull(_ frames: Int, into out: inout [Float], at offset: Int) {
            let wanted = frames * PlaybackMixer.channels
            while buffer.count - readIndex < wanted && !finished {
                if readIndex > 0 { buffer.removeFirst(readIndex); readIndex = 0 }
                finished = !((try? decoder.read(into: &buffer)) ?? false)
            }
            let available = min(wanted, buffer.count - readIndex)
            for i in 0..<available { out[offset + i] += buffer[readIndex + i] }
            readIndex += available
        }
    }

    /// A mixer over the clips of `project` for which `hasSound` says yes, starting at `position`.
    public init(project: Project, from position: Time, sampleRate: Int, hasSound: (String) -> Bool) {
        self.sampleRate = sampleRate
        self.position = position
        clips = project.tracks.flatMap(\.clips).filter { clip in clip.media.map(hasSound) ?? false }
    }

    /// The next `frames` frames of interleaved stereo, and moves the cursor on.
    public func render(frames: Int) -> [Float] {
        var out = [Float](repeating: 0, count: frames * Self.channels)
        let span = Time(ticks: Int64(frames) * Time.ticksPerSecond / Int64(sampleRate))
        let end = position + span
        for clip in clips where clip.start < end && clip.end > position {
            guard let voice = voice(for: clip) else { continue }
            // The part of this block the clip covers, in frames.
            let first = clip.start > position ? frameCount(clip.start - position) : 0
            let last = clip.end < end ? min(frames, frameCount(clip.end - position)) : frames
            if last > first { voice.pull(last - first, into: &out, at: first * Self.channels) }
        }
        position = end
        for (id, _) in voices where clips.first(where: { $0.id == id }).map({ $0.end <= position }) ?? true { voices[id] = nil }
        for i in out.indices { out[i] = max(-1, min(1, out[i])) }
        return out
    }

    private func frameCount(_ t: Time) -> Int { Int(t.ticks * Int64(sampleRate) / Time.ticksPerSecond) }

    private func voice(for clip: Clip) -> Voice? {
        if let v = voices[clip.id] { return v }
        guard let path = clip.media else { return nil }
        do {
            let decoder = try AudioDecoder(path: path, sampleRate: sampleRate, channels: Self.channels)
            let offset = clip.sourceStart + max(.zero, position - clip.start)
            if offset > .zero { try decoder.seek(to: offset) }
            let v = Voice(decoder: decoder)
            voices[clip.id] = v
            return v
        } catch {
            if !problems.contains("\(error)") { problems.append("\(error)") }
            return nil
        }
    }
}

extension PlaybackMixer: SampleSource {
    public var channels: Int { Self.channels }
}
