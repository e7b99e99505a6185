import TactileCore

/// The project list (the title bar's Projects button): every project on the shelf, the one on
/// screen among them, with New, and on each row Duplicate, Rename and Delete (an Undo bar
/// brings a deleted project back). A screen of its own over the editor, as a phone editor's
/// home screen is; the editor behind it keeps its project, view and history.
public struct ProjectList: Sendable, Hashable {
    /// When it opened.
    public var opened: Time
    /// How far the rows are scrolled, in points from the top.
    public var scroll: Double = 0
    /// The scroll when the current drag began.
    public var scrollAnchor: Double?
    /// The row whose actions (Duplicate, Rename, Delete) show under it.
    public var menu: String?
    /// The actions just shown: the rows scroll so they are in view.
    public var revealMenu = false
    /// The project last deleted and until when its Undo shows.
    public var deleted: Deleted?
    /// A project other than the one on screen being renamed: its id and the name typed so far.
    public var renaming: Renaming?

    public struct Deleted: Sendable, Hashable {
        public var listing: ProjectListing
        public var until: Time
    }

    public struct Renaming: Sendable, Hashable {
        public var id: String
        public var draft: String
    }

    public init(opened: Time) { self.opened = opened }
}

/// What the project list asks of the shelf, for the host to carry out (the editor never touches
/// files); the shelf's answer comes back as `ProjectNews` input.
public enum ProjectCommand: Hashable, Sendable {
    /// List the shelf.
    case list
    /// Put the project on screen on the shelf (it was not there: the demo, a file from the command line).
    case keep(Project)
    /// Make a new, empty project with this name (in this format) and open it.
    case create(name: String, format: CompositionFormat)
    /// Open project `id` from the shelf.
    case open(String)
    /// Copy project `id` under this name.
    case duplicate(String, name: String)
    /// Give project `id` (not the one on screen: its name is an edit) this name.
    case rename(String, name: String)
    /// Move project `id` to the shelf's trash.
    case delete(String)
    /// Bring a deleted project back from the trash.
    case restore(String)
}

/// What a person does on the project list (its buttons and rows).
public enum ProjectListIntent: Hashable, Sendable {
    /// Back to the editor.
    case close
    /// Open project `id` (the one on screen: back to it).
    case open(String)
    /// A new, empty project.
    case new
    /// Show or hide row `id`'s actions.
    case toggleMenu(String)
    case duplicate(String)
    case rename(String)
    case delete(String)
    /// Bring the project last deleted back.
    case undoDelete
    /// Scroll the rows to this offset (a row's actions just shown, brought into view).
    case scroll(to: Double)
}

/// What the project list did, for the interaction log (`projects` events, with `action` and the project's id).
public enum ProjectListAction: String, Sendable, Hashable {
    case openList, closeList, open, new, duplicate, rename, delete, restore
}
