import TactileUI

/// The labels of a study's own screens (participant number, consent, parts, thanks), with each language's words.
public enum StudyText: String, StringTable {
    // A study's own screens: "Part {n} of {count}".
    case participantNumber, start, agree, decline, partNumber, practice, practiceIntro, partIntro, thankYou, thankYouDone
    case declinedThanks, clear, consentHeading, partIntroChanged

    public static let tables: [Language: [StudyText: String]] = [.en: english, .de: german, .ar: arabic]

    /// English: the table every other falls back to.
    static let english: [StudyText: String] = [
        .participantNumber: "Participant number",
        .start: "Start",
        .agree: "I agree",
        .decline: "I do not agree",
        .partNumber: "Part {n} of {count}",
        .practice: "Practice",
        .practiceIntro: "First, a short task to try the editor. It does not count.",
        .partIntro: "Next: a few tasks with this version of the editor, then some questions about it.",
        .partIntroChanged: "The editor has changed: it now works a little differently. Next: a few tasks with this new version, then some questions about it.",
        .thankYou: "Thank you!",
        .thankYouDone: "That is everything. Please tell the researcher you are done.",
        .declinedThanks: "Thank you for your time. Nothing was recorded.",
        .clear: "Clear",
        .consentHeading: "Before we begin",
    ]

    /// German: longer words than English, a decimal comma.
    static let german: [StudyText: String] = [
        .participantNumber: "Teilnehmernummer",
        .start: "Start",
        .agree: "Ich stimme zu",
        .decline: "Ich stimme nicht zu",
        .partNumber: "Teil {n} von {count}",
        .practice: "Übung",
        .practiceIntro: "Zuerst eine kurze Aufgabe zum Ausprobieren. Sie zählt nicht.",
        .partIntro: "Als Nächstes einige Aufgaben mit dieser Version des Editors, danach ein paar Fragen dazu.",
        .partIntroChanged:
            "Der Editor hat sich geändert: Er funktioniert jetzt etwas anders. Als Nächstes einige Aufgaben mit dieser neuen Version, danach ein paar Fragen dazu.",
        .thankYou: "Vielen Dank!",
        .thankYouDone: "Das war alles. Bitte sag der Versuchsleitung, dass du fertig bist.",
        .declinedThanks: "Danke für deine Zeit. Es wurde nichts aufgezeichnet.",
        .clear: "Löschen",
        .consentHeading: "Bevor wir beginnen",
    ]

    /// Arabic, read right to left (the chrome mirrors).
    static let arabic: [StudyText: String] = [
        .participantNumber: "رقم المشارك",
        .start: "ابدأ",
        .agree: "أوافق",
        .decline: "لا أوافق",
        .partNumber: "الجزء {n} من {count}",
        .practice: "تمرين",
        .practiceIntro: "أولًا، مهمة قصيرة لتجربة المحرر. لا تُحتسب.",
        .partIntro: "التالي: بضع مهام بهذه النسخة من المحرر، ثم بعض الأسئلة عنها.",
        .partIntroChanged: "تغيّر المحرر: أصبح يعمل بطريقة مختلفة قليلًا. التالي: بضع مهام بهذه النسخة الجديدة، ثم بعض الأسئلة عنها.",
        .thankYou: "شكرًا لك!",
        .thankYouDone: "هذا كل شيء. من فضلك أخبر الباحث أنك انتهيت.",
        .declinedThanks: "شكرًا على وقتك. لم يُسجَّل أي شيء.",
        .clear: "مسح",
        .consentHeading: "قبل أن نبدأ",
    ]
}

extension Strings {
    /// A study screen's label for `key`.
    public subscript(_ key: StudyText) -> String { self[text: key] }

    /// A study screen's label for `key` with its `{name}` placeholders filled in (see `format(text:_:)`).
    public func format(_ key: StudyText, _ values: [String: String]) -> String { format(text: key, values) }
}
