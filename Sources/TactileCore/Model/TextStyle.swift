/// How a text overlay looks: its size, colour and whether it sits on a box, as phone editors
/// offer them. The default is medium white text with a shadow and no box.
public struct TextStyle: Hashable, Sendable {
    public enum Size: String, CaseIterable, Hashable, Sendable {
        case small, medium, large
        /// The size against medium.
        public var factor: Double { self == .small ? 0.7 : self == .large ? 1.45 : 1 }
    }

    public enum Colour: String, CaseIterable, Hashable, Sendable {
        case white, yellow, red, blue, black
        /// The colour as 0xRRGGBB.
        public var hex: UInt32 {
            switch self {
            case .white: return 0xFFFFFF
            case .yellow: return 0xFFD60A
            case .red: return 0xFF3B30
            case .blue: return 0x2F6BFF
            case .black: return 0x111111
            }
        }
    }

    public var size: Size
    public var colour: Colour
    /// Whether the text sits on a rounded box (in a colour that contrasts with the text).
    public var background: Bool

    public init(size: Size = .medium, colour: Colour = .white, background: Bool = false) {
        self.size = size; self.colour = colour; self.background = background
    }

    public static let standard = TextStyle()
}
