import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileUI

/// Drives the editor through the host session, as every shell does, on a virtual clock and with
/// a deterministic measurer: each `frame` is a session step in which the editor runs.
final class EditorHarness {
    let session: HostSession
    var now = Time.zero
    var output: FrameOutput!
    var log: [LogEvent] = []
    var cues: [CueEvent] = []

    init(
        project: Project = DemoProject.make(), configuration: TactileConfiguration = TactileConfiguration(), viewport: Size? = nil,
        library: MediaLibrary = MediaLibrary(), services: HostServices = HostServices()
    ) {
        session = HostSession(
            project: project, configuration: configuration, measurer: FixedWidthTextMeasurer(), viewport: viewport, library: library,
            services: services)
        frame()
    }

    /// The editor's state (settable: tests put the playhead or a selection first).
    var state: EditorState {
        get { session.state }
        set { session.state = newValue }
    }
    var editor: Editor { session.editor }
    /// The session's frame loop (what it waits for next).
    var loop: FrameLoop { session.loop }

    @discardableResult
    func frame(_ events: [InputEvent] = []) -> FrameOutput {
        _ = session.step(events, now: now, context: StepContext(mode: .always))
        output = session.lastOutput
        log += output.log
        cues += output.cues
        return output
    }

    func element(_ id: String) -> UIElement? { output.elements.first { $0.id == id } }

    func elements(role: String) -> [UIElement] { output.elements.filter { $0.role == role } }

    /// A tap: down, then up 80 ms later, each in its own frame.
    func tap(_ p: Point, finger: PointerID = 1) {
        frame([.touch(.down, id: finger, at: p, time: now)])
        now += .milliseconds(80)
        frame([.touch(.up, id: finger, at: p, time: now)])
    }

    /// A drag from `a` to `b` in `steps` moves 1/60 s apart, then (unless `hold`) a lift after
    /// resting `rest` seconds (so no fling).
    func drag(from a: Point, to b: Point, steps: Int = 12, finger: PointerID = 1, rest: Double = 0.15, hold: Bool = false) {
        frame([.touch(.down, id: finger, at: a, time: now)])
        for i in 1...steps {
            now += .frame(atRate: 60)
            let t = Double(i) / Double(steps)
            frame([.touch(.move, id: finger, at: Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), time: now)])
        }
        guard !hold else { return }
        run(until: now + .seconds(rest))
        frame([.touch(.up, id: finger, at: b, time: now)])
    }

    /// Two fingers about `centre`, `from` points apart, moving to `to` points apart while the
    /// line between them turns `turn` degrees clockwise and their centre shifts by `shift`, in
    /// `steps` moves; both lift after resting (unless `hold`). The first finger lands first.
    func twoFingers(
        about centre: Point, from: Double, to: Double, turn: Double = 0, shift: Point = .zero, steps: Int = 12,
        startAngle: Double = 0, hold: Bool = false
    ) {
        func fingers(_ k: Double) -> (Point, Point) {
            let d = (from + (to - from) * k) / 2, a = (startAngle + turn * k) * Double.pi / 180
            let c = Point(x: centre.x + shift.x * k, y: centre.y + shift.y * k)
            return (Point(x: c.x - cos(a) * d, y: c.y - sin(a) * d), Point(x: c.x + cos(a) * d, y: c.y + sin(a) * d))
        }
        let (a0, b0) = fingers(0)
        frame([.touch(.down, id: 1, at: a0, time: now)])
        now += .milliseconds(20)
        frame([.touch(.down, id: 2, at: b0, time: now)])
        for i in 1...steps {
            now += .frame(atRate: 60)
            let (a, b) = fingers(Double(i) / Double(steps))
            frame([.touch(.move, id: 1, at: a, time: now), .touch(.move, id: 2, at: b, time: now)])
        }
        guard !hold else { return }
        run(until: now + .seconds(0.15))
        let (a, b) = fingers(1)
        frame([.touch(.up, id: 2, at: b, time: now)])
        now += .milliseconds(20)
        frame([.touch(.up, id: 1, at: a, time: now)])
    }

    /// Element `id`'s frame.
    func frameOf(_ id: String) -> Rect {
        guard let e = element(id) else { fatalError("no element \(id) on screen") }
        return e.frame
    }

    /// Taps the centre of an element's hit frame.
    func tap(_ id: String) {
        guard let e = element(id) else { fatalError("no element \(id) on screen") }
        tap(e.hitFrame.center)
    }

    /// Advances the clock to `t`, running every frame that falls due on the way.
    func run(until t: Time) {
        while let due = session.nextWork(after: now), due.time <= t {
            now = max(now, due.time)
            frame()
        }
        now = max(now, t)
    }
}
