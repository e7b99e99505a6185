/// One project on the shelf (the project list's files) as the list shows it: its name, length,
/// clips and when it was last saved, or why its file cannot be opened. A value the host hands the
/// editor, and a trace keeps, so a replay shows the list its session showed.
public struct ProjectListing: Hashable, Sendable {
    /// The file's id (its name without `.json`): it never changes while the name does.
    public var id: String
    /// The project's name (the file's id when the file cannot be read).
    public var name: String
    /// The project's length, in whole milliseconds (what a trace keeps).
    public var duration: Time
    /// How many clips it has.
    public var clips: Int
    /// When it was last saved, in whole seconds since 1970 (UTC).
    public var modified: Int
    /// Why the file cannot be opened (a sentence), nil when it can.
    public var problem: String?

    public init(id: String, name: String, duration: Time, clips: Int, modified: Int, problem: String? = nil) {
        self.id = id; self.name = name; self.clips = clips; self.modified = modified; self.problem = problem
        self.duration = .seconds((duration.seconds * 1000).rounded() / 1000)
    }

    /// The listing of `project` saved as `id` at `modified`.
    public init(id: String, project: Project, modified: Int) {
        self.init(id: id, name: project.name, duration: project.duration, clips: project.tracks.reduce(0) { $0 + $1.clips.count }, modified: modified)
    }
}
