import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileKiosk
import TactileInput
import TactileMedia
import TactileSDL
import TactileUI

/// What every headless command shares: a project, a viewport, real fonts for measuring and
/// drawing, the host session on a virtual clock (`player`), and an offscreen canvas to render to.
public final class HeadlessSession {
    /// The session's shell on the virtual clock.
    public let player: TracePlayer
    /// The host session it steps (the same frame path as the window's).
    public var host: HostSession { player.session }
    public let scale: Double
    public let fonts: Fonts
    public let configuration: TactileConfiguration
    /// Media, decoded on the spot (synchronous), so replays are deterministic.
    public let media: MediaCache

    /// Prepares a session. `at` puts the playhead at that time before the first frame.
    public init(project: Project, viewport: Size? = nil, scale: Double = 2, at: Time? = nil,
                configuration: TactileConfiguration = TactileConfiguration(), library: MediaLibrary = MediaLibrary(),
                plan: TaskPlan? = nil, notices: [String] = [], kiosk: KioskSetup? = nil) throws {
        self.scale = scale
        self.configuration = configuration
        do { fonts = try Fonts() } catch { throw CommandError("\(error)") }
        let measurer = TTFTextMeasurer(fonts: fonts, scale: scale)
        MediaMemory.returnLargeBuffersToTheSystem()
        media = MediaCache(settings: configuration.media, mode: .synchronous)
        let session = HostSession(project: project, configuration: configuration, measurer: measurer, media: media, viewport: viewport,
                                  library: library, plan: plan, notices: notices, kiosk: kiosk)
        if let at { session.state.playhead = min(max(.zero, at), project.duration) }
        player = TracePlayer(session: session)
    }

    /// Renders the latest frame (running one first if none ran) to RGBA pixels.
    public func renderLatest() throws -> RGBAImage {
        if player.lastOutput == nil { _ = player.runFrame() }
        // The picture as the screen showed it: the editor's, with the host's overlays over it.
        let list = host.picture(at: player.clock.now)
        let size = player.state.viewport
        let canvas: OffscreenCanvas
        do {
            canvas = try OffscreenCanvas(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()), fonts: fonts)
        } catch { throw CommandError("\(error)") }
        canvas.renderer.imageStore = media
        return canvas.render(list, scale: scale, clearColor: host.theme.background)
    }

    /// Writes the latest frame as a PNG.
    public func writeSnapshot(to path: String) throws {
        let image = try renderLatest()
        do { try ImageCodec.writePNG(image, to: URL(fileURLWithPath: path)) } catch {
            throw CommandError("\(path): cannot write the PNG (\(error))")
        }
    }

    /// The latest frame's elements as the `tactile inspect` JSON document.
    public func inspectJSON() -> JSONValue {
        let output = player.lastOutput ?? player.runFrame()
        return InspectDocument.json(viewport: player.state.viewport, scale: scale, elements: output.elements)
    }
}

/// The `tactile inspect` document (see README "Inspect").
public enum InspectDocument {
    public static func json(viewport: Size, scale: Double, elements: [UIElement]) -> JSONValue {
        func rect(_ r: Rect) -> JSONValue {
            .object([("x", .number(r.x)), ("y", .number(r.y)), ("w", .number(r.width)), ("h", .number(r.height))])
        }
        func value(_ v: ElementValue) -> JSONValue {
            switch v {
            case let .bool(b): return .bool(b)
            case let .number(n): return .number(n)
            case let .string(s): return .string(s)
            }
        }
        return .object([
            ("viewport", .object([("width", .number(viewport.width)), ("height", .number(viewport.height)), ("scale", .number(scale))])),
            ("elements", .array(elements.map { e in
                .object([("id", .string(e.id)), ("role", .string(e.role)), ("label", .string(e.label)),
                         ("frame", rect(e.frame)), ("hitFrame", rect(e.hitFrame)),
                         ("state", .object(e.state.sorted { $0.key < $1.key }.map { ($0.key, value($0.value)) }))])
            })),
        ])
    }
}
