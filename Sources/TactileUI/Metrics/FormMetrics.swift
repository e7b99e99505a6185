import TactileCore

extension ViewMetrics {
    /// The form's sizes (see `Form`).
    public var form: Form {
        get { self[group: Form.self] }
        set { self[group: Form.self] = newValue }
    }

    /// A full-screen form: a questionnaire's item, and a study's own screens (participant number,
    /// consent, the part about to begin, thanks). Its panel's margin, padding and corner radius
    /// (12, 16, 18 pt); the heading, progress and body text (13 pt semibold, 13 pt, 20 pt
    /// semibold question, 15 pt body, lines 1.3 em apart); answer buttons at least `minimumTarget`
    /// a side (44 pt, a finger's reach) and at most `largestAnswer` (64 pt), `answerGap` apart
    /// (4 pt), with the scale's end words under them (32 pt high); choices 52 pt high, 8 pt
    /// apart; the Back and Next buttons 52 × 120 pt, 12 pt apart; the scrim's darkness (0.55).
    public struct Form: ViewMetricsGroup {
        public var margin = 12.0, padding = 16.0, radius = 18.0
        public var headingFont = Font(size: 13, weight: .semibold), progressFont = Font(size: 13, weight: .regular)
        public var questionFont = Font(size: 20, weight: .semibold), bodyFont = Font(size: 15, weight: .regular)
        public var headingHeight = 18.0, progressHeight = 18.0, lineHeight = 1.3, questionMaximumLines = 6, bodyGap = 12.0, questionGap = 24.0
        public var minimumTarget = 44.0, largestAnswer = 64.0, answerGap = 4.0, answerRadius = 12.0
        public var answerFont = Font(size: 17, weight: .semibold), endFont = Font(size: 12, weight: .medium), endHeight = 32.0
        public var choiceHeight = 52.0, choiceGap = 8.0, choiceInset = 16.0
        public var buttonHeight = 52.0, buttonWidth = 120.0, buttonGap = 12.0, buttonRadius = 14.0
        public var scrim = 0.55
        /// How far a word wider than its column gives way in size before it is split (German's
        /// "Teilnehmernummer" beside a keypad, "überhaupt" under a scale at ×3). 0.5.
        public var longWordSmallestShare = 0.5
        /// The least share of the panel the scrolling body keeps over a foot that stays in place;
        /// on a shorter screen (landscape at ×3) the foot scrolls with the body, at its end. 0.4.
        public var pinnedFootLeastShare = 0.4
        /// The participant-number keypad: keys 64 pt a side at most, 10 pt apart; the number 34 pt.
        public var keyMaximum = 64.0, keyGap = 10.0, numberFont = Font(size: 34, weight: .semibold), numberHeight = 48.0
        public init() {}

        /// These sizes for text `k` times as large (`--ui-scale`): the fonts by `k`; the targets,
        /// the lines and the gaps by `k` but never below their designed size (a finger is no
        /// smaller for small text); the panel's margin, padding and corners and the answers'
        /// insets as designed; a
        /// question on as many more lines as the text is larger (the body scrolls).
        public func scaled(by k: Double) -> Form {
            guard k != 1 else { return self }
            var f = self
            for path in [\Form.headingFont, \.progressFont, \.questionFont, \.bodyFont, \.answerFont, \.endFont, \.numberFont] {
                f[keyPath: path].size *= k
            }
            let grow = max(1, k)
            for path in [
                \Form.headingHeight, \.progressHeight, \.bodyGap, \.questionGap, \.minimumTarget, \.largestAnswer, \.answerGap,
                \.answerRadius, \.endHeight, \.choiceHeight, \.choiceGap, \.buttonHeight, \.buttonWidth, \.buttonGap, \.buttonRadius,
                \.keyMaximum, \.keyGap, \.numberHeight,
            ] {
                f[keyPath: path] *= grow
            }
            f.questionMaximumLines = Int((Double(questionMaximumLines) * grow).rounded(.up))
            return f
        }
    }
}
