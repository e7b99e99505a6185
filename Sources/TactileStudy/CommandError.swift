/// A failure of a command, with the exit code it maps to: 2 for bad input files (project,
/// trace, arguments), 1 for everything else.
public struct CommandError: Error, CustomStringConvertible {
    public var message: String
    public var exitCode: Int32
    public init(_ message: String, exitCode: Int32 = 1) { self.message = message; self.exitCode = exitCode }
    public var description: String { message }

    /// A bad input file or argument (exit code 2).
    public static func badInput(_ message: String) -> CommandError { CommandError(message, exitCode: 2) }
}
