import Foundation

/// What one configuration changes against another, as the nested JSON a configuration file holds
/// (`{"feel":{"addedLatency":100}}`): what a live change (a tuning slider, an A/B flip, a file
/// reload) records in a trace and the log, and what a replay lays over its configuration to follow.
extension ConfigurationSchema {
    /// The settings of `new` that differ from `old`, section by section, keys sorted; an empty
    /// object when none do. Lists are compared whole.
    public func changes(from old: TactileConfiguration, to new: TactileConfiguration) -> JSONValue {
        func diff(_ a: [String: Any], _ b: [String: Any]) -> [(String, JSONValue)] {
            var out: [(String, JSONValue)] = []
            for key in b.keys.sorted() {
                guard let value = b[key] else { continue }
                if let inner = value as? [String: Any], let before = a[key] as? [String: Any] {
                    let nested = diff(before, inner)
                    if !nested.isEmpty { out.append((key, .object(nested))) }
                } else if a[key].map({ JSONValue(any: $0) }) != JSONValue(any: value) {
                    out.append((key, JSONValue(any: value)))
                }
            }
            return out
        }
        return .object(diff(jsonObject(of: old), jsonObject(of: new)))
    }

    /// `configuration` with `changes` laid over it, checked as a file's keys are (each key must
    /// exist, have the default's shape and keep its range); a problem names the dotted key.
    public func applying(_ changes: JSONValue, to configuration: TactileConfiguration) throws -> TactileConfiguration {
        guard case .object = changes, let object = try JSONSerialization.jsonObject(with: Data(changes.serialized().utf8)) as? [String: Any] else {
            throw ConfigurationError(key: "", "changes must be an object of sections")
        }
        var merged = jsonObject(of: configuration)
        try ConfigurationFile.overlay(object, onto: &merged, schema: self)
        let result = try self.configuration(from: merged)
        if let problem = result.problems().first { throw problem }
        return result
    }

    /// The changes as dotted keys and values, in order ("feel.addedLatency", 100).
    public static func dotted(_ changes: JSONValue) -> [(key: String, value: JSONValue)] {
        var out: [(key: String, value: JSONValue)] = []
        func walk(_ value: JSONValue, _ path: String) {
            if case let .object(members) = value, !path.isEmpty || !members.isEmpty {
                for (k, v) in members { walk(v, path.isEmpty ? k : "\(path).\(k)") }
            } else if !path.isEmpty {
                out.append((path, value))
            }
        }
        walk(changes, "")
        return out
    }
}
