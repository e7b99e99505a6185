import TactileCore

/// Colours and type of the editor: a dark theme in the manner of modern phone editors.
public struct Theme: Hashable, Sendable {
    public var background = Color(hex: 0x0B0B0F)
    public var surface = Color(hex: 0x16161D)
    public var surfaceRaised = Color(hex: 0x202029)
    public var separator = Color(hex: 0x2C2C36)
    public var canvasBackdrop = Color(hex: 0x000000)
    public var textPrimary = Color(hex: 0xF2F2F7)
    public var textSecondary = Color(hex: 0x9A9AA8)
    public var textTertiary = Color(hex: 0x5E5E6B)
    public var accent = Color(hex: 0x0A84FF)
    public var selection = Color(hex: 0x2F6BFF)
    /// Icons and grooves on the selection's handles and frame.
    public var selectionInk = Color(hex: 0xFFFFFF)
    /// Warnings (late frames in the frame monitor).
    public var warning = Color(hex: 0xFFD60A)
    public var playhead = Color(hex: 0xFFFFFF)
    public var desk = Color(hex: 0x2A2D34)
    public var bezel = Color(hex: 0x050506)
    public var danger = Color(hex: 0xFF453A)
    /// Success (a task done).
    public var success = Color(hex: 0x30D158)
    /// Fill of a clip whose media went missing.
    public var offline = Color(hex: 0x4A4A55)
    /// Touch indicators and the pointer-location overlay.
    public var touches = Color(hex: 0xFFFFFF)

    /// Fill colour of a clip of each kind.
    public var clipColors: [ClipKind: Color] = [
        .video: Color(hex: 0x56607A), .audio: Color(hex: 0x00A37A), .image: Color(hex: 0xE08A00),
        .text: Color(hex: 0x9D4EDD), .sticker: Color(hex: 0xE4407A),
    ]

    public var titleFont = Font(size: 17, weight: .semibold)
    public var bodyFont = Font(size: 15, weight: .regular)
    public var timecodeFont = Font(size: 15, weight: .medium)
    public var clipFont = Font(size: 12, weight: .semibold)
    public var captionFont = Font(size: 10, weight: .medium)
    public var rulerFont = Font(size: 10, weight: .medium)
    /// Corner radius of the highlight behind a pressed button, in points.
    public var buttonPressRadius = 12.0
    /// The chrome's language and number format (`theme.locale`); right-to-left languages mirror it.
    public var strings = Strings.english
    /// Whether the chrome is mirrored (a right-to-left language): title bar, toolbar, sheets.
    public var isRightToLeft: Bool { strings.language.isRightToLeft }
    /// Where text that starts a line goes: the left, or the right when mirrored.
    public var leading: TextAlignment { isRightToLeft ? .trailing : .leading }

    /// `rect` mirrored across `container` when the chrome is mirrored (else unchanged).
    public func mirrored(_ rect: Rect, in container: Rect) -> Rect {
        guard isRightToLeft else { return rect }
        return Rect(x: container.minX + container.maxX - rect.maxX, y: rect.y, width: rect.width, height: rect.height)
    }
    /// The views' own sizes (canvas, timeline, bars, browser, task card, kiosk overlay, PIN pad),
    /// each group owned by the module whose views draw with it.
    public var metrics = ViewMetrics()

    public init() {}

    /// The theme with every font `factor` times as large (`--ui-scale`).
    public func scaled(by factor: Double) -> Theme {
        var t = self
        for path in [\Theme.titleFont, \.bodyFont, \.timecodeFont, \.clipFont, \.captionFont, \.rulerFont] {
            t[keyPath: path].size *= factor
        }
        return t
    }

    /// The fill of a clip of `kind`.
    public func color(for kind: ClipKind) -> Color { clipColors[kind] ?? accent }
}

extension Theme {
    /// The default theme with the configuration's colours laid over it.
    public init(appearance a: TactileConfiguration.Appearance) {
        self.init()
        func set(_ path: WritableKeyPath<Theme, Color>, _ hex: String) { if let v = HexColor.parse(hex) { self[keyPath: path] = Color(hex: v) } }
        set(\.background, a.background); set(\.surface, a.surface); set(\.surfaceRaised, a.surfaceRaised)
        set(\.textPrimary, a.textPrimary); set(\.textSecondary, a.textSecondary); set(\.accent, a.accent)
        set(\.selection, a.selection); set(\.playhead, a.playhead); set(\.danger, a.danger); set(\.desk, a.desk)
        set(\.touches, a.touches); set(\.success, a.success); set(\.selectionInk, a.selectionInk); set(\.warning, a.warning)
        strings = Strings(localeIdentifier: a.locale)
    }
}
