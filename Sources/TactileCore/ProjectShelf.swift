import Foundation

/// The projects a person keeps in Tactile (the project list's files): one project file each in a
/// folder of Tactile's data folder (`projects/`), named by an id that never changes (`p-…`)
/// while the name inside changes freely. Every write is atomic. A deleted project goes to the
/// folder's `.trash/` first, so the list's Undo can bring it back whole; `emptyTrash` clears what
/// is older than the list can still undo.
public struct ProjectShelf: Sendable {
    public let folder: URL

    /// A deleted project, kept in the trash until `emptyTrash` (what Undo brings back).
    public struct Deleted: Hashable, Sendable {
        public var id: String
        /// Where it is kept.
        public var file: URL
    }

    public init(folder: URL) { self.folder = folder }

    private var trash: URL { folder.appendingPathComponent(".trash") }
    private func file(_ id: String) -> URL { folder.appendingPathComponent(id + ".json") }

    /// Every project on the shelf, the most recently saved first (then by name); files that
    /// cannot be read are listed too, with why, so a damaged project is never a mystery.
    public func list() throws -> [ProjectListing] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
        let entries = names.map { name -> ProjectListing in
            let id = String(name.dropLast(".json".count)), url = file(id)
            let date = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? Date(timeIntervalSince1970: 0)
            let modified = Int(date.timeIntervalSince1970.rounded(.down))
            do {
                return ProjectListing(id: id, project: try ProjectFile.load(from: url), modified: modified)
            } catch {
                return ProjectListing(id: id, name: id, duration: .zero, clips: 0, modified: modified, problem: "\(error)")
            }
        }
        return entries.sorted { $0.modified != $1.modified ? $0.modified > $1.modified : $0.name < $1.name }
    }

    /// A new, empty project named `name` (a video, an overlay and a sound track, 9:16), saved; its id.
    public func create(named name: String, format: CompositionFormat = .default) throws -> (id: String, project: Project) {
        let project = Project(
            name: name, format: format,
            tracks: [Track(id: "video", kind: .video), Track(id: "overlay", kind: .overlay), Track(id: "audio", kind: .audio)])
        let id = try freshID()
        try save(project, as: id)
        return (id, project)
    }

    /// Puts `project` (one not on the shelf yet: the demo, a file opened from the command line) on
    /// the shelf under a new id; the id.
    public func keep(_ project: Project) throws -> String {
        let id = try freshID()
        try save(project, as: id)
        return id
    }

    /// Saves `project` as `id` (atomically: the old file stays whole until the new one is).
    public func save(_ project: Project, as id: String) throws {
        try AtomicFile.makeFolder(folder)
        try AtomicFile.write(ProjectFile.encode(project), to: file(id))
    }

    /// The project saved as `id`.
    public func open(_ id: String) throws -> Project { try ProjectFile.load(from: file(id)) }

    /// A copy of project `id` named `name`, saved under a new id; the new id.
    public func duplicate(_ id: String, named name: String) throws -> String {
        var project = try open(id)
        project.name = name
        let copy = try freshID()
        try save(project, as: copy)
        return copy
    }

    /// Gives project `id` the name `name` (the file keeps its id).
    public func rename(_ id: String, to name: String) throws {
        var project = try open(id)
        project.name = name
        try save(project, as: id)
    }

    /// Moves project `id` to the trash; `restore` brings it back.
    public func delete(_ id: String) throws -> Deleted {
        try AtomicFile.makeFolder(trash)
        let kept = trash.appendingPathComponent("\(id)-\(UUID().uuidString.prefix(8)).json")
        try FileManager.default.moveItem(at: file(id), to: kept)
        // Stamped with when it was deleted: what `emptyTrash` goes by.
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: kept.path)
        return Deleted(id: id, file: kept)
    }

    /// Brings a deleted project back under its id (a new id when another took it meanwhile); the id.
    public func restore(_ deleted: Deleted) throws -> String {
        let id = FileManager.default.fileExists(atPath: file(deleted.id).path) ? try freshID() : deleted.id
        try FileManager.default.moveItem(at: deleted.file, to: file(id))
        return id
    }

    /// Removes what was deleted before `date` for good.
    public func emptyTrash(deletedBefore date: Date) throws {
        guard FileManager.default.fileExists(atPath: trash.path) else { return }
        for name in try FileManager.default.contentsOfDirectory(atPath: trash.path) {
            let url = trash.appendingPathComponent(name)
            let changed = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? .distantPast
            if changed < date { try FileManager.default.removeItem(at: url) }
        }
    }

    /// An id no file on the shelf has.
    private func freshID() throws -> String {
        while true {
            let id = "p-" + UUID().uuidString.prefix(8).lowercased()
            if !FileManager.default.fileExists(atPath: file(id).path) { return id }
        }
    }
}
