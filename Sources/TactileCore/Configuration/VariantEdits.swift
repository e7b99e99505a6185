import Foundation

/// Renaming and deleting a saved variant (the tuning panel's variant picker), with the file the
/// person wrote kept byte for byte around the change, as saving keeps it (`VariantFile.save`):
/// the one key or member is changed in the text, the result read back and compared with the old
/// settings and variants, and the file replaced atomically. A variant kept in the sidecar is
/// changed there.
extension VariantFile {
    /// The top-level `"variants"` object as it lies in a file's text: where its braces are and
    /// its members in the order written (byte offsets into the UTF-8 text).
    struct VariantsObject {
        /// One member: its name, its key's bytes (quotes included) and where its value ends (exclusive).
        struct Member {
            var name: String
            var keyStart: Int, keyEnd: Int, valueEnd: Int
        }
        var open: Int, close: Int
        var members: [Member]
    }

    /// Where a configuration file's text has its outer braces and its `"variants"` object (nil
    /// when it has none), in bytes.
    struct Layout {
        var rootOpen: Int, rootClose: Int
        var variants: VariantsObject?
    }

    /// The `"variants"` object of `text` (a JSON object); nil when it has none, or when the text
    /// is not one this can find its way through.
    static func variantsObject(in text: String) -> VariantsObject? { layout(of: text)?.variants }

