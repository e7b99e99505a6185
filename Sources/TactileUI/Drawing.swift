import TactileCore

/// Drawing helpers on a pass, so widgets read as English: `ui.fill(rect, color, radius: 8)`.
extension UIContext {
    /// A filled, optionally rounded rectangle.
    public func fill(_ rect: Rect, _ color: Color, radius: Double = 0) {
        draw.add(.fillRect(rect, color, cornerRadius: radius))
    }

    /// A rectangle outline.
    public func stroke(_ rect: Rect, _ color: Color, width: Double, radius: Double = 0) {
        draw.add(.strokeRect(rect, color, width: width, cornerRadius: radius))
    }

    /// Text whose digits each take the same width (tabular figures drawn cell by cell, since
    /// the renderer offers no font features), so a running number never shifts what follows it;
    /// `digits` are the characters counted as digits (the locale's). Placed by `alignment` in
    /// `frame`, centred vertically.
    public func tabularText(_ string: String, in frame: Rect, font: Font, color: Color, alignment: TextAlignment = .center, digits: Set<Character>) {
        let cell = Self.tabularDigitWidth(font: font, digits: digits, measurer: measurer)
        let widths = string.map { digits.contains($0) ? cell : measurer.measure(String($0), font: font).width }
        let total = widths.reduce(0, +)
        var x: Double
        switch alignment {
        case .leading: x = frame.minX
        case .trailing: x = frame.maxX - total
        case .center: x = frame.midX - total / 2
        }
        for (character, width) in zip(string, widths) {
            if character != " " {
                draw.add(
                    .text(
                        TextRun(String(character), in: Rect(x: x, y: frame.y, width: width, height: frame.height), font: font, color: color, alignment: .center)
                    ))
            }
            x += width
        }
    }

    /// The width of `string` drawn by `tabularText`.
    public func tabularWidth(_ string: String, font: Font, digits: Set<Character>) -> Double {
        let cell = Self.tabularDigitWidth(font: font, digits: digits, measurer: measurer)
        return string.reduce(0) { $0 + (digits.contains($1) ? cell : measurer.measure(String($1), font: font).width) }
    }

    static func tabularDigitWidth(font: Font, digits: Set<Character>, measurer: TextMeasurer) -> Double {
        digits.map { measurer.measure(String($0), font: font).width }.max() ?? 0
    }

    /// `font`, smaller a whole size at a time down to `smallest` of it, until `text` fits `width`
    /// (German's long words on a button: they give way in size before they lose letters).
    public func font(fitting text: String, width: Double, from font: Font, smallest: Double = 0.7) -> Font {
        measurer.font(fitting: text, width: width, from: font, smallest: smallest)
    }

    /// Text in `frame`, truncated with "…" to fit its width, centred vertically. `isUsersOwn`: the
    /// words are a person's own (a name, a title, a file): cutting them is no defect of the
    /// chrome's (a cut label of ours is: `tactile lint-layout`).
    public func text(_ string: String, in frame: Rect, font: Font, color: Color, alignment: TextAlignment = .leading, isUsersOwn: Bool = false) {
        let fitted = measurer.truncate(string, font: font, toWidth: frame.width)
        guard !fitted.isEmpty else { return }
        draw.add(.text(TextRun(fitted, in: frame, font: font, color: color, alignment: alignment, isUsersOwn: isUsersOwn)))
    }

    /// A control's words centred in `frame`: at `font`, smaller down to `smallest` of it where
    /// they do not fit its width, then on up to `maximumLines` lines `lineHeight` em apart (large
    /// text on a narrow button: "Export" at ×3 in German).
    public func label(
        _ words: String, in frame: Rect, font: Font, color: Color, smallest: Double = 0.6, lineHeight: Double = 1.2, maximumLines: Int = 2,
        alignment: TextAlignment = .center
    ) {
        let fitted = self.font(fitting: words, width: frame.width, from: font, smallest: smallest)
        let lines = measurer.lines(of: words, font: fitted, width: frame.width, maximumLines: maximumLines)
        let step = fitted.size * lineHeight, top = frame.midY - Double(lines.count) * step / 2
        for (n, line) in lines.enumerated() {
            text(line, in: Rect(x: frame.x, y: top + Double(n) * step, width: frame.width, height: step), font: fitted, color: color, alignment: alignment)
        }
    }

