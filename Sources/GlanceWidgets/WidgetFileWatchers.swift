import GlanceFetch
import GlanceWidgetKit
import Synchronization

/// One watcher per file for the whole process, while a slot reads that file; any change
/// reloads every widget of the kind (`heatmap` for `shared`, `agenda` for `agenda`). Each slot that reads a file holds a `Use` of its watcher (in its
/// `SlotResources`); the watcher stops (its thread and inotify instance end) when the
/// last use is released: the slot is, or it reads another file.
final class WidgetFileWatchers: Sendable {
    static let shared = WidgetFileWatchers { WidgetCenter.shared.reloadTimelines(ofKind: HeatmapWidget.kind) }
    static let agenda = WidgetFileWatchers(kind: AgendaWidget.kind) { WidgetCenter.shared.reloadTimelines(ofKind: AgendaWidget.kind) }
    /// Photo folders, each watched whole: a picture added, replaced or removed reloads the photo slots.
    static let photos = WidgetFileWatchers(kind: PhotoWidget.kind, folders: true) { WidgetCenter.shared.reloadTimelines(ofKind: PhotoWidget.kind) }
    /// Where a heatmap slot keeps its use.
    static let key = "heatmap.file"

    /// The widget kind the log lines name.
    private let kind: String
    /// Whether each path is a folder watched whole, not one file.
    private let folders: Bool
    private let onChange: @Sendable () -> Void
    private let state = Mutex<(watchers: [String: (watcher: FileWatcher, uses: Int)], failed: Set<String>)>(([:], []))

    init(kind: String = HeatmapWidget.kind, folders: Bool = false, onChange: @escaping @Sendable () -> Void) {
        self.kind = kind
        self.folders = folders
        self.onChange = onChange
    }

    /// The files being watched.
    var watchedPaths: [String] { state.withLock { $0.watchers.keys.sorted() } }

    /// The watcher of `path`, if it is watched.
    func watcher(of path: String) -> FileWatcher? { state.withLock { $0.watchers[path]?.watcher } }

    /// A use of `path`'s watcher, started unless it is watched already; `nil` when it
    /// cannot be watched. A folder that does not exist is said once and tried again at
    /// the next read. A watcher that has ended (its thread gone, whatever the cause) is
    /// started again here, so the slot's next read (`glance reload heatmap`) re-arms it.
    func watch(_ path: String) -> Use? {
        state.withLock { state -> Use? in
            if let watched = state.watchers[path], watched.watcher.isWatching {
                state.watchers[path] = (watched.watcher, watched.uses + 1)
                return Use(of: path, in: self)
            }
            // The uses of an ended watcher stay counted: the new one stops with the last of them.
            let uses = state.watchers[path]?.uses ?? 0
            do {
                let watcher = folders ? try FileWatcher(folder: path, onChange: onChange) : try FileWatcher(path: path, onChange: onChange)
                state.watchers[path] = (watcher, uses + 1)
                state.failed.remove(path)
                return Use(of: path, in: self)
            } catch {
                if state.failed.insert(path).inserted {
                    HeatmapProvider.writeToStandardError("\(kind): \(error); changes are seen at `glance reload \(kind)`")
                }
                return nil
            }
        }
    }

    /// The last use of a watcher stops it.
    private func release(_ path: String) {
        let stopped = state.withLock { state -> FileWatcher? in
            guard let watched = state.watchers[path] else { return nil }
            if watched.uses > 1 {
                state.watchers[path] = (watched.watcher, watched.uses - 1)
                return nil
            }
            state.watchers[path] = nil
            return watched.watcher
        }
        stopped?.stop()
    }

    /// One slot's hold on a file's watcher, released with it.
    final class Use: Sendable {
        let path: String
        private let watchers: WidgetFileWatchers

        fileprivate init(of path: String, in watchers: WidgetFileWatchers) {
            self.path = path
            self.watchers = watchers
        }

        deinit { watchers.release(path) }
    }
}
