import FoundationEssentials
import Glibc

/// What a running process holds, read from `/proc/PID`: the figures `glance bench soak`
/// compares before and after, and the names behind them for saying what grew.
struct SoakMeasures {
    /// Threads (`/proc/PID/task`).
    var threads = 0
    /// Open descriptors (`/proc/PID/fd`).
    var descriptors = 0
    /// Descriptors that are inotify instances (linking to `anon_inode:inotify`).
    var inotify = 0
    /// Resident memory (`VmRSS` of `/proc/PID/status`), in KiB.
    var rssKiB = 0
    /// Anonymous resident memory (`RssAnon`), in KiB.
    var rssAnonKiB = 0
    /// Memory only this process has written (`Private_Dirty` of `smaps_rollup`), in KiB.
    var privateDirtyKiB = 0
    /// Each thread's name (`/proc/PID/task/TID/comm`) and how many threads bear it.
    var threadNames: [String: Int] = [:]
    /// Each kind of descriptor (a link target with numbers taken out, so that
    /// `socket:[123]` and `socket:[456]` are one kind) and how many there are.
    var descriptorKinds: [String: Int] = [:]

    /// Reads them for `pid`; nil when the process is gone.
    static func read(_ pid: pid_t) -> SoakMeasures? {
        let base = "/proc/\(pid)"
        guard let status = try? String(contentsOfFile: base + "/status", encoding: .utf8) else { return nil }
        var measures = SoakMeasures()
        measures.rssKiB = procField("VmRSS", in: status)
        measures.rssAnonKiB = procField("RssAnon", in: status)
        measures.privateDirtyKiB = procField("Private_Dirty", in: (try? String(contentsOfFile: base + "/smaps_rollup", encoding: .utf8)) ?? "")
        for task in entries(of: base + "/task") {
            let name = ((try? String(contentsOfFile: "\(base)/task/\(task)/comm", encoding: .utf8)) ?? "?").trimmedOfSpaces
            measures.threads += 1
            measures.threadNames[name, default: 0] += 1
        }
        for descriptor in entries(of: base + "/fd") {
            var target = [CChar](repeating: 0, count: 512)
            let count = readlink("\(base)/fd/\(descriptor)", &target, target.count - 1)
            guard count > 0 else { continue }
            let link = String(decoding: target.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            measures.descriptors += 1
            if link == "anon_inode:inotify" { measures.inotify += 1 }
            measures.descriptorKinds[kind(of: link), default: 0] += 1
        }
        return measures
    }

    /// A descriptor's link target as a kind: `socket:[N]` → `socket`, a path as itself.
    static func kind(of link: String) -> String {
        if let bracket = link.firstIndex(of: "["), link.hasSuffix("]") { return String(link[..<bracket].filter { $0 != ":" }) }
        return link
    }

    /// "name +2, other −1" for the names whose counts differ between `before` and `after`.
    static func differences(_ before: [String: Int], _ after: [String: Int]) -> String {
        let names = Set(before.keys).union(after.keys).sorted()
        let changed = names.compactMap { name -> String? in
            let delta = after[name, default: 0] - before[name, default: 0]
            return delta == 0 ? nil : "\(name) \(delta > 0 ? "+" : "")\(delta)"
        }
        return changed.isEmpty ? "none" : changed.joined(separator: ", ")
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

/// One measure of the soak's table: its value before and after and how far it may grow.
struct SoakLimit {
    var name: String
    var unit: String
    var before: Int
    var after: Int
    /// Growth allowed (after − before) before the soak fails.
    var allowed: Int

    var delta: Int { after - before }
    /// Only growth fails: a process that gives back more than it took leaks nothing.
    var passes: Bool { delta <= allowed }

    /// The limits the soak holds the daemon to, with why each margin is what it is.
    static func limits(before: SoakMeasures, after: SoakMeasures) -> [SoakLimit] {
        // Memory: glibc's allocator keeps freed pages and arenas, so a run's resident
        // memory wanders by a few hundred KiB to a couple of MiB with no leak; a leak of
        // one small allocation per cycle over hundreds of cycles outgrows this.
        func memory(_ value: Int) -> Int { max(2048, value / 10) }
        return [
            // A thread per SIGHUP, TRMNL size or folder is what leaked before; one more is
            // allowed for a lazily made pool thread that the warm-up did not yet need.
            SoakLimit(name: "threads", unit: "", before: before.threads, after: after.threads, allowed: 1),
            // A connection being closed (the broker's, a TRMNL request's) may still be open.
            SoakLimit(name: "descriptors", unit: "", before: before.descriptors, after: after.descriptors, allowed: 2),
            // Every inotify instance is a file watcher: one more is a watcher left behind.
            SoakLimit(name: "inotify", unit: "", before: before.inotify, after: after.inotify, allowed: 0),
            SoakLimit(name: "rss", unit: "KiB", before: before.rssKiB, after: after.rssKiB, allowed: memory(before.rssKiB)),
            SoakLimit(name: "private_dirty", unit: "KiB", before: before.privateDirtyKiB, after: after.privateDirtyKiB,
                      allowed: memory(before.privateDirtyKiB)),
        ]
    }
}
