import Foundation

/// A name read from a file (a block's folder in `answers.json`, a sound file in a session's
/// timing file) that this program joins to a folder: it must be one path component that stays
/// inside that folder, or the file is refused naming the field.
public enum PathName {
    /// Why `name` is not one component that stays inside its parent, in words; nil when it is.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name == "." || name == ".." { return "\"\(name)\" names a folder, not a name inside it" }
        if name.contains("/") { return "holds a \"/\": one name inside the folder is expected, not a path" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "holds a control character" }
        if name.utf8.count > 255 { return "is longer than a file name may be (255 bytes)" }
        return nil
    }

    /// `name` when it is one component (see `problem`); else an error "`field`: why".
    public static func checked(_ name: String, field: String) throws -> String {
        if let why = problem(name) { throw PathNameError(field: field, name: name, reason: why) }
        return name
    }
}

/// A name from a file that is not one path component inside its folder.
public struct PathNameError: Error, CustomStringConvertible {
    public var field: String
    public var name: String
    public var reason: String
    public var description: String { "\(field): \(PrintableText.of(name, limit: 60).debugDescription) \(reason)" }
}
