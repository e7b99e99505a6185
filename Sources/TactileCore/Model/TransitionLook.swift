/// What a transition looks like part way through: how each of the two pictures is placed and
/// how opaque it is, and how much black lies over both. One description for the canvas and
/// the export, so both draw the same picture at the same instant.
public struct TransitionLook: Equatable, Sendable {
    /// One picture's placement, against the composition.
    public struct Layer: Equatable, Sendable {
        public var opacity = 1.0
        /// Shift to the right, in composition widths.
        public var offset = 0.0
        /// Size about the centre (1: as it is).
        public var scale = 1.0
        /// The part shown, in composition widths from the left edge (0 … 1: all of it).
        public var reveal: ClosedRange<Double> = 0...1

        public init(opacity: Double = 1, offset: Double = 0, scale: Double = 1, reveal: ClosedRange<Double> = 0...1) {
            self.opacity = opacity; self.offset = offset; self.scale = scale; self.reveal = reveal
        }

        /// Where the picture goes for a composition drawn in `box`: shifted and scaled about its centre.
        public func frame(in box: Rect) -> Rect {
            Rect(
                x: box.midX + offset * box.width - box.width * scale / 2, y: box.midY - box.height * scale / 2,
                width: box.width * scale, height: box.height * scale)
        }

        /// The part of `box` the picture shows in (what is drawn outside it is cut away).
        public func shownPart(of box: Rect) -> Rect {
            Rect(x: box.x + reveal.lowerBound * box.width, y: box.y, width: (reveal.upperBound - reveal.lowerBound) * box.width, height: box.height)
        }

        /// Whether any of the picture shows.
        public var isVisible: Bool { opacity > 0 && reveal.upperBound > reveal.lowerBound }
    }

    public var outgoing = Layer()
    public var incoming = Layer()
    /// Black over both pictures, 0 … 1.
    public var black = 0.0
    /// The incoming picture is drawn over the outgoing one (else under it).
    public var incomingOnTop = true

    public init(outgoing: Layer = Layer(), incoming: Layer = Layer(), black: Double = 0, incomingOnTop: Bool = true) {
        self.outgoing = outgoing; self.incoming = incoming; self.black = black; self.incomingOnTop = incomingOnTop
    }

    /// The two pictures in the order they are drawn (bottom first), each with whether it is the
    /// incoming one.
    public var layersBottomFirst: [(incoming: Bool, layer: Layer)] {
        incomingOnTop ? [(false, outgoing), (true, incoming)] : [(true, incoming), (false, outgoing)]
    }

    /// The look of `kind` at `progress` (0 … 1); `zoom` is how much the outgoing picture grows
    /// in a zoom (`editing.transitionZoom`).
    public static func of(_ kind: Transition.Kind, progress: Double, zoom: Double) -> TransitionLook {
        let p = min(1, max(0, progress))
        var look = TransitionLook()
        switch kind {
        case .crossDissolve:
            look.incoming.opacity = p
        case .dipToBlack:
            look.outgoing.opacity = p < 0.5 ? 1 : 0
            look.incoming.opacity = p < 0.5 ? 0 : 1
            look.black = p < 0.5 ? 2 * p : 2 * (1 - p)
        case .wipe:
            look.incoming.reveal = 0...p
        case .slide:
            look.outgoing.offset = -p
            look.incoming.offset = 1 - p
        case .zoom:
            look.incomingOnTop = false
            look.outgoing.scale = 1 + zoom * p
            look.outgoing.opacity = 1 - p
            look.incoming.scale = 1 + zoom * (1 - p) / 3
        }
        return look
    }
}
