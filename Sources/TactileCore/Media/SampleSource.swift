/// Sound to play, block by block: interleaved 32-bit float samples at `sampleRate` with
/// `channels` channels. The host session makes one when playback starts (the app gives it a
/// mixer over the project's media); the window's audio backend only pulls samples from it, so
/// the backend knows nothing of projects or codecs.
public protocol SampleSource: AnyObject {
    var sampleRate: Int { get }
    var channels: Int { get }
    /// The next `frames` frames (`frames × channels` samples; silence past the end).
    func render(frames: Int) -> [Float]
    /// Problems met so far (files whose sound cannot be decoded).
    var problems: [String] { get }
}
