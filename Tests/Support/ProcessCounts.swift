import Glibc

/// What this process holds now, from `/proc/self`: for tests that a resource made and
/// given up leaves nothing behind.
public enum ProcessCounts {
    /// The process's threads (`/proc/self/task`).
    public static func threads() -> Int { entries(of: "/proc/self/task").count }

    /// The process's threads named `name` (their `comm`, as `pthread_setname_np` set it).
    public static func threads(named name: String) -> Int {
        entries(of: "/proc/self/task").filter { task in
            guard let file = fopen("/proc/self/task/\(task)/comm", "r") else { return false }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 64)
            guard fgets(&line, Int32(line.count), file) != nil else { return false }
            return String(decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) == name
        }.count
    }

    /// The open inotify instances (descriptors linking to `anon_inode:inotify`).
    public static func inotifyInstances() -> Int {
        entries(of: "/proc/self/fd").filter { name in
            var target = [CChar](repeating: 0, count: 256)
            let count = readlink("/proc/self/fd/" + name, &target, target.count - 1)
            guard count > 0 else { return false }
            return String(decoding: target.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) == "anon_inode:inotify"
        }.count
    }

    /// The watches held by all of this process's inotify instances (the `inotify wd:`
    /// lines of `/proc/self/fdinfo`).
    public static func inotifyWatches() -> Int {
        entries(of: "/proc/self/fdinfo").reduce(0) { total, name in
            guard let file = fopen("/proc/self/fdinfo/" + name, "r") else { return total }
            defer { fclose(file) }
            var count = 0
            var line = [CChar](repeating: 0, count: 512)
            while fgets(&line, Int32(line.count), file) != nil {
                if String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).hasPrefix("inotify wd:") { count += 1 }
            }
            return total + count
        }
    }

    private static func entries(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
