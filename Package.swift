// swift-tools-version:6.0
import PackageDescription

/// Tactile: a touch-interaction lab for Linux. See Docs/Architecture.md and Docs/Design.md.
/// Module arrows point one way, down Docs/Architecture.md's module map (Scripts/check-imports checks it):
/// Core ← Input ← UI ← Editor, Kiosk ← Host ← Headless ← Export, Study ← App ← tactile; Media (FFmpeg)
/// and SDL (the window backend, which knows only Core, Input and UI) are edges Headless wires in.
/// Modules still in the Swift 5 language mode, each for the reason Docs/Design.md gives ("Swift 6").
let swift5: [SwiftSetting] = [.swiftLanguageMode(.v5)]

let package = Package(
    name: "Tactile",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tactile", targets: ["tactile"]),
        .executable(name: "tactile-bench", targets: ["TactileBenchmarks"]),
        .executable(name: "tactile-fuzz", targets: ["tactile-fuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // The kiosk's health and metrics endpoints (and the study's observer page): a well-kept
        // HTTP server on SwiftNIO, and the Prometheus text format.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The study's live observer page: WebSocket upgrades on the same Hummingbird server.
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Hummingbird's own service runner (already built with it): a server stopped gracefully.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
    ],
    targets: [
        // C libraries at the edge: module maps, pkg-config and shim headers for macros.
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2",
                       providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2TTF", pkgConfig: "SDL2_ttf",
                       providers: [.apt(["libsdl2-ttf-dev"])]),
        // GNU FriBidi: the Unicode bidirectional algorithm for mixed Arabic / Latin text.
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"])]),
        // libxcrypt: the kiosk PIN's salted slow hash (yescrypt, as /etc/shadow).
        .systemLibrary(name: "CCrypt", providers: [.apt(["libcrypt-dev"])]),
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat libavcodec libswscale libswresample libavutil",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libswresample-dev"])]),

        // Pure Swift layers.
        .target(name: "TactileCore"),
        .target(name: "TactileInput", dependencies: ["TactileCore"]),
        .target(name: "TactileUI", dependencies: ["TactileCore", "TactileInput"]),
        .target(name: "TactileEditor", dependencies: ["TactileCore", "TactileInput", "TactileUI"]),
        .target(name: "TactileKiosk", dependencies: ["TactileCore", "TactileInput", "TactileUI", "CCrypt"],
                resources: [.embedInCode("Resources/attract.jsonl")]),
        // The feel lab: its overlays (arena debugger, frame monitor, photon patch, pointer
        // location, touch timeline), the tuning panel and flip, latency samples and histograms.
        .target(name: "TactileLab", dependencies: ["TactileCore", "TactileInput", "TactileUI", "TactileEditor"]),
        .target(name: "TactileHost", dependencies: ["TactileCore", "TactileInput", "TactileUI", "TactileEditor", "TactileKiosk", "TactileLab"]),

        // Edges: FFmpeg and SDL.
        .target(name: "TactileMedia", dependencies: ["TactileCore", "CFFmpeg"], swiftSettings: swift5),
        .target(name: "TactileSDL", dependencies: [
            "TactileCore", "TactileInput", "TactileUI", "CSDL2", "CSDL2TTF", "CFriBidi",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // HTTP endpoints, off the frame loop's thread: kiosk health, Prometheus metrics, screenshots,
        // the study's observer page and its WebSocket.
        .target(name: "TactileServer", dependencies: [
            "TactileCore",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Headless: the headless session on a virtual clock, the raster pipeline (draw lists to
        // pixels with the window's fonts and renderer), what commands read (inputs, settings), and
        // command errors with their exit codes.
        .target(name: "TactileHeadless", dependencies: [
            "TactileCore", "TactileInput", "TactileUI", "TactileEditor", "TactileKiosk", "TactileHost", "TactileLab", "TactileMedia", "TactileSDL",
        ]),
        // Export: the one place an export is orchestrated: a project's movie (in the foreground or
        // in the background of the editor), a session's video, the frame pipeline both draw with.
        .target(name: "TactileExport", dependencies: [
            "TactileCore", "TactileInput", "TactileUI", "TactileEditor", "TactileHost", "TactileLab", "TactileMedia", "TactileSDL", "TactileHeadless",
        ], swiftSettings: swift5),
        // Study tools: recording, recorded sessions, the study file and runner, report, statistics,
        // plots, heatmaps, kiosk visitors' sessions. Never SDL or Export.
        .target(name: "TactileStudy", dependencies: [
            "TactileCore", "TactileInput", "TactileUI", "TactileEditor", "TactileKiosk", "TactileHost", "TactileLab", "TactileMedia", "TactileHeadless",
        ]),
        // The commands and the windowed app, and the thin command-line front.
        .target(name: "TactileApp", dependencies: [
            "TactileCore", "TactileInput", "TactileUI", "TactileEditor", "TactileKiosk", "TactileHost", "TactileLab", "TactileMedia", "TactileSDL",
            "TactileHeadless", "TactileExport", "TactileStudy", "TactileServer",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "tactile", dependencies: [
            "TactileApp", "TactileStudy", "TactileHeadless", "TactileExport", "TactileCore",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Test support: linked by tests, benchmarks and the fuzzer, never by the product.
        .target(name: "TactileTestSupport", dependencies: ["TactileCore", "TactileInput", "TactileUI", "TactileEditor", "TactileKiosk", "TactileHost", "TactileLab",
                                                           "TactileMedia", "TactileHeadless", "TactileStudy"]),
        // The end-to-end tests' harness (the built binary, the real window, study and replay
        // helpers): linked by test targets only.
        .target(name: "TactileAppTesting", dependencies: [
            "TactileApp", "TactileHeadless", "TactileStudy", "TactileSDL", "TactileHost", "TactileLab", "TactileKiosk", "TactileEditor",
            "TactileMedia", "TactileInput", "TactileUI", "TactileCore", "TactileTestSupport", "CSDL2",
        ]),
        .executableTarget(name: "tactile-fuzz", dependencies: [
            "TactileTestSupport", "TactileApp", "TactileCore", "TactileInput", "TactileEditor", "TactileKiosk", "TactileMedia",
            "TactileStudy", "TactileHeadless",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .executableTarget(name: "TactileBenchmarks", dependencies: [
            "TactileCore", "TactileInput", "TactileUI", "TactileEditor", "TactileKiosk", "TactileHost", "TactileLab", "TactileMedia", "TactileSDL",
            "TactileApp", "TactileHeadless", "TactileExport", "TactileStudy", "TactileTestSupport",
        ], path: "Benchmarks/TactileBenchmarks", swiftSettings: swift5),

        .testTarget(name: "TactileCoreTests", dependencies: ["TactileCore"]),
        .testTarget(name: "TactileInputTests", dependencies: ["TactileInput", "TactileCore"]),
        .testTarget(name: "TactileUITests", dependencies: ["TactileUI", "TactileCore", "TactileInput"]),
        .testTarget(name: "TactileEditorTests", dependencies: ["TactileApp", "TactileAppTesting", "TactileHeadless", "TactileStudy", "TactileExport", "TactileHost", "TactileLab", "TactileKiosk", "TactileSDL", "TactileMedia", "TactileEditor", "TactileInput", "TactileUI", "TactileCore", "TactileTestSupport", "CSDL2"]),
        .testTarget(name: "TactileKioskTests", dependencies: ["TactileApp", "TactileAppTesting", "TactileHeadless", "TactileStudy", "TactileExport", "TactileHost", "TactileLab", "TactileKiosk", "TactileSDL", "TactileMedia", "TactileEditor", "TactileInput", "TactileUI", "TactileCore", "TactileTestSupport", "CSDL2"]),
        .testTarget(name: "TactileLabTests", dependencies: ["TactileLab", "TactileEditor", "TactileUI", "TactileInput", "TactileCore"]),
        .testTarget(name: "TactileHostTests", dependencies: ["TactileHost", "TactileLab", "TactileKiosk", "TactileEditor", "TactileUI", "TactileInput", "TactileCore"]),
        .testTarget(name: "TactileMediaTests", dependencies: ["TactileMedia", "TactileTestSupport", "TactileCore"], swiftSettings: swift5),
        .testTarget(name: "TactileSDLTests", dependencies: ["TactileApp", "TactileAppTesting", "TactileHeadless", "TactileStudy", "TactileExport", "TactileHost", "TactileLab", "TactileKiosk", "TactileSDL", "TactileMedia", "TactileEditor", "TactileInput", "TactileUI", "TactileCore", "TactileTestSupport", "CSDL2"]),
        .testTarget(name: "TactileHeadlessTests", dependencies: ["TactileHeadless", "TactileTestSupport", "TactileCore"]),
        .testTarget(name: "TactileServerTests", dependencies: ["TactileServer", "TactileCore"]),
        .testTarget(name: "TactileExportTests", dependencies: ["TactileApp", "TactileAppTesting", "TactileHeadless", "TactileStudy", "TactileExport", "TactileHost", "TactileLab", "TactileKiosk", "TactileSDL", "TactileMedia", "TactileEditor", "TactileInput", "TactileUI", "TactileCore", "TactileTestSupport", "CSDL2"], swiftSettings: swift5),
        .testTarget(name: "TactileStudyTests", dependencies: [
            "TactileStudy", "TactileLab", "TactileEditor", "TactileTestSupport", "TactileCore", "TactileApp", "TactileAppTesting", "TactileHeadless",
            "TactileHost", "TactileKiosk", "TactileInput", "TactileUI", "TactileMedia", "TactileSDL", "TactileServer", "CSDL2",
        ]),
        .testTarget(name: "TactileAppTests", dependencies: ["TactileApp", "TactileAppTesting", "TactileHeadless", "TactileExport", "TactileStudy", "TactileServer", "TactileTestSupport", "TactileHost", "TactileLab", "TactileKiosk", "CSDL2", "TactileInput", "TactileUI", "TactileSDL", "TactileMedia", "TactileEditor", "TactileCore"],
                    swiftSettings: swift5),
    ],
    swiftLanguageModes: [.v6]
)
