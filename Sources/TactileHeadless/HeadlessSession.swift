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
    /// Where its frames are drawn.
    public let raster: RasterCanvas
    public var fonts: Fonts { raster.fonts }
    public let configuration: TactileConfiguration
    /// Media, decoded on the spot (synchronous), so replays are deterministic.
    public let media: MediaCache

    /// Prepares a session. `at` puts the playhead at that time before the first frame. `raster`
    /// and `media`: a canvas (at `scale`) and a synchronous cache to share with sessions before
    /// (the layout check runs hundreds; each would load the fonts and decode the media again).
    public init(
        project: Project, viewport: Size? = nil, scale: Double = 2, at: Time? = nil,
        configuration: TactileConfiguration = TactileConfiguration(), library: MediaLibrary = MediaLibrary(),
        plan: TaskPlan? = nil, notices: [String] = [], kiosk: KioskSetup? = nil, services: HostServices = HostServices(),
        raster shared: RasterCanvas? = nil, media sharedMedia: MediaCache? = nil
    ) throws {
        self.scale = scale
        self.configuration = configuration
        raster = try shared ?? RasterCanvas(scale: scale)
        if sharedMedia == nil { MediaMemory.returnLargeBuffersToTheSystem() }
        media = sharedMedia ?? MediaCache(settings: configuration.media, mode: .synchronous)
        var services = services
        if services.schema == nil { services.schema = .tactile } // a replay's settings lines are read with it
        let session = HostSession(
            project: project, configuration: configuration, measurer: raster.measurer, media: media, viewport: viewport,
            library: library, plan: plan, notices: notices, kiosk: kiosk, services: services)
        if let at { session.state.playhead = min(max(.zero, at), project.duration) }
        player = TracePlayer(session: session)
        player.maximumFramesWithoutInput = max(1, Int((configuration.session.replayIdleLimit * 60 * 60).rounded()))
    }

    /// Renders the latest frame (running one first if none ran) to RGBA pixels.
    public func renderLatest() throws -> RGBAImage {
        if player.lastOutput == nil { _ = player.runFrame() }
        // The picture as the screen showed it: the editor's, with the host's overlays over it.
        let list = host.picture(at: player.clock.now)
        return try raster.render(list, size: player.state.viewport, clearColor: host.theme.background, images: media)
    }

    /// Writes the latest frame as a PNG.
    public func writeSnapshot(to path: String) throws {
        let image = try renderLatest()
        do { try ImageCodec.writePNG(image, to: URL(fileURLWithPath: path)) } catch {
            throw CommandError("\(path): cannot write the PNG (\(CommandError.reason(error)))")
        }
    }

    /// The latest frame's elements as the `tactile inspect` JSON document.
    public func inspectJSON() -> JSONValue {
        let output = player.lastOutput ?? player.runFrame()
        return InspectDocument.json(viewport: player.state.viewport, scale: scale, uiScale: output.uiScale, elements: output.elements)
    }
}
