import CSDL2
import TactileCore
import TactileInput

/// Turns SDL events into `InputEvent` values in viewport points. Touch fingers get small
/// stable ids; the mouse is finger 0, and holding Alt or Ctrl while pressing adds a second
/// finger (id -1) mirrored around the viewport's centre, as the iOS Simulator does for pinch.
/// Mouse events synthesised from touches (`which == SDL_TOUCH_MOUSEID`) are dropped.
public struct EventTranslator {
    /// What the host should do besides feeding input to the editor.
    public enum HostAction: Equatable {
        /// The window's close button, a window manager's quit, Ctrl+Q.
        case quit
        /// A termination signal: save and close (obeyed even in kiosk mode).
        case terminate
        case resized, toggleFullscreen
        /// F2: open or close the lab panel's drawer (when the phone fills the window).
        case toggleDrawer
        /// F3 (an older touch, 1) and F4 (a newer one, -1) in the lab panel's per-touch timeline.
        case showTouch(Int)
        /// F5: open or close the tuning panel.
        case toggleTuning
        /// F6: flip between the A/B variants.
        case flipVariant
        /// The window was hidden or minimised (false), or shown again (true).
        case visible(Bool)
    }

    /// The id of the mouse's emulated finger.
    public static let mouseFinger: PointerID = 0
    /// The id of the mirrored second finger.
    public static let mirroredFinger: PointerID = -1

    private var fingerIDs: [UInt64: PointerID] = [:]
    private var nextFinger: PointerID = 1
    private var mouseDown = false
    private var mirroring = false
    /// The panel's rotation, calibration, ignored regions and jitter filter.
    public var touchscreen: TouchscreenMapping
    /// The kernel's timestamps of recent touches (`touchscreen.kernelDevice`), which each
    /// finger event is matched against; nil when none are read.
    public var kernelTimes: KernelTimestampMatcher?
    /// Where a finger SDL reports at window fractions is on the panel, in the kernel's fractions
    /// (identity when SDL reads the device itself; through the window's place on the display under
    /// X11 and Wayland, whose touches SDL gives relative to the window).
    public var kernelPanelPoint: (Point) -> Point = { $0 }
    /// Names of the touch devices seen so far, by SDL touch id (nil: not one to use).
    private var devices: [SDL_TouchID: String?] = [:]

    public init(touchscreen: TactileConfiguration.Touchscreen = .init()) {
        self.touchscreen = TouchscreenMapping(settings: touchscreen)
    }

    /// Takes reloaded panel settings, keeping the fingers that are down.
    public mutating func adopt(_ settings: TactileConfiguration.Touchscreen) {
        touchscreen = TouchscreenMapping(settings: settings)
        devices.removeAll()
    }

    /// Whether touches from `touchID` are used (its name matches `touchscreen.deviceName`).
    private mutating func uses(_ touchID: SDL_TouchID) -> Bool {
        if devices[touchID] == nil {
            var name = ""
            for i in 0..<SDL_GetNumTouchDevices() where SDL_GetTouchDevice(i) == touchID {
                name = SDL_GetTouchName(i).map { String(cString: $0) } ?? ""
            }
            devices[touchID] = touchscreen.accepts(deviceNamed: name) ? name : .some(nil)
        }
        return devices[touchID]! != nil
    }

