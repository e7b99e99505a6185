import TactileCore

extension TactileConfiguration {
    public var session: Session {
        get { self[section: Session.self] }
        set { self[section: Session.self] = newValue }
    }

    public struct Session: ConfigurationSection {
        public static let key = "session"
        public static let about = "Recording sessions, autosave, test plans and reloading the configuration."
        @Setting("Record every session into a new folder under this one (as `run --record`); empty: off.")
        public var recordFolder: String = ""
        @Setting(
            .init(16, 100_000),
            """
            Open files kept in reserve for the program's own (projects, recordings, media, the window): the servers'
            connection caps are lowered when the process's limit (`ulimit -n`, raised to its hard limit at start) would
            not leave this many.
            """)
        public var reservedFiles: Int = 256
        @Setting(
            """
            Save the project after every edit (atomically), and bring it back on the next start when a session ended
            without closing (a crash, a power cut, kill -9).
            """)
        public var autosave: Bool = true
        @Setting("Where autosaves go; empty: $XDG_DATA_HOME/tactile/autosave (~/.local/share/tactile/autosave).")
        public var autosaveFolder: String = ""
        @Setting(
            """
            Where the project list keeps its projects (one file each; deleted ones in its .trash until the next start); empty:
            $XDG_DATA_HOME/tactile/projects (~/.local/share/tactile/projects).
            """)
        public var projectsFolder: String = ""
        @Setting(.seconds(0.05, 60), "How often the configuration file is checked for changes, in seconds.")
        public var configurationPollInterval: Double = 0.5
        @Setting("A test plan to run (as `run --plan`; see Docs/Studies.md, \"Task runs\"); empty: none.")
        public var plan: String = ""
        @Setting(.seconds(0, 30), "How long a task's outcome (\"Done\", \"Skipped\", \"Time's up\") shows before the next task, in seconds.")
        public var taskDonePause: Double = 1.5
        @Setting(
            .seconds(0, 5),
            """
            A task is judged done only on the settled project: every finger lifted and the project meeting the task's
            rule, unchanged, for this long, in seconds; a touch in that time starts it again (a trim that passes through
            the target on its way is no success).
            """)
        public var taskSettleTime: Double = 0.3
        @Setting(
            .init(1, 10_000),
            """
            Projects recovered from sessions that ended unexpectedly (`recovered-<date>.json` in the autosave folder) kept
            at most; the oldest are deleted first.
            """)
        public var keepRecoveredProjects: Int = 20
        @Setting(
            .init(0.01, 1_440, unit: "min"),
            """
            A replay stops, and refuses the trace, when the editor animates this long without input while nothing plays (a
            finger left on a trim handle for a day would replay for hours), in minutes of frames at 60 fps.
            """)
        public var replayIdleLimit: Double = 10
        public init() {}

        public func problems() -> [ConfigurationError] {
            TactileConfiguration.pathProblems([
                ("session.recordFolder", recordFolder), ("session.autosaveFolder", autosaveFolder), ("session.projectsFolder", projectsFolder),
                ("session.plan", plan),
            ])
        }
    }
}
