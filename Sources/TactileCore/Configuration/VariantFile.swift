import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Saves a named variant — changes laid over a configuration file's own settings, as its
/// `"variants"` object holds them — where `--variant NAME` and an A/B flip find it.
///
/// The file the person wrote is kept byte for byte: the variant is inserted into its text (into
/// its `"variants"` object, or a new one before the closing brace), and the result is read back
/// and must give exactly the old settings and the new variant before it replaces the file
/// atomically. When that cannot be done cleanly (the file is not writable, or reading back
/// differs), the variant goes to a sidecar beside it, `NAME.variants.json`
/// (`{"variants":{…}}`), which loading joins to the file's own variants.
public enum VariantFile {
    /// Where a variant was saved.
    public enum Place: Equatable, Sendable {
        /// Into the configuration file itself.
        case file
        /// Into the sidecar beside it (`sidecar(of:)`).
        case sidecar
    }

    /// The sidecar of the configuration file at `url`: "tactile.json" → "tactile.variants.json".
    public static func sidecar(of url: URL) -> URL {
        let base = url.deletingPathExtension().lastPathComponent
        return url.deletingLastPathComponent().appendingPathComponent("\(base).variants.json")
    }

    /// The variants the sidecar of `url` holds (none when there is no sidecar).
    public static func sidecarVariants(of url: URL) throws -> [String: Any] {
        let side = sidecar(of: url)
        guard let data = FileManager.default.contents(atPath: side.path) else { return [:] }
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: data) } catch {
            throw ConfigurationError(key: "", "\(side.lastPathComponent) (its saved variants): not valid JSON (\(JSONSyntaxProblem.describe(error, in: data)))")
        }
        guard let object = parsed as? [String: Any], let variants = object[ConfigurationFile.variantsKey] as? [String: Any] else {
            throw ConfigurationError(key: "", "\(side.lastPathComponent) (its saved variants): expected {\"variants\": {…}}")
        }
        return variants
    }

    /// The names of the variants the file at `url` and its sidecar hold, in the order they were
    /// saved: the file's in the order written, then the sidecar's (by name, numbers as numbers:
    /// tuned-9 before tuned-10), so the last is the one saved last.
    public static func names(at url: URL) -> [String] {
        var names: [String] = []
        if let data = FileManager.default.contents(atPath: url.path) {
            let text = String(decoding: data, as: UTF8.self)
            if let object = variantsObject(in: text) {
                names = object.members.map(\.name)
            } else if let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                let variants = object[ConfigurationFile.variantsKey] as? [String: Any]
            {
                names = variants.keys.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
            }
        }
        let side = ((try? sidecarVariants(of: url)) ?? [:]).keys.filter { !names.contains($0) }
        return names + side.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
    }

    /// The first of "`prefix`-1", "`prefix`-2" … that neither the file at `url` nor its sidecar uses.
    public static func freeName(at url: URL, prefix: String) -> String {
        let taken = Set(names(at: url))
        var n = 1
        while taken.contains("\(prefix)-\(n)") { n += 1 }
        return "\(prefix)-\(n)"
    }

    /// Saves `changes` as the variant `name` for the configuration file at `url` (made when
    /// missing), checked against `schema`: into the file when it can be rewritten cleanly, else
    /// into its sidecar. A name already used is refused.
    @discardableResult
    public static func save(_ name: String, changes: JSONValue, at url: URL, schema: ConfigurationSchema) throws -> Place {
        guard !name.isEmpty, name.count <= 80, !name.contains("\"") else {
            throw ConfigurationError(key: ConfigurationFile.variantsKey, "a variant's name must be 1 to 80 characters")
        }
        guard !names(at: url).contains(name) else {
            throw ConfigurationError(key: "\(ConfigurationFile.variantsKey).\(name)", "is taken already; choose another name")
        }
        // A link is followed to the file it names, as every configuration writer does
        // (`ConfigurationWriter`); a file not writable, or with other hard links, is left alone.
        let target = try ConfigurationWriter.target(of: url)
        // Read the variant back from a file holding only it, so a bad change is named before writing.
        _ = try ConfigurationFile.decode(
            Data("{\"variants\":{\(JSONValue.quote(name)):\(changes.serialized())}}".utf8), variant: name, schema: schema)
        // The file is read, the variant inserted, and the file read again just before it is
        // replaced: an edit made in between (an editor saving) is never overwritten; the insertion
        // is made again on the new text, a few times, before the sidecar takes the variant.
        for _ in 0..<4 {
            let old = FileManager.default.contents(atPath: target.path)
            let text = old.map { String(decoding: $0, as: UTF8.self) } ?? "{\n}\n"
            guard isRewritable(target), let inserted = inserting(name, changes: changes, into: text),
                readsBack(inserted, as: text, variant: name, changes: changes, schema: schema)
            else { break }
            guard FileManager.default.contents(atPath: target.path) == old else { continue }
            if (try? AtomicFile.write(Data(inserted.utf8), to: target)) != nil { return .file }
            break
        }
        let side = sidecar(of: url)
        var variants = try sidecarVariants(of: url)
        variants[name] = try JSONSerialization.jsonObject(with: Data(changes.serialized().utf8))
        let data = try JSONSerialization.data(withJSONObject: [ConfigurationFile.variantsKey: variants], options: [.prettyPrinted, .sortedKeys])
        try ConfigurationWriter.write(data + Data("\n".utf8), to: side)
        return .sidecar
    }

    /// Whether the file at `url` may be replaced by a new one: missing (it is made), or writable
    /// by this user with no other hard link (a rename would cut it off from those).
    static func isRewritable(_ url: URL) -> Bool {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return true }
        // The mode is honoured whoever runs it: a file no one may write (0444) is not rewritten by root either.
        return access(url.path, W_OK) == 0 && info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) != 0 && info.st_nlink <= 1
            && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `new` holds the same settings and variants as `old` plus `name` with `changes`.
    private static func readsBack(_ new: String, as old: String, variant name: String, changes: JSONValue, schema: ConfigurationSchema) -> Bool {
        func object(_ text: String) -> [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] }
        guard var before = object(old), var after = object(new) else { return false }
        var oldVariants = (before.removeValue(forKey: ConfigurationFile.variantsKey) as? [String: Any]) ?? [:]
        let newVariants = (after.removeValue(forKey: ConfigurationFile.variantsKey) as? [String: Any]) ?? [:]
        oldVariants[name] = (try? JSONSerialization.jsonObject(with: Data(changes.serialized().utf8))) ?? [:]
        return NSDictionary(dictionary: before).isEqual(to: after) && NSDictionary(dictionary: oldVariants).isEqual(to: newVariants)
            && (try? ConfigurationFile.decode(Data(new.utf8), variant: name, schema: schema)) != nil
    }

    /// `text` (a JSON object) with the member `"name": changes` added to its top-level
    /// `"variants"` object, or a new `"variants"` object before its closing brace; nil when the
    /// text is not a JSON object this can find its way through.
    static func inserting(_ name: String, changes: JSONValue, into text: String) -> String? {
        guard let layout = layout(of: text) else { return nil }
        let bytes = Array(text.utf8)
        let open = layout.rootOpen, close = layout.rootClose
        let variantsValueAt = layout.variants?.open, variantsEnd = layout.variants?.close
        func isBlank(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy { [9, 10, 13, 32].contains($0) } }
        let member = "\(JSONValue.quote(name)): \(changes.serialized())"
        // The file's own line ends: a file written on Windows keeps its CRLF.
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        var out = bytes
        /// The leading blanks of the line holding byte `i`.
        func lineIndent(of i: Int) -> String {
            var lineStart = i
            while lineStart > 0 && bytes[lineStart - 1] != 10 { lineStart -= 1 }
            var e = lineStart
            while e < bytes.count && (bytes[e] == 32 || bytes[e] == 9) { e += 1 }
            return String(decoding: bytes[lineStart..<e], as: UTF8.self)
        }
        // The file's own indent step: its first setting's (two spaces when it has none on a line of its own).
        let step: String = {
            guard let first = ((open + 1)..<close).first(where: { ![9, 10, 13, 32].contains(bytes[$0]) }) else { return "  " }
            let indent = lineIndent(of: first)
            return indent.isEmpty || lineIndent(of: open).count >= indent.count ? "  " : String(indent.dropFirst(lineIndent(of: open).count))
        }()
        if let start = variantsValueAt, let end = variantsEnd {
            let empty = isBlank((start + 1)..<end)
            let comma = empty ? "" : ","
            var cut = end
            while cut > start + 1 && [9, 10, 13, 32].contains(bytes[cut - 1]) { cut -= 1 }
            // The person's layout stays: the new member is indented as the members before it (or
            // one step in from the brace), and the blanks before the closing brace are kept.
            let closingOnItsOwnLine = bytes[cut..<end].contains(10)
            let first = ((start + 1)..<end).first { ![9, 10, 13, 32].contains(bytes[$0]) }
            let indent = first.map(lineIndent(of:)) ?? (lineIndent(of: end) + step)
            let tail = closingOnItsOwnLine ? "" : newline + lineIndent(of: end)
            out.replaceSubrange(cut..<cut, with: Array("\(comma)\(newline)\(indent)\(member)\(tail)".utf8))
        } else if variantsValueAt == nil {
            let comma = isBlank((open + 1)..<close) ? "" : ","
            var cut = close
            while cut > open + 1 && [9, 10, 13, 32].contains(bytes[cut - 1]) { cut -= 1 }
            out.replaceSubrange(
                cut..<close,
                with: Array(
                    "\(comma)\(newline)\(step)\"\(ConfigurationFile.variantsKey)\": {\(newline)\(step)\(step)\(member)\(newline)\(step)}\(newline)".utf8))
        } else {
            return nil
        }
        return String(decoding: out, as: UTF8.self)
    }
}
