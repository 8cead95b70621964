import CGlanceLinux

/// The C allocator's settings for a process that draws frames.
public enum Allocator {
    /// A refresh allocates the same few hundred kilobytes each time (a frame's inks, its
    /// packed bytes): arrays up to 1 MiB come from the heap, and up to 2 MiB of it stays
    /// free between refreshes, so those pages are reused instead of mapped and faulted in
    /// afresh (glibc would otherwise tune both from the first large free it sees). One
    /// arena: the providers' threads allocate little (their ICU formats are most of it),
    /// and a second arena kept its own partly free pages (12 KiB more for one slot).
    public static func keepFramePages() {
        _ = glance_malloc_tune(1 << 20, 2 << 20, 1)
    }

    /// Gives the heap's free pages back (before a long sleep: a display that refreshes
    /// every few minutes pays a fraction of a millisecond to fault them in again, and
    /// holds that much less private memory meanwhile).
    public static func releaseFreePages() {
        glance_malloc_release()
        releaseStack()
    }

    /// Gives back the calling thread's stack pages below its current frame (a deep
    /// layout's recursion dirtied tens of KiB that nothing reads again). A page below the
    /// caller stays: the release call's own frame is there.
    public static func releaseStack() {
        _ = glance_release_stack_below(4 << 10)
    }
}
