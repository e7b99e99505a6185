import XCTest
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileUI

/// The voice-over by touch, with a stand-in microphone the host session drives as it drives
/// the window's: Audio, Voice-over, Record; a count-in of three ticks with the meter moving;
/// the picture plays silently while it records; Stop keeps it as a clip on its own track where
/// the recording began; one undo takes it away; Cancel throws a recording away; a failure is said.
final class VoiceOverTests: XCTestCase {
    /// A microphone that hears what the test says it hears and writes nothing.
    final class StandInMicrophone: VoiceRecording {
        var commands: [VoiceCommand] = []
        var news: [VoiceNews] = []
        /// Whether there is no microphone (asked when the panel opens).
        var missing = false
        func carryOut(_ command: VoiceCommand, now: Time) {
            commands.append(command)
            if command == .check && missing { news.append(.noMicrophone) }
        }
        var hasNews: Bool { !news.isEmpty }
        func takeNews(now: Time) -> [VoiceNews] {
            defer { news.removeAll() }
            return news
        }
    }

    private func harness(_ mic: StandInMicrophone) -> EditorHarness {
        var services = HostServices()
        services.voice = mic
        return EditorHarness(services: services)
    }

    private func openPanel(_ h: EditorHarness) {
        h.tap("toolbar.add.audio")
        h.run(until: h.now + .seconds(0.5))
        h.tap("mediaBrowser.voiceOver")
        XCTAssertNil(h.element("mediaBrowser"), "the browser gives way to the panel")
        XCTAssertEqual(h.element("voiceOver")?.state["phase"], .string("ready"))
    }

