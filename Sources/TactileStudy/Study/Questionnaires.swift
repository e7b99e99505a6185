/// The standard questionnaires' scoring, as their authors define it.
public enum Questionnaires {
    /// The System Usability Scale (Brooke, 1996): ten items answered 1 (strongly disagree) … 5
    /// (strongly agree); odd items count answer − 1, even ones 5 − answer, and the sum × 2.5 gives
    /// 0 … 100. Nil unless there are exactly ten answers, each 1 … 5.
    public static func susScore(_ answers: [Int]) -> Double? {
        guard answers.count == 10, answers.allSatisfy({ (1...5).contains($0) }) else { return nil }
        let sum = answers.enumerated().reduce(0) { total, item in total + (item.offset % 2 == 0 ? item.element - 1 : 5 - item.element) }
        return Double(sum) * 2.5
    }

    /// The System Usability Scale's ten items, in order (Brooke, 1996).
    public static let susItems = [
        "I think that I would like to use this system frequently.",
        "I found the system unnecessarily complex.",
        "I thought the system was easy to use.",
        "I think that I would need the support of a technical person to be able to use this system.",
        "I found the various functions in this system were well integrated.",
        "I thought there was too much inconsistency in this system.",
        "I would imagine that most people would learn to use this system very quickly.",
        "I found the system very cumbersome to use.",
        "I felt very confident using the system.",
        "I needed to learn a lot of things before I could get going with this system.",
    ]

    /// The Single Ease Question (Sauro): "Overall, how difficult or easy was the task to
    /// complete?", 1 (very difficult) … 7 (very easy). Whether `answer` is one of its points.
    public static func isSEQAnswer(_ answer: Int) -> Bool { (1...7).contains(answer) }
}
