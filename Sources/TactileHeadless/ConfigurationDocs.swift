import TactileCore

/// Docs/Configuration.md, made from the settings' declarations (`@Setting`): a table per section
/// with each key, its default, the values it may take and what it does, between the words of
/// `ConfigurationProse`. `tactile config --docs` prints it; a test checks the file is up to date.
public enum ConfigurationDocs {
    /// The whole page for `schema`.
    public static func markdown(schema: ConfigurationSchema = .tactile) -> String {
        let defaults = schema.jsonObject(of: schema.defaults)
        let settings = schema.settings
        var lines = [ConfigurationProse.intro, ""]
        for type in schema.sections {
            lines += ["## `\(type.key)`", "", type.about, "", "| Key | Default | Valid | What it does |", "|---|---|---|---|"]
            for (_, setting) in settings.filter({ $0.section == type.key }) {
                lines += rows(of: setting, in: type.key, defaults: defaults)
            }
            lines.append("")
            if type.key == "feel" { lines += [ConfigurationProse.feelStudy, ""] }
        }
        lines += [ConfigurationProse.presets, ""]
        return lines.joined(separator: "\n")
    }

    /// The table rows of one setting: one, or one per field of a setting made of fields
    /// (`layout.viewport.width`, `kiosk.schedule.monday`).
    static func rows(of setting: SettingDescription, in section: String, defaults: [String: Any]) -> [String] {
        var value: Any? = defaults[section]
        for part in setting.key.split(separator: ".") { value = (value as? [String: Any])?[String(part)] }
        let key = "\(section).\(setting.key)"
        let doc = setting.doc.replacingOccurrences(of: "|", with: "\\|")
        if let fields = value as? [String: Any] {
            return fields.keys.sorted().map { field in
                let range = setting.ranges.first { $0.key == "\(setting.key).\(field)" }?.range.text ?? valid(setting, fields[field])
                return "| `\(key).\(field)` | `\(text(fields[field]))` | \(range) | \(doc) |"
            }
        }
        return ["| `\(key)` | `\(text(value))` | \(valid(setting, value)) | \(doc) |"]
    }

    /// The values a setting may take, as the Valid column says them.
    static func valid(_ setting: SettingDescription, _ value: Any?) -> String {
        if let names = setting.choices {
            return (value is [Any] ? "each " : "") + ConfigurationFile.alternatives(names).replacingOccurrences(of: "\"", with: "`")
        }
        if setting.ranges.count == 1, let only = setting.ranges.first {
            return only.key.hasSuffix("[]") ? "each \(only.range.text)" : only.range.text
        }
        if !setting.ranges.isEmpty {
            // The fields of a list's elements, those with the same range together.
            var groups: [(text: String, fields: [String])] = []
            for (key, range) in setting.ranges {
                let field = String(key.split(separator: ".").last ?? "")
                if let n = groups.firstIndex(where: { $0.text == range.text }) { groups[n].fields.append(field) } else { groups.append((range.text, [field])) }
            }
            return "each " + groups.map { "\($0.fields.joined(separator: ", ")) \($0.text)" }.joined(separator: "; ")
        }
        if JSONNumber.isBoolean(value as Any) { return "true or false" }
        return ""
    }

    private static func text(_ value: Any?) -> String { value.map { JSONValue(any: $0).serialized() } ?? "" }
}
