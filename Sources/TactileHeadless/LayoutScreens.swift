import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileUI

/// A screen or state a person reaches, and how: taps on elements by id, keys, typed words, a
/// shelf's news (the project list), a held hand; on the editor's session (with a test plan, in a
/// kiosk, with settings of its own) or another one made for the cell (a study's, calibration).
public struct LayoutScreen: Sendable {
    public enum Step: Sendable {
        case tap(String)
        /// A tap where no element is named (a calibration target), as a share of the screen.
        case tapAt(Point)
        /// So many fingers held down across the screen's middle for so long (a kiosk's way out).
        case hold(fingers: Int, seconds: Double)
        case key(Key)
        case text(String)
        case projects(ProjectNews)
        /// Time passes (a task's outcome shows for a moment before its question).
        case wait(Double)
        /// The tuning panel opens, in the lab panel beside the phone.
        case openTuning
        /// The lab panel's words go beside the phone (a window with room for it).
        case panelOutside
        /// A finger drags across the element by so many points (scrolls the timeline).
        case drag(String, dx: Double)
        /// A finger presses the element and stays down so long (the screen is looked at while it does).
        case press(String, seconds: Double)
    }

    public var name: String
    public var steps: [Step]
    /// A test plan the session runs (its task card and questionnaires on screen), as its file holds it.
    public var plan: String?
    /// The screen's own settings over the cell's (the lab panel's overlays, a kiosk's PIN).
    public var settings: (@Sendable (inout TactileConfiguration) -> Void)?
    /// Whether the editor runs as a kiosk (its attract loop, its way out).
    public var kiosk = false
    /// Whether the lab's instruments draw over the phone (the arena's cards): their words name
    /// settings, gestures and rules as the configuration file and the logs do, in English on
    /// purpose, so the screen is not checked for translation. The lab panel beside the phone never is.
    public var labWords = false
    /// Another way to the same state where the first one's elements are not on the screen (the
    /// title's rename in a landscape title bar too short for it: the project list's Rename).
    public var otherWay: [Step]?
    /// Another session than the editor's, made for the cell.
    public var session: (@Sendable (LayoutSetup) throws -> any LaysOutScreens)?

    public init(
        _ name: String, _ steps: [Step], otherWay: [Step]? = nil, plan: String? = nil, kiosk: Bool = false, labWords: Bool = false,
        settings: (@Sendable (inout TactileConfiguration) -> Void)? = nil, session: (@Sendable (LayoutSetup) throws -> any LaysOutScreens)? = nil
    ) {
        self.name = name; self.steps = steps; self.otherWay = otherWay; self.plan = plan; self.kiosk = kiosk; self.labWords = labWords
        self.settings = settings; self.session = session
    }
}

/// What a screen's own session is made with: the cell, its settings, the project and the fonts.
public struct LayoutSetup {
    public var cell: LayoutCell
    public var configuration: TactileConfiguration
    public var project: Project
    public var measurer: TextMeasurer
}

extension LayoutMatrix {
    /// The shelf the project list shows in the matrix.
    static let shelf: [ProjectListing] = [
        ProjectListing(id: "p-road", name: "Road trip to the lakes", duration: .seconds(94.5), clips: 23, modified: 1_796_000_000),
        ProjectListing(id: "p-bday", name: "Birthday", duration: .seconds(31), clips: 1, modified: 1_795_000_000),
    ]

    /// A test plan with one task and the Single Ease Question after it (and a questionnaire of
    /// its own at the end, which the walk does not reach: skipping the task asks the SEQ).
    static let plan = """
        {"title": "Study", "tasks": [{"id": "t1", "prompt": "Delete the Star sticker, then move the Hello text to the end", "done": [{"path": "clip:star", "exists": false}]}],
         "afterEachTask": "seq",
         "atEnd": [{"id": "end", "title": "One more thing", "items": [
            {"id": "which", "text": "Which did you prefer?", "choices": ["A", "B", "No preference"]},
            {"id": "grab", "text": "The handles were easy to grab.", "scale": 5, "low": "Strongly disagree", "high": "Strongly agree"}]}]}
        """

