import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The ranges the configuration's values must keep, checked when a file is loaded so a typo
/// ("trackHeight": -48) is named in a banner rather than drawn as a broken screen.
extension TactileConfiguration {
    /// Every value out of its range, each naming its key: the one check `config --check`, the
    /// start and every live reload run. Numbers keep the ranges of `TactileConfiguration.ranges`;
    /// the rest are rules between keys and on text.
    public func problems() -> [ConfigurationError] {
        var out: [ConfigurationError] = []
        for (path, value) in numericValues() {
            guard let range = Self.ranges[Self.rangeKey(of: path)] else {
                out.append(.init(key: path, "has no documented range (a setting added without one)"))
                continue
            }
            if !range.contains(value) { out.append(.init(key: path, "must be \(range.text), not \(ConfigurationRange.format(value))")) }
        }

        let l = layout
        if l.minimumCanvasHeight > l.viewport.height {
            out.append(.init(key: "layout.minimumCanvasHeight", "must not be more than layout.viewport.height"))
        }
        let t = timeline
        if t.minimumPointsPerSecond > t.maximumPointsPerSecond {
            out.append(.init(key: "timeline.minimumPointsPerSecond", "must not be more than timeline.maximumPointsPerSecond"))
        }
        if editing.minimumClipDuration > editing.newClipDuration {
            out.append(.init(key: "editing.minimumClipDuration", "must not be more than editing.newClipDuration"))
        }

        let cueNames: Set = ["selection", "impactLight", "impactMedium", "impactRigid", "impactSoft", "success", "warning", "error"]
        for (n, name) in cues.silenced.enumerated() where !cueNames.contains(name) {
            out.append(.init(key: "cues.silenced[\(n)]", "unknown cue \"\(PrintableText.of(name))\" (expected one of \(cueNames.sorted().joined(separator: ", ")))"))
        }

        let m = media
        if m.fineScrubDistances.isEmpty || m.fineScrubDistances.count != m.fineScrubSpeeds.count || m.fineScrubDistances.count > 16 {
            out.append(.init(key: "media.fineScrubSpeeds", "needs one speed for each of media.fineScrubDistances (at least one, at most 16)"))
        }
        if m.fineScrubDistances != m.fineScrubDistances.sorted() { out.append(.init(key: "media.fineScrubDistances", "must rise from first to last")) }

        for (k, v) in [("background", theme.background), ("surface", theme.surface), ("surfaceRaised", theme.surfaceRaised),
                       ("textPrimary", theme.textPrimary), ("textSecondary", theme.textSecondary), ("accent", theme.accent),
                       ("selection", theme.selection), ("playhead", theme.playhead), ("danger", theme.danger), ("desk", theme.desk),
                       ("touches", theme.touches), ("success", theme.success), ("selectionInk", theme.selectionInk),
                       ("warning", theme.warning)] where HexColor.parse(v) == nil {
            out.append(.init(key: "theme.\(k)", "must be a colour like \"#0A84FF\", not \"\(PrintableText.of(v, limit: 40))\""))
        }

        if MovePolicy(rawValue: feel.movePolicy) == nil {
            out.append(.init(key: "feel.movePolicy", "must be \"block\", \"push\" or \"ripple\", not \"\(PrintableText.of(feel.movePolicy, limit: 40))\""))
        }
        if !["off", "linear", "kalman"].contains(feel.prediction) {
            out.append(.init(key: "feel.prediction", "must be \"off\", \"linear\" or \"kalman\", not \"\(PrintableText.of(feel.prediction, limit: 40))\""))
        }
        if !["down", "nearest"].contains(feel.timecodeRounding) {
            out.append(.init(key: "feel.timecodeRounding", "must be \"down\" or \"nearest\", not \"\(PrintableText.of(feel.timecodeRounding, limit: 40))\""))
        }
        if FeelPreset(rawValue: feel.preset) == nil {
            out.append(.init(key: "feel.preset", "must be one of \(FeelPreset.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(PrintableText.of(feel.preset, limit: 40))\""))
        }
        if theme.locale.count > 32 || !theme.locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.@".contains($0)) }) {
            out.append(.init(key: "theme.locale", "must be a locale like \"ar_EG\" or \"de_DE\" (or empty for the environment's), not \"\(PrintableText.of(theme.locale, limit: 40))\""))
        }

        let s = touchscreen
        if ![0, 90, 180, 270].contains(s.rotation) { out.append(.init(key: "touchscreen.rotation", "must be 0, 90, 180 or 270, not \(s.rotation)")) }
        for (k, v) in [("scaleX", s.scaleX), ("scaleY", s.scaleY)] where abs(v) < 0.01 {
            out.append(.init(key: "touchscreen.\(k)", "must not be 0 (nor nearer 0 than ±0.01): every touch would land on one line"))
        }
        let matrix = s.calibrationMatrix
        if matrix.count != 6 {
            out.append(.init(key: "touchscreen.calibrationMatrix", "needs 6 numbers [a, b, c, d, e, f] (x' = a·x + b·y + c, y' = d·x + e·y + f), not \(matrix.count)"))
        } else if abs(Self.determinant(matrix)) < 1e-4 {
            out.append(.init(key: "touchscreen.calibrationMatrix", "folds the panel onto a line (a·e − b·d is 0): every touch would land on it"))
        }
        if s.ignoreRegions.count > 64 { out.append(.init(key: "touchscreen.ignoreRegions", "holds at most 64 regions")) }
        if s.deviceName.count > 200 { out.append(.init(key: "touchscreen.deviceName", "must be at most 200 characters")) }

