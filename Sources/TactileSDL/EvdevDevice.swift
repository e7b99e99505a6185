import CSDL2
import Foundation
import TactileInput

/// A Linux input device node (/dev/input/eventN) read raw and without blocking, for the kernel's
/// timestamps of the touches SDL delivers (`EvdevDecoder` decodes the bytes). Opening asks the
/// device for CLOCK_MONOTONIC timestamps and reads its name and X/Y ranges. Only a character
/// device that answers the evdev ioctls is taken (`/dev/zero`, `/dev/urandom`, a file, a FIFO or a
/// folder is refused, saying what it is), and one that floods — a full read on every look for
/// `floodReads` looks in a row — is given up (`gaveUp`). Tests open any node (`anyNode`) to feed
/// it bytes.
public final class EvdevDevice {
    /// Why a device could not be opened or found.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The node exists but this user may not read it.
        case permissionDenied(path: String)
        /// Opening failed for another reason (`reason` is the system's message).
        case cannotOpen(path: String, reason: String)
        /// The node is not an input device (`what` it is instead).
        case notAnInputDevice(path: String, what: String)
        /// No device under `directory` is named `name`: `seen` are the names of those that could
        /// be read, `denied` the paths of those that could not.
        case notFound(name: String, directory: String, seen: [String], denied: [String])

