/// A SUS score's grade on Sauro and Lewis's curved grading scale (Quantifying the User
/// Experience, 2nd ed., 2016, table 8.5), with the percentile range of scores it stands for: a
/// researcher reads "B, percentiles 70–79" where 75.3 alone says little.
public struct SUSGrade: Hashable, Sendable {
    public var grade: String
    /// The lowest score with this grade.
    public var from: Double
    public var percentiles: ClosedRange<Int>

    /// The scale, best grade first.
    public static let scale: [SUSGrade] = [
        .init(grade: "A+", from: 84.1, percentiles: 96...100), .init(grade: "A", from: 80.8, percentiles: 90...95),
        .init(grade: "A−", from: 78.9, percentiles: 85...89), .init(grade: "B+", from: 77.2, percentiles: 80...84),
        .init(grade: "B", from: 74.1, percentiles: 70...79), .init(grade: "B−", from: 72.6, percentiles: 65...69),
        .init(grade: "C+", from: 71.1, percentiles: 60...64), .init(grade: "C", from: 65.0, percentiles: 41...59),
        .init(grade: "C−", from: 62.7, percentiles: 35...40), .init(grade: "D", from: 51.7, percentiles: 15...34),
        .init(grade: "F", from: 0, percentiles: 0...14),
    ]

    /// The grade of `score` (0 … 100; the scale's ranges are to one decimal, so a score is rounded
    /// to one first).
    public static func of(_ score: Double) -> SUSGrade {
        let rounded = (score * 10).rounded() / 10
        return scale.first { rounded >= $0.from } ?? scale[scale.count - 1]
    }

    /// "B (percentiles 70–79)".
    public var text: String { "\(grade) (percentiles \(percentiles.lowerBound)–\(percentiles.upperBound))" }

    /// The sentence under a SUS table.
    public static let note =
        "Grades on Sauro and Lewis's curved grading scale (2016): C is average (65.0–71.0, the 41st–59th percentiles of their "
        + "studies), A is 80.8 or more (the top tenth), F below 51.7 (the bottom 15 %)."
}
