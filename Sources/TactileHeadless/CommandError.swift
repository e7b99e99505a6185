import Foundation
import TactileCore

/// A failure of a command, with the exit code it maps to: 2 for bad input files (project,
/// trace, arguments), 4 for a file or folder another Tactile is writing, 1 for everything else.
public struct CommandError: Error, CustomStringConvertible {
    public var message: String
    public var exitCode: Int32
    public init(_ message: String, exitCode: Int32 = 1) { self.message = message; self.exitCode = exitCode }
    public var description: String { message }

    /// A bad input file or argument (exit code 2).
    public static func badInput(_ message: String) -> CommandError { CommandError(message, exitCode: 2) }

    /// Another process writes the file or folder (exit code 4): refused at once, nothing written.
    public static func busy(_ held: WriterLock.Held) -> CommandError { CommandError(held.description, exitCode: 4) }

    /// `body`, with a lock held by another process reported as `busy`.
    public static func locking<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let held as WriterLock.Held { throw busy(held) }
    }

    /// The one-writer lock of the file `url` about to be written: another process's hold is
    /// `busy` (exit 4), any other failure "`url`: cannot write the `what` (why)".
    public static func lock(file url: URL, writing what: String) throws -> WriterLock {
        do { return try locking { try WriterLock.file(url) } } catch let error as CommandError { throw error } catch {
            throw CommandError("\(url.path): cannot write the \(what) (\(reason(error)))")
        }
    }

    /// A write error as a person reads it ("No space left on device").
    public static func reason(_ error: Error) -> String { ErrorWords.reason(error) }
}