        public var description: String {
            let group = "the user needs to be in the `input` group to read touch devices"
            switch self {
            case let .permissionDenied(path):
                return "\(path): permission denied (\(group))"
            case let .cannotOpen(path, reason):
                return "\(path): \(reason)"
            case let .notAnInputDevice(path, what):
                return "\(path): \(what), not an input device (/dev/input/eventN)"
            case let .notFound(name, directory, seen, denied):
                var text = "no input device named “\(name)” under \(directory)"
                text += seen.isEmpty ? "" : " (seen: \(seen.map { "“\($0)”" }.joined(separator: ", ")))"
                if !denied.isEmpty { text += "; \(denied.count) could not be opened: permission denied (\(group))" }
                return text
            }
        }
    }

    /// The node's path.
    public let path: String
    /// The device's name (EVIOCGNAME), or the path when it has none (not an input device).
    public let name: String
    /// The X axis's range (ABS_MT_POSITION_X, else ABS_X); nil when unknown.
    public let xRange: EvdevDecoder.AxisRange?
    /// The Y axis's range (ABS_MT_POSITION_Y, else ABS_Y); nil when unknown.
    public let yRange: EvdevDecoder.AxisRange?
    /// Whether the device stamps its events with CLOCK_MONOTONIC (EVIOCSCLOCKID succeeded);
    /// otherwise they are on CLOCK_REALTIME, or not a kernel's at all.
    public let hasMonotonicTimestamps: Bool
    /// Why the last read stopped short (the device was unplugged, …); nil while reads succeed.
    public private(set) var readFailure: String?
    /// Why the device was given up (it floods); nil while it is read. Once set, reads are empty.
    public private(set) var gaveUp: String?
    /// Looks in a row whose read filled the limit: a device that keeps doing so floods.
    private var fullReads = 0
    /// A device whose every look fills the read limit this many times in a row is given up.
    public static let floodReads = 30

    private let descriptor: CInt

    /// Opens the node at `path` read-only and non-blocking: an input device only, unless
    /// `anyNode` (tests feed a FIFO or a file).
    public init(path: String, anyNode: Bool = false) throws {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            if error == EACCES || error == EPERM { throw Failure.permissionDenied(path: path) }
            throw Failure.cannotOpen(path: path, reason: String(cString: strerror(error)))
        }
        if !anyNode, let what = Self.notAnInputDevice(descriptor) {
            close(descriptor)
            throw Failure.notAnInputDevice(path: path, what: what)
        }
        self.descriptor = descriptor
        self.path = path
        name = Self.name(of: descriptor) ?? path
        xRange = Self.range(of: descriptor, axes: [ABS_MT_POSITION_X, ABS_X])
        yRange = Self.range(of: descriptor, axes: [ABS_MT_POSITION_Y, ABS_Y])
        var clock = CInt(CLOCK_MONOTONIC)
        hasMonotonicTimestamps = ioctl(descriptor, tactile_EVIOCSCLOCKID(), &clock) == 0
    }

    deinit { close(descriptor) }

    /// What the node open at `descriptor` is when it is no input device ("a FIFO", "a device that
    /// does not answer as one"); nil for a character device that answers EVIOCGVERSION.
    static func notAnInputDevice(_ descriptor: CInt) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return "cannot be examined" }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR:
            var version: CInt = 0
            return ioctl(descriptor, tactile_EVIOCGVERSION(), &version) == 0 ? nil : "a device that does not answer as one"
        default: return "a file"
        }
    }

    /// The multitouch slot the device's next events are about (EVIOCGABS(ABS_MT_SLOT)'s value);
    /// nil when it cannot say. Read after everything waiting, it resynchronises a decoder that
    /// lost track after dropped events.
    public var currentSlot: Int? {
        var info = input_absinfo()
        guard ioctl(descriptor, tactile_EVIOCGABS(ABS_MT_SLOT), &info) == 0, info.value >= 0 else { return nil }
        return Int(info.value)
    }

    /// A decoder for this device's events: its ranges and current slot.
    public func makeDecoder() -> EvdevDecoder {
        EvdevDecoder(xRange: xRange, yRange: yRange, slot: currentSlot ?? 0)
    }

    /// Everything waiting to be read, up to `limit` bytes, without blocking: empty when nothing
    /// is (or at the end of a file, or of a FIFO with no writer).
    public func readAvailable(limit: Int = 1 << 16) -> [UInt8] {
        guard gaveUp == nil else { return [] }
        defer {
            if fullReads >= Self.floodReads {
                gaveUp = "\(path) floods (\(limit) bytes on each of \(fullReads) looks in a row): its timestamps are no longer read"
            }
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: EvdevDecoder.recordSize * 256)
        while bytes.count < limit {
            let wanted = min(buffer.count, limit - bytes.count)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0..<count])
                readFailure = nil
                continue
            }
            if count < 0 {
                let error = errno
                if error == EINTR { continue }
                if error != EAGAIN && error != EWOULDBLOCK { readFailure = "\(path): \(String(cString: strerror(error)))" }
            }
            break
        }
        fullReads = bytes.count >= limit ? fullReads + 1 : 0
        return bytes
    }

    /// The device under `directory` (/dev/input) whose name is `wanted` (SDL's name of a touch
    /// device), or failing that the first whose name contains it (ignoring case); a failure says
    /// why none, and when some could not be opened, that the user needs the `input` group.
    public static func find(named wanted: String, in directory: String = "/dev/input", anyNode: Bool = false) -> Result<EvdevDevice, Failure> {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let nodes = entries.compactMap { entry -> (number: Int, path: String)? in
            guard entry.hasPrefix("event"), let number = Int(entry.dropFirst("event".count)) else { return nil }
            return (number, directory + "/" + entry)
        }.sorted { $0.number < $1.number }
        var seen: [String] = [], denied: [String] = []
        var containing: EvdevDevice?
        if !wanted.isEmpty {
            for node in nodes {
                let device: EvdevDevice
                do { device = try EvdevDevice(path: node.path, anyNode: anyNode) } catch Failure.permissionDenied { denied.append(node.path); continue } catch {
                    continue
                }
                if device.name == wanted { return .success(device) }
                if containing == nil && device.name.lowercased().contains(wanted.lowercased()) { containing = device }
                seen.append(device.name)
            }
        }
        if let containing { return .success(containing) }
        return .failure(.notFound(name: wanted, directory: directory, seen: seen, denied: denied))
    }

    // MARK: ioctls

    /// The device's name, when it is an input device with one.
    private static func name(of descriptor: CInt) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = ioctl(descriptor, tactile_EVIOCGNAME(CInt(buffer.count)), &buffer)
        guard length > 0 else { return nil }
        let name = String(decoding: buffer.prefix(min(Int(length), buffer.count)).prefix { $0 != 0 }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    /// The range of the first of `axes` the device reports one for.
    private static func range(of descriptor: CInt, axes: [CInt]) -> EvdevDecoder.AxisRange? {
        for axis in axes {
            var info = input_absinfo()
            guard ioctl(descriptor, tactile_EVIOCGABS(axis), &info) == 0, info.maximum > info.minimum else { continue }
            return EvdevDecoder.AxisRange(minimum: info.minimum, maximum: info.maximum)
        }
        return nil
    }
}