    /// Translates one SDL event. `frame` maps window pixels to viewport points; `windowPixels`
    /// is the window's size in pixels (finger positions arrive normalised to it).
    public mutating func translate(
        _ event: SDL_Event, frame: DeviceFrame, windowPixels: Size, now: Time,
        into events: inout [InputEvent]
    ) -> HostAction? {
        let type = SDL_EventType(event.type)
        switch type {
        case SDL_QUIT:
            return .quit
        case SDL_USEREVENT where event.user.code == SDLEvents.terminateCode:
            return .terminate
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            translateFinger(event.tfinger, type: type, frame: frame, windowPixels: windowPixels, now: now, into: &events)
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            guard b.which != tactile_SDL_TOUCH_MOUSEID(), b.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            let p = frame.viewportPoint(fromWindowPixel: Point(x: Double(b.x), y: Double(b.y)))
            if type == SDL_MOUSEBUTTONDOWN {
                guard !mouseDown else { return nil }
                mouseDown = true
                let mods = SDL_GetModState().rawValue
                mirroring = mods & (KMOD_ALT.rawValue | KMOD_CTRL.rawValue) != 0
                events.append(.touch(.down, id: Self.mouseFinger, at: p, time: now))
                if mirroring { events.append(.touch(.down, id: Self.mirroredFinger, at: mirror(p, frame), time: now)) }
            } else if mouseDown {
                mouseDown = false
                events.append(.touch(.up, id: Self.mouseFinger, at: p, time: now))
                if mirroring { events.append(.touch(.up, id: Self.mirroredFinger, at: mirror(p, frame), time: now)) }
                mirroring = false
            }
        case SDL_MOUSEMOTION:
            let m = event.motion
            guard m.which != tactile_SDL_TOUCH_MOUSEID(), mouseDown else { return nil }
            let p = frame.viewportPoint(fromWindowPixel: Point(x: Double(m.x), y: Double(m.y)))
            events.append(.touch(.move, id: Self.mouseFinger, at: p, time: now))
            if mirroring { events.append(.touch(.move, id: Self.mirroredFinger, at: mirror(p, frame), time: now)) }
        case SDL_KEYDOWN:
            return translateKey(event.key.keysym, now: now, into: &events)
        case SDL_TEXTINPUT:
            // UTF-8, NUL-terminated in a fixed buffer; control characters are the keys' business.
            var buffer = event.text.text
            let text = withUnsafeBytes(of: &buffer) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }.filter { !$0.isNewline && !($0.asciiValue.map { $0 < 32 || $0 == 127 } ?? false) }
            if !text.isEmpty { events.append(.text(String(text.prefix(InputEvent.maximumTextLength)), time: now)) }
        case SDL_WINDOWEVENT:
            let e = SDL_WindowEventID(UInt32(event.window.event))
            if e == SDL_WINDOWEVENT_FOCUS_LOST {
                cancelAll(into: &events, now: now)
            } else if e == SDL_WINDOWEVENT_HIDDEN || e == SDL_WINDOWEVENT_MINIMIZED {
                return .visible(false)
            } else if e == SDL_WINDOWEVENT_SHOWN || e == SDL_WINDOWEVENT_RESTORED {
                return .visible(true)
            } else if e == SDL_WINDOWEVENT_SIZE_CHANGED || e == SDL_WINDOWEVENT_EXPOSED {
                return .resized
            }
        default:
            break
        }
        return nil
    }

    /// A finger of the touch panel: down gets the next id (unless the touchscreen settings
    /// drop it: a bezel region, another device), a move or lift keeps the id its down got.
    private mutating func translateFinger(
        _ f: SDL_TouchFingerEvent, type: SDL_EventType, frame: DeviceFrame, windowPixels: Size, now: Time, into events: inout [InputEvent]
    ) {
        guard uses(f.touchId) else { return }
        let key = UInt64(bitPattern: f.touchId) &* 31 &+ UInt64(bitPattern: f.fingerId)
        let panel = Point(x: Double(f.x), y: Double(f.y))
        let fraction = touchscreen.windowFraction(ofPanel: panel)
        let p = frame.viewportPoint(fromWindowPixel: Point(x: fraction.x * windowPixels.width, y: fraction.y * windowPixels.height))
        let pressure = f.pressure > 0 ? Double(f.pressure) : nil
        if type == SDL_FINGERDOWN {
            let id = nextFinger
            nextFinger = nextFinger == Int.max ? 1 : nextFinger + 1
            guard touchscreen.admits(id, .down, panel: panel, point: p) else { fingerIDs[key] = id; return }
            fingerIDs[key] = id
            var e = InputEvent(time: now, kind: .touch(id: id, phase: .down, location: p), pressure: pressure)
            e.kernelTime = kernelTimes?.kernelTime(of: .down, arrivedAt: now, atPanel: kernelPanelPoint(panel), finger: id)
            events.append(e)
        } else if let id = fingerIDs[key] {
            let phase: TouchPhase = type == SDL_FINGERUP ? .up : .move
            if phase == .up { fingerIDs[key] = nil }
            guard touchscreen.admits(id, phase, panel: panel, point: p) else { return }
            var e = InputEvent(time: now, kind: .touch(id: id, phase: phase, location: p), pressure: pressure)
            e.kernelTime = kernelTimes?.kernelTime(of: phase, arrivedAt: now, atPanel: kernelPanelPoint(panel), finger: id)
            events.append(e)
        }
    }

    /// A key: the editor's keys (space, delete, return, escape, undo, redo, rotate) as input,
    /// the shell's (quit, fullscreen, the drawer, the touch timeline, tuning, flip) as actions.
    private func translateKey(_ k: SDL_Keysym, now: Time, into events: inout [InputEvent]) -> HostAction? {
        let mods = UInt32(k.mod)
        let ctrl = mods & KMOD_CTRL.rawValue != 0, shift = mods & KMOD_SHIFT.rawValue != 0
        switch Int(k.sym) {
        case Int(SDLK_SPACE.rawValue): events.append(.key(.space, time: now))
        case Int(SDLK_BACKSPACE.rawValue), Int(SDLK_DELETE.rawValue): events.append(.key(.backspace, time: now))
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): events.append(.key(.enter, time: now))
        case Int(SDLK_ESCAPE.rawValue): events.append(.key(.escape, time: now))
        case Int(SDLK_z.rawValue) where ctrl: events.append(.key(shift ? .redo : .undo, time: now))
        case Int(SDLK_y.rawValue) where ctrl: events.append(.key(.redo, time: now))
        case Int(SDLK_r.rawValue) where ctrl: events.append(.key(.rotate, time: now))
        case Int(SDLK_q.rawValue) where ctrl: return .quit
        case Int(SDLK_F11.rawValue): return .toggleFullscreen
        case Int(SDLK_F2.rawValue): return .toggleDrawer
        case Int(SDLK_F3.rawValue): return .showTouch(1)
        case Int(SDLK_F4.rawValue): return .showTouch(-1)
        case Int(SDLK_F5.rawValue): return .toggleTuning
        case Int(SDLK_F6.rawValue): return .flipVariant
        default: break
        }
        return nil
    }

    /// Losing focus cancels every touch.
    private mutating func cancelAll(into events: inout [InputEvent], now: Time) {
        fingerIDs.removeAll()
        mouseDown = false
        mirroring = false
        events.append(InputEvent(time: now, kind: .focusLost))
    }

    private func mirror(_ p: Point, _ frame: DeviceFrame) -> Point {
        Point(x: frame.viewport.width - p.x, y: frame.viewport.height - p.y)
    }
}