        let k = kiosk
        if k.exitFingers == 1 {
            out.append(.init(key: "kiosk.exitFingers", "must be 0 (off) or between 2 and 10, not 1 (every touch would ask for the way out)"))
        }
        for (n, name) in k.exitCornerSequence.enumerated() where KioskCorner(rawValue: name) == nil {
            out.append(.init(key: "kiosk.exitCornerSequence[\(n)]",
                             "unknown corner \"\(PrintableText.of(name))\" (expected \(KioskCorner.allCases.map(\.rawValue).joined(separator: ", ")))"))
        }
        if !k.exitCornerSequence.isEmpty && k.exitCornerSequence.count < 3 {
            out.append(.init(key: "kiosk.exitCornerSequence", "needs at least 3 taps, so a visitor cannot stumble on it"))
        }
        for (name, text) in k.schedule.days {
            do { _ = try OpeningHours.parseDay(text) } catch {
                out.append(.init(key: "kiosk.schedule.\(name)", "\(error): give \"\" (open all day), \"closed\" or spans like \"09:00-18:00, 19:00-22:00\""))
            }
        }
        if MovieSettings.Size(rawValue: export.size) == nil {
            out.append(.init(key: "export.size", "must be one of \(MovieSettings.Size.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(PrintableText.of(export.size, limit: 40))\""))
        }
        if !MovieSettings.framesPerSecondChoices.contains(export.framesPerSecond) {
            out.append(.init(key: "export.framesPerSecond", "must be one of \(MovieSettings.framesPerSecondChoices.map(String.init).joined(separator: ", ")), not \(export.framesPerSecond)"))
        }
        if MovieSettings.Quality(rawValue: export.quality) == nil {
            out.append(.init(key: "export.quality", "must be one of \(MovieSettings.Quality.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(PrintableText.of(export.quality, limit: 40))\""))
        }
        let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow"]
        if !presets.contains(export.encoderPreset) {
            out.append(.init(key: "export.encoderPreset", "must be one of \(presets.joined(separator: ", ")), not \"\(PrintableText.of(export.encoderPreset, limit: 40))\""))
        }
        if export.folder.trimmingCharacters(in: .whitespaces).isEmpty {
            out.append(.init(key: "export.folder", "must name a folder"))
        }
        if !Self.isListeningAddress(study.observerHost) {
            out.append(.init(key: "study.observerHost", "must be an address to listen on, like \"127.0.0.1\" or \"0.0.0.0\", not \"\(PrintableText.of(study.observerHost, limit: 40))\" (a port goes in study.observerPort)"))
        }
        if !Self.isListeningAddress(k.healthHost) {
            out.append(.init(key: "kiosk.healthHost", "must be an address to listen on, like \"127.0.0.1\" or \"0.0.0.0\", not \"\(PrintableText.of(k.healthHost, limit: 40))\" (a port goes in kiosk.healthPort)"))
        }
        if !k.restartAt.isEmpty {
            do { _ = try OpeningHours.parseTime(k.restartAt) } catch {
                out.append(.init(key: "kiosk.restartAt", "\(error): give a time of day like \"04:00\", or \"\" for no nightly restart"))
            }
        }
        if k.exitCornerSequence.count > 32 { out.append(.init(key: "kiosk.exitCornerSequence", "holds at most 32 taps")) }
        if !k.pinHash.isEmpty {
            if !k.pin.isEmpty { out.append(.init(key: "kiosk.pin", "must be empty when kiosk.pinHash is set (the PIN is kept only as its hash)")) }
            let known = ["$y$", "$gy$", "$7$", "$2b$", "$6$"].contains { k.pinHash.hasPrefix($0) } && k.pinHash.count <= 512
                && k.pinHash.allSatisfy { $0.isASCII && !$0.isWhitespace }
            if !known { out.append(.init(key: "kiosk.pinHash", "must be a hash made by `tactile config --set-pin` (it starts \"$y$\"), not \"\(PrintableText.of(k.pinHash, limit: 20))\"")) }
            if !(1...12).contains(k.pinDigits) { out.append(.init(key: "kiosk.pinDigits", "must be the PIN's length, 1 to 12, with kiosk.pinHash (set both with `tactile config --set-pin`)")) }
        }
        if !k.pin.allSatisfy({ $0.isASCII && $0.isNumber }) || k.pin.count > 12 {
            out.append(.init(key: "kiosk.pin", "must be digits only (at most 12), not \"\(PrintableText.of(k.pin, limit: 20))\""))
        }
        if k.exitFingers == 0 && k.exitCornerSequence.isEmpty {
            out.append(.init(key: "kiosk.exitFingers", "is 0 and kiosk.exitCornerSequence is empty: kiosk mode would have no way out"))
        }
        for (key, path) in [("session.recordFolder", session.recordFolder), ("session.autosaveFolder", session.autosaveFolder),
                            ("session.plan", session.plan), ("kiosk.attractTrace", k.attractTrace), ("kiosk.sessionsFolder", k.sessionsFolder)]
            where path.utf8.count > 4096 || path.contains("\0") {
            out.append(.init(key: key, "must be a path of at most 4,096 bytes"))
        }
        return out
    }
}

/// The corners of the screen a kiosk's exit sequence is tapped in.
extension TactileConfiguration {
    /// a·e − b·d of a calibration matrix [a, b, c, d, e, f].
    static func determinant(_ m: [Double]) -> Double {
        let ae: Double = m[0] * m[4], bd: Double = m[1] * m[3]
        return ae - bd
    }
}

extension TactileConfiguration {
    /// Whether `host` is an address a server can listen on: "localhost", or an IPv4 or IPv6
    /// address as inet_pton reads it ("127.0.0.1:80" is not: the port has its own key).
    public static func isListeningAddress(_ host: String) -> Bool {
        if host == "localhost" { return true }
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}

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

