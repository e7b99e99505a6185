import Foundation
import TactileCore
import TactileEditor
import TactileInput

/// The project list's files: what the list asks (list, keep, new, open, duplicate, rename,
/// delete, restore) is done on the shelf (`HostServices.projectShelf`) after the frame that
/// asked, and the shelf's answers join the next step's input as `ProjectNews` (a recording keeps
/// them; a replay gives them back without the files). The project on screen is saved into its
/// shelf file after every frame that changed it, atomically.
public final class ProjectShelfStage: HostStage {
    private let shelf: ProjectShelf?
    /// The shelf's answers not yet taken.
    private var news: [ProjectNews] = []
    /// The projects deleted this session, by id (what Undo brings back).
    private var deleted: [String: ProjectShelf.Deleted] = [:]
    /// What was last saved into the shelf, and as which id.
    private var saved: (id: String, project: Project)?
    /// Whether the last save failed (said once, until a save works again).
    private var failing = false

    public init(shelf: ProjectShelf?) { self.shelf = shelf }

    public func take(_ input: [InputEvent], _ step: inout StageStep) -> [InputEvent] {
        guard !news.isEmpty else { return input }
        defer { news.removeAll() }
        return input + news.map { .projects($0, time: step.now) }
    }

    public func frameDidRun(_ output: inout FrameOutput, released: [InputEvent], _ step: inout StageStep) {
        guard let shelf else { return }
        let state = step.session.state
        saveIfChanged(state, into: shelf)
        guard !output.projects.isEmpty else { return }
        for command in output.projects {
            do { try carryOut(command, state: state, on: shelf) } catch { news.append(.failed(ErrorWords.reason(error))) }
        }
        // Whatever was asked, the list shows the shelf as it is now.
        do { news.append(.listed(try shelf.list())) } catch { news.append(.failed(ErrorWords.reason(error))) }
    }

    private func carryOut(_ command: ProjectCommand, state: EditorState, on shelf: ProjectShelf) throws {
        switch command {
        case .list: break
        case let .keep(project):
            let id = try shelf.keep(project)
            saved = (id, project)
            news.append(.kept(id: id))
        case let .create(name, format):
            let (id, project) = try shelf.create(named: name, format: format)
            saved = (id, project)
            news.append(.opened(id: id, project: project))
        case let .open(id):
            let project = try shelf.open(id)
            saved = (id, project)
            news.append(.opened(id: id, project: project))
        case let .duplicate(id, name):
            // The project on screen is copied as it is now (its file may be a frame behind).
            if id == state.projectID { try shelf.save(state.project, as: id) }
            _ = try shelf.duplicate(id, named: name)
        case let .rename(id, name):
            try shelf.rename(id, to: name)
        case let .delete(id):
            // (The listing the list showed: the shelf is not read whole again for one row.)
            guard let listing = state.shelf.first(where: { $0.id == id }) else { return }
            deleted[id] = try shelf.delete(id)
            news.append(.deleted(listing))
        case let .restore(id):
            guard let kept = deleted.removeValue(forKey: id) else { return }
            _ = try shelf.restore(kept)
        }
    }

    /// Saves the project on screen into its shelf file when it changed since last saved there.
    private func saveIfChanged(_ state: EditorState, into shelf: ProjectShelf) {
        guard let id = state.projectID, saved?.id != id || saved?.project != state.project else { return }
        do {
            try shelf.save(state.project, as: id)
            saved = (id, state.project)
            failing = false
        } catch {
            guard !failing else { return }
            failing = true
            news.append(.failed(ErrorWords.reason(error)))
        }
    }

    /// News are taken at once.
    public func nextWork(after now: Time, session: HostSession) -> (time: Time, reason: String)? { news.isEmpty ? nil : (now, "project shelf") }

    public func nextDue(after now: Time, session: HostSession) -> (time: Time, reason: String)? { nextWork(after: now, session: session) }

    public func sessionReset(_ session: HostSession) {
        news.removeAll()
        saved = nil
    }
}
