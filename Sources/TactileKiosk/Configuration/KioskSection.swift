import TactileCore

extension TactileConfiguration {
    public var kiosk: Kiosk {
        get { self[section: Kiosk.self] }
        set { self[section: Kiosk.self] = newValue }
    }

    public struct Kiosk: ConfigurationSection {
        public static let key = "kiosk"
        public static let about = "Kiosk mode (`run --kiosk`): idle reset, attract loop, the way out."
        @Setting(
            .seconds(5, 86_400),
            """
            Idle time after which the visitor's session is saved, the demo comes back and the attract loop starts, in
            seconds (a study in kiosk mode lets the participant go).
            """)
        public var idleTimeout: Double = 90
        @Setting(
            .seconds(1, 3600),
            """
            A study in kiosk mode (`study run --kiosk`): how long the thank-you shows before the next visitor's consent,
            in seconds.
            """)
        public var studyResetAfter: Double = 10
        @Setting(.init(0, 10, note: "0 (off) or 2 … 10"), "Fingers held down together to ask for the way out; 0 turns the hold off.")
        public var exitFingers: Int = 5
        @Setting(.seconds(0.5, 60), "How long they must stay down, in seconds.")
        public var exitHoldDuration: Double = 3
        @Setting(
            """
            Another way out: taps on the screen's corners in this order ("topLeft", "topRight", "bottomLeft",
            "bottomRight"); empty: off.
            """)
        public var exitCornerSequence: [KioskCorner] = []
        @Setting(.points(16, 400), "Size of the corner squares the sequence is tapped in, in points.")
        public var exitCornerSize: Double = 64
        @Setting(.seconds(1, 60), "Longest time to tap the whole corner sequence, in seconds.")
        public var exitCornerTimeout: Double = 6
        @Setting(
            """
            A PIN asked for after the exit gesture, in plain text (digits only); empty: none. Kept for older files:
            `tactile config --set-pin FILE` replaces it with `pinHash`. Never written into a recording.
            """)
        public var pin: String = ""
        @Setting(
            """
            The PIN asked for after the exit gesture, as a salted slow hash (yescrypt, `$y$…`), set by `tactile config
            --set-pin FILE` (which also makes the file readable by its owner only); empty: none. Never written into a
            recording.
            """)
        public var pinHash: String = ""
        @Setting(.init(0, 12), "How many digits the hashed PIN has (the pad judges once that many are typed); set with `pinHash`.")
        public var pinDigits: Int = 0
        @Setting(.seconds(3, 600), "How long the PIN pad waits for the next digit before it closes, in seconds.")
        public var pinTimeout: Double = 20
        @Setting(.points(44, 200), "Size of a PIN pad key, in points (smaller on a narrow screen).")
        public var pinKeySize: Double = 76
        @Setting(.init(1, 100), "Wrong PINs in a row before the pad locks.")
        public var pinAttempts: Int = 5
        @Setting(
            .seconds(1, 86_400),
            """
            How long the pad stays locked after `pinAttempts` wrong PINs, in seconds; it stays locked when closed and
            opened again.
            """)
        public var pinLockoutDuration: Double = 60
        @Setting("The trace the attract loop replays; empty: the built-in tour (Assets/Traces/attract.jsonl).")
        public var attractTrace: String = ""
        @Setting(.seconds(0, 3600), "Pause between rounds of the attract loop, in seconds.")
        public var attractPause: Double = 3
        @Setting("Where visitors' sessions are saved; empty: $XDG_DATA_HOME/tactile/kiosk-sessions.")
        public var sessionsFolder: String = ""
        @Setting(.init(1, 10_000_000), "Most visitor sessions kept; the oldest are deleted first.")
        public var keepSessions: Int = 5000
        @Setting(
            .seconds(0.1, 60),
            """
            How long each half of the attract loop's invitation pulse lasts (bright, then dim), in seconds: the loop wakes
            only when it changes.
            """)
        public var invitationPulse: Double = 1
        @Setting(
            .seconds(0, 86_400 * 7),
            """
            After the attract loop has played this long with nobody touching, in seconds, the screen dims: the tour stops
            and the frame loop goes into low-frequency mode (no frames at all) until a touch; 0: never.
            """)
        public var dimAfter: Double = 600
        @Setting(.init(0, 1), "How dark the dimmed screen is: the black laid over the last picture, 0 … 1.")
        public var dimOpacity: Double = 0.85
        @Setting(
            """
            Opening hours, a key a weekday (`kiosk.schedule.monday` …), local time: "" (open all day), "closed", or spans
            like "09:00-18:00" or "09:00-12:30, 13:30-18:00". Outside them the screen is black and the frame loop draws
            nothing; a touch wakes it for a visitor.
            """)
        public var schedule = Schedule()
        @Setting(
            .seconds(1, 86_400),
            """
            How long a touch outside opening hours keeps the kiosk awake after the last touch, in seconds (instead of
            `idleTimeout`, when shorter).
            """)
        public var closedWake: Double = 120
        @Setting(
            """
            A nightly clean restart at this time of day ("04:00"; "" for none): the visitor's session saved, then an exit
            with status 75, which the systemd unit restarts on. A visitor at the screen is never cut off: the restart
            waits until they leave.
            """)
        public var restartAt: String = ""
        @Setting(
            .points(0, 40),
            """
            Burn-in protection: during the attract loop, while dimmed and on a visitor's screen left untouched for a whole
            interval, the picture moves by up to this many points every `burnInInterval` seconds, never while a visitor
            touches it; 0: off.
            """)
        public var burnInShift: Double = 4
        @Setting(.seconds(1, 86_400), "Burn-in protection: how often the picture moves by `burnInShift`, in seconds.")
        public var burnInInterval: Double = 180
        @Setting(.init(0, 65_535), "Serve `/health`, `/metrics` (Prometheus) and `/screenshot.png` on this port; 0: off.")
        public var healthPort: Int = 0
        @Setting("The address it listens on: \"127.0.0.1\" (this machine only) or, for a dashboard on the LAN, \"0.0.0.0\".")
        public var healthHost: String = "127.0.0.1"
        @Setting(
            .seconds(1, 3600),
            """
            `/health` says degraded when the frame loop has not come round for this long (it wakes at least three times as
            often even when idle), in seconds.
            """)
        public var healthStallAfter: Double = 15
        @Setting(.init(0, 1e7, unit: "MB"), "… or when less than this is free where sessions are saved, in megabytes.")
        public var healthLowSpace: Double = 200
        @Setting(
            .init(1, 1000),
            """
            Most connections the health server keeps open at once; more wait in the kernel's queue, costing the program no
            file. Once three quarters are taken, each new one closes the connection that has waited longest without a
            request, so idle sockets never keep a monitor's request waiting.
            """)
        public var healthMaxConnections: Int = 64
        @Setting(
            .seconds(0.1, 60),
            """
            A connection to the health server whose request headers have not arrived within this long of opening or of its
            last answer is closed (a client sending nothing or a byte at a time, an idle keep-alive), in seconds.
            """)
        public var healthHeaderDeadline: Double = 1
        @Setting(
            .seconds(0.5, 600),
            """
            A request to the health server not answered within this long of its headers is closed (a body sent a byte at a
            time), in seconds.
            """)
        public var healthClientTimeout: Double = 10
        public init() {}

