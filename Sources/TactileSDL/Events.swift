import CSDL2

/// Small helpers to post events into SDL's queue from any thread (benchmarks, tests, signal
/// handlers), so other modules need not import the C module.
public enum SDLEvents {
    /// Asks the window loop to close, as the window's close button does.
    public static func pushQuit() {
        var e = SDL_Event()
        e.type = SDL_QUIT.rawValue
        SDL_PushEvent(&e)
    }

    /// The user-event code that asks the window to save and close (SIGTERM, SIGINT, SIGHUP):
    /// unlike a window manager's quit, kiosk mode obeys it.
    static let terminateCode: Int32 = 1

    /// Asks the window loop to save and close. Safe from any thread.
    public static func pushTerminate() {
        var e = SDL_Event()
        e.type = SDL_USEREVENT.rawValue
        e.user.code = terminateCode
        SDL_PushEvent(&e)
    }

    /// Wakes the window loop so it runs a frame (decoded media arrived). Safe from any thread.
    public static func pushWake() {
        var e = SDL_Event()
        e.type = SDL_USEREVENT.rawValue
        SDL_PushEvent(&e)
    }
}
