/// How a visual clip's picture fills a composition of another shape (CapCut's "canvas"
/// options). A picture of the composition's own shape looks the same in all three.
public enum PictureFit: String, Codable, Sendable, CaseIterable {
    /// The whole picture, as large as fits; black bars where the shapes differ.
    case fit
    /// The composition filled: the picture as large as covers it, its overflow cut off.
    case fill
    /// The whole picture as large as fits, on a blurred copy of itself filling the bars.
    case blur
}
