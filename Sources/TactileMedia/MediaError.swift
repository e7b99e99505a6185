import CFFmpeg

/// A media problem phrased for a person, with FFmpeg's own words where they help.
public struct MediaError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }

    /// An error from an FFmpeg call: what we were doing and what FFmpeg said.
    public init(_ doing: String, code: Int32) {
        var buffer = [CChar](repeating: 0, count: 256)
        let text = buffer.withUnsafeMutableBufferPointer { String(cString: tactile_av_err2str(code, $0.baseAddress, 256)) }
        self.message = "\(doing): \(text)"
    }

    public var description: String { message }
}
