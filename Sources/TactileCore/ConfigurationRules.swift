/// The ranges the configuration's values must keep, checked when a file is loaded so a typo
/// ("trackHeight": -48) is named in a banner rather than drawn as a broken screen.
extension TactileConfiguration {
    /// Every value out of its range, each naming its key.
    public func problems() -> [ConfigurationError] {
        var out: [ConfigurationError] = []
        func positive(_ key: String, _ v: Double) { if !(v > 0 && v.isFinite) { out.append(.init(key: key, "must be more than 0, not \(v)")) } }
        func nonNegative(_ key: String, _ v: Double) { if !(v >= 0 && v.isFinite) { out.append(.init(key: key, "must be 0 or more, not \(v)")) } }
        func within(_ key: String, _ v: Double, _ range: ClosedRange<Double>) {
            if !range.contains(v) { out.append(.init(key: key, "must be between \(fmt(range.lowerBound)) and \(fmt(range.upperBound)), not \(fmt(v))")) }
        }
        func atLeast(_ key: String, _ v: Int, _ least: Int) { if v < least { out.append(.init(key: key, "must be at least \(least), not \(v)")) } }

        let l = layout
        positive("layout.viewport.width", l.viewport.width); positive("layout.viewport.height", l.viewport.height)
        for (k, v) in [("titleBarHeight", l.titleBarHeight), ("playerBarHeight", l.playerBarHeight), ("rulerHeight", l.rulerHeight),
                       ("trackHeight", l.trackHeight), ("toolbarHeight", l.toolbarHeight), ("scrubBarHeight", l.scrubBarHeight),
                       ("minimumCanvasHeight", l.minimumCanvasHeight), ("handleWidth", l.handleWidth), ("toolbarButtonWidth", l.toolbarButtonWidth),
                       ("buttonSize", l.buttonSize), ("browserHeaderHeight", l.browserHeaderHeight), ("browserCaptionHeight", l.browserCaptionHeight)] {
            positive("layout.\(k)", v)
        }
        for (k, v) in [("topInset", l.topInset), ("bottomInset", l.bottomInset), ("landscapeTopInset", l.landscapeTopInset),
                       ("landscapeBottomInset", l.landscapeBottomInset), ("trackSpacing", l.trackSpacing), ("trackPadding", l.trackPadding),
                       ("clipCornerRadius", l.clipCornerRadius), ("selectionBorderWidth", l.selectionBorderWidth), ("playheadWidth", l.playheadWidth),
                       ("margin", l.margin), ("browserTopGap", l.browserTopGap), ("browserTileSpacing", l.browserTileSpacing)] {
            nonNegative("layout.\(k)", v)
        }
        within("layout.minimumCanvasShare", l.minimumCanvasShare, 0...1)
        within("layout.handleHitMultiplier", l.handleHitMultiplier, 1...10)
        within("layout.uiScale", l.uiScale, 0.5...3)
        atLeast("layout.browserColumns", l.browserColumns, 1)

        let i = input
        for (k, v) in [("tapSlop", i.tapSlop), ("panSlop", i.panSlop), ("trimSlop", i.trimSlop), ("longPressSlop", i.longPressSlop),
                       ("doubleTapSlop", i.doubleTapSlop)] { nonNegative("input.\(k)", v) }
        for (k, v) in [("tapMaximumDuration", i.tapMaximumDuration), ("longPressDuration", i.longPressDuration),
                       ("doubleTapInterval", i.doubleTapInterval), ("velocityWindow", i.velocityWindow),
                       ("maximumFlingSpeed", i.maximumFlingSpeed)] { positive("input.\(k)", v) }

        let t = timeline
        for (k, v) in [("pointsPerSecond", t.pointsPerSecond), ("minimumPointsPerSecond", t.minimumPointsPerSecond),
                       ("maximumPointsPerSecond", t.maximumPointsPerSecond), ("minimumRulerLabelSpacing", t.minimumRulerLabelSpacing),
                       ("collapseResponse", t.collapseResponse), ("pulseDuration", t.pulseDuration)] { positive("timeline.\(k)", v) }
        for (k, v) in [("snapThreshold", t.snapThreshold), ("autoScrollMargin", t.autoScrollMargin), ("autoScrollSpeed", t.autoScrollSpeed),
                       ("marchingAntsSpeed", t.marchingAntsSpeed)] { nonNegative("timeline.\(k)", v) }
        within("timeline.maximumTracksShare", t.maximumTracksShare, 0.05...1)
        if t.minimumPointsPerSecond > t.maximumPointsPerSecond {
            out.append(.init(key: "timeline.minimumPointsPerSecond", "must not be more than timeline.maximumPointsPerSecond"))
        }

        let e = editing
        positive("editing.minimumClipDuration", e.minimumClipDuration); positive("editing.newClipDuration", e.newClipDuration)
        nonNegative("editing.bannerDuration", e.bannerDuration); nonNegative("editing.browserSlideDuration", e.browserSlideDuration)
        atLeast("editing.playbackFrameRate", e.playbackFrameRate, 1); atLeast("editing.undoLimit", e.undoLimit, 1)

        within("cues.volume", cues.volume, 0...1); within("cues.hapticStrength", cues.hapticStrength, 0...1)
        atLeast("cues.sampleRate", cues.sampleRate, 8000)
        let cueNames: Set = ["selection", "impactLight", "impactMedium", "impactRigid", "impactSoft", "success", "warning", "error"]
        for (n, name) in cues.silenced.enumerated() where !cueNames.contains(name) {
            out.append(.init(key: "cues.silenced[\(n)]", "unknown cue \"\(name)\" (expected one of \(cueNames.sorted().joined(separator: ", ")))"))
        }

        let m = media
        positive("media.cacheBudgetMegabytes", m.cacheBudgetMegabytes); positive("media.proxyBudgetMegabytes", m.proxyBudgetMegabytes)
        for (k, v) in [("canvasPictureSize", m.canvasPictureSize), ("thumbnailPixelHeight", m.thumbnailPixelHeight),
                       ("posterPixelHeight", m.posterPixelHeight), ("waveformBucketsPerSecond", m.waveformBucketsPerSecond),
                       ("openDecoderLimit", m.openDecoderLimit), ("proxyPictureSize", m.proxyPictureSize)] { atLeast("media.\(k)", v, 1) }
        if !(2...31).contains(m.proxyQuality) { out.append(.init(key: "media.proxyQuality", "must be between 2 and 31, not \(m.proxyQuality)")) }
        if m.fineScrubDistances.isEmpty || m.fineScrubDistances.count != m.fineScrubSpeeds.count {
            out.append(.init(key: "media.fineScrubSpeeds", "needs one speed for each of media.fineScrubDistances (and at least one)"))
        }
        for (n, s) in m.fineScrubSpeeds.enumerated() where !(s > 0 && s <= 1) { out.append(.init(key: "media.fineScrubSpeeds[\(n)]", "must be more than 0 and at most 1")) }
        if m.fineScrubDistances != m.fineScrubDistances.sorted() { out.append(.init(key: "media.fineScrubDistances", "must rise from first to last")) }

        for (k, v) in [("background", theme.background), ("surface", theme.surface), ("surfaceRaised", theme.surfaceRaised),
                       ("textPrimary", theme.textPrimary), ("textSecondary", theme.textSecondary), ("accent", theme.accent),
                       ("selection", theme.selection), ("playhead", theme.playhead), ("danger", theme.danger), ("desk", theme.desk),
                       ("touches", theme.touches), ("success", theme.success)] where HexColor.parse(v) == nil {
            out.append(.init(key: "theme.\(k)", "must be a colour like \"#0A84FF\", not \"\(v)\""))
        }

        let s = touchscreen
        if ![0, 90, 180, 270].contains(s.rotation) { out.append(.init(key: "touchscreen.rotation", "must be 0, 90, 180 or 270, not \(s.rotation)")) }
        for (k, v) in [("scaleX", s.scaleX), ("scaleY", s.scaleY)] where !(v.isFinite && v != 0) {
            out.append(.init(key: "touchscreen.\(k)", "must be a number other than 0"))
        }
        nonNegative("touchscreen.jitterThreshold", s.jitterThreshold)
        for (n, r) in s.ignoreRegions.enumerated() where !(r.width > 0 && r.height > 0) {
            out.append(.init(key: "touchscreen.ignoreRegions[\(n)]", "needs a width and height more than 0"))
        }

        let o = overlays
        positive("overlays.touchRadius", o.touchRadius); nonNegative("overlays.trailDuration", o.trailDuration)
        nonNegative("overlays.liftFadeDuration", o.liftFadeDuration)
        atLeast("overlays.pointerTrailLength", o.pointerTrailLength, 1); atLeast("overlays.monitorHistory", o.monitorHistory, 1)
        within("session.configurationPollInterval", session.configurationPollInterval, 0.05...60)
        within("session.taskDonePause", session.taskDonePause, 0...30)

        let k = kiosk
        within("kiosk.idleTimeout", k.idleTimeout, 5...86_400)
        if k.exitFingers != 0 && !(2...10).contains(k.exitFingers) {
            out.append(.init(key: "kiosk.exitFingers", "must be 0 (off) or between 2 and 10, not \(k.exitFingers)"))
        }
        within("kiosk.exitHoldDuration", k.exitHoldDuration, 0.5...60)
        for (n, name) in k.exitCornerSequence.enumerated() where KioskCorner(rawValue: name) == nil {
            out.append(.init(key: "kiosk.exitCornerSequence[\(n)]",
                             "unknown corner \"\(name)\" (expected \(KioskCorner.allCases.map(\.rawValue).joined(separator: ", ")))"))
        }
        if !k.exitCornerSequence.isEmpty && k.exitCornerSequence.count < 3 {
            out.append(.init(key: "kiosk.exitCornerSequence", "needs at least 3 taps, so a visitor cannot stumble on it"))
        }
        positive("kiosk.exitCornerSize", k.exitCornerSize); positive("kiosk.exitCornerTimeout", k.exitCornerTimeout)
        if !k.pin.allSatisfy({ $0.isASCII && $0.isNumber }) || k.pin.count > 12 {
            out.append(.init(key: "kiosk.pin", "must be digits only (at most 12), not \"\(k.pin)\""))
        }
        within("kiosk.pinTimeout", k.pinTimeout, 3...600)
        nonNegative("kiosk.attractPause", k.attractPause)
        atLeast("kiosk.keepSessions", k.keepSessions, 1)
        if k.exitFingers == 0 && k.exitCornerSequence.isEmpty {
            out.append(.init(key: "kiosk.exitFingers", "is 0 and kiosk.exitCornerSequence is empty: kiosk mode would have no way out"))
        }

        return out
    }
}

/// The corners of the screen a kiosk's exit sequence is tapped in.
public enum KioskCorner: String, CaseIterable, Sendable {
    case topLeft, topRight, bottomLeft, bottomRight
}

/// "#RRGGBB" colours, as the configuration writes them.
public enum HexColor {
    /// The 0xRRGGBB value of "#RRGGBB" (or "RRGGBB"), nil when it is not one.
    public static func parse(_ text: String) -> UInt32? {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.count == 6 else { return nil }
        return UInt32(digits, radix: 16)
    }
}

private func fmt(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v) }