    /// Every screen and state the check walks.
    public static var screens: [LayoutScreen] {
        var out: [LayoutScreen] = [LayoutScreen("editor", [])]
        for (clip, kind, sections) in [
            ("beach", "video", ClipSheetSection.allCases), ("music", "sound", [.speed, .volume, .fades]), ("hello", "text", []), ("star", "sticker", []),
        ] {
            // A clip past the timeline's right edge (a narrow column) is scrolled into view first.
            out.append(
                LayoutScreen(
                    "\(kind) clip selected", [.tap("clip:" + clip)], otherWay: [.drag("timeline.background", dx: -240), .tap("clip:" + clip)]))
            for section in sections {
                out.append(
                    LayoutScreen(
                        "\(kind) clip's sheet, \(section.rawValue)", [.tap("clip:" + clip), .tap("clipChip"), .tap("clipSheet.section." + section.rawValue)]))
            }
        }
        out += [
            LayoutScreen("Add Video", [.tap("toolbar.add.video")]), LayoutScreen("Add Audio", [.tap("toolbar.add.audio")]),
            LayoutScreen("Add Image", [.tap("toolbar.add.image")]), LayoutScreen("voice-over", [.tap("toolbar.add.audio"), .tap("mediaBrowser.voiceOver")]),
            LayoutScreen("formats", [.tap("formatButton")]), LayoutScreen("stickers", [.tap("toolbar.add.sticker")]),
            LayoutScreen("transitions", [.tap("junction:city")]), LayoutScreen("export", [.tap("toolbar.export")]),
            LayoutScreen("typing a new text", [.tap("toolbar.add.text")]),
            // Where the title bar has no room for its rename (a landscape phone), the project list's Rename.
            LayoutScreen("renaming the project", [.tap("titleBar.rename")], otherWay: toRowActions + [.tap("projects.rename:p-road")]),
            LayoutScreen("nothing to undo", [.key(.undo)]),
            // Held, a bar's button shows its name large where the bars draw under the scale asked.
            LayoutScreen("a bar button held", [.press("toolbar.add.sticker", seconds: 0.8)]),
            LayoutScreen("task card", [], plan: plan), LayoutScreen("the question after a task", [.tap("task.skip"), .wait(3)], plan: plan),
            LayoutScreen("project list", toRowActions),
            LayoutScreen("the SUS at the end", [.tap("task.skip"), .wait(3)], plan: susPlan),
        ]
        return out + labScreens + kioskScreens
    }

    /// To the project list, a row's actions open (the shelf's answers as a replay gives them).
    static let toRowActions: [LayoutScreen.Step] = [
        .tap("titleBar.projects"), .projects(.kept(id: "p-demo")), .projects(.listed(shelf)), .tap("projects.more:p-road"),
    ]

    /// A test plan whose task is followed by the System Usability Scale.
    static let susPlan = """
        {"title": "Study", "tasks": [{"id": "t1", "prompt": "Trim Beach", "done": [{"path": "clip:beach.duration", "equals": 1}]}], "atEnd": ["sus"]}
        """

    /// The lab's screens: the tuning panel and the lab panel's words beside the phone, the
    /// arena's cards over it, the calibration.
    static var labScreens: [LayoutScreen] {
        [
            LayoutScreen("tuning panel", [.openTuning]),
            LayoutScreen(
                "lab panel", [.panelOutside, .tap("clip:beach")],
                settings: { c in
                    c.overlays.monitor = true; c.overlays.arena = true; c.overlays.pointerLocation = true
                }),
            LayoutScreen("arena over the phone", [.tap("clip:beach"), .tap("clip:city")], labWords: true, settings: { c in c.overlays.arena = true }),
            LayoutScreen("calibration", [], session: { setup in calibration(setup) }),
            LayoutScreen("calibration's test", calibrationTargets.map { .tapAt($0) }, session: { setup in calibration(setup) }),
        ]
    }

    /// The calibration's four targets, where a perfect panel reports them.
    static var calibrationTargets: [Point] { AffineCalibration.targets(count: 4, inset: ViewMetrics().calibration.targetInset) }

    static func calibration(_ setup: LayoutSetup) -> CalibrationSession {
        CalibrationSession(
            viewport: setup.cell.size, points: 4, appearance: setup.configuration.theme, input: setup.configuration.input, measurer: setup.measurer)
    }

    /// The kiosk's screens: its attract loop, and the PIN pad its way out opens.
    static var kioskScreens: [LayoutScreen] {
        let pin: @Sendable (inout TactileConfiguration) -> Void = { c in
            c.kiosk.pin = "2468"; c.kiosk.exitHoldDuration = 1
        }
        return [
            LayoutScreen("kiosk's attract loop", [.wait(6)], kiosk: true, settings: pin),
            LayoutScreen("kiosk's PIN pad", [.tap("clip:beach"), .hold(fingers: 5, seconds: 1.5)], kiosk: true, settings: pin),
        ]
    }
}
