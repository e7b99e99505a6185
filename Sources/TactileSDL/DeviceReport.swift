import CSDL2
import Foundation
import TactileCore

/// `tactile devices`: the touch devices SDL sees (name and type), and, while the person touches
/// the panel for a few seconds, how many fingers each reported — and whether mouse clicks arrive
/// with the touches, which means the X server or driver emulates a pointer from the panel (those
/// clicks would be a second finger to Tactile; `touchscreen.deviceName` and the X configuration
/// are the cure).
public struct DeviceReport: Sendable {
    public struct Device: Sendable {
        public var name: String
        public var type: String
        public var fingersDown = 0
        /// The kernel's node for it (whose timestamps `touchscreen.kernelDevice` reads), or why none.
        public var kernelNode = ""
    }

    public var devices: [Device] = []
    /// Finger presses from devices SDL did not list (hot-plugged while watching).
    public var otherFingersDown = 0
    /// Mouse presses in all; those SDL made from touches (`SDL_TOUCH_MOUSEID`); and those that
    /// came within `coincidence` of a finger press, from the system's own pointer emulation.
    public var mouseDowns = 0, sdlTouchMouseDowns = 0, emulatedMouseDowns = 0

    /// A finger press and a mouse press closer than this in time count as one touch seen twice.
    static let coincidence = 0.05

    /// Opens a small window, watches for `seconds`, and reports.
    public static func watch(seconds: Double) throws -> DeviceReport {
        try SDLRuntime.start(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
        guard
            let window = SDL_CreateWindow(
                "Tactile devices: touch the panel", tactile_SDL_WINDOWPOS_CENTERED(), tactile_SDL_WINDOWPOS_CENTERED(),
                480, 320, SDL_WINDOW_SHOWN.rawValue)
        else { throw SDLError("opening the window") }
        defer { SDL_DestroyWindow(window) }
        var report = DeviceReport()
        var ids: [SDL_TouchID: Int] = [:]
        for i in 0..<SDL_GetNumTouchDevices() {
            let id = SDL_GetTouchDevice(i)
            let name = SDL_GetTouchName(i).map { String(cString: $0) } ?? "(no name)"
            let type: String
            switch SDL_GetTouchDeviceType(id) {
            case SDL_TOUCH_DEVICE_DIRECT: type = "touchscreen (direct)"
            case SDL_TOUCH_DEVICE_INDIRECT_ABSOLUTE: type = "touchpad (indirect, absolute)"
            case SDL_TOUCH_DEVICE_INDIRECT_RELATIVE: type = "touchpad (indirect, relative)"
            default: type = "unknown"
            }
            ids[id] = report.devices.count
            var device = Device(name: name, type: type)
            switch EvdevDevice.find(named: name) {
            case let .success(node): device.kernelNode = "kernel timestamps from \(node.path)" + (node.hasMonotonicTimestamps ? "" : " (wall clock)")
            case let .failure(why): device.kernelNode = "no kernel timestamps: \(why)"
            }
            report.devices.append(device)
        }
        let start = Date()
        var lastFinger: Date?
        var event = SDL_Event()
        while Date().timeIntervalSince(start) < seconds {
            let left = Int32(max(1, (seconds - Date().timeIntervalSince(start)) * 1000))
            guard SDL_WaitEventTimeout(&event, min(left, 100)) != 0 else { continue }
            switch SDL_EventType(event.type) {
            case SDL_FINGERDOWN:
                if let i = ids[event.tfinger.touchId] { report.devices[i].fingersDown += 1 } else { report.otherFingersDown += 1 }
                lastFinger = Date()
            case SDL_MOUSEBUTTONDOWN:
                report.mouseDowns += 1
                if event.button.which == tactile_SDL_TOUCH_MOUSEID() {
                    report.sdlTouchMouseDowns += 1
                } else if let f = lastFinger, Date().timeIntervalSince(f) < Self.coincidence {
                    report.emulatedMouseDowns += 1
                }
            case SDL_QUIT:
                return report
            default:
                break
            }
        }
        return report
    }

    /// The report as lines a person reads.
    public var text: String {
        var out: [String] = []
        if devices.isEmpty {
            out.append("touch devices: none (SDL sees no touch panel; is the panel plugged in, and does the X server or Wayland pass touch on?)")
        } else {
            out.append("touch devices:")
            for d in devices {
                out.append("  \(d.name) — \(d.type), \(d.fingersDown) finger press\(d.fingersDown == 1 ? "" : "es") seen")
                if !d.kernelNode.isEmpty { out.append("    \(d.kernelNode)") }
            }
        }
        if otherFingersDown > 0 { out.append("finger presses from a device plugged in while watching: \(otherFingersDown)") }
        out.append("mouse presses: \(mouseDowns)" + (sdlTouchMouseDowns > 0 ? " (\(sdlTouchMouseDowns) made by SDL from touches: Tactile ignores those)" : ""))
        if emulatedMouseDowns > 0 {
            out.append(
                "WARNING: \(emulatedMouseDowns) mouse press\(emulatedMouseDowns == 1 ? "" : "es") came with finger presses: the system emulates a pointer "
                    + "from the panel, so each touch would reach Tactile twice. Turn the emulation off in the X or libinput configuration.")
        } else if devices.contains(where: { $0.fingersDown > 0 }) {
            out.append("no mouse presses came with the touches: good")
        }
        return out.joined(separator: "\n") + "\n"
    }
}
