import TactileCore

/// A run of text placed in a frame. The string is final: truncation happened while building.
public struct TextRun: Hashable, Sendable {
    public var text: String
    public var frame: Rect
    public var font: Font
    public var color: Color
    public var alignment: TextAlignment
    /// Whether the words may be cut with "…" (a person's own: a project's or a clip's name, a
    /// file's): the layout check takes a cut chrome label for a defect, never these.
    public var isUsersOwn = false
    /// What ends a line split inside a word (U+2010 HYPHEN, which nothing else draws): the layout
    /// check takes it for a word split across lines.
    public static let splitHyphen = "\u{2010}"
    public init(_ text: String, in frame: Rect, font: Font, color: Color, alignment: TextAlignment, isUsersOwn: Bool = false) {
        self.text = text; self.frame = frame; self.font = font; self.color = color; self.alignment = alignment; self.isUsersOwn = isUsersOwn
    }
}

/// One drawing instruction, in points. The UI emits them; a renderer draws them.
public enum DrawCommand: Hashable, Sendable {
    /// A filled rectangle with rounded corners (radius 0 for square).
    case fillRect(Rect, Color, cornerRadius: Double)
    /// A rectangle outline drawn inside the rect, `width` points thick.
    case strokeRect(Rect, Color, width: Double, cornerRadius: Double)
    /// A straight line with round-free butt ends.
    case line(from: Point, to: Point, Color, width: Double)
    /// A dashed line: `dash` on, `gap` off, shifted along the line by `phase` (animate the phase
    /// for marching ants and snap guides).
    case dashedLine(from: Point, to: Point, Color, width: Double, dash: Double, gap: Double, phase: Double)
    /// A filled circle.
    case fillCircle(center: Point, radius: Double, Color)
    /// A circle outline.
    case strokeCircle(center: Point, radius: Double, Color, width: Double)
    /// A filled triangle (trim-handle grooves, chevrons, play icons).
    case triangle(Point, Point, Point, Color)
    /// A filled simple polygon, convex or not (stickers: a star, a heart, an arrow), its outline
    /// anti-aliased and no seams inside.
    case polygon([Point], Color)
    /// Text.
    case text(TextRun)
    /// An image, or the `source` part of it (in image pixels), scaled into `frame`.
    case image(ImageHandle, source: Rect?, frame: Rect, opacity: Double)
    /// An image's centre, cut to `frame`'s shape and blurred (`RGBAImage.blurredMiniature`, from
    /// `width` pixels across, softened `passes` times), stretched over `frame`: the backdrop of
    /// a picture of another shape than the composition.
    case blurredImage(ImageHandle, frame: Rect, opacity: Double, width: Int, passes: Int)
    /// Paints the corners of `rect` outside its rounded version of `cornerRadius` in a colour:
    /// rounds a square picture (an image, the phone's screen) drawn beneath it.
    case cornerMask(Rect, Color, cornerRadius: Double)
    /// Clips everything after it to `rect` (intersected with the current clip) until `popClip`.
    case pushClip(Rect)
    /// Restores the clip before the matching `pushClip`.
    case popClip
    /// Turns everything after it `degrees` clockwise about `center` (on top of any turn already
    /// in force) until the matching `popRotation`: overlays turned on the canvas. Clips stay
    /// upright.
    case pushRotation(center: Point, degrees: Double)
    /// Ends the matching `pushRotation`.
    case popRotation
}

/// The drawing layers, back to front. Overlays draw above content whatever order they were
/// emitted in.
public enum DrawLayer: Int, Hashable, Sendable, CaseIterable, Comparable {
    case background, content, overlay, topmost
    public static func < (a: DrawLayer, b: DrawLayer) -> Bool { a.rawValue < b.rawValue }
}

/// The output of a UI pass: commands grouped by layer. Equatable, so the host can skip
/// presenting a frame that looks exactly like the last one.
public struct DrawList: Hashable, Sendable {
    private var layers: [[DrawCommand]] = Array(repeating: [], count: DrawLayer.allCases.count)
    /// The layer new commands go to.
    public var currentLayer: DrawLayer = .content

    public init() {}

    /// Appends a command to the current layer.
    public mutating func add(_ command: DrawCommand) { layers[currentLayer.rawValue].append(command) }

    /// Runs `body` with commands going to `layer`, then returns to the previous layer.
    public mutating func inLayer(_ layer: DrawLayer, _ body: (inout DrawList) -> Void) {
        let previous = currentLayer
        currentLayer = layer
        body(&self)
        currentLayer = previous
    }

    /// Every command, back layer first, in the order emitted within a layer.
    public var commands: [DrawCommand] { layers.flatMap { $0 } }

    /// Draws `other` over everything in this list: its layers in their order, all in the topmost
    /// (a modal's picture over the screen under it: the PIN pad, the kiosk's invitation).
    public mutating func add(over other: DrawList) {
        inLayer(.topmost) { list in
            for layer in DrawLayer.allCases { other.commands(in: layer).forEach { list.add($0) } }
        }
    }

    /// The commands of one layer.
    public func commands(in layer: DrawLayer) -> [DrawCommand] { layers[layer.rawValue] }

    /// Puts `commands` in place of `layer`'s commands from `start` on.
    mutating func replace(in layer: DrawLayer, from start: Int, with commands: [DrawCommand]) {
        layers[layer.rawValue].replaceSubrange(start..., with: commands)
    }

    /// The number of commands in all layers.
    public var count: Int { layers.reduce(0) { $0 + $1.count } }
}
