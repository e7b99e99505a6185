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
        SDL_SetRenderDrawColor(sdlRenderer, clearColor.r, clearColor.g, clearColor.b, clearColor.a)
        SDL_RenderSetClipRect(sdlRenderer, nil)
        SDL_RenderClear(sdlRenderer)
        renderer.render(list, placement: .init(originX: 0, originY: 0, scale: scale),
                        bounds: SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height)))
        SDL_RenderFlush(sdlRenderer)
        return capture(reusing: buffer)
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
