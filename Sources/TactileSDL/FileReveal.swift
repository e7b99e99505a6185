import Foundation

/// Shows a file in the desktop's file manager, as a phone's "Show in Files" does: the file
/// selected in its folder through the freedesktop `FileManager1.ShowItems` call (dbus-send),
/// else its folder opened by `xdg-open`. Never waits: the frame loop goes on while the file
/// manager comes up; what went wrong is returned for the log.
enum FileReveal {
    /// Starts showing `path`; nil once a way was started, else why none could be.
    static func show(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let file = URL(fileURLWithPath: path)
        let folder = file.deletingLastPathComponent().path
        func run(_ tool: String, _ arguments: [String]) -> Bool {
            guard let found = executable(tool, environment: environment) else { return false }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: found)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return false }
            return true
        }
        if environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
            run(
                "dbus-send",
                [
                    "--session", "--dest=org.freedesktop.FileManager1", "--type=method_call", "/org/freedesktop/FileManager1",
                    "org.freedesktop.FileManager1.ShowItems", "array:string:\(file.absoluteString)", "string:",
                ])
        {
            return nil
        }
        if run("xdg-open", [folder]) { return nil }
        return "no file manager to show \(path) in (neither dbus-send with a session bus nor xdg-open)"
    }

    /// The path of `tool` on `PATH`, if it is there.
    static func executable(_ tool: String, environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
