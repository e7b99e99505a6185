import CFFmpeg
import Foundation

/// FFmpeg's own console messages: quiet by default (Tactile reports problems in its own words).
public enum MediaLog {
    /// Shows only FFmpeg's fatal messages on stderr.
    public static func quiet() { av_log_set_level(AV_LOG_FATAL) }
}

/// FFmpeg's choice of vector instructions, which it makes by the processor it runs on.
public enum MediaCPU {
    /// With `TACTILE_PLAIN_VECTORS=1` in the environment, FFmpeg uses SSE2 at most, as on the
    /// plainest x86-64 machine: a check that a replay's pictures do not depend on the processor.
    public static func applyEnvironment() {
        guard ProcessInfo.processInfo.environment["TACTILE_PLAIN_VECTORS"] == "1" else { return }
        av_force_cpu_flags(AV_CPU_FLAG_MMX | AV_CPU_FLAG_MMXEXT | AV_CPU_FLAG_SSE | AV_CPU_FLAG_SSE2)
    }
}
