import Foundation
import TactileCore
import TactileKiosk
import TactileStudy
import TactileHeadless
#if canImport(Glibc)
import Glibc
#endif

/// `tactile config --set-pin FILE`: the kiosk's exit PIN stored in FILE as a salted slow hash
/// (`kiosk.pinHash`, `kiosk.pinDigits`), any plain `kiosk.pin` removed, the file written
/// atomically and made readable by its owner only (0600). The PIN is read from standard input:
/// typed twice without echo on a terminal, or one line from a pipe.
public enum SetPin {
    public static func run(file: String, input: FileHandle = .standardInput) throws -> String {
        let url = URL(fileURLWithPath: HomePath.expanding(file))
        let pin: String
        if isatty(input.fileDescriptor) == 1 {
            let first = try readHidden("New kiosk PIN (digits): ")
            let again = try readHidden("The same PIN again: ")
            guard first == again else { throw CommandError.badInput("the two PINs differ; nothing was written") }
            pin = first
        } else {
            let data = input.readDataToEndOfFile().prefix(256)
            pin = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        }
        guard (1...12).contains(pin.count), pin.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw CommandError.badInput("a kiosk PIN is 1 to 12 digits; nothing was written")
        }
        var root = try Calibrate.settingsObject(at: url, writing: "the PIN")
        var kiosk = root["kiosk"] as? [String: Any] ?? [:]
        let hash: String
        do { hash = try PinHash.make(pin) } catch { throw CommandError("the PIN could not be hashed (\(CommandError.reason(error)))") }
        kiosk["pinHash"] = hash
        kiosk["pinDigits"] = pin.count
        kiosk.removeValue(forKey: "pin")
        root["kiosk"] = kiosk
        let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        do { _ = try ConfigurationFile.decode(data, schema: .tactile) } catch { throw CommandError.badInput("\(url.path): \(error); the PIN was not written") }
        do { try ConfigurationWriter.write(data + Data("\n".utf8), to: url, permissions: 0o600) } catch {
            throw CommandError("\(url.path): the PIN cannot be written (\(CommandError.reason(error)))")
        }
        return "The kiosk PIN (\(pin.count) digits) is stored in \(url.path) as a salted hash; the file is readable by its owner only.\n"
    }

    /// A line typed on the terminal with echo off.
    static func readHidden(_ prompt: String) throws -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved); FileHandle.standardError.write(Data("\n".utf8)) }
        guard let line = readLine(strippingNewline: true) else { throw CommandError.badInput("no PIN was typed; nothing was written") }
        return line
    }
}
