import TactileUI

/// The calibration wizard's words (`tactile calibrate`: the person setting up a touchscreen),
/// with each language's words.
public enum CalibrationText: String, StringTable {
    case tapCross, testDots, save, again, cancel, onALine, offTheCross, distance

    public static let tables: [Language: [CalibrationText: String]] = [.en: english, .de: german, .ar: arabic]

    /// English: the table every other falls back to.
    static let english: [CalibrationText: String] = [
        .tapCross: "Tap the centre of the cross ({n} of {count})",
        .testDots: "Touch the grey dots to test",
        .save: "Save",
        .again: "Again",
        .cancel: "Cancel",
        .onALine: "Those taps lie on a line: once more, please, on each cross",
        .offTheCross: "One of those taps was off its cross by {points} pt: once more, please",
        .distance: "{points} pt",
    ]

    /// German: longer words than English.
    static let german: [CalibrationText: String] = [
        .tapCross: "Tippe auf die Mitte des Kreuzes ({n} von {count})",
        .testDots: "Berühre zum Testen die grauen Punkte",
        .save: "Sichern",
        .again: "Neu",
        .cancel: "Abbrechen",
        .onALine: "Diese Tipps liegen auf einer Linie: bitte noch einmal, auf jedes Kreuz",
        .offTheCross: "Ein Tipp lag {points} pt neben seinem Kreuz: bitte noch einmal",
        .distance: "{points} pt",
    ]

    /// Arabic, read right to left.
    static let arabic: [CalibrationText: String] = [
        .tapCross: "المس مركز العلامة ({n} من {count})",
        .testDots: "المس النقاط الرمادية للاختبار",
        .save: "حفظ",
        .again: "إعادة",
        .cancel: "إلغاء",
        .onALine: "هذه اللمسات على خط واحد: مرة أخرى من فضلك، على كل علامة",
        .offTheCross: "ابتعدت إحدى اللمسات {points} نقطة عن علامتها: مرة أخرى من فضلك",
        .distance: "{points} نقطة",
    ]
}

extension Strings {
    /// The calibration's label for `key`.
    public subscript(_ key: CalibrationText) -> String { self[text: key] }
}
