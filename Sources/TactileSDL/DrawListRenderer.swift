import CSDL2
import CSDL2TTF
import TactileCore
import TactileUI

/// Draws a `DrawList` with an `SDL_Renderer`: shapes as anti-aliased triangle meshes through
/// `SDL_RenderGeometry`, text through SDL_ttf with a string cache, images as textures. Works the
/// same on a window's accelerated renderer and on a software renderer over a surface.
public final class DrawListRenderer {
    /// Where the viewport lands in the render target: its top-left in pixels and pixels per point.
    public struct Placement: Hashable, Sendable {
        public var originX: Double, originY: Double, scale: Double
        public init(originX: Double, originY: Double, scale: Double) { self.originX = originX; self.originY = originY; self.scale = scale }
        func x(_ v: Double) -> Double { originX + v * scale }
        func y(_ v: Double) -> Double { originY + v * scale }
        func point(_ p: Point) -> Point { Point(x: x(p.x), y: y(p.y)) }
        func rect(_ r: Rect) -> Rect { Rect(x: x(r.x), y: y(r.y), width: r.width * scale, height: r.height * scale) }
    }

    let renderer: OpaquePointer
    private let fonts: Fonts
    private var mesh = Mesh()
    private var sdlVertices: [SDL_Vertex] = []
    private var clipStack: [SDL_Rect] = []
    /// Turns in force (pixels), innermost last; empty when nothing is turned.
    private var turns: [Turn] = []
    private var textures = TextTextureCache()
    private var images: [ImageHandle: (texture: OpaquePointer, width: Int, height: Int, isOpaque: Bool)] = [:]
    /// Handles drawn in the current render; textures of others are let go after it.
    private var imagesUsed: Set<ImageHandle> = []
    /// Blurred miniatures of pictures (backdrops of pictures of another shape), by picture and
    /// miniature; let go like `images` when a render does not draw them.
    private var blurred: [BlurKey: (texture: OpaquePointer, used: Bool)] = [:]
    struct BlurKey: Hashable { var handle: ImageHandle, width: Int, height: Int, passes: Int }
    /// Where pictures come from when a handle has no texture yet (decoded frames, thumbnails).
    public weak var imageStore: ImageStore?

    /// Statistics of the last `render` call.
    public private(set) var lastTriangleCount = 0

