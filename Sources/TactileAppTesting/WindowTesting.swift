import Foundation
import TactileCore
import TactileStudy
import TactileHeadless
import TactileTestSupport
import TactileEditor
import TactileHost
import TactileKiosk
import TactileSDL
@testable import TactileApp

/// The real window (SDL's dummy video driver) over a host session, for the smoke tests that
/// need the real loop: `configure` sets the session up before its first step, as `Windowed`
/// does; the session is kept for the test to look at afterwards.
public final class WindowRun {
    public let host: WindowHost
    public let configuration: TactileConfiguration
    public private(set) var session: HostSession!

    public init(
        configuration: TactileConfiguration = TactileConfiguration(), viewport: Size = Size(width: 390, height: 844), kiosk: Bool = false,
        panel: Double? = nil, fill: Bool = false
    ) {
        self.configuration = configuration
        host = WindowHost(
            options: WindowOptions(viewport: viewport, scale: 1, fill: fill, fullscreen: false, kiosk: kiosk, panel: panel),
            settings: configuration.windowSettings)
    }

    /// Runs the window on `project` until it closes; `configure` hooks into the session.
    /// Where the tuning panel saves variants (a lab window's), when the test gives one.
    public var variants: VariantStore?

    public func run(
        project: Project = DemoProject.make(), notices: [String] = [], kiosk: KioskSetup? = nil,
        configure: (HostSession) -> Void = { _ in }
    ) throws {
        try host.run { window in
            var services = HostServices(stopwatch: window.clock, refreshRate: window.refreshRate)
            services.schema = .tactile
            if let variants {
                services.variants = variants
                services.labGestures = true
            }
            let s = HostSession(
                project: project, configuration: configuration, measurer: window.measurer, viewport: Size(width: 390, height: 844),
                notices: notices, kiosk: kiosk, now: window.clock.now,
                services: services)
            configure(s)
            session = s
            return s
        }
    }

    /// Runs the window; once its first frame is on screen, `script` runs on another thread with
    /// the device frame (where the phone's screen sits), while `onFrame` sees every frame.
    public func run(
        project: Project = DemoProject.make(), notices: [String] = [], kiosk: KioskSetup? = nil,
        configure: (HostSession) -> Void = { _ in }, onFrame: @escaping (FrameRecord) -> Void = { _ in },
        script: @escaping @Sendable (@escaping @Sendable () -> DeviceFrame) -> Void
    ) throws {
        var started = false
        let host = self.host
        try run(project: project, notices: notices, kiosk: kiosk) { s in
            configure(s)
            s.add(
                SessionEvents(frame: { record in
                    onFrame(record)
                    guard !started, host.currentFrame != nil else { return }
                    started = true
                    nonisolated(unsafe) let h = host
                    Thread.detachNewThread { script { h.currentFrame! } }
                }))
        }
    }
}
