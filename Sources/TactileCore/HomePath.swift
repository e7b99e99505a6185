import Foundation

/// A path as the person wrote it, with a leading "~" meaning their home: `$HOME` when it is set
/// to an absolute path (as a shell expands it), else the account's home directory. Foundation's
/// `expandingTildeInPath` reads only the account database on Linux, so a `~` in a setting ignored
/// a `$HOME` pointing elsewhere. "~user/…" is the account `user`'s home, as a shell reads it.
public enum HomePath {
    /// `path` with its leading "~" expanded; any other path unchanged.
    public static func expanding(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard path.hasPrefix("~") else { return path }
        let rest = path.dropFirst()
        guard rest.isEmpty || rest.hasPrefix("/") else { return (path as NSString).expandingTildeInPath }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        let trimmed = home.count > 1 && home.hasSuffix("/") ? String(home.dropLast()) : home
        return rest.isEmpty ? trimmed : (trimmed == "/" ? String(rest) : trimmed + rest)
    }

    /// `path` expanded, as a file URL.
    public static func url(_ path: String) -> URL { URL(fileURLWithPath: expanding(path)) }
}
