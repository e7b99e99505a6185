import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileMedia
import TactileSDL
import TactileUI

/// Renders a session to a video: the trace plays through the host session on the virtual clock,
/// and at every tick of the video's frame rate the session's picture — the editor's latest frame
/// with the overlays the session composes over it (the touches: an export's configuration shows
/// them) — is drawn and encoded (H.264 in an MP4 through libavcodec).
public enum VideoExport {
    /// What was written.
    public struct Summary: Sendable {
        public var frames: Int
        public var framesPerSecond: Double
        public var width: Int, height: Int
        public var duration: Time
    }

    /// Writes `trace` played in `session` to `url` at `framesPerSecond`, up to `until` (default:
    /// the trace's end plus the touch indicators' fade).
    public static func export(_ trace: Trace, in session: HeadlessSession, to url: URL, framesPerSecond: Double,
                              until: Time? = nil) throws -> Summary {
        let player = session.player
        let viewport = player.state.viewport
        let overlays = session.configuration.overlays
        let end = until ?? trace.duration + .seconds(overlays.liftFadeDuration + overlays.trailDuration)
        // H.264 in 4:2:0 wants even sides.
        func even(_ v: Double) -> Int { let n = Int((v * session.scale).rounded()); return n + n % 2 }
        let width = even(viewport.width), height = even(viewport.height)
        let canvas: OffscreenCanvas
        do { canvas = try OffscreenCanvas(width: width, height: height, fonts: session.fonts) } catch { throw CommandError("\(error)") }
        canvas.renderer.imageStore = session.media
        let rate = rational(framesPerSecond)
        let encoder: VideoEncoder
        do {
            encoder = try VideoEncoder(url: url, settings: .init(codec: .h264, width: width, height: height,
                                                                 framesPerSecond: Int(framesPerSecond.rounded()),
                                                                 keyframeInterval: Int(framesPerSecond.rounded()) * 2,
                                                                 timeBase: (rate.seconds, rate.frames), frameRate: rate))
        } catch { throw CommandError("\(url.path): cannot write the video (\(error))") }

        var cursor = TraceCursor(trace)
        var frames = 0
        let theme = session.host.theme
        while true {
            // Frame k shows the session at k / fps, exactly (ticks, no drift).
            let t = Time(ticks: Int64(frames) * Int64(rate.seconds) * Time.ticksPerSecond / Int64(rate.frames))
            guard t <= end else { break }
            player.advance(&cursor, through: t)
            // The picture the session shows at t, its overlays (the touches) composed; before
            // the session's first frame the screen is blank, as the window's was.
            let list = player.lastOutput == nil ? DrawList() : session.host.picture(at: t)
            let image = canvas.render(list, scale: session.scale, clearColor: theme.background)
            do { try encoder.append(image, pts: Int64(frames)) } catch { throw CommandError("\(url.path): encoding failed (\(error))") }
            frames += 1
        }
        do { try encoder.finish() } catch { throw CommandError("\(url.path): cannot finish the video (\(error))") }
        return Summary(frames: frames, framesPerSecond: framesPerSecond, width: width, height: height, duration: end)
    }

    /// A frame rate as frames per whole seconds (59.94 → 60000/1001; 60 → 60/1).
    static func rational(_ fps: Double) -> (frames: Int, seconds: Int) {
        if abs(fps - fps.rounded()) < 1e-6 { return (Int(fps.rounded()), 1) }
        let ntsc = fps * 1.001
        if abs(ntsc - ntsc.rounded()) < 1e-3 { return (Int(ntsc.rounded()) * 1000, 1001) }
        return (Int((fps * 1000).rounded()), 1000)
    }
}
