import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileKiosk
import TactileUI

/// One defect the layout check found on a screen: what kind, the elements (or drawn words) it is
/// about, where they are, and a sentence saying it.
public struct LayoutFinding: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Two touch targets' hit frames overlap, neither inside the other, and no overlap is declared.
        case overlap
        /// A touch target lies wholly under a later one (it can never be touched), not under a modal screen.
        case hidden
        /// Words of the chrome drawn cut with "…".
        case cutText
        /// A word of the chrome split inside across two lines.
        case wordSplit
        /// A touch target reaching past the screen's edge.
        case offScreen
        /// A touch target under 44 pt in either direction.
        case smallTarget
        /// English words of ours on a screen in another language.
        case untranslated
    }

    public var kind: Kind
    /// The elements' ids (touch targets), or the words drawn (text findings).
    public var subjects: [String]
    /// Where they are, in points.
    public var frames: [Rect]
    public var detail: String

    public init(_ kind: Kind, _ subjects: [String], _ frames: [Rect], _ detail: String) {
        self.kind = kind; self.subjects = subjects; self.frames = frames; self.detail = detail
    }
}

/// The layout check (issue 49): one frame's touch targets, elements and drawn words against the
/// rules a screen must keep at every size, scale and language. Pure: it reads a frame's output.
///
/// Declared on purpose, and so not found:
/// - a target inside another (a button on its sheet, a row in its list) sits on it;
/// - a target covering the whole screen (a modal's dimmed backdrop, the project list) hides
///   every target before it, which then need no checking;
/// - an element may say `sitsOn` (an id or an id's prefix before `:`) for a target it overlaps
///   on purpose; it must then be the later one (on top: it wins the touch);
/// - an element may say `secondary` (a smaller target beside a larger one for the same thing);
/// - an element may say `tiled` (a keyboard's key, its slot abutting its neighbours'): its width
///   may be under 44 pt, its height not;
/// - an element in a scrolling view may say `reachWidth`, its target's width before the view's
///   window cuts it (a trim handle at the timeline's edge);
/// - a backdrop (an id ending in `scrim`: the dimmed screen behind a sheet, which closes it; or
///   an element that says `covers`, as a study's task card) hides what it wholly covers before
///   it, and what comes after sits on it.
public struct LayoutCheck: Sendable {
    /// The platforms' least touch target, in points. 44.
    public var minimumTarget = 44.0
    /// How far past a rule a frame may be before it counts (rounding), in points. 0.5.
    public var tolerance = 0.5
    /// For a screen in another language than English: each English label of ours whose words
    /// differ there (what an English word on that screen was meant to be).
    public var englishOnly: Set<String> = []
    /// Whether the screen's language is written in another script than Latin (Arabic): a Latin
    /// word of three letters or more in the chrome is then one left untranslated.
    public var nonLatin = false
    /// Whether the screen's language is another one in Latin letters (German): words that read
    /// as English (`readsAsEnglish`) are then ours left untranslated, in a table or not.
    public var foreignLatin = false

    public init(englishOnly: Set<String> = [], nonLatin: Bool = false, foreignLatin: Bool = false) {
        self.englishOnly = englishOnly; self.nonLatin = nonLatin; self.foreignLatin = foreignLatin
    }

    /// The check for a screen in `language`; `tables`: other modules' string tables besides the
    /// editor's, the UI's, the kiosk's and the calibration's (a study's screens).
    public static func forLanguage(_ language: Language, tables: [any StringTable.Type] = []) -> LayoutCheck {
        LayoutCheck(
            englishOnly: englishOnly(in: language, tables: tables), nonLatin: language.isRightToLeft,
            foreignLatin: language != .en && !language.isRightToLeft)
    }

    /// The English labels whose words differ in `language` and are no label's words there ("Start"
    /// is German too), from the tables.
    public static func englishOnly(in language: Language, tables more: [any StringTable.Type] = []) -> Set<String> {
        guard language != .en else { return [] }
        var english: Set<String> = [], local: Set<String> = []
        func read<T: StringTable>(_: T.Type) {
            let en = T.tables[.en] ?? [:], there = T.tables[language] ?? [:]
            local.formUnion(there.values)
            for (key, words) in en where there[key] != words && !words.contains("{") && words.filter(\.isLetter).count >= 3 {
                // Placeholders and single letters are no words to find.
                english.insert(words)
            }
        }
        let tables: [any StringTable.Type] = [EditorText.self, UIText.self, KioskText.self, CalibrationText.self] + more
        for table in tables { read(table) }
        return english.subtracting(local)
    }

    /// English words no German sentence has, and short ones that give English away in pairs:
    /// words of ours in no table (a string written straight into a view) on a German screen.
    static let englishWords: Set<String> = ["the", "and", "you", "your", "with", "this", "that", "tap", "touch", "please", "are", "was", "there"]
    static let englishShortWords: Set<String> = ["to", "of", "is", "it", "for", "on", "no", "a"]

    /// Whether `text` reads as English: one word only English has, or two short ones.
    static func readsAsEnglish(_ text: String) -> Bool {
        let words = text.lowercased().split { !$0.isLetter }.map(String.init)
        return words.contains(where: englishWords.contains) || words.filter(englishShortWords.contains).count >= 2
    }