    /// The layout of `text`, a JSON object; nil when this cannot find its way through it (not
    /// an object, cut short, a `"variants"` that is not an object or is there twice).
    static func layout(of text: String) -> Layout? {
        let bytes = Array(text.utf8)
        var depth = 0, inString = false, escaped = false, stringStart = 0
        var lastString: String?, awaitingVariants = false
        var rootOpen: Int?, rootClose: Int?
        var open: Int?, close: Int?, members: [VariantsObject.Member] = []
        var key: (name: String, start: Int, end: Int)?, inValue = false, lastValueByte = 0
        /// Whether the scan is directly inside the variants object (between members).
        var inside: Bool { open != nil && close == nil && depth == 2 }
        func endMember(at end: Int) {
            if let k = key { members.append(.init(name: k.name, keyStart: k.start, keyEnd: k.end, valueEnd: end)) }
            key = nil; inValue = false
        }
        for (i, b) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                    let s = String(decoding: bytes[(stringStart + 1)..<i], as: UTF8.self)
                    if inside && key == nil { key = (s, stringStart, i + 1) } else { lastString = s }
                    lastValueByte = i
                }
                continue
            }
            switch b {
            case UInt8(ascii: "\""):
                inString = true; stringStart = i
            case UInt8(ascii: ":"):
                if depth == 1 && lastString == ConfigurationFile.variantsKey {
                    // "variants" twice: which one is read is not ours to guess.
                    if open != nil { return nil }
                    awaitingVariants = true
                }
                if inside && key != nil { inValue = true }
                lastString = nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if awaitingVariants {
                    guard b == UInt8(ascii: "{") else { return nil }
                    open = i; awaitingVariants = false
                }
                if depth == 0 && rootOpen == nil && b == UInt8(ascii: "{") { rootOpen = i }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 { return nil }
                if depth == 0 && rootClose == nil { rootClose = i }
                if inside && inValue {
                    endMember(at: i + 1)
                } else if open != nil && close == nil && depth == 1 {
                    // The variants object closes: a last member with a plain value ends before it.
                    if inValue { endMember(at: lastValueByte + 1) }
                    close = i
                }
            case UInt8(ascii: ","):
                if inside && inValue { endMember(at: lastValueByte + 1) }
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                break
            default:
                if awaitingVariants { return nil }
                lastValueByte = i
            }
        }
        guard !inString, depth == 0, !awaitingVariants, let rootOpen, let rootClose else { return nil }
        let variants = open.flatMap { o in close.map { VariantsObject(open: o, close: $0, members: members) } }
        return Layout(rootOpen: rootOpen, rootClose: rootClose, variants: variants)
    }

    /// Renames the variant `old` to `new` for the configuration file at `url`. Refuses the file's
    /// own settings (`base`), a name that is not saved, and a new name that is taken or not 1 to
    /// 80 characters without a `"`.
    public static func rename(_ old: String, to new: String, at url: URL, schema: ConfigurationSchema) throws {
        try checkEditable(old)
        guard !new.isEmpty, new.count <= 80, !new.contains("\""), new != SettingsChange.baseVariant else {
            throw ConfigurationError(key: ConfigurationFile.variantsKey, "a variant's name must be 1 to 80 characters, without \", and not base")
        }
        guard !names(at: url).contains(new) else {
            throw ConfigurationError(key: "\(ConfigurationFile.variantsKey).\(new)", "is taken already; choose another name")
        }
        try edit(
            old, at: url, schema: schema,
            inText: { object, bytes in
                guard let m = object.members.first(where: { $0.name == old }) else { return nil }
                var out = bytes
                out.replaceSubrange(m.keyStart..<m.keyEnd, with: Array(JSONValue.quote(new).utf8))
                return out
            },
            inSidecar: { variants in
                variants[new] = variants.removeValue(forKey: old)
            },
            expect: { variants in
                variants[new] = variants.removeValue(forKey: old)
            })
    }

    /// Deletes the variant `name` for the configuration file at `url` (never `base`).
    public static func delete(_ name: String, at url: URL, schema: ConfigurationSchema) throws {
        try checkEditable(name)
        try edit(
            name, at: url, schema: schema,
            inText: { object, bytes in
                guard let i = object.members.firstIndex(where: { $0.name == name }) else { return nil }
                let m = object.members[i]
                var out = bytes
                if object.members.count == 1 {
                    out.replaceSubrange((object.open + 1)..<object.close, with: [])
                } else if i + 1 < object.members.count {
                    out.replaceSubrange(m.keyStart..<object.members[i + 1].keyStart, with: [])
                } else {
                    out.replaceSubrange(object.members[i - 1].valueEnd..<m.valueEnd, with: [])
                }
                return out
            },
            inSidecar: { variants in
                variants[name] = nil
            },
            expect: { variants in
                variants[name] = nil
            })
    }

    /// Refuses to rename or delete the file's own settings.
    private static func checkEditable(_ name: String) throws {
        guard name != SettingsChange.baseVariant else {
            throw ConfigurationError(key: ConfigurationFile.variantsKey, "base is the file's own settings: it cannot be renamed or deleted")
        }
    }

    /// Changes the variant `name` where it is saved: in the configuration file's text (`inText`,
    /// read back against `expect` applied to its variants) or in the sidecar (`inSidecar`).
    private static func edit(
        _ name: String, at url: URL, schema: ConfigurationSchema, inText: (VariantsObject, [UInt8]) -> [UInt8]?,
        inSidecar: (inout [String: Any]) -> Void, expect: (inout [String: Any]) -> Void
    ) throws {
        var sidecarVariants = try self.sidecarVariants(of: url)
        if sidecarVariants[name] != nil {
            inSidecar(&sidecarVariants)
            let data = try JSONSerialization.data(withJSONObject: [ConfigurationFile.variantsKey: sidecarVariants], options: [.prettyPrinted, .sortedKeys])
            try ConfigurationWriter.write(data + Data("\n".utf8), to: sidecar(of: url))
            return
        }
        let target = try ConfigurationWriter.target(of: url)
        guard let old = FileManager.default.contents(atPath: target.path) else {
            throw ConfigurationError(key: "\(ConfigurationFile.variantsKey).\(name)", "no such variant (\(url.lastPathComponent) does not exist)")
        }
        let text = String(decoding: old, as: UTF8.self)
        guard let object = variantsObject(in: text), object.members.contains(where: { $0.name == name }) else {
            throw ConfigurationError(key: "\(ConfigurationFile.variantsKey).\(name)", "no such variant in \(url.lastPathComponent)")
        }
        guard isRewritable(target) else {
            throw ConfigurationError(
                key: "\(ConfigurationFile.variantsKey).\(name)", "\(url.lastPathComponent) cannot be written, so its variants stay as they are")
        }
        guard let changed = inText(object, Array(text.utf8)) else { throw ConfigurationError(key: ConfigurationFile.variantsKey, "no such variant") }
        let new = String(decoding: changed, as: UTF8.self)
        // Read back: the same settings, and the variants as the change should leave them.
        func parts(_ s: String) -> (settings: [String: Any], variants: [String: Any])? {
            guard var o = (try? JSONSerialization.jsonObject(with: Data(s.utf8))) as? [String: Any] else { return nil }
            let v = o.removeValue(forKey: ConfigurationFile.variantsKey) as? [String: Any] ?? [:]
            return (o, v)
        }
        guard var before = parts(text), let after = parts(new) else {
            throw ConfigurationError(key: ConfigurationFile.variantsKey, "\(url.lastPathComponent) could not be changed cleanly; left as it was")
        }
        expect(&before.variants)
        guard NSDictionary(dictionary: before.settings).isEqual(to: after.settings), NSDictionary(dictionary: before.variants).isEqual(to: after.variants),
            (try? ConfigurationFile.decode(Data(new.utf8), schema: schema)) != nil
        else {
            throw ConfigurationError(key: ConfigurationFile.variantsKey, "\(url.lastPathComponent) could not be changed cleanly; left as it was")
        }
        try AtomicFile.write(Data(new.utf8), to: target)
    }
}
