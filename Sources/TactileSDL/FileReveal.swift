import Foundation

/// Shows a file in the desktop's file manager, as a phone's "Show in Files" does: the file
/// selected in its folder through the freedesktop `FileManager1.ShowItems` call (dbus-send),
/// else — no session bus, or nothing answering the call — its folder opened by `xdg-open`.
/// Never waits: the call is made off the frame loop; a machine with neither tool is said.
enum FileReveal {
    /// Starts showing `path`; nil once a way was started, else why none could be.
    static func show(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let file = URL(fileURLWithPath: path)
        let folder = file.deletingLastPathComponent().path
        @Sendable func run(_ tool: String, _ arguments: [String]) -> Bool {
            guard let found = executable(tool, environment: environment) else { return false }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: found)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return false }
            return true
        }
        let dbus = environment["DBUS_SESSION_BUS_ADDRESS"] != nil ? executable("dbus-send", environment: environment) : nil
        let opener = executable("xdg-open", environment: environment)
        guard dbus != nil || opener != nil else {
            return "no file manager to show \(path) in (neither dbus-send with a session bus nor xdg-open)"
        }
        // Off the frame loop: the call waits for the file manager's answer, and only when none
        // takes it (a desktop without FileManager1) does xdg-open open the folder.
        DispatchQueue.global(qos: .userInitiated).async {
            if let dbus {
                let call = Process()
                call.executableURL = URL(fileURLWithPath: dbus)
                call.arguments = [
                    "--session", "--print-reply", "--reply-timeout=3000", "--dest=org.freedesktop.FileManager1", "--type=method_call",
                    "/org/freedesktop/FileManager1", "org.freedesktop.FileManager1.ShowItems", "array:string:\(file.absoluteString)", "string:",
                ]
                call.standardOutput = FileHandle.nullDevice
                call.standardError = FileHandle.nullDevice
                if (try? call.run()) != nil {
                    call.waitUntilExit()
                    if call.terminationStatus == 0 { return }
                }
            }
            _ = run("xdg-open", [folder])
        }
        return nil
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
