import CGlanceLinux

/// The C allocator's settings for a process that draws frames.
public enum Allocator {
    /// A refresh allocates the same few hundred kilobytes each time (a frame's inks, its
    /// packed bytes): arrays up to 1 MiB come from the heap, and up to 2 MiB of it stays
    /// free between refreshes, so those pages are reused instead of mapped and faulted in
    /// afresh (glibc would otherwise tune both from the first large free it sees).
    public static func keepFramePages() {
        _ = glance_malloc_thresholds(1 << 20, 2 << 20)
    }
}
