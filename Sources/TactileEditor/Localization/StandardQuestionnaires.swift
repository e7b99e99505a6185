import TactileUI

/// The standard questionnaires in each shipped language (`Questionnaire.seq`, `.sus`), with
/// where each translation comes from. A validated translation, when one is at hand, replaces
/// ours here (ids, items and scales stay, so the SUS is still scored).
///
/// - German SUS: the translation SAP's usability specialists consolidated (Reinhardt et al. 2013;
///   Rummel, "System Usability Scale – jetzt auch auf Deutsch", SAP, 2016), the one German
///   studies most often use; its anchors "Stimme überhaupt nicht zu" … "Stimme voll zu".
/// - German SEQ, Arabic SEQ and SUS: our translations, not validated; no published one was at
///   hand (the validated Arabic SUS, AlGhannam et al. 2018, should replace ours when it is).
extension Questionnaire {
    /// This questionnaire as a participant reads it in `language`: the standard ones translated
    /// (their ids, items and scales unchanged, so answers pool across languages), a study's own
    /// as its author wrote it.
    public func shown(in language: Language) -> Questionnaire {
        guard language != .en, isStandard, let words = Self.translations[id]?[language] else { return self }
        var out = self
        out.title = words.title
        for (n, text) in words.items.enumerated() where n < out.items.count {
            out.items[n].text = text
            if case let .likert(points, _, _) = out.items[n].scale { out.items[n].scale = .likert(points: points, low: words.low, high: words.high) }
        }
        return out
    }

    /// Whether this is one of the standard questionnaires (whose words are ours), not a study's own.
    public var isStandard: Bool { self == .seq || self == .sus }

    struct Words {
        var title: String
        var items: [String]
        var low: String
        var high: String
    }

    static let translations: [String: [Language: Words]] = [
        "seq": [
            .de: Words(
                title: "Zur Aufgabe, die du gerade gemacht hast", items: ["Wie schwierig oder einfach war es insgesamt, die Aufgabe zu erledigen?"],
                low: "Sehr schwierig", high: "Sehr einfach"),
            .ar: Words(
                title: "عن المهمة التي أنهيتها للتو", items: ["بشكل عام، ما مدى صعوبة أو سهولة إكمال هذه المهمة؟"], low: "صعبة جدًا", high: "سهلة جدًا"),
        ],
        "sus": [
            .de: Words(
                title: "Zu dieser Version des Editors",
                items: [
                    "Ich denke, dass ich das System gerne häufig benutzen würde.",
                    "Ich fand das System unnötig komplex.",
                    "Ich fand das System einfach zu benutzen.",
                    "Ich glaube, ich würde die Hilfe einer technisch versierten Person benötigen, um das System benutzen zu können.",
                    "Ich fand, die verschiedenen Funktionen in diesem System waren gut integriert.",
                    "Ich denke, das System enthielt zu viele Inkonsistenzen.",
                    "Ich kann mir vorstellen, dass die meisten Menschen den Umgang mit diesem System sehr schnell lernen.",
                    "Ich fand das System sehr umständlich zu nutzen.",
                    "Ich fühlte mich bei der Benutzung des Systems sehr sicher.",
                    "Ich musste eine Menge lernen, bevor ich anfangen konnte das System zu verwenden.",
                ], low: "Stimme überhaupt nicht zu", high: "Stimme voll zu"),
            .ar: Words(
                title: "عن هذه النسخة من المحرر",
                items: [
                    "أعتقد أنني سأرغب في استخدام هذا النظام بشكل متكرر.",
                    "وجدتُ النظام معقّدًا بلا داعٍ.",
                    "وجدتُ النظام سهل الاستخدام.",
                    "أعتقد أنني سأحتاج إلى مساعدة شخص متخصص تقنيًا لأتمكن من استخدام هذا النظام.",
                    "وجدتُ أن الوظائف المختلفة في هذا النظام متكاملة بشكل جيد.",
                    "وجدتُ أن في هذا النظام قدرًا كبيرًا من عدم الاتساق.",
                    "أتوقع أن معظم الناس سيتعلمون استخدام هذا النظام بسرعة كبيرة.",
                    "وجدتُ النظام مرهقًا جدًا في الاستخدام.",
                    "شعرتُ بثقة كبيرة أثناء استخدام النظام.",
                    "احتجتُ إلى تعلّم أشياء كثيرة قبل أن أتمكن من البدء في استخدام هذا النظام.",
                ], low: "لا أوافق بشدة", high: "أوافق بشدة"),
        ],
    ]
}