    public init(renderer: OpaquePointer, fonts: Fonts) {
        self.renderer = renderer
        self.fonts = fonts
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit { releaseTextures() }

    /// Destroys every texture this renderer made. Call before the SDL renderer is destroyed
    /// (which frees its textures itself, so destroying them after would touch freed memory).
    public func releaseTextures() {
        textures.removeAll()
        for image in images.values { SDL_DestroyTexture(image.texture) }
        images.removeAll()
        for entry in blurred.values { SDL_DestroyTexture(entry.texture) }
        blurred.removeAll()
    }

    /// Makes `image` drawable as `handle` (replacing what the handle showed before).
    public func setImage(_ image: RGBAImage, for handle: ImageHandle) {
        if let old = images[handle] { SDL_DestroyTexture(old.texture) }
        guard
            let texture = SDL_CreateTexture(
                renderer, tactile_SDL_PIXELFORMAT_RGBA32(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                Int32(image.width), Int32(image.height))
        else { return }
        image.pixels.withUnsafeBytes { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(image.width * 4)) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        images[handle] = (texture, image.width, image.height, Self.isOpaque(image))
    }

    /// Whether every pixel of `image` is opaque: drawn at full opacity it is copied, not blended
    /// (the software renderer's copy is several times quicker than its blend).
    static func isOpaque(_ image: RGBAImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count { if p[i] != 255 { return false }; i += 4 }
            return true
        }
    }

    /// Draws `list` with the viewport placed by `placement`, clipped to `bounds` (pixels).
    public func render(_ list: DrawList, placement: Placement, bounds: SDL_Rect) {
        textures.beginFrame()
        clipStack = [bounds]
        turns.removeAll()
        var b = bounds
        SDL_RenderSetClipRect(renderer, &b)
        lastTriangleCount = 0
        imagesUsed.removeAll(keepingCapacity: true)
        for command in list.commands { draw(command, placement) }
        flushMesh()
        // Pictures come from the store by handle: drop the textures this frame did not draw
        // (a handle never changes its pixels, so a later frame can upload it again).
        if imageStore != nil {
            for (handle, entry) in images where !imagesUsed.contains(handle) {
                SDL_DestroyTexture(entry.texture)
                images[handle] = nil
            }
            for (key, entry) in blurred {
                if entry.used { blurred[key]?.used = false } else { SDL_DestroyTexture(entry.texture); blurred[key] = nil }
            }
        }
        SDL_RenderSetClipRect(renderer, nil)
        textures.evict()
    }

    private func draw(_ command: DrawCommand, _ p: Placement) {
        // Shapes are tessellated upright, then their new vertices turned.
        let firstVertex = mesh.vertices.count
        defer {
            if let turn = turns.last, mesh.vertices.count > firstVertex {
                for i in firstVertex..<mesh.vertices.count {
                    let q = turn.apply(Point(x: Double(mesh.vertices[i].x), y: Double(mesh.vertices[i].y)))
                    mesh.vertices[i].x = Float(q.x); mesh.vertices[i].y = Float(q.y)
                }
            }
        }
        let s = p.scale
        switch command {
        case let .fillRect(rect, color, radius):
            let r = p.rect(rect)
            if radius * s < 0.5, turns.isEmpty, let pixels = Self.pixelAligned(r) {
                // Square, pixel-aligned rectangles (backgrounds, bars) need no anti-aliasing:
                // fill them directly, much faster than blended triangles on the software renderer.
                flushMesh()
                fillDirect(pixels, color)
            } else {
                Tessellator.fillConvex(Tessellator.roundedRectPath(r, radius: radius * s), color: color, into: &mesh)
            }
        case let .strokeRect(rect, color, width, radius):
            // The stroke lies inside the rect, as a selection frame should.
            let w = width * s
            let r = p.rect(rect).insetBy(dx: w / 2, dy: w / 2)
            Tessellator.strokeClosed(Tessellator.roundedRectPath(r, radius: max(0, radius * s - w / 2)), width: w, color: color, into: &mesh)
        case let .line(a, b, color, width):
            Tessellator.line(from: p.point(a), to: p.point(b), width: width * s, color: color, into: &mesh)
        case let .dashedLine(a, b, color, width, dash, gap, phase):
            Tessellator.dashedLine(
                from: p.point(a), to: p.point(b), width: width * s, dash: dash * s, gap: gap * s,
                phase: phase * s, color: color, into: &mesh)
        case let .fillCircle(center, radius, color):
            Tessellator.fillConvex(Tessellator.circlePath(center: p.point(center), radius: radius * s), color: color, into: &mesh)
        case let .strokeCircle(center, radius, color, width):
            Tessellator.strokeClosed(Tessellator.circlePath(center: p.point(center), radius: radius * s), width: width * s, color: color, into: &mesh)
        case let .cornerMask(rect, color, radius):
            Tessellator.cornerMask(p.rect(rect), radius: radius * s, color: color, into: &mesh)
        case let .triangle(a, b, c, color):
            Tessellator.fillConvex([p.point(a), p.point(b), p.point(c)], color: color, into: &mesh)
        case let .polygon(points, color):
            Tessellator.fillPolygon(points.map(p.point), color: color, into: &mesh)
        case let .text(run):
            flushMesh()
            drawText(run, p)
        case let .image(handle, source, frame, opacity):
            flushMesh()
            drawImage(handle, source: source, frame: p.rect(frame), opacity: opacity)
        case let .blurredImage(handle, frame, opacity, width, passes):
            flushMesh()
            drawBlurred(handle, frame: p.rect(frame), opacity: opacity, width: width, passes: passes)
        case let .pushClip(rect):
            flushMesh()
            let r = p.rect(rect)
            let x0 = Int32(r.minX.rounded(.down)), y0 = Int32(r.minY.rounded(.down))
            let x1 = Int32(r.maxX.rounded(.up)), y1 = Int32(r.maxY.rounded(.up))
            var clip = SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
            var top = clipStack.last!
            var out = SDL_Rect()
            if SDL_IntersectRect(&clip, &top, &out) == SDL_FALSE { out = SDL_Rect(x: top.x, y: top.y, w: 0, h: 0) }
            clipStack.append(out)
            applyClip()
        case .popClip:
            flushMesh()
            if clipStack.count > 1 { clipStack.removeLast() }
            applyClip()
        case let .pushRotation(center, degrees):
            let turn = Turn(pivot: p.point(center), degrees: degrees)
            turns.append(turns.last.map { $0.then(turn) } ?? turn)
        case .popRotation:
            if !turns.isEmpty { turns.removeLast() }
        }
    }

    /// A turn of the picture: `degrees` clockwise about `pivot` (pixels), then the turns it sits
    /// inside (`outer`, innermost first).
    struct Turn {
        var pivot: Point, degrees: Double
        var outer: [(pivot: Point, degrees: Double)] = []

        /// Where `q` goes.
        func apply(_ q: Point) -> Point {
            var point = q
            for (pivot, degrees) in [(pivot, degrees)] + outer { point = Self.turn(point, about: pivot, by: degrees) }
            return point
        }
        /// The total angle, clockwise degrees.
        var totalDegrees: Double { degrees + outer.reduce(0) { $0 + $1.degrees } }
        /// `inner` turned inside this turn.
        func then(_ inner: Turn) -> Turn { Turn(pivot: inner.pivot, degrees: inner.degrees, outer: [(pivot, degrees)] + outer) }

        static func turn(_ q: Point, about c: Point, by degrees: Double) -> Point {
            let r = degrees * .pi / 180, cs = cos(r), sn = sin(r)
            let dx = q.x - c.x, dy = q.y - c.y
            // Clockwise on screen (y grows downwards).
            return Point(x: c.x + dx * cs - dy * sn, y: c.y + dx * sn + dy * cs)
        }
    }

    /// Copies a texture into `dst` (pixels), turned by the turn in force about the turned centre.
    private func copy(_ texture: OpaquePointer, source: UnsafePointer<SDL_Rect>?, into dst: SDL_FRect) {
        guard let turn = turns.last else {
            var d = dst
            SDL_RenderCopyF(renderer, texture, source, &d)
            return
        }
        let centre = turn.apply(Point(x: Double(dst.x + dst.w / 2), y: Double(dst.y + dst.h / 2)))
        var d = SDL_FRect(x: Float(centre.x) - dst.w / 2, y: Float(centre.y) - dst.h / 2, w: dst.w, h: dst.h)
        SDL_RenderCopyExF(renderer, texture, source, &d, turn.totalDegrees, nil, SDL_FLIP_NONE)
    }

    /// The rectangle as whole pixels when its edges lie on pixel boundaries (within 1/100 px).
    static func pixelAligned(_ r: Rect) -> SDL_Rect? {
        func whole(_ v: Double) -> Int32? { abs(v - v.rounded()) < 0.01 ? Int32(v.rounded()) : nil }
        guard let x0 = whole(r.minX), let y0 = whole(r.minY), let x1 = whole(r.maxX), let y1 = whole(r.maxY), x1 > x0, y1 > y0 else { return nil }
        return SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }

    private func fillDirect(_ rect: SDL_Rect, _ color: Color) {
        guard color.a > 0 else { return }
        var r = rect
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_SetRenderDrawBlendMode(renderer, color.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_RenderFillRect(renderer, &r)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    private func applyClip() {
        var r = clipStack.last!
        // SDL treats an empty clip rect as "no clip": draw nowhere with a 1×1 rect off to the side instead.
        if r.w == 0 || r.h == 0 { r = SDL_Rect(x: -10, y: -10, w: 1, h: 1) }
        SDL_RenderSetClipRect(renderer, &r)
    }

    private func flushMesh() {
        guard !mesh.isEmpty else { return }
        sdlVertices.removeAll(keepingCapacity: true)
        for v in mesh.vertices {
            sdlVertices.append(
                SDL_Vertex(
                    position: SDL_FPoint(x: v.x, y: v.y),
                    color: SDL_Color(r: v.color.r, g: v.color.g, b: v.color.b, a: v.color.a),
                    tex_coord: SDL_FPoint(x: 0, y: 0)))
        }
        lastTriangleCount += mesh.indices.count / 3
        mesh.indices.withUnsafeBufferPointer { indices in
            indices.withMemoryRebound(to: Int32.self) { idx in
                _ = SDL_RenderGeometry(renderer, nil, sdlVertices, Int32(sdlVertices.count), idx.baseAddress, Int32(idx.count))
            }
        }
        mesh.removeAll()
    }

    private func drawText(_ run: TextRun, _ p: Placement) {
        let pixels = Int((run.font.size * p.scale).rounded())
        guard let entry = textures.texture(for: run.text, weight: run.font.weight, pixels: pixels, fonts: fonts, renderer: renderer),
            entry.width > 0
        else { return }
        let frame = p.rect(run.frame)
        let w = Double(entry.width), h = Double(entry.height)
        let x: Double
        switch run.alignment {
        case .leading: x = frame.minX
        case .center: x = frame.midX - w / 2
        case .trailing: x = frame.maxX - w
        }
        let y = frame.midY - h / 2
        let dst = SDL_Rect(x: Int32(x.rounded()), y: Int32(y.rounded()), w: Int32(entry.width), h: Int32(entry.height))
        func f(_ r: SDL_Rect) -> SDL_FRect { SDL_FRect(x: Float(r.x), y: Float(r.y), w: Float(r.w), h: Float(r.h)) }
        if let texture = entry.texture {
            SDL_SetTextureColorMod(texture, run.color.r, run.color.g, run.color.b)
            SDL_SetTextureAlphaMod(texture, run.color.a)
            copy(texture, source: nil, into: f(dst))
        }
        // Emoji keep their own colours; only the text's opacity applies.
        for piece in entry.emoji {
            let at = SDL_Rect(x: dst.x + piece.frame.x, y: dst.y + piece.frame.y, w: piece.frame.w, h: piece.frame.h)
            SDL_SetTextureAlphaMod(piece.texture, run.color.a)
            copy(piece.texture, source: nil, into: f(at))
        }
    }

    /// A blurred miniature of the picture behind `handle`, cut to `frame`'s shape, stretched over
    /// `frame` (pixels) with linear filtering: made once per picture and shape, kept while drawn.
    private func drawBlurred(_ handle: ImageHandle, frame: Rect, opacity: Double, width: Int, passes: Int) {
        guard frame.width > 0, frame.height > 0, width > 0 else { return }
        let aspect = frame.width / frame.height
        let key = BlurKey(handle: handle, width: width, height: max(1, min(4 * width, Int((Double(width) / aspect).rounded()))), passes: passes)
        if blurred[key] == nil, let picture = imageStore?.image(for: handle) {
            let miniature = picture.blurredMiniature(aspect: aspect, width: width, passes: passes)
            if let texture = SDL_CreateTexture(
                renderer, tactile_SDL_PIXELFORMAT_RGBA32(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(miniature.width), Int32(miniature.height))
            {
                miniature.pixels.withUnsafeBytes { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(miniature.width * 4)) }
                SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
                blurred[key] = (texture, false)
            }
        }
        guard let texture = blurred[key]?.texture else { return }
        blurred[key]?.used = true
        let alpha = UInt8((min(1, max(0, opacity)) * 255).rounded())
        SDL_SetTextureAlphaMod(texture, alpha)
        SDL_SetTextureBlendMode(texture, alpha == 255 && turns.isEmpty ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        copy(texture, source: nil, into: SDL_FRect(x: Float(frame.x), y: Float(frame.y), w: Float(frame.width), h: Float(frame.height)))
    }

    private func drawImage(_ handle: ImageHandle, source: Rect?, frame: Rect, opacity: Double) {
        imagesUsed.insert(handle)
        if images[handle] == nil, let picture = imageStore?.image(for: handle) { setImage(picture, for: handle) }
        guard let image = images[handle] else { return }
        let dst = SDL_FRect(x: Float(frame.x), y: Float(frame.y), w: Float(frame.width), h: Float(frame.height))
        let alpha = UInt8((min(1, max(0, opacity)) * 255).rounded())
        SDL_SetTextureAlphaMod(image.texture, alpha)
        SDL_SetTextureBlendMode(image.texture, image.isOpaque && alpha == 255 && turns.isEmpty ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        if let s = source {
            var src = SDL_Rect(x: Int32(s.x), y: Int32(s.y), w: Int32(s.width), h: Int32(s.height))
            copy(image.texture, source: &src, into: dst)
        } else {
            copy(image.texture, source: nil, into: dst)
        }
    }
}

/// Rendered strings kept as textures between frames (white; tinted by colour and alpha
/// modulation when drawn), dropped after they go unused for a while.
struct TextTextureCache {
    struct Key: Hashable { var text: String; var weight: FontWeight; var pixels: Int }
    struct Entry {
        /// The glyphs drawn in the text's colour (white, tinted when drawn); nil for emoji alone.
        var texture: OpaquePointer?
        /// Emoji in their own colours, each with its place in the line.
        var emoji: [(texture: OpaquePointer, frame: SDL_Rect)]
        var width: Int; var height: Int; var lastUsed: Int
        func destroy() { if let texture { SDL_DestroyTexture(texture) }; for e in emoji { SDL_DestroyTexture(e.texture) } }
    }

    /// Frames a string may go unused before its texture is freed.
    static let maximumIdleFrames = 120
    /// Most strings kept.
    static let capacity = 2048

    private var entries: [Key: Entry] = [:]
    private var frame = 0

    mutating func beginFrame() { frame += 1 }

    mutating func texture(for text: String, weight: FontWeight, pixels: Int, fonts: Fonts, renderer: OpaquePointer) -> Entry? {
        let key = Key(text: text, weight: weight, pixels: pixels)
        if var e = entries[key] {
            e.lastUsed = frame
            entries[key] = e
            return e
        }
        let line = TextRuns(text, weight: weight, pixels: pixels, fonts: fonts)
        let rendered = line.render(weight: weight, pixels: pixels, fonts: fonts)
        var e = Entry(texture: nil, emoji: [], width: line.width, height: line.height, lastUsed: frame)
        if let surface = rendered.tinted {
            defer { SDL_FreeSurface(surface) }
            e.width = Int(surface.pointee.w); e.height = Int(surface.pointee.h)
            if let texture = SDL_CreateTextureFromSurface(renderer, surface) {
                SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
                e.texture = texture
            }
        }
        for (surface, frame) in rendered.emoji {
            defer { SDL_FreeSurface(surface) }
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { continue }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            e.emoji.append((texture, frame))
        }
        guard e.texture != nil || !e.emoji.isEmpty else { return nil }
        entries[key] = e
        return e
    }

    mutating func evict() {
        guard entries.count > Self.capacity / 2 else { return }
        for (key, e) in entries where frame - e.lastUsed > Self.maximumIdleFrames || entries.count > Self.capacity {
            e.destroy()
            entries[key] = nil
        }
    }

    mutating func removeAll() {
        for e in entries.values { e.destroy() }
        entries.removeAll()
    }
}
