import Foundation

/// A problem with a configuration file, naming the key ("timeline.snapThreshold") so the
/// banner can say exactly what to fix. `key` is empty for the file as a whole.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    public var key: String
    public var message: String
    public init(key: String, _ message: String) { self.key = key; self.message = message }
    public var description: String { key.isEmpty ? message : "\(key): \(message)" }
}

/// Reading a configuration file (JSON; see Docs/Configuration.md). A file names only the keys it
/// changes; every other key keeps its default. An optional `"variants"` object holds named sets
/// of changes laid over the rest (`--variant B`), so a study can compare two settings:
///
///     { "timeline": { "snapThreshold": 8 },
///       "variants": { "B": { "timeline": { "snapThreshold": 2 } } } }
///
/// Unknown keys, values of the wrong type and values out of range are errors that name the key.
public enum ConfigurationFile {
    /// The top-level key holding named variants.
    public static let variantsKey = "variants"

    /// Reads the configuration at `url` (the sections of `schema`), with `variant` applied when given.
    public static func load(from url: URL, variant: String? = nil, schema: ConfigurationSchema) throws -> TactileConfiguration {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ConfigurationError(key: "", "\(url.path) cannot be read")
        }
        let saved = try VariantFile.sidecarVariants(of: url)
        do { return try decode(data, variant: variant, schema: schema, moreVariants: saved) } catch var error as ConfigurationError {
            // A variant only the sidecar holds: its mistake is said to be there, not in this file.
            let own = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?[variantsKey] as? [String: Any] ?? [:]
            if saved.keys.contains(where: { own[$0] == nil && (error.key == "\(variantsKey).\($0)" || error.key.hasPrefix("\(variantsKey).\($0).")) }) {
                error.message += " (in \(VariantFile.sidecar(of: url).lastPathComponent))"
            }
            throw error
        }
    }

    /// Decodes configuration JSON (the sections of `schema`), with `variant` applied when given.
    /// `moreVariants`: named variants kept beside the file (`VariantFile`'s sidecar), joined to the file's own.
    public static func decode(
        _ data: Data, variant: String? = nil, schema: ConfigurationSchema, moreVariants: [String: Any] = [:]
    ) throws -> TactileConfiguration {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            throw ConfigurationError(key: "", "not valid JSON (\(JSONSyntaxProblem.describe(error, in: data)))")
        }
        guard var root = object as? [String: Any] else { throw ConfigurationError(key: "", "expected a JSON object at the top level") }
        var variants = root.removeValue(forKey: variantsKey)
        if !moreVariants.isEmpty {
            var named = (variants as? [String: Any]) ?? [:]
            for (name, changes) in moreVariants where named[name] == nil { named[name] = changes }
            if variants == nil || variants is [String: Any] { variants = named }
        }
        // A preset (feel.preset) lays its values under everything the file says (the chosen
        // variant's preset, else the file's, else Tactile's own).
        let defaults = schema.jsonObject(of: schema.defaults)
        var merged = defaults
        if let preset = schema.preset {
            func presetName(_ o: Any?) -> Any? { ((o as? [String: Any])?[preset.section] as? [String: Any])?[preset.key] }
            let chosen = variant.flatMap { ((variants as? [String: Any])?[$0]).flatMap(presetName) } ?? presetName(root)
            if let name = chosen {
                guard let text = name as? String, let values = preset.configuration(text) else {
                    throw ConfigurationError(
                        key: "\(preset.section).\(preset.key)",
                        "must be one of \(preset.names.joined(separator: ", ")), not \(PrintableText.of("\(name)", limit: 40))")
                }
                merged = schema.jsonObject(of: values)
            }
        }
        let rules = Rules(schema: schema)
        func overlay(_ changes: [String: Any], onto base: inout [String: Any], path: String) throws {
            try Self.overlay(changes, onto: &base, path: path, rules: rules)
        }
        try overlay(root, onto: &merged, path: "")
        if let variants {
            guard let named = variants as? [String: Any] else { throw ConfigurationError(key: variantsKey, "expected an object of named variants") }
            for (name, changes) in named {
                let at = "\(variantsKey).\(PrintableText.of(name, limit: 80))"
                guard let changes = changes as? [String: Any] else { throw ConfigurationError(key: at, "expected an object") }
                var scratch = defaults
                try overlay(changes, onto: &scratch, path: at)
            }
            if let variant {
                guard let changes = named[variant] as? [String: Any] else {
                    let known = named.keys.sorted().joined(separator: ", ")
                    throw ConfigurationError(
                        key: variantsKey,
                        "no variant named \"\(PrintableText.of(variant, limit: 80))\" (the file has \(known.isEmpty ? "none" : PrintableText.of(known)))")
                }
                try overlay(changes, onto: &merged, path: "")
            }
        } else if let variant {
            throw ConfigurationError(key: variantsKey, "no variant named \"\(variant)\" (the file has none)")
        }
        let configuration = try schema.configuration(from: merged)
        if let problem = configuration.problems().first { throw problem }
        return configuration
    }

    /// The default configuration as JSON text: every key of `schema` with its default value.
    public static func defaultsJSON(schema: ConfigurationSchema) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? schema.encode(schema.defaults, with: encoder)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// Every key path of `schema`'s configuration, dotted ("timeline.snapThreshold"), sorted.
    public static func keyPaths(schema: ConfigurationSchema) -> [String] {
        var out: [String] = []
        func walk(_ value: Any, _ path: String) {
            if let object = value as? [String: Any] {
                for (k, v) in object { walk(v, path.isEmpty ? k : "\(path).\(k)") }
            } else {
                out.append(path)
            }
        }
        walk(schema.jsonObject(of: schema.defaults), "")
        return out.sorted()
    }

    /// Lays `changes` over `base` (a configuration as JSON), checking each key as a file's.
    static func overlay(_ changes: [String: Any], onto base: inout [String: Any], schema: ConfigurationSchema) throws {
        try overlay(changes, onto: &base, path: "", rules: Rules(schema: schema))
    }

    /// What a value laid over the defaults must keep beyond its shape.
    private struct Rules {
        let wholeNumberKeys: Set<String>
        let ranges: [String: ConfigurationRange]
        let choices: [String: [String]]

        init(schema: ConfigurationSchema) {
            wholeNumberKeys = schema.wholeNumberKeys; ranges = schema.ranges; choices = schema.choices
        }

        /// The names the setting at `keyPath` may take ("variants.B.feel.prediction" is "feel.prediction"), if a choice.
        func names(at keyPath: String) -> [String]? {
            choices.first { keyPath == $0.key || keyPath.hasSuffix(".\($0.key)") }?.value
        }
    }

    /// Settings that came after configurations were first written down, with the value that
    /// gives the behaviour from before them: a session recorded before one existed replays as it
    /// ran (its `config.json` lacks the key), where a person's own file gets the new default.
    public static let introducedLater: [String: any Sendable] = ["editing.magneticMainTrack": false]

    /// A recorded configuration (a session's `config.json`) with each setting it predates set to
    /// the value that gives the behaviour it ran with (`introducedLater`); unchanged when it is not
    /// a JSON object.
    public static func fillingSettingsIntroducedLater(_ data: Data) -> Data {
        guard var root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return data }
        for (path, value) in introducedLater {
            let parts = path.split(separator: ".").map(String.init)
            guard parts.count == 2 else { continue }
            var section = root[parts[0]] as? [String: Any] ?? [:]
            if section[parts[1]] == nil { section[parts[1]] = value }
            root[parts[0]] = section
        }
        return (try? JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])) ?? data
    }

    /// Settings a Tactile once had, and why they went: a file that still sets one is told so.
    static let retired: [String: String] = [
        "editing.levelDragTravel": "a clip's level is set in the clip sheet's Volume section, on a slider, not by a drag on the clip"
    ]

    /// Lays `changes` over `base`, checking each key exists and each value has the default's shape.
    private static func overlay(
        _ changes: [String: Any], onto base: inout [String: Any], path: String, rules: Rules
    ) throws {
        for (key, value) in changes {
            let keyPath = path.isEmpty ? PrintableText.of(key, limit: 80) : "\(path).\(PrintableText.of(key, limit: 80))"
            guard let current = base[key] else {
                if let why = retired.first(where: { keyPath == $0.key || keyPath.hasSuffix(".\($0.key)") })?.value {
                    throw ConfigurationError(key: keyPath, "is no longer a setting: \(why)")
                }
                let hint = closest(to: key, among: Array(base.keys)).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw ConfigurationError(key: keyPath, "is not a setting\(hint)")
            }
            if var nested = current as? [String: Any] {
                guard let inner = value as? [String: Any] else { throw ConfigurationError(key: keyPath, "expected an object of settings") }
                try overlay(inner, onto: &nested, path: keyPath, rules: rules)
                base[key] = nested
            } else {
                guard sameShape(value, current) else {
                    throw ConfigurationError(key: keyPath, "expected \(shapeName(current)), not \(shapeName(value))")
                }
                let setting = keyPath.split(separator: ".").suffix(2).joined(separator: ".")
                if let names = rules.names(at: keyPath) {
                    for (n, name) in ((value as? [Any]) ?? [value]).enumerated() where !names.contains((name as? String) ?? "") {
                        let at = value is [Any] ? "\(keyPath)[\(n)]" : keyPath
                        throw ConfigurationError(key: at, "must be \(Self.alternatives(names)), not \"\(PrintableText.of("\(name)", limit: 40))\"")
                    }
                }
                if rules.wholeNumberKeys.contains(setting), let n = value as? NSNumber, JSONNumber.integer(n) == nil {
                    let d = n.doubleValue
                    // A whole number too large for the setting (1e19, ±1e308) is named as such,
                    // with the setting's range where it has one.
                    if d.isFinite, d == d.rounded() {
                        let range = rules.ranges[setting].map { ": must be \($0.text)" } ?? ""
                        throw ConfigurationError(key: keyPath, "is out of range\(range), not \(ConfigurationRange.format(d))")
                    }
                    throw ConfigurationError(key: keyPath, "expected a whole number, not \(n)")
                }
                base[key] = value
            }
        }
    }

    /// "\"off\", \"linear\" or \"kalman\"".
    public static func alternatives(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        return quoted.count < 2 ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    }

    private static func isBool(_ v: Any) -> Bool { JSONNumber.isBoolean(v) }

    private static func sameShape(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case (is String, is String): return true
        case (is [Any], is [Any]): return true
        case (is [String: Any], is [String: Any]): return true
        case (is NSNumber, is NSNumber): return isBool(a) == isBool(b)
        default: return false
        }
    }

    private static func shapeName(_ v: Any) -> String {
        if v is String { return "text" }
        if v is [Any] { return "a list" }
        if v is [String: Any] { return "an object" }
        if isBool(v) { return "true or false" }
        if v is NSNumber { return "a number" }
        return "null"
    }

    /// The known key nearest to a misspelt one (edit distance at most a third of its length).
    public static func closest(to key: String, among keys: [String]) -> String? {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var row = Array(0...b.count)
            for i in 1...max(1, a.count) where !a.isEmpty {
                var previous = row[0]; row[0] = i
                for j in 1...max(1, b.count) where !b.isEmpty {
                    let old = row[j]
                    let substitution: Int = previous + (a[i - 1].lowercased() == b[j - 1].lowercased() ? 0 : 1)
                    let insertion: Int = row[j] + 1, deletion: Int = row[j - 1] + 1
                    row[j] = min(substitution, min(insertion, deletion))
                    previous = old
                }
            }
            return row[b.count]
        }
        let k = Array(key)
        var best: (key: String, distance: Int)?
        for candidate in keys.sorted() {
            let d = distance(k, Array(candidate))
            if best == nil || d < best!.distance { best = (candidate, d) }
        }
        guard let best, best.distance <= max(1, key.count / 3) else { return nil }
        return best.key
    }

}
