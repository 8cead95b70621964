import CGlanceLinux

/// The C allocator's settings for a process that draws frames.
public enum Allocator {
    /// A refresh allocates the same few hundred kilobytes each time (a frame's inks, its
    /// packed bytes): arrays up to 1 MiB come from the heap, and up to 2 MiB of it stays
    /// free between refreshes, so those pages are reused instead of mapped and faulted in
    /// afresh (glibc would otherwise tune both from the first large free it sees). Two
    /// arenas at most: the providers' threads allocate little, and every arena a thread
    /// gets keeps pages of its own.
    public static func keepFramePages() {
        _ = glance_malloc_tune(1 << 20, 2 << 20, 2)
    }

    /// Gives the heap's free pages back (before a long sleep: a display that refreshes
    /// every few minutes pays a fraction of a millisecond to fault them in again, and
    /// holds that much less private memory meanwhile).
    public static func releaseFreePages() {
        glance_malloc_release()
    }
}
