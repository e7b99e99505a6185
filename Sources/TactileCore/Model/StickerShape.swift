/// The stickers the picker offers, each drawn by our own draw list (no image files); their
/// names come from the strings table (`EditorText` has a key of each one's raw value).
public enum StickerShape: String, CaseIterable, Hashable, Sendable {
    case star, heart, bolt, arrow, bubble, sun, smile, sparkle
}
