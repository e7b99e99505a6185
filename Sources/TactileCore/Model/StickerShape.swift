/// The stickers the picker offers, each drawn by our own draw list (no image files).
public enum StickerShape: String, CaseIterable, Hashable, Sendable {
    case star, heart, bolt, arrow, bubble, sun, smile, sparkle

    /// The name shown under it in the picker and on its clip.
    public var title: String {
        switch self {
        case .star: return "Star"
        case .heart: return "Heart"
        case .bolt: return "Bolt"
        case .arrow: return "Arrow"
        case .bubble: return "Bubble"
        case .sun: return "Sun"
        case .smile: return "Smile"
        case .sparkle: return "Sparkle"
        }
    }
}
