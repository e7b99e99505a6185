import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileMedia
import TactileSDL

/// A window's microphone for voice-overs: SDL's audio capture (the one think-aloud uses), opened
/// when the count-in starts so the meter moves, kept from the moment recording starts, and
/// written — off the frame loop — as a WAV file into `folder` (Tactile's data folder's
/// `voice-overs`), atomically, so the clip never points at half a file. The news go to the editor
/// each step: the level heard, the file written, or why not.
final class VoiceOverRecorder: VoiceRecording {
    let folder: URL
    let sampleRate: Int
    private var capture: AudioCapture?
    private var listening = false, recording = false
    private var samples: [Float] = []
    private var lastLevel = -1.0
    /// News from the writing thread, taken by the frame loop.
    private let written = Mailbox()
    private var pending: [VoiceNews] = []

    /// News handed from the thread writing a file to the frame loop.
    final class Mailbox: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [VoiceNews] = []
        func post(_ news: VoiceNews) { lock.withLock { items.append(news) } }
        func take() -> [VoiceNews] {
            lock.withLock {
                defer { items.removeAll() }
                return items
            }
        }
    }

    init(folder: URL, sampleRate: Int = 48_000) { self.folder = folder; self.sampleRate = sampleRate }

    func carryOut(_ command: VoiceCommand, now: Time) {
        switch command {
        case .check:
            if AudioCapture.noneFound { pending.append(.noMicrophone) }
        case .listen:
            if capture == nil { capture = AudioCapture(sampleRate: sampleRate) }
            if let failure = capture?.failure {
                capture = nil
                pending.append(.failed("no microphone: \(failure)"))
                return
            }
            _ = capture?.take()
            capture?.start()
            listening = true
            lastLevel = -1
        case .record:
            _ = capture?.take() // the count-in is not part of it
            samples.removeAll(keepingCapacity: true)
            recording = capture != nil
        case let .keep(name):
            let said = samples + (recording ? capture?.take() ?? [] : [])
            stop()
            write(said, name: name)
        case .discard:
            stop()
        }
    }

    /// News said at once (no microphone): the recording's own come with the frames that poll for them.
    var hasNews: Bool { !pending.isEmpty }

    func takeNews(now: Time) -> [VoiceNews] {
        var news = pending
        pending.removeAll()
        if listening, let chunk = capture?.take(), !chunk.isEmpty {
            if recording { samples += chunk }
            let peak = Double(chunk.reduce(Float(0)) { max($0, abs($1)) })
            let level = (min(1, peak) * 100).rounded() / 100
            if level != lastLevel { news.append(.level(level)); lastLevel = level }
        }
        return news + written.take()
    }

    private func stop() {
        capture?.close()
        capture = nil
        listening = false
        recording = false
    }

    /// Writes `said` as `name` and a timestamp (.wav) on a background thread; the news follow.
    private func write(_ said: [Float], name: String) {
        let stamp = DateFormatter()
        stamp.dateFormat = "yyyy-MM-dd HH.mm.ss"
        stamp.locale = Locale(identifier: "en_US_POSIX")
        let safe = name.map { $0 == "/" || $0 == "\0" ? "-" : $0 }
        let url = folder.appendingPathComponent("\(String(safe)) \(stamp.string(from: Date())).wav")
        let rate = sampleRate, mailbox = written
        DispatchQueue.global(qos: .userInitiated).async {
            let news: VoiceNews
            do {
                try AudioEncoder.write(said, sampleRate: rate, channels: 1, codec: .wav, to: url)
                news = .saved(path: url.path, seconds: Double(said.count) / Double(rate))
            } catch {
                news = .failed("\(url.path): the recording cannot be written (\(ErrorWords.reason(error)))")
            }
            mailbox.post(news)
        }
    }
}
