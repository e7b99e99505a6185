import TactileCore
import TactileInput
import TactileUI

/// `tactile calibrate`: a full-screen wizard, run by the same shells as the editor. It asks for a
/// tap on each of 4 (or 9) crosses, fits the affine map from where the panel reported them to
/// where they are (`AffineCalibration`), then shows a test grid on which every touch is drawn
/// where the new map puts it, with its distance to the nearest grid point, until the person
/// saves it, starts again or cancels (Escape). Touches must arrive raw: the shell runs with no
/// calibration of its own (see `rawTouchscreen`).
public final class CalibrationSession: LaysOutScreens {
    /// How the wizard ended.
    public enum Result: Equatable, Sendable {
        case saved(AffineCalibration)
        case cancelled
    }

    public private(set) var viewport: Size
    public let targets: [Point]
    /// Where the panel reported each target tapped so far, in fractions of the screen.
    public private(set) var reported: [Point] = []
    /// The fitted map, once every target was tapped.
    public private(set) var fit: AffineCalibration?
    /// The test grid's touches, where the new map puts them (points).
    public private(set) var testTouches: [Point] = []
    public private(set) var result: Result?
    /// A message under the instructions ("The taps lie on a line: again, please").
    public private(set) var notice: String?
    /// What the last pass put on screen (targets, buttons), for `inspect`-like checks.
    public private(set) var elements: [UIElement] = []
    public var refusesQuit: Bool { false }

    private let measurer: TextMeasurer
    private let theme: Theme
    private var memory: UIMemory
    private var lastPicture: DrawList?
    /// The last pass as laid out, for the layout check.
    private var laidOut: ScreenLayout?

    /// A wizard over `viewport` with `points` targets (4 or 9).
    public init(
        viewport: Size, points: Int, appearance: TactileConfiguration.Appearance, input: TactileConfiguration.Input, measurer: TextMeasurer, theme: Theme? = nil
    ) {
        self.viewport = viewport
        self.measurer = measurer
        self.theme = theme ?? Theme(appearance: appearance)
        let m = self.theme.metrics.calibration
        targets = AffineCalibration.targets(count: points, inset: m.targetInset)
        memory = UIMemory(input: input)
    }

    /// The touchscreen settings the shell should run with: the device chosen and the bezel
    /// regions kept, every turn and calibration taken off, so that the wizard sees raw touches.
    public static func rawTouchscreen(_ s: TactileConfiguration.Touchscreen) -> TactileConfiguration.Touchscreen {
        var raw = TactileConfiguration.Touchscreen()
        raw.deviceName = s.deviceName
        raw.ignoreRegions = s.ignoreRegions
        return raw
    }

    public func resize(to viewport: Size) { self.viewport = viewport }

    public func nextDue(after now: Time) -> (time: Time, reason: String)? { nil }

    public func screenLayouts(at now: Time) -> [ScreenLayout] { [laidOut ?? ScreenLayout(name: "phone", size: viewport)] }

    public func step(_ input: [InputEvent], now: Time, context: StepContext) -> ShellFrame {
        var frame = ShellFrame()
        for event in input {
            switch event.kind {
            case .key(.escape):
                result = .cancelled
            case let .touch(id, phase, location):
                if fit == nil {
                    // Collecting: where the finger landed on the current target.
                    if phase == .down, reported.count < targets.count {
                        reported.append(Point(x: location.x / viewport.width, y: location.y / viewport.height))
                        if reported.count == targets.count { finishCollecting() }
                    }
                } else {
                    // Testing: touches go through the new map, to the grid and the buttons.
                    let mapped = map(location)
                    if phase == .down { testTouches.append(mapped); if testTouches.count > 20 { testTouches.removeFirst() } }
                    pass([InputEvent(time: event.time, kind: .touch(id: id, phase: phase, location: mapped))], now: now)
                }
            case .focusLost:
                pass([event], now: now)
            default:
                break
            }
            if result != nil { break }
        }
        let picture = pass([], now: now)
        if picture != lastPicture {
            frame.drawList = picture
            lastPicture = picture
        }
        if result != nil { frame.commands.append(.exit) }
        return frame
    }

    /// A point on the screen where the fitted map puts a raw one.
    private func map(_ p: Point) -> Point {
        guard let fit else { return p }
        let f = fit.apply(Point(x: p.x / viewport.width, y: p.y / viewport.height))
        return Point(x: f.x * viewport.width, y: f.y * viewport.height)
    }

    private func finishCollecting() {
        guard let f = AffineCalibration.fit(reported: reported, targets: targets) else {
            notice = theme.strings[.onALine]
            reported = []
            return
        }
        fit = f
        // Taps that no single map explains (one of them far off its cross): ask again.
        if let worst = largestError, worst > theme.metrics.calibration.acceptableError {
            fit = nil
            notice = theme.strings.format(text: CalibrationText.offTheCross, ["points": theme.strings.digits("\(Int(worst.rounded()))")])
            reported = []
            return
        }
        notice = nil
    }

    /// The largest distance, in points, from a tapped target to the target once mapped.
    public var largestError: Double? {
        guard let fit else { return nil }
        return zip(reported, targets).map { r, t in
            let p = fit.apply(r)
            return Point(x: p.x * viewport.width, y: p.y * viewport.height).distance(to: Point(x: t.x * viewport.width, y: t.y * viewport.height))
        }.max()
    }

