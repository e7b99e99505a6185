import TactileCore

extension TactileConfiguration {
    /// Kiosk mode (`run --kiosk`): idle reset, attract loop, the way out.
    public var kiosk: Kiosk {
        get { self[section: Kiosk.self] }
        set { self[section: Kiosk.self] = newValue }
    }

    public struct Kiosk: ConfigurationSection {
        public static let key = "kiosk"
        /// Idle time after which the visitor's session is saved, the demo comes back and the
        /// attract loop starts, in seconds (a study in kiosk mode lets the participant go). Default 90 s.
        public var idleTimeout: Double = 90
        /// A study in kiosk mode (`study run --kiosk`): how long the thank-you shows before the
        /// next visitor's consent, in seconds. Default 10 s.
        public var studyResetAfter: Double = 10
        /// Fingers held down together to ask for the way out; 0 turns the hold off. Default 5.
        public var exitFingers: Int = 5
        /// How long they must stay down, in seconds. Default 3 s.
        public var exitHoldDuration: Double = 3
        /// Another way out: taps on the screen's corners in this order ("topLeft", "topRight",
        /// "bottomLeft", "bottomRight"); empty: off. Default none.
        public var exitCornerSequence: [String] = []
        /// Size of the corner squares the sequence is tapped in, in points. Default 64 pt.
        public var exitCornerSize: Double = 64
        /// Longest time to tap the whole corner sequence, in seconds. Default 6 s.
        public var exitCornerTimeout: Double = 6
        /// A PIN asked for after the exit gesture, in plain text (digits only); empty: none. Kept
        /// for older files: `tactile config --set-pin FILE` replaces it with `pinHash`. Never written
        /// into a recording. Default "".
        public var pin = ""
        /// The PIN asked for after the exit gesture, as a salted slow hash (yescrypt, `$y$…`), set
        /// by `tactile config --set-pin FILE` (which also makes the file readable by its owner
        /// only); empty: none. Never written into a recording. Default "".
        public var pinHash = ""
        /// How many digits the hashed PIN has (the pad judges once that many are typed); set with
        /// `pinHash`. Default 0.
        public var pinDigits: Int = 0
        /// How long the PIN pad waits for the next digit before it closes, in seconds. Default 20 s.
        public var pinTimeout: Double = 20
        /// Size of a PIN pad key, in points (smaller on a narrow screen). Default 76 pt.
        public var pinKeySize: Double = 76
        /// Wrong PINs in a row before the pad locks. Default 5.
        public var pinAttempts: Int = 5
        /// How long the pad stays locked after `pinAttempts` wrong PINs, in seconds; it stays locked
        /// when closed and opened again. Default 60 s.
        public var pinLockoutDuration: Double = 60
        /// The trace the attract loop replays; empty: the built-in tour (Assets/Traces/attract.jsonl). Default "".
        public var attractTrace = ""
        /// Pause between rounds of the attract loop, in seconds. Default 3 s.
        public var attractPause: Double = 3
        /// Where visitors' sessions are saved; empty: $XDG_DATA_HOME/tactile/kiosk-sessions. Default "".
        public var sessionsFolder = ""
        /// Most visitor sessions kept; the oldest are deleted first. Default 5,000.
        public var keepSessions: Int = 5000
        /// How long each half of the attract loop's invitation pulse lasts (bright, then dim), in
        /// seconds: the loop wakes only when it changes. Default 1 s.
        public var invitationPulse: Double = 1
        /// After the attract loop has played this long with nobody touching, in seconds, the screen
        /// dims: the tour stops and the frame loop goes into low-frequency mode (no frames at all)
        /// until a touch; 0: never. Default 600 s.
        public var dimAfter: Double = 600
        /// How dark the dimmed screen is: the black laid over the last picture, 0 … 1. Default 0.85.
        public var dimOpacity: Double = 0.85
        /// Opening hours, a key a weekday (`kiosk.schedule.monday` …), local time: "" (open all day),
        /// "closed", or spans like "09:00-18:00" or "09:00-12:30, 13:30-18:00". Outside them the
        /// screen is black and the frame loop draws nothing; a touch wakes it for a visitor. Default "".
        public var schedule = Schedule()
        /// How long a touch outside opening hours keeps the kiosk awake after the last touch, in
        /// seconds (instead of `idleTimeout`, when shorter). Default 120 s.
        public var closedWake: Double = 120
        /// A nightly clean restart at this time of day ("04:00"; "" for none): the visitor's session
        /// saved, then an exit with status 75, which the systemd unit restarts on. A visitor at the
        /// screen is never cut off: the restart waits until they leave. Default "".
        public var restartAt = ""
        /// Burn-in protection: during the attract loop, while dimmed and on a visitor's screen left
        /// untouched for a whole interval, the picture moves by up to this many points every
        /// `burnInInterval` seconds, never while a visitor touches it; 0: off.
        /// Default 4 pt, every 180 s.
        public var burnInShift: Double = 4
        public var burnInInterval: Double = 180
        /// Serve `/health`, `/metrics` (Prometheus) and `/screenshot.png` on this port; 0: off.
        /// Default 0.
        public var healthPort: Int = 0
        /// The address it listens on: "127.0.0.1" (this machine only) or, for a dashboard on the
        /// LAN, "0.0.0.0". Default "127.0.0.1".
        public var healthHost = "127.0.0.1"
        /// `/health` says degraded when the frame loop has not come round for this long (it
        /// wakes at least three times as often even when idle), in seconds. Default 15 s.
        public var healthStallAfter: Double = 15
        /// … or when less than this is free where sessions are saved, in megabytes. Default 200 MB.
        public var healthLowSpace: Double = 200
        /// Most connections the health server keeps open at once; more wait in the kernel's
        /// queue, costing the program no file. Once three quarters are taken, each new one closes
        /// the connection that has waited longest without a request, so idle sockets never keep a
        /// monitor's request waiting. Default 64.
        public var healthMaxConnections: Int = 64
        /// A connection to the health server whose request headers have not arrived within this
        /// long of opening or of its last answer is closed (a client sending nothing or a byte at
        /// a time, an idle keep-alive), in seconds. Default 1 s.
        public var healthHeaderDeadline: Double = 1
        /// A request to the health server not answered within this long of its headers is
        /// closed (a body sent a byte at a time), in seconds. Default 10 s.
        public var healthClientTimeout: Double = 10
        public init() {}

