import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An X server of its own for a real window under test: Xvfb on the first free display number,
/// started and waited for, stopped when done (loopback only: no TCP).
public final class XvfbServer {
    /// The display's name, ":93".
    public let display: String
    private let process = Process()

    /// Starts Xvfb with one screen of `width` × `height` pixels.
    public init(width: Int, height: Int) throws {
        var number = 90
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
            number += 1
        }
        display = ":\(number)"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        guard Readiness.wait(timeout: 10, until: { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") }) else {
            stop()
            throw XInputError("Xvfb on \(display) did not start")
        }
    }

    deinit { stop() }

    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}

/// What went wrong driving an X display.
public struct XInputError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A mouse and a keyboard on an X display through the XTest extension (libXtst and libX11,
/// loaded at run time): what a person's hand does, delivered by the X server as real input to the
/// window under it. `after` delays an event by that many milliseconds after the one before it
/// (the server holds it), so a gesture keeps a hand's pace without the caller sleeping.
public final class XInput {
    private typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias CloseDisplay = @convention(c) (OpaquePointer?) -> Int32
    private typealias Flush = @convention(c) (OpaquePointer?) -> Int32
    private typealias Sync = @convention(c) (OpaquePointer?, Int32) -> Int32
    private typealias FakeMotion = @convention(c) (OpaquePointer?, Int32, Int32, Int32, UInt) -> Int32
    private typealias FakeButton = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32
    private typealias FakeKey = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32
    private typealias KeysymToKeycode = @convention(c) (OpaquePointer?, UInt) -> UInt8
    private let closeDisplay: CloseDisplay, flush: Flush, sync: Sync
    private let fakeMotion: FakeMotion, fakeButton: FakeButton, fakeKey: FakeKey, keycode: KeysymToKeycode
    private var display: OpaquePointer?

    /// The keysyms of the keys a test presses by name (X11's keysymdef.h).
    public enum Keysym {
        public static let backSpace: UInt = 0xFF08, returnKey: UInt = 0xFF0D, escape: UInt = 0xFF1B
        public static func function(_ n: UInt) -> UInt { 0xFFBE + n - 1 }
    }

    /// Opens `name` (":93").
    public init(display name: String) throws {
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW), let xtst = dlopen("libXtst.so.6", RTLD_NOW) else {
            throw XInputError("libX11 and libXtst are needed (apt-get install libxtst6)")
        }
        func symbol<T>(_ lib: UnsafeMutableRawPointer, _ name: String, as _: T.Type) throws -> T {
            guard let s = dlsym(lib, name) else { throw XInputError("\(name) not found") }
            return unsafeBitCast(s, to: T.self)
        }
        let open = try symbol(x11, "XOpenDisplay", as: OpenDisplay.self)
        closeDisplay = try symbol(x11, "XCloseDisplay", as: CloseDisplay.self)
        flush = try symbol(x11, "XFlush", as: Flush.self)
        sync = try symbol(x11, "XSync", as: Sync.self)
        keycode = try symbol(x11, "XKeysymToKeycode", as: KeysymToKeycode.self)
        fakeMotion = try symbol(xtst, "XTestFakeMotionEvent", as: FakeMotion.self)
        fakeButton = try symbol(xtst, "XTestFakeButtonEvent", as: FakeButton.self)
        fakeKey = try symbol(xtst, "XTestFakeKeyEvent", as: FakeKey.self)
        guard let d = open(name) else { throw XInputError("cannot open display \(name)") }
        display = d
    }

    deinit { close() }

    public func close() {
        if let display { _ = closeDisplay(display) }
        display = nil
    }

    /// The pointer to (`x`, `y`) in screen pixels.
    public func move(_ x: Int, _ y: Int, after ms: UInt = 0) {
        _ = fakeMotion(display, -1, Int32(x), Int32(y), ms)
        _ = flush(display)
    }

    /// Button 1 down or up.
    public func button(down: Bool, after ms: UInt = 0) {
        _ = fakeButton(display, 1, down ? 1 : 0, ms)
        _ = flush(display)
    }

    /// A click at (`x`, `y`): there `after` ms after the last event, held 60 ms.
    public func click(_ x: Int, _ y: Int, after ms: UInt = 300) {
        move(x, y, after: ms)
        button(down: true, after: 20)
        button(down: false, after: 60)
    }

    /// A key (by keysym) pressed `after` ms after the last event and released 40 ms later.
    public func key(_ keysym: UInt, after ms: UInt = 150) {
        let code = UInt32(keycode(display, keysym))
        _ = fakeKey(display, code, 1, ms)
        _ = fakeKey(display, code, 0, 40)
        _ = flush(display)
    }

    /// Types lower-case letters, digits and spaces, a key each.
    public func type(_ text: String, after ms: UInt = 80) {
        for scalar in text.unicodeScalars { key(UInt(scalar.value), after: ms) }
    }

    /// Waits until the server has taken every event sent (their delays included).
    public func finish() { _ = sync(display, 0) }
}
