import Foundation
import TactileCore
import TactileHeadless
import TactileUI

/// The study's own screens for the layout check (`tactile lint-layout`): the participant's
/// number on the keypad, the consent, a part's introduction, the thanks after a decline. Each
/// runs a real study session over a small study in a folder of its own.
extension StudySession {
    /// A study with a consent long enough to scroll, a practice task and one part.
    static let layoutStudy = """
        {"title": "Trim handles: outside or inside the clip",
         "consent": "Thank you for helping us. You will edit a short video on a phone-sized screen, then answer a few questions. We record your touches and your answers under a number, never your name. You may stop at any moment without giving a reason.",
         "configuration": "variants.json", "variants": ["a"],
         "tasks": [{"id": "trim", "prompt": "Trim Beach to 4 seconds", "done": [{"path": "clip:beach.duration", "equals": 4, "within": 0.25}]}]}
        """

    /// The screens, each on a study session made for the cell.
    public static var layoutScreens: [LayoutScreen] {
        [
            LayoutScreen("study's participant number", [.tap("study.key.4"), .tap("study.key.2")], session: { try session($0, participant: nil) }),
            LayoutScreen("study's consent", [], session: { try session($0, participant: 7) }),
            LayoutScreen("study's part introduction", [.tap("study.agree")], session: { try session($0, participant: 7) }),
            LayoutScreen("study's thanks after a decline", [.tap("study.decline")], session: { try session($0, participant: 7) }),
        ]
    }

    /// A study session for `setup`'s cell, its results in a temporary folder emptied for it (the
    /// walk runs one session at a time).
    static func session(_ setup: LayoutSetup, participant: Int?) throws -> StudySession {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-layout-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"variants": {"a": {}}}"#.utf8).write(to: folder.appendingPathComponent("variants.json"))
        let study = try StudyFile.parse(Data(layoutStudy.utf8), folder: folder)
        let s = StudySession(
            study: study, folder: folder, participant: participant, configuration: setup.configuration, measurer: setup.measurer,
            project: setup.project, viewport: setup.cell.size)
        s.wallClock = { Date(timeIntervalSince1970: 1_800_000_000) }
        return s
    }
}

extension LayoutCheck {
    /// The check for a screen in `language` that knows the study's words too.
    public static func withStudy(_ language: Language) -> LayoutCheck { forLanguage(language, tables: [StudyText.self]) }
}
