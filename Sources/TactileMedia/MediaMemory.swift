import CFFmpeg

/// Process-wide memory settings for media work.
public enum MediaMemory {
    /// Makes big buffers (decoded pictures are megabytes each) come from and go back to the
    /// system directly. Without it glibc raises its mmap threshold after the first big frees and
    /// keeps later pictures in its heap, so the resident size stays high after the cache evicts.
    public static func returnLargeBuffersToTheSystem() {
        _ = tactile_set_mmap_threshold(256 * 1024)
        _ = tactile_set_trim_threshold(128 * 1024)
        _ = tactile_set_arena_max(0)
    }

    /// For a batch job that runs to its end (a video export): big buffers stay in the heap and
    /// are used again for the next frame of the same size, instead of being mapped, zeroed by the
    /// kernel and unmapped for every frame; the resident size stays at its steady state.
    /// Its threads (the export's workers) share two heaps rather than one each: a frame drawn
    /// on one thread and freed on another goes back where it came from either way.
    public static func keepLargeBuffersForReuse() {
        _ = tactile_set_mmap_threshold(32 * 1024 * 1024)
        _ = tactile_set_trim_threshold(256 * 1024 * 1024)
        _ = tactile_set_arena_max(2)
    }
}
