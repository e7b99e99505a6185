import Foundation
import TactileApp
import TactileTestSupport
import TactileCore
import TactileStudy
import TactileEditor
import TactileInput
import TactileKiosk
import TactileHeadless

/// The valid files each kind of fuzz case starts from, made in code: the demo project over its
/// media, the attract tour, a configuration with a variant, a test plan with every kind of
/// condition, and a recorded session folder with every file a session holds.
public struct FuzzSeeds {
    public let project: String
    public let trace: String
    public let configuration: String
    public let plan: String
    /// A short trace the plan cases replay.
    public let planTrace: URL
    /// A session folder (trace, projects, configuration, plan, notices, log).
    public let session: URL
    /// A study file (variants from `seeds/study-variants.json`, practice, tasks, questionnaires,
    /// markers), to be written into the fuzzer's folder.
    public let study: String
    /// A study's results folder: two participants' answers, block logs and study logs.
    public let results: URL

    public init(folder: URL) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        let demo = MediaProject.demo().project
        project = String(decoding: ProjectFile.encode(demo), as: UTF8.self)
        trace = AttractTour.text
        configuration = """
            {"timeline": {"snapThreshold": 8, "physics": {"rubberBandCoefficient": 0.5}},
             "input": {"longPressDuration": 0.4, "tapSlop": 12},
             "layout": {"handleHitMultiplier": 3, "viewport": {"width": 390, "height": 844}},
             "media": {"fineScrubDistances": [0, 40, 90], "fineScrubSpeeds": [1, 0.5, 0.2]},
             "touchscreen": {"ignoreRegions": [{"x": 0, "y": 0, "width": 0.05, "height": 1}]},
             "kiosk": {"exitCornerSequence": ["topLeft", "topRight", "bottomRight"], "pin": "2580"},
             "variants": {"B": {"timeline": {"snapThreshold": 2}, "cues": {"silenced": ["selection"]}}}}
            """
        plan = """
            {"title": "Fuzz", "tasks": [
              {"id": "delete-star", "prompt": "Delete the Star sticker", "done": [{"path": "clip:star", "exists": false}], "timeLimit": 30},
              {"id": "trim", "prompt": "Trim Beach", "done": [{"path": "tracks[0].clips[0].duration", "atMost": 4, "within": 0.1},
                                                               {"path": "clip:beach.start", "equals": 0}, {"path": "tracks", "count": 3},
                                                               {"path": "name", "equals": "Demo"}, {"path": "clip:city.end", "atLeast": 1}]}
            ]}
            """
        var events: [InputEvent] = []
        for (t, x, y) in [(0.3, 369.0, 660.0), (1.0, 356.0, 778.0), (2.0, 249.0, 606.0)] {
            events += [.touch(.down, id: 1, at: Point(x: x, y: y), time: .seconds(t)), .touch(.up, id: 1, at: Point(x: x, y: y), time: .seconds(t + 0.08))]
        }
        let short = Trace(viewport: Size(width: 390, height: 844), events: events)
        planTrace = folder.appendingPathComponent("plan-trace.jsonl")
        try short.serialized().write(to: planTrace, atomically: true, encoding: .utf8)

        session = folder.appendingPathComponent("session")
        try? fm.removeItem(at: session)
        try fm.createDirectory(at: session, withIntermediateDirectories: true)
        let frames = stride(from: 0.0, through: 2.2, by: 1.0 / 30).map { Time.seconds(($0 * 1_000_000).rounded() / 1_000_000) }
        try Trace(viewport: short.viewport, events: events, frames: frames, framesPerSecond: 60).serialized()
            .write(to: session.appendingPathComponent("trace.jsonl"), atomically: true, encoding: .utf8)
        try ProjectFile.save(demo, to: session.appendingPathComponent("project-start.json"))
        try ProjectFile.save(demo, to: session.appendingPathComponent("project-end.json"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try ConfigurationSchema.tactile.encode(TactileConfiguration(), with: encoder).write(to: session.appendingPathComponent("config.json"))
        try plan.write(to: session.appendingPathComponent("plan.json"), atomically: true, encoding: .utf8)
        try "[\"holiday.mp4: Not a media file FFmpeg recognises.\"]\n".write(
            to: session.appendingPathComponent("notices.json"), atomically: true, encoding: .utf8)
        try "{\"t\":0.3,\"kind\":\"select\",\"clip\":\"star\"}\n{\"t\":1,\"kind\":\"miss\",\"x\":1,\"y\":2,\"distance\":3}\n"
            .write(to: session.appendingPathComponent("log.jsonl"), atomically: true, encoding: .utf8)

        try #"{"variants": {"outside": {"feel": {"handlesInside": false}}, "inside": {"feel": {"handlesInside": true}}}}"#
            .write(to: folder.appendingPathComponent("study-variants.json"), atomically: true, encoding: .utf8)
        study = """
            {"title": "Trim handles", "consent": "You will edit a short video.", "configuration": "seeds/study-variants.json",
             "variants": ["outside", "inside"], "design": {"variants": "within", "tasks": "counterbalanced"},
             "practice": {"prompt": "Select Beach", "done": [{"path": "selection", "equals": "beach"}]},
             "tasks": [{"id": "delete", "prompt": "Delete the Star sticker", "done": [{"path": "clip:star", "exists": false}], "timeLimit": 60},
                       {"id": "trim", "prompt": "Trim Beach to 4 seconds", "done": [{"path": "clip:beach.duration", "equals": 4, "within": 0.1}]}],
             "questionnaires": {"seq": true, "sus": true, "custom": [{"id": "fun", "title": "Fun", "items": [
                {"id": "fun1", "text": "It was fun", "scale": 7, "low": "No", "high": "Yes"}, {"id": "pick", "text": "Which?", "choices": ["A", "B"]}]}]},
             "markers": {"1": "confusion", "2": "error"}}
            """
        results = folder.appendingPathComponent("results")
        try? fm.removeItem(at: results)
        for n in 1...2 {
            let blocks = [
                StudyFixture.Block(
                    variant: "outside", attempts: [("delete", true, 12.5), ("trim", n == 1, 30)], seq: ["delete": 6, "trim": 3],
                    sus: [4, 2, 4, 1, 5, 2, 4, 2, 4, 1], signals: [(.rage, "trim")]),
                StudyFixture.Block(
                    variant: "inside", attempts: [("delete", true, 9), ("trim", true, 20)], seq: ["delete": 7, "trim": 5],
                    sus: [5, 1, 5, 1, 5, 1, 5, 1, 5, 1]),
            ]
            try StudyFixture.write(participant: n, blocks: n == 1 ? blocks : blocks.reversed(), variants: ["outside", "inside"], into: results)
            try #"{"t":0,"kind":"consent","participant":"P0\#(n)","agreed":true}"#.appending("\n")
                .write(to: results.appendingPathComponent("P0\(n)/study-log.jsonl"), atomically: true, encoding: .utf8)
        }
    }
}