    public func findings(elements: [UIElement], targets: [TouchTarget], texts: [TextRun], viewport: Size) -> [LayoutFinding] {
        let screen = Rect(origin: .zero, size: viewport)
        let byID = Dictionary(elements.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        // What a backdrop hides need not be checked (a modal covering the whole screen hides
        // everything before it): only what is on it.
        var shown: [TouchTarget] = []
        for t in targets where !t.frame.intersection(screen).isEmpty {
            let visible = t.frame.intersection(screen)
            if visible.width * visible.height >= 0.99 * viewport.width * viewport.height {
                shown.removeAll()
            } else if t.id.hasSuffix("scrim") || byID[t.id]?.state["covers"] == .bool(true) {
                shown.removeAll { t.frame.insetBy(dx: -tolerance, dy: -tolerance).contains($0.frame) }
            }
            shown.append(t)
        }
        var out = overlaps(shown, byID: byID) + sizes(shown, byID: byID, screen: screen)
        out += words(texts)
        return out
    }

    private func overlaps(_ targets: [TouchTarget], byID: [String: UIElement]) -> [LayoutFinding] {
        var out: [LayoutFinding] = []
        func declared(_ top: TouchTarget, on under: TouchTarget) -> Bool {
            guard case let .string(sits)? = byID[top.id]?.state["sitsOn"] else { return false }
            return sits.split(separator: ",").contains { under.id == $0 || under.id.hasPrefix($0 + ":") }
        }
        for (i, a) in targets.enumerated() {
            for b in targets[(i + 1)...] where a.id != b.id && !a.id.hasSuffix("scrim") && !b.id.hasSuffix("scrim") {
                let overlap = a.frame.intersection(b.frame)
                guard overlap.width > tolerance, overlap.height > tolerance else { continue }
                // A target inside an earlier one sits on it (a button on its sheet).
                if a.frame.insetBy(dx: -tolerance, dy: -tolerance).contains(b.frame) { continue }
                if declared(b, on: a) { continue }
                if b.frame.insetBy(dx: -tolerance, dy: -tolerance).contains(a.frame) {
                    out.append(LayoutFinding(.hidden, [a.id, b.id], [a.frame, b.frame], "\(a.id) lies wholly under \(b.id): it can never be touched"))
                } else {
                    out.append(
                        LayoutFinding(
                            .overlap, [a.id, b.id], [a.frame, b.frame],
                            "\(a.id) and \(b.id) overlap by \(Self.points(overlap.width)) × \(Self.points(overlap.height)) pt (\(b.id) takes the touch there)"))
                }
            }
        }
        return out
    }

    private func sizes(_ targets: [TouchTarget], byID: [String: UIElement], screen: Rect) -> [LayoutFinding] {
        var out: [LayoutFinding] = []
        for t in targets {
            let element = byID[t.id]
            if !screen.insetBy(dx: -tolerance, dy: -tolerance).contains(t.frame) {
                out.append(LayoutFinding(.offScreen, [t.id], [t.frame], "\(t.id) reaches past the screen's edge"))
            }
            if element?.state["secondary"] == .bool(true) { continue }
            // The element's whole frame where a list's window cuts its target (a row half scrolled away).
            var whole = element.map { Rect(x: 0, y: 0, width: max($0.frame.width, t.frame.width), height: max($0.frame.height, t.frame.height)) } ?? t.frame
            if element?.state["tiled"] == .bool(true) { whole.width = minimumTarget }
            // A target a scrolling view's window cuts (a trim handle at the timeline's edge) is
            // judged by its whole width, which its element reports.
            if case let .number(reach)? = element?.state["reachWidth"] { whole.width = max(whole.width, reach) }
            if whole.width < minimumTarget - tolerance || whole.height < minimumTarget - tolerance {
                out.append(
                    LayoutFinding(
                        .smallTarget, [t.id], [t.frame],
                        "\(t.id) is \(Self.points(whole.width)) × \(Self.points(whole.height)) pt, under \(Self.points(minimumTarget)) pt"))
            }
        }
        return out
    }

    private func words(_ texts: [TextRun]) -> [LayoutFinding] {
        var out: [LayoutFinding] = []
        // A person's own words (a name, a title, a file) may be cut, and are not ours to translate.
        for run in texts where !run.isUsersOwn {
            if run.text.hasSuffix("…") {
                out.append(LayoutFinding(.cutText, [run.text], [run.frame], "\"\(run.text)\" is cut"))
            }
            if run.text.hasSuffix(TextRun.splitHyphen) {
                out.append(LayoutFinding(.wordSplit, [run.text], [run.frame], "\"\(run.text)\" splits a word across lines"))
            }
            let bare = run.text.trimmingCharacters(in: .whitespaces)
            if englishOnly.contains(bare) || englishOnly.contains(where: { bare.hasPrefix($0 + " ") || bare.hasSuffix(" " + $0) })
                || (nonLatin && Self.hasLatinWord(bare)) || (foreignLatin && Self.readsAsEnglish(bare))
            {
                out.append(LayoutFinding(.untranslated, [run.text], [run.frame], "\"\(run.text)\" is English on a screen in another language"))
            }
        }
        return out
    }

    static func points(_ v: Double) -> String { String(format: "%.0f", v) }

    /// Whether `text` has a word of three Latin letters or more.
    static func hasLatinWord(_ text: String) -> Bool {
        var run = 0
        for c in text.unicodeScalars {
            run = ("a"..."z").contains(c) || ("A"..."Z").contains(c) ? run + 1 : 0
            if run >= 3 { return true }
        }
        return false
    }
}
