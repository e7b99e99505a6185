import CSDL2
import TactileCore
import TactileUI

/// A software render target with no window: a surface and SDL's software renderer. Used for
/// `tactile snapshot`, replays, video export and tests; it draws with the same renderer code
/// as the window.
public final class OffscreenCanvas {
    public let width: Int
    public let height: Int
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let sdlRenderer: OpaquePointer
    /// The draw-list renderer over this canvas.
    public let renderer: DrawListRenderer

    /// A canvas of `width` × `height` pixels.
    public init(width: Int, height: Int, fonts: Fonts) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw SDLError(message: "a canvas of \(width)×\(height) pixels is out of range (1…16384 each way)")
        }
        try SDLRuntime.start(0)
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, tactile_SDL_PIXELFORMAT_RGBA32()) else {
            throw SDLError("creating a \(width)×\(height) surface")
        }
        guard let r = SDL_CreateSoftwareRenderer(s) else {
            SDL_FreeSurface(s)
            throw SDLError("creating the software renderer")
        }
        self.width = width; self.height = height
        surface = s; sdlRenderer = r
        renderer = DrawListRenderer(renderer: r, fonts: fonts)
    }

    deinit {
        renderer.releaseTextures()
        SDL_DestroyRenderer(sdlRenderer)
        SDL_FreeSurface(surface)
    }

    /// Clears to `color`, draws `list` at `scale` pixels per point, and returns the pixels —
    /// into `buffer` when it is the canvas's size (a buffer handed back saves allocating and
    /// zeroing a frame's worth of memory for every frame of a video).
    public func render(_ list: DrawList, scale: Double, clearColor: Color = .black, reusing buffer: [UInt8]? = nil) -> RGBAImage {
        draw(list, scale: scale, clearColor: clearColor)
        return capture(reusing: buffer)
    }

    /// `list` drawn over what the canvas shows, which is `before` drawn (the frame before, in a
    /// video): only where the two differ (`DrawList.changedBounds`) is cleared and drawn, the
    /// rest kept; the pixels are those of a whole `render`. Without `before`, a whole `render`.
    public func render(
        _ list: DrawList, over before: DrawList?, scale: Double, clearColor: Color = .black, reusing buffer: [UInt8]? = nil
    ) -> RGBAImage {
        guard let before, let changed = list.changedBounds(from: before) else {
            return render(list, scale: scale, clearColor: clearColor, reusing: buffer)
        }
        // In whole pixels, rounded outward, on the canvas.
        let x0 = max(0, Int((changed.minX * scale).rounded(.down))), y0 = max(0, Int((changed.minY * scale).rounded(.down)))
        let x1 = min(width, Int((changed.maxX * scale).rounded(.up))), y1 = min(height, Int((changed.maxY * scale).rounded(.up)))
        if x1 > x0 && y1 > y0 { draw(list, scale: scale, clearColor: clearColor, region: (x0, y0, x1 - x0, y1 - y0)) }
        return capture(reusing: buffer)
    }

    /// Clears to `color` and draws `list` at `scale` pixels per point, leaving the pixels on the
    /// canvas (read them with `capture`). With `region` (x, y, width, height in pixels) only
    /// that part is cleared and drawn: an export's layer over a small part of the frame.
    public func draw(_ list: DrawList, scale: Double, clearColor: Color, region: (x: Int, y: Int, width: Int, height: Int)? = nil) {
        SDL_SetRenderDrawColor(sdlRenderer, clearColor.r, clearColor.g, clearColor.b, clearColor.a)
        SDL_RenderSetClipRect(sdlRenderer, nil)
        var bounds = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        if let r = region {
            bounds = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
            // The colour as it is, not blended over what the last frame left.
            SDL_SetRenderDrawBlendMode(sdlRenderer, SDL_BLENDMODE_NONE)
            SDL_RenderFillRect(sdlRenderer, &bounds)
            SDL_SetRenderDrawBlendMode(sdlRenderer, SDL_BLENDMODE_BLEND)
        } else {
            SDL_RenderClear(sdlRenderer)
        }
        renderer.render(list, placement: .init(originX: 0, originY: 0, scale: scale), bounds: bounds)
        SDL_RenderFlush(sdlRenderer)
    }

    /// A part of the canvas's pixels as RGBA: the `width` × `height` pixels from (`x`, `y`).
    public func capture(x: Int, y: Int, width w: Int, height h: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(w), h: Int32(h))
        pixels.withUnsafeMutableBytes { buffer in
            _ = SDL_RenderReadPixels(sdlRenderer, &rect, tactile_SDL_PIXELFORMAT_RGBA32(), buffer.baseAddress, Int32(w * 4))
        }
        return RGBAImage(width: w, height: h, pixels: pixels)
    }

    /// The canvas's pixels as RGBA (into `buffer` when it is the canvas's size).
    public func capture(reusing buffer: [UInt8]? = nil) -> RGBAImage {
        var pixels = buffer?.count == width * height * 4 ? buffer! : [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { buffer in
            _ = SDL_RenderReadPixels(sdlRenderer, nil, tactile_SDL_PIXELFORMAT_RGBA32(), buffer.baseAddress, Int32(width * 4))
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
