import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TactileCore
import TactileHost
import TactileInput
import TactileSDL
import TactileStudy
import TactileHeadless

/// `tactile calibrate`: the calibration wizard full screen, then its result written into the
/// configuration file's `touchscreen` section.
public enum Calibrate {
    /// Runs the wizard; returns what it printed (the map's error and the udev rule) or nil when cancelled.
    public static func run(configFile: String, points: Int, scale: Double?) throws -> String? {
        guard points == 4 || points == 9 else { throw CommandError.badInput("--points must be 4 or 9, not \(points)") }
        let url = URL(fileURLWithPath: HomePath.expanding(configFile))
        let configuration = try FileManager.default.fileExists(atPath: url.path) ? Settings(file: url.path).load() : TactileConfiguration()
        var raw = configuration
        raw.touchscreen = CalibrationSession.rawTouchscreen(configuration.touchscreen)
        let host = WindowHost(
            options: WindowOptions(viewport: configuration.layout.viewport, scale: try Inputs.scale(scale), fill: true, fullscreen: true),
            settings: raw.windowSettings)
        var wizard: CalibrationSession?
        do {
            try host.run { window in
                let s = CalibrationSession(
                    viewport: configuration.layout.viewport, points: points, appearance: configuration.theme, input: configuration.input,
                    measurer: window.measurer)
                wizard = s
                return s
            }
        } catch let e as SDLError {
            throw CommandError(e.message)
        }
        guard case let .saved(calibration)? = wizard?.result else { return nil }
        try write(calibration, to: url)
        let error = wizard?.largestError.map { String(format: "%.1f", $0) } ?? "?"
        return "Saved the calibration into \(url.path) (the targets land within \(error) pt).\n"
            + "For libinput (other programs on this stand), put this line in /etc/udev/rules.d/99-tactile-touch.rules:\n"
            + "ACTION==\"add|change\", KERNEL==\"event[0-9]*\", ENV{ID_INPUT_TOUCHSCREEN}==\"1\", \(calibration.udevRule)\n"
    }

    /// The configuration file at `url` as a JSON object to add settings to (empty when it is
    /// missing or empty); refused naming `what` would have been written when it is not an object.
    static func settingsObject(at url: URL, writing what: String) throws -> [String: Any] {
        guard let data = FileManager.default.contents(atPath: url.path), !data.isEmpty else { return [:] }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw CommandError.badInput("\(url.path): not a JSON object; \(what) was not written")
        }
        return object
    }

    /// Writes `calibration` as the file's touchscreen calibration — turn, scale and offset taken
    /// off, as the matrix holds them all — keeping every other key. The file is written
    /// atomically, the previous one kept beside it as `FILE.bak`; the result is checked first.
    public static func write(_ calibration: AffineCalibration, to url: URL) throws {
        var root = try settingsObject(at: url, writing: "the calibration")
        var touch = root["touchscreen"] as? [String: Any] ?? [:]
        touch["rotation"] = 0; touch["scaleX"] = 1; touch["scaleY"] = 1; touch["offsetX"] = 0; touch["offsetY"] = 0
        touch["calibrationMatrix"] = calibration.matrix.map { ($0 * 1_000_000).rounded() / 1_000_000 }
        root["touchscreen"] = touch
        let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
        _ = try ConfigurationFile.decode(data, schema: .tactile) // refuse to write a file Tactile would refuse
        let target = try ConfigurationWriter.target(of: url)
        if let old = FileManager.default.contents(atPath: target.path) {
            // The backup keeps the file's mode: a configuration made private stays private.
            var info = stat()
            let mode = stat(target.path, &info) == 0 ? info.st_mode & 0o7777 : 0o600
            try AtomicFile.write(old, to: target.appendingPathExtension("bak"), permissions: mode)
        }
        try ConfigurationWriter.write(data + Data("\n".utf8), to: url)
    }
}