        public func problems() -> [ConfigurationError] {
            var out: [ConfigurationError] = []
            if exitFingers == 1 {
                out.append(.init(key: "kiosk.exitFingers", "must be 0 (off) or between 2 and 10, not 1 (every touch would ask for the way out)"))
            }
            if !exitCornerSequence.isEmpty && exitCornerSequence.count < 3 {
                out.append(.init(key: "kiosk.exitCornerSequence", "needs at least 3 taps, so a visitor cannot stumble on it"))
            }
            for (name, text) in schedule.days {
                do { _ = try OpeningHours.parseDay(text) } catch {
                    out.append(
                        .init(key: "kiosk.schedule.\(name)", "\(error): give \"\" (open all day), \"closed\" or spans like \"09:00-18:00, 19:00-22:00\""))
                }
            }
            if !TactileConfiguration.isListeningAddress(healthHost) {
                out.append(
                    .init(
                        key: "kiosk.healthHost",
                        "must be an address to listen on, like \"127.0.0.1\" or \"0.0.0.0\", not \"\(PrintableText.of(healthHost, limit: 40))\" (a port goes in kiosk.healthPort)"
                    ))
            }
            if !restartAt.isEmpty {
                do { _ = try OpeningHours.parseTime(restartAt) } catch {
                    out.append(.init(key: "kiosk.restartAt", "\(error): give a time of day like \"04:00\", or \"\" for no nightly restart"))
                }
            }
            if exitCornerSequence.count > 32 { out.append(.init(key: "kiosk.exitCornerSequence", "holds at most 32 taps")) }
            if !pinHash.isEmpty {
                if !pin.isEmpty { out.append(.init(key: "kiosk.pin", "must be empty when kiosk.pinHash is set (the PIN is kept only as its hash)")) }
                let known =
                    ["$y$", "$gy$", "$7$", "$2b$", "$6$"].contains { pinHash.hasPrefix($0) } && pinHash.count <= 512
                    && pinHash.allSatisfy { $0.isASCII && !$0.isWhitespace }
                if !known {
                    out.append(
                        .init(
                            key: "kiosk.pinHash",
                            "must be a hash made by `tactile config --set-pin` (it starts \"$y$\"), not \"\(PrintableText.of(pinHash, limit: 20))\""))
                }
                if !(1...12).contains(pinDigits) {
                    out.append(
                        .init(key: "kiosk.pinDigits", "must be the PIN's length, 1 to 12, with kiosk.pinHash (set both with `tactile config --set-pin`)"))
                }
            }
            if !pin.allSatisfy({ $0.isASCII && $0.isNumber }) || pin.count > 12 {
                out.append(.init(key: "kiosk.pin", "must be digits only (at most 12), not \"\(PrintableText.of(pin, limit: 20))\""))
            }
            if exitFingers == 0 && exitCornerSequence.isEmpty {
                out.append(.init(key: "kiosk.exitFingers", "is 0 and kiosk.exitCornerSequence is empty: kiosk mode would have no way out"))
            }
            out += TactileConfiguration.pathProblems([("kiosk.attractTrace", attractTrace), ("kiosk.sessionsFolder", sessionsFolder)])
            return out
        }
    }

    /// A kiosk's opening hours: each weekday "" (open all day), "closed", or spans like
    /// "09:00-18:00" or "09:00-12:30, 13:30-18:00", local time. Default "" every day.
    public struct Schedule: Hashable, Sendable, Codable {
        public var monday = "", tuesday = "", wednesday = "", thursday = "", friday = "", saturday = "", sunday = ""
        public init() {}
        /// The days' texts, Monday first, with their names.
        public var days: [(name: String, text: String)] {
            [
                ("monday", monday), ("tuesday", tuesday), ("wednesday", wednesday), ("thursday", thursday), ("friday", friday),
                ("saturday", saturday), ("sunday", sunday),
            ]
        }
    }
}

extension TactileConfiguration {
    /// This configuration as a recording keeps it: the kiosk's PIN (plain or hashed) left out,
    /// only its length kept, so a replay shows the same pad.
    public var withoutSecrets: TactileConfiguration {
        var c = self
        if !c.kiosk.pin.isEmpty { c.kiosk.pinDigits = c.kiosk.pin.count }
        c.kiosk.pin = ""
        c.kiosk.pinHash = ""
        return c
    }
}
