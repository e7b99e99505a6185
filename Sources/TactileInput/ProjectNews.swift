import Foundation
import TactileCore

/// News from the project shelf (the project list's files), as the session takes it after doing
/// what the list asked: an `InputEvent`, so a recorded session keeps it in its trace as
/// `"type":"projects"` and a replay shows the same list and opens the same projects without the
/// files.
public enum ProjectNews: Hashable, Sendable {
    /// The shelf as it is now, the most recently saved first.
    case listed([ProjectListing])
    /// The project on screen was put on the shelf under this id (it is saved there from now on).
    case kept(id: String)
    /// A project opened (or made new): the editor shows it, saved under `id` from now on.
    case opened(id: String, project: Project)
    /// A project was moved to the shelf's trash (the list offers to undo it).
    case deleted(ProjectListing)
    /// What the list asked could not be done, in a sentence (a full disk, a damaged file).
    case failed(String)

    /// The longest reason kept, in characters.
    public static let maximumTextLength = 4096
    /// The most projects one listing carries (a trace holding more is refused).
    public static let maximumProjects = 10_000

    /// The news as traces keep it: a project as its file holds it, lengths to the millisecond.
    public var quantized: ProjectNews {
        switch self {
        case let .opened(id, project): return .opened(id: id, project: (try? ProjectFile.decode(ProjectFile.encode(project))) ?? project)
        case let .failed(reason): return .failed(reason.isEmpty ? "(no reason given)" : String(reason.prefix(Self.maximumTextLength)))
        default: return self
        }
    }

    /// Its fields on a trace line (after `"type":"projects"`).
    var traceFields: String {
        switch self {
        case let .listed(listings): return ",\"listed\":" + JSONValue.array(listings.map(Self.json)).serialized()
        case let .kept(id): return ",\"kept\":" + JSONValue.string(id).serialized()
        case let .opened(id, project):
            return ",\"opened\":" + JSONValue.object([("id", .string(id)), ("project", ProjectFile.json(project))]).serialized()
        case let .deleted(listing): return ",\"deleted\":" + Self.json(listing).serialized()
        case let .failed(reason): return ",\"failed\":" + JSONValue.string(reason).serialized()
        }
    }

    private static func json(_ l: ProjectListing) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("id", .string(l.id)), ("name", .string(l.name)), ("seconds", .number(l.duration.seconds)), ("clips", .number(Double(l.clips))),
            ("modified", .number(Double(l.modified))),
        ]
        if let problem = l.problem { fields.append(("problem", .string(problem))) }
        return .object(fields)
    }

    private static func listing(_ any: Any?, field: String) -> Result<ProjectListing, TraceLineProblem> {
        guard let o = any as? [String: Any], let id = o["id"] as? String, !id.isEmpty, id.count <= 256, let name = o["name"] as? String,
            name.count <= maximumTextLength, let seconds = o["seconds"].flatMap(JSONNumber.double), seconds >= 0, seconds <= 7 * 24 * 3600,
            let clips = o["clips"].flatMap(JSONNumber.double), clips >= 0, clips <= 1_000_000, clips == clips.rounded(),
            let modified = o["modified"].flatMap(JSONNumber.double), modified == modified.rounded(), abs(modified) < 1e11
        else {
            return .failure(TraceLineProblem("\(field): a project is {id, name, seconds, clips, modified} (and a problem when it cannot be opened)"))
        }
        let problem = o["problem"] as? String
        return .success(
            ProjectListing(id: id, name: name, duration: .seconds(seconds), clips: Int(clips), modified: Int(modified), problem: problem))
    }

    /// The news on a trace line, or why the line is not news.
    static func from(traceLine o: [String: Any]) -> Result<ProjectNews, TraceLineProblem> {
        if let listed = o["listed"] {
            guard let items = listed as? [Any], items.count <= maximumProjects else {
                return .failure(TraceLineProblem("listed: the shelf's projects, an array of at most \(maximumProjects)"))
            }
            var listings: [ProjectListing] = []
            for item in items {
                switch listing(item, field: "listed") {
                case let .success(l): listings.append(l)
                case let .failure(problem): return .failure(problem)
                }
            }
            return .success(.listed(listings))
        }
        if let kept = o["kept"] {
            guard let id = kept as? String, !id.isEmpty, id.count <= 256 else {
                return .failure(TraceLineProblem("kept: the project's id, 1 to 256 characters"))
            }
            return .success(.kept(id: id))
        }
        if let opened = o["opened"] {
            guard let fields = opened as? [String: Any], let id = fields["id"] as? String, !id.isEmpty, id.count <= 256,
                let body = fields["project"], JSONSerialization.isValidJSONObject(body),
                let data = try? JSONSerialization.data(withJSONObject: body)
            else { return .failure(TraceLineProblem("opened: {id, project}, the project as its file holds it")) }
            do { return .success(.opened(id: id, project: try ProjectFile.decode(data))) } catch {
                return .failure(TraceLineProblem("opened.project: \(error)"))
            }
        }
        if let deleted = o["deleted"] { return listing(deleted, field: "deleted").map { .deleted($0) } }
        if let failed = o["failed"] {
            guard let reason = failed as? String, reason.count <= maximumTextLength else {
                return .failure(TraceLineProblem("failed: the reason, at most \(maximumTextLength) characters"))
            }
            return .success(ProjectNews.failed(reason).quantized)
        }
        return .failure(TraceLineProblem("a projects line needs listed, kept, opened, deleted or failed"))
    }
}
