import Foundation
import TactileCore
import TactileSDL
import TactileStudy

/// Think-aloud recording: the microphone, through SDL's audio capture, into the recorded
/// session's folder (`audio.wav`, and `audio.json` with where it starts on the session's clock).
/// The frame loop takes what was captured on every turn (`pump`), so a frame never waits for it.
final class ThinkAloud {
    private let capture: AudioCapture
    private var track: ThinkAloudTrack?
    /// Why nothing is being recorded (no microphone, a folder that cannot be written), if so.
    private(set) var failure: String?

    init(sampleRate: Int = 48_000) {
        capture = AudioCapture(sampleRate: sampleRate)
        failure = capture.failure.map { "no microphone: \($0)" }
    }

    /// Starts a track in `folder` whose first sample is at `start` on that session's clock
    /// (ending the track before, if any).
    func begin(folder: URL, start: Time) {
        finish()
        guard capture.failure == nil else { return }
        do {
            track = try ThinkAloudTrack(folder: folder, sampleRate: capture.sampleRate, start: start)
            _ = capture.take() // what came before belongs to no session
            capture.start()
        } catch {
            failure = "\(folder.path): the sound cannot be recorded there (\(ErrorWords.reason(error)))"
        }
    }

    /// Moves what was captured into the track.
    func pump() {
        let samples = capture.take()
        guard let track else { return }
        track.append(samples)
        recorded += samples.count
        if let stopped = track.stopped, failure == nil { failure = "the sound recording stopped: \(stopped)" }
    }

    /// Ends the track (its header says how long it is).
    func finish() {
        pump()
        track?.finish()
        track = nil
    }

    /// Samples recorded into every track so far.
    private(set) var recorded = 0
}