    func testACountInThenARecordingBecomesAClipOnItsOwnTrackAndOneUndoTakesItAway() throws {
        let mic = StandInMicrophone(), h = harness(mic)
        h.state.playhead = .seconds(2); h.frame()
        openPanel(h)
        XCTAssertEqual(h.element("voiceOver")?.state["hint"], .string("Records from 0:02 after a count of 3"))
        h.tap("voiceOver.record")
        XCTAssertEqual(mic.commands, [.check, .listen], "asked whether there is one as the panel opened; opened for the count-in")
        XCTAssertEqual(h.element("voiceOver.count")?.state["count"], .number(3))
        mic.news = [.level(0.42)]
        h.run(until: h.now + .seconds(1.2))
        XCTAssertEqual(h.element("voiceOver.meter")?.state["level"], .number(0.42), "the meter moves during the count-in")
        XCTAssertEqual(h.element("voiceOver.count")?.state["count"], .number(2))
        XCTAssertGreaterThanOrEqual(h.cues.filter { $0.reason == "countIn" }.count, 2, "a tick as it starts and each second")
        h.run(until: h.now + .seconds(2))
        XCTAssertEqual(h.element("voiceOver")?.state["phase"], .string("recording"))
        XCTAssertEqual(mic.commands, [.check, .listen, .record])
        XCTAssertNil(h.element("voiceOver.count"))
        XCTAssertNotNil(h.state.playback, "the picture plays on while the voice is recorded")
        h.run(until: h.now + .seconds(1.5))
        XCTAssertGreaterThan(h.state.playhead, .seconds(3.4), "from where the recording began")
        h.tap("voiceOver.record")
        XCTAssertEqual(mic.commands.last, .keep(name: "Voice-over 1"))
        XCTAssertEqual(h.element("voiceOver")?.state["phase"], .string("saving"))
        XCTAssertNil(h.state.playback)
        mic.news = [.saved(path: "/tmp/voice-over-1.wav", seconds: 1.6)]
        h.run(until: h.now + .seconds(0.2))
        XCTAssertNil(h.element("voiceOver"), "the panel closes with the clip in place")
        let (clip, track) = try XCTUnwrap(h.state.project.clip(withID: "voice-1"))
        XCTAssertEqual(clip.start, .seconds(2), "where the recording began")
        XCTAssertEqual(clip.duration, .seconds(1.6))
        XCTAssertEqual(clip.media, "/tmp/voice-over-1.wav")
        XCTAssertEqual(clip.title, "Voice-over 1")
        XCTAssertEqual(h.state.project.tracks[track].clips.count, 1, "on a track of its own")
        XCTAssertEqual(h.state.project.tracks[track].kind, .audio)
        XCTAssertEqual(h.state.selection, "voice-1")
        XCTAssertEqual(h.state.banner?.message, "“Voice-over 1” added (1.6s)")
        XCTAssertEqual(h.log.last { $0.kind == "edit" }?.fields["edit"], .string("voiceOver"))
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project, DemoProject.make(), "one undo takes it away")
    }

    func testARecordingFromTheProjectsEndKeepsItsClockAndMeterGoing() {
        let mic = StandInMicrophone(), h = harness(mic)
        h.state.playhead = h.state.project.duration; h.frame()
        openPanel(h)
        h.tap("voiceOver.record")
        h.run(until: h.now + .seconds(3.2))
        mic.news = [.level(0.3)]
        h.run(until: h.now + .seconds(2.1))
        XCTAssertEqual(h.element("voiceOver")?.state["hint"], .string("Recording 0:02"), "frames go on past where playback stops")
        XCTAssertEqual(h.element("voiceOver.meter")?.state["level"], .number(0.3))
    }

    func testCancelDuringARecordingThrowsItAwayAndATapOutsideDoesNothing() {
        let mic = StandInMicrophone(), h = harness(mic)
        openPanel(h)
        h.tap("voiceOver.record")
        h.run(until: h.now + .seconds(3.5))
        XCTAssertEqual(h.element("voiceOver")?.state["phase"], .string("recording"))
        h.tap(Point(x: 195, y: 60))
        XCTAssertEqual(h.element("voiceOver")?.state["phase"], .string("recording"), "a tap outside loses no recording")
        h.tap("voiceOver.action")
        XCTAssertNil(h.element("voiceOver"))
        XCTAssertEqual(mic.commands.last, .discard)
        XCTAssertNil(h.state.playback)
        XCTAssertEqual(h.state.project, DemoProject.make())
    }

    func testAMicrophoneThatFailsIsSaidAndASessionWithoutOneGivesUpAfterAWhile() {
        let mic = StandInMicrophone(), h = harness(mic)
        openPanel(h)
        h.tap("voiceOver.record")
        mic.news = [.failed("no microphone: no capture device")]
        h.run(until: h.now + .seconds(0.3))
        XCTAssertEqual(h.element("voiceOver")?.state["phase"], .string("ready"))
        XCTAssertEqual(h.element("voiceOver")?.state["hint"], .string("no microphone: no capture device"))
        XCTAssertEqual(h.state.banner?.isError, true)

        // No news at all after Stop: the panel says so after editing.voiceOverSaveWait.
        h.tap("voiceOver.record")
        h.run(until: h.now + .seconds(3.5))
        h.tap("voiceOver.record")
        h.run(until: h.now + .seconds(11))
        XCTAssertEqual(h.element("voiceOver")?.state["phase"], .string("ready"))
        XCTAssertEqual(h.element("voiceOver")?.state["hint"], .string("no recording came back from the microphone"))
    }

    /// The review's case: with no microphone, Record stayed enabled and a tap showed a raw ALSA
    /// error cut off mid-word. The panel says so as it opens, whole, and Record waits for one.
    func testWithNoMicrophoneThePanelSaysSoBeforeAnyTapAndRecordWaitsForOne() throws {
        let mic = StandInMicrophone(), h = harness(mic)
        mic.missing = true
        openPanel(h)
        h.run(until: h.now + .seconds(0.2))
        XCTAssertEqual(mic.commands.first, .check, "asked as the panel opened")
        let panel = try XCTUnwrap(h.element("voiceOver"))
        XCTAssertEqual(panel.state["microphone"], .bool(false))
        let sentence = "No microphone found. Plug one in (USB, or a headset's) and open Voice-over again."
        XCTAssertEqual(panel.state["hint"], .string(sentence))
        XCTAssertEqual(h.element("voiceOver.record")?.state["enabled"], .bool(false), "Record waits for a microphone")
        // Every word of it is drawn, on as many lines as it takes (none cut with "…").
        let drawn = h.output.drawList.commands.compactMap { c -> String? in
            if case let .text(run) = c { return run.text }; return nil
        }
        let words = drawn.filter { $0.count > 12 && sentence.contains($0) }
        XCTAssertEqual(words.joined(separator: " "), sentence, "\(drawn)")
        h.tap("voiceOver.record")
        XCTAssertFalse(mic.commands.contains(.listen), "a tap opens nothing")
        XCTAssertEqual(h.element("voiceOver")?.state["phase"], .string("ready"))
    }

    func testTheVoiceNewsRoundTripThroughATrace() throws {
        let events: [InputEvent] = [
            .voice(.level(0.4271), time: .seconds(1)), .voice(.saved(path: "/a b/v.wav", seconds: 2.00049), time: .seconds(2)),
            .voice(.failed("no \"mic\""), time: .seconds(3)), .voice(.saved(path: "/v.wav", seconds: 1234.5678), time: .seconds(4)),
            .voice(.noMicrophone, time: .seconds(5)),
        ]
        let text = Trace(viewport: Size(width: 390, height: 844), events: events).serialized()
        XCTAssertTrue(text.contains("\"type\":\"voice\",\"level\":0.43"), text)
        XCTAssertEqual(try Trace.parse(text).events, events)
        XCTAssertThrowsError(try Trace.parse(text.replacingOccurrences(of: "\"level\":0.43", with: "\"level\":7"))) {
            XCTAssertTrue("\($0)".contains("level"), "\($0)")
        }
    }
}
