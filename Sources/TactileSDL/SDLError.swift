import CSDL2

/// An SDL failure with SDL's own message.
public struct SDLError: Error, CustomStringConvertible {
    public var message: String
    /// An error for `doing`, with `SDL_GetError()` appended.
    public init(_ doing: String) { message = "\(doing): \(String(cString: SDL_GetError()))" }
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// Starts SDL's subsystems once per process (idempotent), with touch-to-mouse synthesis off.
public enum SDLRuntime {
    /// Initialises `flags` (for example `SDL_INIT_VIDEO`) and the TTF library.
    public static func start(_ flags: UInt32) throws {
        // Touches arrive as finger events only; mouse events synthesised from touches would be
        // handled twice (a known source of double taps on Linux touchscreens).
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // SDL would turn SIGTERM and SIGINT into a quit event, which kiosk mode ignores; the
        // window installs its own handlers (`TerminationSignals`) that save and close.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        if SDL_WasInit(flags) != flags {
            guard SDL_InitSubSystem(flags) == 0 else { throw SDLError("starting SDL") }
        }
        try Fonts.startTTF()
    }
}
