/// The labels the UI's own widgets show (the keyboard's keys, the unit after seconds), with each language's words.
public enum UIText: String, StringTable {
    /// The unit after a duration in seconds ("4.5s").
    case secondsUnit
    case keySpace, keyReturn

    public static let tables: [Language: [UIText: String]] = [.en: english, .de: german, .ar: arabic]

    /// English: the table every other falls back to.
    static let english: [UIText: String] = [
        .keySpace: "space",
        .keyReturn: "return",
        .secondsUnit: "s",
    ]

    /// German: longer words than English, a decimal comma.
    static let german: [UIText: String] = [
        .keySpace: "Leerzeichen",
        .keyReturn: "Zeilenumbruch",
        .secondsUnit: " s",
    ]

    /// Arabic, read right to left (the chrome mirrors).
    static let arabic: [UIText: String] = [
        .keySpace: "مسافة",
        .keyReturn: "إدخال",
        .secondsUnit: " ث",
    ]
}
