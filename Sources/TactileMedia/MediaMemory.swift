import CFFmpeg

/// Process-wide memory settings for media work.
public enum MediaMemory {
    /// Makes big buffers (decoded pictures are megabytes each) come from and go back to the
    /// system directly. Without it glibc raises its mmap threshold after the first big frees and
    /// keeps later pictures in its heap, so the resident size stays high after the cache evicts.
    public static func returnLargeBuffersToTheSystem() {
        _ = tactile_set_mmap_threshold(256 * 1024)
    }
}
