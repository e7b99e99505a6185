import TactileCore
import TactileSDL
import TactileUI

/// The raster pipeline: a draw list turned into pixels off screen with the window's own fonts
/// and renderer (SDL's software renderer and SDL_ttf), for snapshots, replays and plots. Modules
/// above draw through it without knowing SDL.
public final class RasterCanvas {
    /// Pixels per point.
    public let scale: Double
    /// Measures text exactly as `render` draws it.
    public let measurer: TextMeasurer
    /// The fonts it draws with (video export's worker canvases load the same).
    public let fonts: Fonts

    /// A canvas drawing at `scale` pixels per point. Throws a `CommandError` when the fonts
    /// cannot be loaded.
    public init(scale: Double) throws {
        self.scale = scale
        do { fonts = try Fonts() } catch { throw CommandError("\(error)") }
        measurer = TTFTextMeasurer(fonts: fonts, scale: scale)
    }

    /// `list` drawn on a `size` (points) canvas cleared to `clearColor`; pictures come from
    /// `images`.
    public func render(_ list: DrawList, size: Size, clearColor: Color, images: ImageStore? = nil) throws -> RGBAImage {
        let canvas: OffscreenCanvas
        do {
            canvas = try OffscreenCanvas(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()), fonts: fonts)
        } catch { throw CommandError("\(error)") }
        canvas.renderer.imageStore = images
        return canvas.render(list, scale: scale, clearColor: clearColor)
    }
}
