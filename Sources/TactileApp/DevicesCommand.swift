import TactileSDL
import TactileStudy
import TactileHeadless

extension Commands {
    /// `tactile devices`: the touch devices and what they send, watched for `seconds`.
    public static func devices(seconds: Double) throws -> String {
        guard seconds.isFinite, seconds >= 0, seconds <= 600 else { throw CommandError.badInput("--seconds must be between 0 and 600, not \(seconds)") }
        do { return try DeviceReport.watch(seconds: seconds).text } catch let e as SDLError { throw CommandError(e.message) }
    }
}
