import Foundation

/// The values a numeric setting may take: wide enough for any study, narrow enough that the
/// editor cannot be crashed or hung by one (a long press of 10³⁰⁸ s, a rubber band of 0, a
/// viewport 10⁹ pt wide). `config --check`, the start and a live reload all check them with the
/// same code (`TactileConfiguration.problems()`); Docs/Configuration.md lists them.
public struct ConfigurationRange: Hashable, Sendable {
    public var lower: Double
    public var upper: Double
    /// Whether `lower` itself is refused ("more than 0").
    public var excludesLower: Bool
    /// The unit the value is in ("pt", "s", "px", "MB", "Hz" …), or "".
    public var unit: String
    /// What a rule between values adds ("0, 90, 180 or 270"); it replaces the plain range in `text`.
    public var note: String?

    public init(_ lower: Double, _ upper: Double, excludingLower: Bool = false, unit: String = "", note: String? = nil) {
        self.lower = lower; self.upper = upper; self.excludesLower = excludingLower; self.unit = unit; self.note = note
    }

    /// A range in points.
    static func points(_ l: Double, _ u: Double, excludingLower: Bool = false) -> Self { .init(l, u, excludingLower: excludingLower, unit: "pt") }
    /// A range in seconds.
    static func seconds(_ l: Double, _ u: Double, excludingLower: Bool = false) -> Self { .init(l, u, excludingLower: excludingLower, unit: "s") }

    public func contains(_ value: Double) -> Bool {
        value.isFinite && (excludesLower ? value > lower : value >= lower) && value <= upper
    }

    /// "0 … 200 pt", "more than 0, up to 1".
    public var text: String {
        if let note { return note }
        let u = unit.isEmpty ? "" : " \(unit)"
        return excludesLower ? "more than \(Self.format(lower)), up to \(Self.format(upper))\(u)" : "\(Self.format(lower)) … \(Self.format(upper))\(u)"
    }

    /// A number as a person writes it: whole numbers without a fraction, thousands grouped.
    public static func format(_ v: Double) -> String {
        guard v.isFinite else { return "\(v)" }
        if v == v.rounded() && abs(v) < 1e15 {
            let digits = String(Int64(abs(v)))
            var grouped = ""
            for (n, c) in digits.reversed().enumerated() {
                if n > 0 && n % 3 == 0 && digits.count > 4 { grouped.append(",") }
                grouped.append(c)
            }
            return (v < 0 ? "-" : "") + String(grouped.reversed())
        }
        return "\(v)"
    }
}

