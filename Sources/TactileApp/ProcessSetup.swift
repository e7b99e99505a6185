import Foundation
import TactileMedia

/// What every command sets up for the whole process before it parses its arguments.
public enum ProcessSetup {
    /// FFmpeg's vector instructions as the environment asks (`MediaCPU`).
    public static func apply() { MediaCPU.applyEnvironment() }
}