    /// Text broken into lines that fit `frame`'s width (at most `maximumLines`, the last truncated
    /// with "…"; a line break in `string` starts a new line), each `lineHeight` em apart from
    /// `frame`'s top. Returns the height the lines took.
    @discardableResult
    public func paragraph(
        _ string: String, in frame: Rect, font: Font, color: Color, alignment: TextAlignment = .leading,
        lineHeight: Double = 1.3, maximumLines: Int = 100, isUsersOwn: Bool = false
    ) -> Double {
        let lines = paragraphLines(string, width: frame.width, font: font, maximumLines: maximumLines)
        let step = font.size * lineHeight
        for (n, line) in lines.enumerated() where !line.isEmpty {
            draw.add(
                .text(
                    TextRun(
                        line, in: Rect(x: frame.x, y: frame.y + Double(n) * step, width: frame.width, height: step),
                        font: font, color: color, alignment: alignment, isUsersOwn: isUsersOwn)))
        }
        return Double(lines.count) * step
    }

    /// The lines `paragraph` draws `string` in.
    public func paragraphLines(_ string: String, width: Double, font: Font, maximumLines: Int) -> [String] {
        var lines: [String] = []
        for part in string.split(separator: "\n", omittingEmptySubsequences: false) where lines.count < maximumLines {
            lines += part.isEmpty ? [""] : measurer.lines(of: String(part), font: font, width: width, maximumLines: maximumLines - lines.count)
        }
        return lines
    }

    /// A picture scaled to fill `frame`, cropped at its centre to keep its aspect.
    public func image(_ handle: ImageHandle, size: Size, filling frame: Rect, opacity: Double = 1) {
        draw.add(.image(handle, source: size.centredCrop(aspect: frame.width / max(frame.height, 0.001)), frame: frame, opacity: opacity))
    }

    /// A blurred copy of a picture filling `frame` (its centre, cut to the frame's shape), from a
    /// miniature `width` pixels across softened `passes` times.
    public func blurredImage(_ handle: ImageHandle, filling frame: Rect, opacity: Double = 1, width: Int, passes: Int) {
        draw.add(.blurredImage(handle, frame: frame, opacity: opacity, width: width, passes: passes))
    }

    /// A picture scaled to fit inside `frame` (letterboxed), centred. Returns where it went.
    @discardableResult
    public func image(_ handle: ImageHandle, size: Size, fitting frame: Rect, opacity: Double = 1) -> Rect {
        let placed = frame.aspectFit(size.width / max(size.height, 1))
        draw.add(.image(handle, source: nil, frame: placed, opacity: opacity))
        return placed
    }

    /// Runs `body` with what it draws turned `degrees` clockwise about `center` (no command when
    /// the turn is nil).
    public func rotated(about center: Point, by degrees: Double, _ body: () -> Void) {
        guard degrees != 0 else { return body() }
        draw.add(.pushRotation(center: center, degrees: degrees))
        body()
        draw.add(.popRotation)
    }

    /// Runs `body` with drawing clipped to `rect`.
    public func clipped(to rect: Rect, _ body: () -> Void) {
        draw.add(.pushClip(rect))
        body()
        draw.add(.popClip)
    }

    /// Runs `body` with commands going to `layer`.
    public func inLayer(_ layer: DrawLayer, _ body: () -> Void) {
        let previous = draw.currentLayer
        draw.currentLayer = layer
        body()
        draw.currentLayer = previous
    }
}
