import XCTest
import TactileCore
import TactileInput
import TactileHost
@testable import TactileUI
@testable import TactileEditor

/// The chrome in other languages (issue 14): labels from a strings table, numbers as the locale
/// writes them, and a mirrored chrome for right-to-left languages while the timeline runs left to right.
final class LocalizationTests: XCTestCase {
    private func harness(_ locale: String, viewport: Size? = nil) -> EditorHarness {
        var c = TactileConfiguration()
        c.theme.locale = locale
        return EditorHarness(configuration: c, viewport: viewport)
    }

    func testEveryLanguageSaysEveryLabel() {
        for language in Language.allCases {
            XCTAssertEqual(EditorText.allCases.filter { (EditorText.tables[language]?[$0] ?? "").isEmpty }, [], "\(language) lacks editor labels")
            XCTAssertEqual(UIText.allCases.filter { (UIText.tables[language]?[$0] ?? "").isEmpty }, [], "\(language) lacks the UI's labels")
        }
        XCTAssertEqual(Language(localeIdentifier: "ar_EG.UTF-8"), .ar)
        XCTAssertEqual(Language(localeIdentifier: "de-DE"), .de)
        XCTAssertEqual(Language(localeIdentifier: "C.UTF-8"), .en, "a locale Tactile does not speak is English")
        XCTAssertTrue(Language.ar.isRightToLeft)
    }

    func testNumbersAreWrittenAsTheLocaleWritesThem() {
        XCTAssertEqual(Strings(localeIdentifier: "ar_EG").digits("0:03 / 0:21"), "٠:٠٣ / ٠:٢١")
        XCTAssertEqual(Strings(localeIdentifier: "ar_EG").seconds("4.5s"), "٤٫٥ ث")
        XCTAssertEqual(Strings(localeIdentifier: "de_DE").seconds("4.5s"), "4,5 s")
        XCTAssertEqual(Strings(localeIdentifier: "en_US").seconds("4.5s"), "4.5s")
        XCTAssertEqual(Strings(localeIdentifier: "de_DE").digits("Clip 2. Teil"), "Clip 2. Teil", "a full stop after a number is no decimal point")
        XCTAssertEqual(Strings(localeIdentifier: "de").format(.files, ["count": "3"]), "3 Dateien")
        XCTAssertEqual(Strings(localeIdentifier: "en_US").percent(0.537), "53%")
        XCTAssertEqual(Strings(localeIdentifier: "de_DE").percent(0.537), "53\u{00A0}%", "a space that never breaks")
        XCTAssertEqual(Strings(localeIdentifier: "ar_EG").percent(1), "١٠٠٪\u{061C}", "with the Arabic letter mark the locale writes")
    }