    /// One UI pass: the picture, and the buttons' taps.
    @discardableResult
    private func pass(_ touches: [InputEvent], now: Time) -> DrawList {
        let ui = UIContext(memory: memory, touches: touches, now: now, viewport: viewport, measurer: measurer, theme: theme)
        let m = theme.metrics.calibration, s = theme.strings
        ui.fill(Rect(origin: .zero, size: viewport), Color(hex: 0x000000))
        let instructions = Rect(x: 0, y: viewport.height * 0.3, width: viewport.width, height: m.instructionsHeight)
        if fit != nil {
            // The test grid: dots spread evenly; each touch drawn where the new map puts it.
            let n = max(2, m.gridCount), step = 1 / Double(n)
            let grid = (0..<n).flatMap { j in
                (0..<n).map { i in
                    Point(x: viewport.width * step * (Double(i) + 0.5), y: viewport.height * step * (Double(j) + 0.5))
                }
            }
            for g in grid { ui.draw.add(.fillCircle(center: g, radius: m.gridDot, theme.textSecondary)) }
            for t in testTouches {
                let nearest = grid.min { $0.distance(to: t) < $1.distance(to: t) }!
                ui.draw.add(.line(from: nearest, to: t, theme.textSecondary, width: m.gridLine))
                ui.draw.add(.fillCircle(center: t, radius: m.touchDot, theme.accent))
                ui.text(
                    s.format(text: CalibrationText.distance, ["points": s.digits("\(Int(nearest.distance(to: t).rounded()))")]),
                    in: Rect(x: t.x + m.touchDot + m.gridLine, y: t.y - m.distanceHeight / 2, width: m.distanceWidth, height: m.distanceHeight),
                    font: m.captionFont, color: theme.textPrimary)
            }
            ui.text(
                s[.testDots], in: instructions, font: ui.font(fitting: s[.testDots], width: instructions.width - 2 * m.buttonGap, from: m.font),
                color: theme.textPrimary, alignment: .center)
            let width = min(m.buttonWidth, (viewport.width - 4 * m.buttonGap) / 3)
            let row = Rect(
                x: (viewport.width - 3 * width - 2 * m.buttonGap) / 2, y: instructions.maxY + m.buttonGap,
                width: 3 * width + 2 * m.buttonGap, height: m.buttonHeight)
            for (i, (id, label)) in [
                ("calibrate.save", s[CalibrationText.save]), ("calibrate.again", s[CalibrationText.again]), ("calibrate.cancel", s[CalibrationText.cancel]),
            ].enumerated() {
                // Save first where the reading starts (on the right, in Arabic).
                let frame = theme.mirrored(Rect(x: row.x + Double(i) * (width + m.buttonGap), y: row.y, width: width, height: m.buttonHeight), in: row)
                let tapped = ui.button(id, label: label, frame: frame) { look in
                    ui.fill(
                        look.frame, look.pressed ? theme.accent.opacity(0.6) : (i == 0 ? theme.accent : theme.textSecondary.opacity(0.3)),
                        radius: m.buttonRadius)
                    ui.text(
                        label, in: look.frame, font: ui.font(fitting: label, width: look.frame.width - 8, from: m.font), color: theme.textPrimary,
                        alignment: .center)
                }
                guard tapped else { continue }
                switch i {
                case 0: result = .saved(self.fit!)
                case 1: reported = []; self.fit = nil; testTouches = []
                default: result = .cancelled
                }
            }
        } else {
            let n = reported.count
            let target = Point(x: targets[min(n, targets.count - 1)].x * viewport.width, y: targets[min(n, targets.count - 1)].y * viewport.height)
            ui.draw.add(
                .line(
                    from: Point(x: target.x - m.crossArm, y: target.y), to: Point(x: target.x + m.crossArm, y: target.y), theme.textPrimary, width: m.crossLine)
            )
            ui.draw.add(
                .line(
                    from: Point(x: target.x, y: target.y - m.crossArm), to: Point(x: target.x, y: target.y + m.crossArm), theme.textPrimary, width: m.crossLine)
            )
            ui.draw.add(.strokeCircle(center: target, radius: m.ringRadius, theme.accent, width: m.crossLine))
            ui.element(
                UIElement(
                    id: "calibrate.target", role: "calibrationTarget", label: "Target \(n + 1) of \(targets.count)",
                    frame: Rect(x: target.x - m.crossArm, y: target.y - m.crossArm, width: 2 * m.crossArm, height: 2 * m.crossArm)))
            let words = s.format(text: CalibrationText.tapCross, ["n": s.digits("\(n + 1)"), "count": s.digits("\(targets.count)")])
            ui.text(
                words, in: instructions, font: ui.font(fitting: words, width: instructions.width - 2 * m.buttonGap, from: m.font), color: theme.textPrimary,
                alignment: .center)
            if let notice {
                ui.text(
                    notice, in: Rect(x: 0, y: instructions.maxY, width: viewport.width, height: m.instructionsHeight / 2), font: m.captionFont,
                    color: theme.warning, alignment: .center)
            }
        }
        memory = ui.finish()
        elements = ui.elements
        laidOut = ui.laidOut()
        return ui.draw
    }
}
