import TactileUI

/// The words a kiosk shows its visitors and staff (the invitation, the exit hold's ring, the PIN
/// pad), with each language's words.
public enum KioskText: String, StringTable {
    case invitation, keepHolding, enterPin, wrongPin, lockedOut, cancel, delete

    public static let tables: [Language: [KioskText: String]] = [.en: english, .de: german, .ar: arabic]

    /// English: the table every other falls back to.
    static let english: [KioskText: String] = [
        .invitation: "Touch anywhere to try it",
        .keepHolding: "Keep holding to exit",
        .enterPin: "Enter the PIN to exit",
        .wrongPin: "Wrong PIN",
        .lockedOut: "Too many wrong PINs. Try again in {seconds} s",
        .cancel: "Cancel",
        .delete: "Delete",
    ]

    /// German: longer words than English.
    static let german: [KioskText: String] = [
        .invitation: "Zum Ausprobieren berühren",
        .keepHolding: "Halten zum Beenden",
        .enterPin: "Zum Beenden PIN eingeben",
        .wrongPin: "Falsche PIN",
        .lockedOut: "Zu viele falsche PINs. Erneut in {seconds} s",
        .cancel: "Abbrechen",
        .delete: "Löschen",
    ]

    /// Arabic, read right to left.
    static let arabic: [KioskText: String] = [
        .invitation: "المس الشاشة لتجربته",
        .keepHolding: "استمر في اللمس للخروج",
        .enterPin: "أدخل الرمز للخروج",
        .wrongPin: "رمز خاطئ",
        .lockedOut: "محاولات خاطئة كثيرة. حاول مجددًا بعد {seconds} ث",
        .cancel: "إلغاء",
        .delete: "حذف",
    ]
}

extension Strings {
    /// The kiosk's label for `key`.
    public subscript(_ key: KioskText) -> String { self[text: key] }
}