extension TactileConfiguration {
    /// The range of every numeric setting, by dotted key; elements of a list are keyed `key[]`.
    /// A test checks that every numeric key has one.
    public static let ranges: [String: ConfigurationRange] = {
        var r: [String: ConfigurationRange] = [:]
        // Layout: sizes in points.
        r["layout.viewport.width"] = .points(100, 4096); r["layout.viewport.height"] = .points(100, 4096)
        for k in ["topInset", "bottomInset", "landscapeTopInset", "landscapeBottomInset"] { r["layout.\(k)"] = .points(0, 200) }
        r["layout.minimumCanvasShare"] = .init(0, 1)
        for k in ["titleBarHeight", "playerBarHeight", "rulerHeight", "toolbarHeight", "scrubBarHeight", "browserHeaderHeight",
                  "browserCaptionHeight"] { r["layout.\(k)"] = .points(8, 200) }
        r["layout.trackHeight"] = .points(8, 300)
        r["layout.minimumCanvasHeight"] = .points(0, 2000)
        r["layout.trackSpacing"] = .points(0, 100); r["layout.trackPadding"] = .points(0, 100)
        r["layout.clipCornerRadius"] = .points(0, 100); r["layout.selectionBorderWidth"] = .points(0, 20)
        r["layout.playheadWidth"] = .points(0, 20); r["layout.margin"] = .points(0, 100); r["layout.scrubTrackInset"] = .points(0, 100)
        r["layout.handleWidth"] = .points(2, 100); r["layout.handleHitMultiplier"] = .init(1, 10)
        r["layout.toolbarRailWidth"] = .points(16, 300); r["layout.landscapeCanvasShare"] = .init(0.1, 0.9)
        r["layout.toolbarButtonWidth"] = .points(16, 200); r["layout.buttonSize"] = .points(16, 200)
        r["layout.browserTopGap"] = .points(0, 2000); r["layout.browserMinimumShare"] = .init(0.1, 1); r["layout.browserTileSpacing"] = .points(0, 100)
        r["layout.browserColumns"] = .init(1, 12)
        r["layout.bannerHeight"] = .points(16, 200); r["layout.bannerPadding"] = .points(0, 60); r["layout.bannerMaximumLines"] = .init(1, 6); r["layout.uiScale"] = .init(0.5, 3)
        // Input: slops in points, times in seconds.
        r["input.tapSlop"] = .points(0, 200); r["input.tapOutset"] = .points(0, 100); r["input.panSlop"] = .points(0, 400); r["input.trimSlop"] = .points(0, 100)
        r["input.longPressSlop"] = .points(0, 200); r["input.doubleTapSlop"] = .points(0, 400)
        r["input.tapMaximumDuration"] = .seconds(0.05, 10); r["input.longPressDuration"] = .seconds(0.05, 10)
        r["input.doubleTapInterval"] = .seconds(0.05, 5); r["input.velocityWindow"] = .seconds(0.01, 1)
        r["input.maximumFlingSpeed"] = .init(10, 100_000, unit: "pt/s")
        // Timeline.
        for k in ["pointsPerSecond", "minimumPointsPerSecond", "maximumPointsPerSecond"] { r["timeline.\(k)"] = .init(0.1, 10_000, unit: "pt/s") }
        r["timeline.minimumRulerLabelSpacing"] = .points(10, 2000); r["timeline.snapThreshold"] = .points(0, 100)
        r["timeline.autoScrollMargin"] = .points(0, 200); r["timeline.autoScrollSpeed"] = .init(0, 20_000, unit: "pt/s")
        r["timeline.maximumTracksShare"] = .init(0.05, 1)
        r["timeline.collapseResponse"] = .seconds(0.01, 10); r["timeline.pulseDuration"] = .seconds(0.01, 10)
        r["timeline.marchingAntsSpeed"] = .init(0, 1000, unit: "pt/s")
        r["timeline.physics.decelerationRate"] = .init(0.5, 0.9999)
        r["timeline.physics.rubberBandCoefficient"] = .init(0.01, 2)
        r["timeline.physics.bounceResponse"] = .seconds(0.01, 10)
        r["timeline.physics.minimumVelocity"] = .init(0.1, 1000, unit: "pt/s")
        // Window.
        r["window.deviceMargin"] = .points(0, 400); r["window.bezelWidth"] = .points(0, 100)
        r["window.screenCornerRadius"] = .points(0, 400); r["window.maximumDisplayShare"] = .init(0.1, 1)
        // Editing.
        r["editing.minimumClipDuration"] = .seconds(0.01, 3600); r["editing.newClipDuration"] = .seconds(0.01, 86_400)
        r["editing.playbackFrameRate"] = .init(1, 240, unit: "fps"); r["editing.undoLimit"] = .init(1, 100_000)
        r["editing.bannerDuration"] = .seconds(0, 3600); r["editing.browserSlideDuration"] = .seconds(0, 10)
        r["editing.transitionZoom"] = .init(0, 4); r["editing.transitionDuration"] = .seconds(0.1, 10)
        r["editing.transitionPreviewLead"] = .seconds(0, 10)
        r["editing.overlaySnapThreshold"] = .init(0, 100, unit: "pt"); r["editing.overlaySafeMargin"] = .init(0, 0.4)
        r["editing.overlayRotationSnap"] = .init(0, 45, unit: "°"); r["editing.overlayMinimumTarget"] = .init(0, 200, unit: "pt")
        // Cues.
        r["cues.volume"] = .init(0, 1); r["cues.hapticStrength"] = .init(0, 1); r["cues.sampleRate"] = .init(8000, 192_000, unit: "Hz")
        // Media.
        r["media.cacheBudgetMegabytes"] = .init(16, 1_000_000, unit: "MB")
        r["media.decodeThreads"] = .init(0, 64)
        r["editing.levelSnapDecibels"] = .init(0, 12, unit: "dB")
        r["export.framesPerSecond"] = .init(24, 60, unit: "fps")
        r["export.draftCRF"] = .init(0, 51); r["export.standardCRF"] = .init(0, 51); r["export.highCRF"] = .init(0, 51)
        r["export.audioKilobits"] = .init(32, 512, unit: "kbit/s"); r["export.drawThreads"] = .init(0, 64); r["export.decodeThreads"] = .init(0, 64)
        r["export.progressRefreshSeconds"] = .init(0.02, 5, unit: "s")
        r["media.exportLookahead"] = .init(0, 250); r["media.exportBFrames"] = .init(0, 16)
        r["media.canvasPictureSize"] = .init(16, 8192, unit: "px"); r["media.thumbnailPixelHeight"] = .init(8, 2048, unit: "px")
        r["media.posterPixelHeight"] = .init(8, 4096, unit: "px"); r["media.waveformBucketsPerSecond"] = .init(1, 2000)
        r["media.fineScrubDistances[]"] = .points(0, 4096); r["media.fineScrubSpeeds[]"] = .init(0, 1, excludingLower: true)
        r["media.playbackSampleRate"] = .init(8000, 192_000, unit: "Hz"); r["media.playbackAudioLead"] = .seconds(0.01, 5)
        r["media.openDecoderLimit"] = .init(1, 64); r["media.proxyPictureSize"] = .init(16, 8192, unit: "px")
        r["media.proxyQuality"] = .init(2, 31); r["media.proxyBudgetMegabytes"] = .init(0, 100_000_000, unit: "MB")
        r["media.proxySegmentSeconds"] = .init(0.1, 60, unit: "s"); r["media.proxyMakers"] = .init(0, 64)
        r["media.proxyAroundSeconds"] = .init(0, 600, unit: "s"); r["media.proxyReachSeconds"] = .init(0, 60, unit: "s")
        r["media.proxySprintFrames"] = .init(0, 10_000, unit: "frames")
        r["media.proxyInterestFrames"] = .init(1, 100_000); r["media.quickScrubCheapFrames"] = .init(0, 10_000)
        r["media.proxyWaitStallMilliseconds"] = .init(0, 10_000, unit: "ms")
        r["media.scrubRestMilliseconds"] = .init(0, 10_000, unit: "ms")
        r["media.duckDecibels"] = .init(-60, 0, unit: "dB"); r["media.duckRampSeconds"] = .init(0, 10, unit: "s")
        r["media.quickPictureSize"] = .init(16, 8192, unit: "px"); r["media.quickScrubNearestFrames"] = .init(0, 250)
        // Touchscreen.
        r["touchscreen.rotation"] = .init(0, 270, unit: "°", note: "0, 90, 180 or 270 °")
        for k in ["scaleX", "scaleY"] { r["touchscreen.\(k)"] = .init(-100, 100, note: "-100 … 100, not within ±0.01 of 0") }
        r["touchscreen.offsetX"] = .init(-100, 100); r["touchscreen.offsetY"] = .init(-100, 100)
        r["touchscreen.ignoreRegions[].x"] = .init(0, 1); r["touchscreen.ignoreRegions[].y"] = .init(0, 1)
        r["touchscreen.ignoreRegions[].width"] = .init(0, 1, excludingLower: true); r["touchscreen.ignoreRegions[].height"] = .init(0, 1, excludingLower: true)
        r["touchscreen.jitterThreshold"] = .points(0, 100)
        r["touchscreen.calibrationMatrix[]"] = .init(-100, 100)
        // Overlays.
        r["overlays.touchRadius"] = .points(1, 400); r["overlays.trailDuration"] = .seconds(0, 60); r["overlays.liftFadeDuration"] = .seconds(0, 60)
        r["overlays.pointerTrailLength"] = .init(1, 100_000); r["overlays.monitorHistory"] = .init(1, 10_000)
        r["overlays.arenaFade"] = .seconds(0, 60); r["overlays.arenaHistory"] = .init(1, 50)
        // Session.
        r["session.configurationPollInterval"] = .seconds(0.05, 60); r["session.taskDonePause"] = .seconds(0, 30)
        r["session.keepRecoveredProjects"] = .init(1, 10_000)
        // Kiosk.
        r["kiosk.studyResetAfter"] = .seconds(1, 3600)
        r["study.rageTapCount"] = .init(2, 20); r["study.rageTapInterval"] = .seconds(0.05, 5); r["study.rageTapRadius"] = .points(1, 500)
        r["study.nearMissDistance"] = .points(0, 200); r["study.freezeThreshold"] = .init(16, 10_000, unit: "ms")
        r["study.observerPort"] = .init(0, 65_535)
        r["study.observerMaxConnections"] = .init(1, 1000); r["study.observerClientTimeout"] = .seconds(0.5, 600)
        r["kiosk.healthMaxConnections"] = .init(1, 1000); r["kiosk.healthClientTimeout"] = .seconds(0.5, 600)
        r["session.reservedFiles"] = .init(16, 100_000); r["kiosk.pinDigits"] = .init(0, 12)
        r["feel.addedLatency"] = .init(0, 1000, unit: "ms"); r["feel.maxFrameRate"] = .init(10, 240, unit: "fps")
        r["kiosk.dimAfter"] = .seconds(0, 86_400 * 7); r["kiosk.dimOpacity"] = .init(0, 1)
        r["kiosk.healthPort"] = .init(0, 65_535); r["kiosk.healthStallAfter"] = .seconds(1, 3600); r["kiosk.healthLowSpace"] = .init(0, 1e7, unit: "MB")
        r["kiosk.closedWake"] = .seconds(1, 86_400); r["kiosk.burnInShift"] = .points(0, 40); r["kiosk.burnInInterval"] = .seconds(1, 86_400)
        r["feel.timecodeFrameRate"] = .init(1, 240, unit: "fps")
        r["feel.predictionHorizon"] = .init(0, 200, unit: "ms"); r["feel.predictionMaximumDistance"] = .points(0, 400)
        r["feel.kalmanProcessNoise"] = .init(0, 1e9, excludingLower: true, unit: "pt²/s³")
        r["feel.kalmanMeasurementNoise"] = .init(0, 1e4, excludingLower: true, unit: "pt²")
        r["kiosk.invitationPulse"] = .seconds(0.1, 60)
        r["kiosk.idleTimeout"] = .seconds(5, 86_400); r["kiosk.exitFingers"] = .init(0, 10, note: "0 (off) or 2 … 10")
        r["kiosk.exitHoldDuration"] = .seconds(0.5, 60); r["kiosk.exitCornerSize"] = .points(16, 400)
        r["kiosk.exitCornerTimeout"] = .seconds(1, 60); r["kiosk.pinTimeout"] = .seconds(3, 600)
        r["kiosk.pinAttempts"] = .init(1, 100); r["kiosk.pinKeySize"] = .points(44, 200); r["kiosk.pinLockoutDuration"] = .seconds(1, 86_400)
        r["kiosk.attractPause"] = .seconds(0, 3600); r["kiosk.keepSessions"] = .init(1, 10_000_000)
        return r
    }()

    /// The range key of a dotted path with list indices (`media.fineScrubSpeeds[2]` → `media.fineScrubSpeeds[]`).
    public static func rangeKey(of path: String) -> String {
        var out = "", skipping = false
        for c in path {
            if c == "[" { out.append("["); skipping = true } else if c == "]" { out.append("]"); skipping = false } else if !skipping { out.append(c) }
        }
        return out
    }

    /// Every number in the configuration with its dotted path (`touchscreen.ignoreRegions[0].x`).
    public func numericValues() -> [(path: String, value: Double)] {
        guard let data = try? JSONEncoder().encode(self), let root = try? JSONSerialization.jsonObject(with: data) else { return [] }
        var out: [(String, Double)] = []
        func walk(_ value: Any, _ path: String) {
            if let object = value as? [String: Any] {
                for (k, v) in object { walk(v, path.isEmpty ? k : "\(path).\(k)") }
            } else if let list = value as? [Any] {
                for (n, v) in list.enumerated() { walk(v, "\(path)[\(n)]") }
            } else if let n = value as? NSNumber, !JSONNumber.isBoolean(n) {
                out.append((path, n.doubleValue))
            }
        }
        walk(root, "")
        return out.sorted { $0.0 < $1.0 }
    }
}
