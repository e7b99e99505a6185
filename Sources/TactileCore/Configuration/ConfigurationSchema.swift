import Foundation

/// Which sections make a configuration, in the order a file and Docs/Configuration.md list them:
/// the composition a `TactileConfiguration` is read from and written to files through. Tactile's
/// own is `ConfigurationSchema.tactile`, assembled in TactileHeadless above the modules that own
/// the sections; a module's tests may assemble a smaller one from the sections they know.
public struct ConfigurationSchema: Sendable {
    /// The sections, in file order.
    public let sections: [any ConfigurationSection.Type]
    /// The key whose value names a preset laid under the rest of a file, if any (`feel.preset`).
    public let preset: ConfigurationPreset?

    public init(sections: [any ConfigurationSection.Type], preset: ConfigurationPreset? = nil) {
        self.sections = sections; self.preset = preset
    }

    /// Every section of the schema, at its defaults.
    public var defaults: TactileConfiguration {
        var c = TactileConfiguration()
        for type in sections { c.store(type.init()) }
        return c
    }

    /// Every setting of every section, in file order, each with its section's key.
    public var settings: [(section: String, setting: SettingDescription)] {
        func describe<S: ConfigurationSection>(_: S.Type) -> [SettingDescription] { SettingCatalog.describe(S.self) }
        return sections.flatMap { type in describe(type).map { (type.key, $0) } }
    }

    /// The range of every numeric setting, by dotted key ("kiosk.idleTimeout"); elements of a
    /// list are keyed `key[]`.
    public var ranges: [String: ConfigurationRange] {
        var out: [String: ConfigurationRange] = [:]
        for (section, setting) in settings {
            for (key, range) in setting.ranges { out["\(section).\(key)"] = range }
        }
        return out
    }

    /// The names each choice setting may take, by dotted key ("feel.prediction").
    public var choices: [String: [String]] {
        var out: [String: [String]] = [:]
        for (section, setting) in settings { if let names = setting.choices { out["\(section).\(setting.key)"] = names } }
        return out
    }

    /// "section.key" of every setting that holds a whole number (the JSON of the defaults cannot
    /// tell 2 from 2.0, so the types are read off the declarations).
    public var wholeNumberKeys: Set<String> {
        Set(settings.filter { $0.setting.isWholeNumber }.map { "\($0.section).\($0.setting.key)" })
    }

    /// `configuration` as JSON: every section of the schema in its order, those never set at their
    /// defaults.
    public func encode(_ configuration: TactileConfiguration, with encoder: JSONEncoder = JSONEncoder()) throws -> Data {
        try encoder.encode(Document(schema: self, configuration: configuration))
    }

    /// `configuration` as a JSON object (every section of the schema).
    public func jsonObject(of configuration: TactileConfiguration) -> [String: Any] {
        let data = (try? encode(configuration)) ?? Data()
        return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
    }

    /// The configuration a JSON object holds: each section of the schema read from its key (every
    /// section must be there, with every key; `ConfigurationFile` lays a file over the defaults
    /// first). A problem names the dotted key.
    public func configuration(from object: [String: Any]) throws -> TactileConfiguration {
        var c = TactileConfiguration()
        for type in sections {
            guard let value = object[type.key] else { throw ConfigurationError(key: "", "needs \"\(type.key)\"") }
            let data: Data
            do { data = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) } catch {
                throw ConfigurationError(key: type.key, "has the wrong type of value")
            }
            do { c.store(try Self.decode(type, from: data)) } catch let error as DecodingError {
                let inner = Self.key(of: error)
                let at = inner.isEmpty ? type.key : inner.hasPrefix("[") ? type.key + inner : "\(type.key).\(inner)"
                if case let .keyNotFound(missing, _) = error { throw ConfigurationError(key: at, "needs \"\(missing.stringValue)\"") }
                throw ConfigurationError(key: at, "has the wrong type of value")
            }
        }
        return c
    }

    /// The section of type `type` in `configuration`.
    public func section(_ type: any ConfigurationSection.Type, of configuration: TactileConfiguration) -> any ConfigurationSection {
        func read<S: ConfigurationSection>(_: S.Type) -> any ConfigurationSection { configuration[section: S.self] }
        return read(type)
    }

    private static func decode<S: ConfigurationSection>(_: S.Type, from data: Data) throws -> any ConfigurationSection {
        try JSONDecoder().decode(S.self, from: data)
    }

    /// The dotted path inside a section of a decoding error ("physics.decelerationRate", "calibrationMatrix[2]").
    private static func key(of error: DecodingError) -> String {
        let path: [CodingKey]
        switch error {
        case let .typeMismatch(_, c), let .valueNotFound(_, c), let .keyNotFound(_, c), let .dataCorrupted(c): path = c.codingPath
        @unknown default: path = []
        }
        return path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            .replacingOccurrences(of: ".[", with: "[").trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    /// A configuration written section by section in the schema's order.
    private struct Document: Encodable {
        let schema: ConfigurationSchema
        let configuration: TactileConfiguration

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for type in schema.sections {
                try container.encode(schema.section(type, of: configuration), forKey: Key(stringValue: type.key))
            }
        }
    }
}

/// A key whose value names a set of values laid under everything a file says (`feel.preset`:
/// a platform's touch thresholds), so the file's own keys still win.
public struct ConfigurationPreset: Sendable {
    /// The section and the key inside it ("feel", "preset").
    public let section: String, key: String
    /// The names it takes, as a message lists them.
    public let names: [String]
    /// The default configuration with the named preset's values; nil for an unknown name.
    public let configuration: @Sendable (String) -> TactileConfiguration?

    public init(section: String, key: String, names: [String], configuration: @escaping @Sendable (String) -> TactileConfiguration?) {
        self.section = section; self.key = key; self.names = names; self.configuration = configuration
    }
}