    func testEveryDurationOnScreenIsWrittenTheLocalesWay() {
        func texts(_ h: EditorHarness) -> [String] {
            h.output.drawList.commands.compactMap {
                if case let .text(run) = $0 { return run.text }; return nil
            }
        }
        XCTAssertEqual(Strings(localeIdentifier: "ar_EG").duration(.seconds(4.5)), "٤٫٥ ث")
        XCTAssertEqual(Strings(localeIdentifier: "de_DE").rulerMark(.seconds(5)), "5 s")
        XCTAssertEqual(Strings(localeIdentifier: "ar_EG").rulerMark(.seconds(90)), "١:٣٠", "a timecode from a minute on")
        for (locale, mark, english) in [("ar_EG", "٥ ث", "5s"), ("de_DE", "5 s", "5s")] {
            let h = harness(locale)
            h.tap("clip:beach")
            let shown = texts(h)
            XCTAssertTrue(shown.contains(mark), "\(locale): the ruler's 5 s mark: \(shown)")
            XCTAssertFalse(shown.contains(english), "\(locale): no English mark beside localised labels")
            let badge = Strings(localeIdentifier: locale).duration(h.state.project.clip(withID: "beach")!.clip.duration)
            XCTAssertTrue(shown.contains(badge), "\(locale): the selected clip's badge \(badge): \(shown)")
            XCTAssertFalse(
                shown.contains { $0.range(of: #"^[0-9]+(\.[0-9])?s$"#, options: .regularExpression) != nil }, "\(locale): an English duration: \(shown)")
        }
    }

    func testTheTitleBarsTitleIsListedWithItsRole() {
        let h = harness("en")
        let title = h.element("titleBar.title")
        XCTAssertEqual(title?.role, "title")
        XCTAssertEqual(title?.label, "Demo")
        XCTAssertEqual(title?.state["fits"], .bool(true))
        XCTAssertGreaterThan(title?.frame.width ?? 0, 10)
    }

    func testArabicMirrorsTheChromeButNotTheTimeline() {
        let h = harness("ar_EG")
        let video = h.frameOf("toolbar.add.video"), delete = h.frameOf("toolbar.delete")
        XCTAssertGreaterThan(video.minX, delete.minX, "the toolbar reads from the right: Video first")
        XCTAssertEqual(h.element("toolbar.add.video")?.label, "فيديو")
        XCTAssertLessThan(h.frameOf("toolbar.undo").maxX, 195, "undo and redo at the left of the title bar")
        XCTAssertGreaterThan(h.frameOf("formatButton").minX, 195, "the format at the right")
        XCTAssertGreaterThan(h.frameOf("playButton").minX, 195, "play at the right of the player bar")
        XCTAssertLessThan(h.frameOf("clip:beach").minX, h.frameOf("clip:city").minX, "time still runs left to right on the timeline")
        XCTAssertEqual(h.element("timecode")?.label, "٠:٠٠ f٠٠ / ٠:٢١", "the locale's digits (paused: the frame)")
        XCTAssertEqual(h.element("formatButton")?.label, "Format 9:16", "inspect labels keep the format's name")
    }

    /// The review's case: "2×" read ٢× in the clip sheet and ×٢ in the player bar's mirrored line.
    func testTheSpeedReadsTheSameInThePlayerBarAsInTheClipSheet() {
        let h = harness("ar")
        var project = h.state.project
        let (_, track) = project.clip(withID: "beach")!
        let i = project.tracks[track].clips.firstIndex { $0.id == "beach" }!
        project.tracks[track].clips[i].speed = 2
        h.state.project = project
        h.frame()
        h.tap("clip:beach")
        let texts = h.output.drawList.commands.compactMap { c -> String? in
            if case let .text(run) = c { return run.text }; return nil
        }
        XCTAssertTrue(texts.contains { $0.contains("\u{2066}2×\u{2069}") }, "isolated left to right in the mirrored line: \(texts.filter { $0.contains("×") })")
    }

    func testArabicLandscapePutsTheRailLeftAndTheCanvasRight() {
        let h = harness("ar", viewport: Size(width: 844, height: 390))
        XCTAssertLessThan(h.frameOf("toolbar.add.video").maxX, 100, "the rail at the left edge")
        XCTAssertGreaterThan(h.frameOf("canvas").minX, 422, "the canvas column at the right")
        let english = harness("en", viewport: Size(width: 844, height: 390))
        XCTAssertGreaterThan(english.frameOf("toolbar.add.video").minX, 744)
    }

    func testTheArabicKeyboardHasArabicLettersAndNewClipsAreNamedInTheLanguage() {
        let h = harness("ar_EG")
        h.tap("toolbar.add.text")
        h.frame([.key(.escape, time: h.now)]) // its keyboard, opened at once, put away
        let added = h.state.project.tracks.flatMap(\.clips).first { $0.id.hasPrefix("text") }
        XCTAssertEqual(added?.title, "نص", "a new text is called \"text\" in Arabic")
        h.tap("clip:hello")
        h.now += .milliseconds(100)
        h.tap("clip:hello")
        h.run(until: h.now + .seconds(0.5))
        XCTAssertNotNil(h.element("key:ض"), "Arabic letters on the keyboard")
        XCTAssertNil(h.element("key:⇧"), "no shift: Arabic has no capitals")
        XCTAssertLessThan(h.frameOf("textEditor.done").maxX, 195, "Done at the left")
        h.tap("key:م")
        XCTAssertEqual(h.state.project.clip(withID: "hello")?.clip.title, "Hello!م")
    }

    func testGermanLabelsFitTheirButtons() {
        let h = harness("de_DE")
        XCTAssertEqual(h.element("toolbar.delete")?.label, "Löschen")
        for button in h.elements(role: "toolbarButton") where !["toolbar.undo", "toolbar.redo"].contains(button.id) { // captioned ones
            let width = FixedWidthTextMeasurer().measure(button.label, font: Theme().captionFont).width
            XCTAssertLessThanOrEqual(width, button.frame.width + 1, "\(button.label) fits under its icon")
        }
    }

    /// The review's case: "Add Video / Add Audio / Add Image" were English in every language. Every
    /// screen a user reaches, drawn in Arabic (whose words share no letter with English), shows
    /// no run of Latin letters but the user's own (clip titles, file names, the project's title)
    /// and the frame mark of a paused timecode: a literal in the chrome fails here.
    func testNoEnglishWordIsDrawnInTheChromeOfAnArabicEditor() throws {
        var c = TactileConfiguration()
        c.theme.locale = "ar_EG"
        // A session that can write a movie, so the export sheet is there too.
        let h = EditorHarness(configuration: c, services: HostServices(exporter: ExportSheetTests.ScriptedExporter()))
        var seen: [String: Set<String>] = [:]
        func look(_ screen: String) {
            h.frame()
            let data = Set(h.state.project.tracks.flatMap(\.clips).map(\.title) + [h.state.project.name])
            for command in h.output.drawList.commands {
                guard case let .text(run) = command else { continue }
                // The user's own words taken out: clip titles (whole, or cut with "…") and file names.
                var text = run.text
                for word in data.sorted(by: { $0.count > $1.count }) where !word.isEmpty { text = text.replacingOccurrences(of: word, with: "") }
                if let cut = text.range(of: #"[A-Za-z][A-Za-z ]*…"#, options: .regularExpression), data.contains(where: { $0.hasPrefix(text[cut].dropLast()) })
                {
                    text.removeSubrange(cut)
                }
                if text.range(of: #"\.[a-z0-9]{2,4}$"#, options: .regularExpression) != nil { continue }
                if text.range(of: "[A-Za-z]{2,}", options: .regularExpression) != nil { seen[screen, default: []].insert(run.text) }
            }
        }
        look("editor")
        for (button, screen) in [("toolbar.add.video", "videos"), ("toolbar.add.audio", "sounds"), ("toolbar.add.image", "pictures")] {
            h.tap(button)
            h.run(until: h.now + .seconds(0.5))
            look(screen)
            h.frame([.key(.escape, time: h.now)])
            h.run(until: h.now + .seconds(0.5))
        }
        h.tap("toolbar.add.sticker")
        look("stickers")
        h.frame([.key(.escape, time: h.now)])
        h.run(until: h.now + .seconds(0.5))
        XCTAssertFalse(h.state.stickerPicker, "Escape closed the stickers")
        h.tap("toolbar.export")
        h.run(until: h.now + .seconds(0.5))
        look("export")
        h.frame([.key(.escape, time: h.now)])
        h.run(until: h.now + .seconds(0.5))
        h.tap("formatButton")
        h.run(until: h.now + .seconds(0.5))
        look("formats")
        h.frame([.key(.escape, time: h.now)])
        h.tap("clip:beach")
        look("a selected clip")
        h.tap("clipChip")
        h.run(until: h.now + .seconds(0.5))
        look("clip sheet")
        h.frame([.key(.escape, time: h.now)])
        h.tap("toolbar.add.text")
        h.run(until: h.now + .seconds(0.5))
        look("text editing")
        XCTAssertTrue(seen.isEmpty, "English drawn in the Arabic chrome: \(seen)")
    }
}
