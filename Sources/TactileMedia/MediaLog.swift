import CFFmpeg

/// FFmpeg's own console messages: quiet by default (Tactile reports problems in its own words).
public enum MediaLog {
    /// Shows only FFmpeg's fatal messages on stderr.
    public static func quiet() { av_log_set_level(AV_LOG_FATAL) }
}