        public func problems() -> [ConfigurationError] {
            var out: [ConfigurationError] = []
            if exitFingers == 1 {
                out.append(.init(key: "kiosk.exitFingers", "must be 0 (off) or between 2 and 10, not 1 (every touch would ask for the way out)"))
            }
            for (n, name) in exitCornerSequence.enumerated() where KioskCorner(rawValue: name) == nil {
                out.append(
                    .init(
                        key: "kiosk.exitCornerSequence[\(n)]",
                        "unknown corner \"\(PrintableText.of(name))\" (expected \(KioskCorner.allCases.map(\.rawValue).joined(separator: ", ")))"))
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
        /// The range of each numeric setting, by its key in the section.
        public static let ranges: [String: ConfigurationRange] = [
            "studyResetAfter": .seconds(1, 3600),
            "healthMaxConnections": .init(1, 1000),
            "healthClientTimeout": .seconds(0.5, 600),
            "healthHeaderDeadline": .seconds(0.1, 60),
            "pinDigits": .init(0, 12),
            "dimAfter": .seconds(0, 86_400 * 7),
            "dimOpacity": .init(0, 1),
            "healthPort": .init(0, 65_535),
            "healthStallAfter": .seconds(1, 3600),
            "healthLowSpace": .init(0, 1e7, unit: "MB"),
            "closedWake": .seconds(1, 86_400),
            "burnInShift": .points(0, 40),
            "burnInInterval": .seconds(1, 86_400),
            "invitationPulse": .seconds(0.1, 60),
            "idleTimeout": .seconds(5, 86_400),
            "exitFingers": .init(0, 10, note: "0 (off) or 2 … 10"),
            "exitHoldDuration": .seconds(0.5, 60),
            "exitCornerSize": .points(16, 400),
            "exitCornerTimeout": .seconds(1, 60),
            "pinTimeout": .seconds(3, 600),
            "pinAttempts": .init(1, 100),
            "pinKeySize": .points(44, 200),
            "pinLockoutDuration": .seconds(1, 86_400),
            "attractPause": .seconds(0, 3600),
            "keepSessions": .init(1, 10_000_000),
        ]
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
