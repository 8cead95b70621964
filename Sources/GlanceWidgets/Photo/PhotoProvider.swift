import FoundationEssentials
import GlanceFetch
import GlanceGraphics
import GlanceTime
import GlanceWidgetKit
import Glibc

/// Turns a source's pictures into a timeline: an entry at each `interval` boundary (local
/// midnight, then every interval), each showing the picture that boundary's turn picks.
/// The pick depends only on the instant, the day and the source (a shuffle seeded by the
/// day), so the wall wakes only at boundaries, and a frame computed ahead of time (time
/// travel, `glance simulate`) is the one the wall will show.
///
/// A timeline holds at most `entryLimit` entries and ends at a boundary, where the
/// provider runs again; a URL or an album is read again at the first boundary after
/// `refresh` minutes, a folder when it changes (watched). A picture that cannot be read
/// is passed over for the next; a source that cannot be read keeps the last good picture
/// and says why in one line.
public struct PhotoProvider: AppIntentTimelineProvider {
    /// Seconds one HTTP exchange may take.
    public var timeout: Double
    /// Entries one timeline holds at most.
    static let entryLimit = 12
    /// The key a folder's watch is kept under in the slot's resources.
    static let watchKey = "photo.folder"

    let library: PhotoLibrary
    let watch: @Sendable (String, SlotResources) -> Bool

    public init(timeout: Double = 20) {
        self.init(library: .shared, timeout: timeout) { folder, resources in
            let use = WidgetFileWatchers.photos.watch(folder)
            resources.keep(use, for: PhotoProvider.watchKey)
            return use != nil
        }
    }

    /// `watch` is called with the folder a running slot reads and what the slot keeps,
    /// and says whether the folder is watched.
    init(library: PhotoLibrary, timeout: Double = 20, watch: @escaping @Sendable (String, SlotResources) -> Bool = { _, _ in true }) {
        self.library = library
        self.timeout = timeout
        self.watch = watch
    }

    public func placeholder(in context: Context) -> PhotoEntry {
        PhotoEntry(date: context.date, picture: nil, isPlaceholder: true)
    }

    /// The gallery's: a landscape drawn here, no file or network read.
    public func snapshot(for configuration: PhotoIntent, in context: Context) async -> PhotoEntry {
        PhotoEntry(date: context.date, picture: PhotoSample.kept ? PhotoSample.name : nil, caption: configuration.caption,
                   name: "sample.png", pictureDate: context.date, fit: configuration.fit)
    }

    public func recommendations() -> [AppIntentRecommendation<PhotoIntent>] {
        let intent = PhotoIntent()
        intent.folder = "/home/pi/photos"
        intent.interval = "30m"
        intent.caption = .name
        return [AppIntentRecommendation(intent: intent, description: "A folder of photos, the next every half hour")]
    }

    public func timeline(for configuration: PhotoIntent, in context: Context) async -> Timeline<PhotoEntry> {
        let now = context.date
        let fit = configuration.fit
        let caption = configuration.caption
        guard let source = configuration.source else {
            return Timeline(entries: [PhotoEntry(date: now, picture: nil, fit: fit, problem: "no source: give folder:, url: or immich:")], policy: .never)
        }
        let interval = configuration.intervalSeconds
        let refresh = Double(max(configuration.refresh, 1)) * 60
        var problems: [String] = []
        var items: [PhotoItem] = []
        var watched = true
        switch source {
        case .folder(let folder):
            if !context.isPreview, let resources = context.resources { watched = watch(folder, resources) }
            switch library.list(folder: folder) {
            case .success(let listed):
                items = listed
                if listed.isEmpty { problems.append("no pictures (JPEG, PNG, WebP, HEIC or AVIF) in \(folder)") }
            case .failure(let problem): problems.append(problem.description)
            }
        case .uploads(let album):
            switch context.isPreview ? PhotoUploads.folder(album) : PhotoUploads.madeFolder(album) {
            case .success(let folder):
                if !context.isPreview, let resources = context.resources { watched = watch(folder, resources) }
                if case .success(let listed) = library.list(folder: folder) { items = listed }
                if items.isEmpty { problems.append("no pictures uploaded to \(album) yet: add some on the web page") }
            case .failure(let problem):
                problems.append(problem.description)
            }
        case .url(let url):
            let read = library.read(url: url, timeout: timeout)
            items = read.item.map { [$0] } ?? []
            if let problem = read.problem { problems.append(problem) }
        case .immich(let server, let keyFile, let album):
            switch library.list(immich: server, keyFile: keyFile, album: album, timeout: timeout) {
            case .success(let listed):
                items = listed
                if listed.isEmpty { problems.append("the Immich album has no pictures") }
            case .failure(let problem): problems.append(problem.description)
            }
        }

        // The instants: now, then each boundary; the last one is where the provider runs again.
        var boundaries: [Date]
        switch source {
        case .url:
            // One picture: read again after `refresh`, nothing between.
            boundaries = [now.addingTimeInterval(refresh)]
        case .folder, .uploads:
            boundaries = Self.boundaries(after: now, every: interval, in: context.timeZone, count: Self.entryLimit)
            // Unwatched, the folder is read again at the first boundary after `refresh`.
            if !watched, let cut = boundaries.firstIndex(where: { $0 >= now.addingTimeInterval(refresh) }) { boundaries = Array(boundaries[...cut]) }
        case .immich:
            boundaries = Self.boundaries(after: now, every: interval, in: context.timeZone, count: Self.entryLimit)
            if let cut = boundaries.firstIndex(where: { $0 >= now.addingTimeInterval(refresh) }) { boundaries = Array(boundaries[...cut]) }
        }
        let reload = boundaries.removeLast()
        let instants = [now] + boundaries

        let seed = PhotoSource.fnv(source.digest)
        var entries: [PhotoEntry] = []
        var passedOver: Set<Int> = []
        for instant in instants where !items.isEmpty {
            let first = Self.pick(at: instant, among: items.count, every: interval, in: context.timeZone, shuffle: configuration.shuffle, seed: seed)
            // The first readable picture from the pick on.
            var chosen: PhotoItem?
            for step in 0..<min(items.count, 8) {
                let index = (first + step) % items.count
                if passedOver.contains(index) { continue }
                var candidate = items[index]
                if let problem = ensure(&candidate, source: source, takenIn: caption == .date ? context.timeZone : nil) {
                    passedOver.insert(index)
                    problems.append(problem)
                    continue
                }
                chosen = candidate
                break
            }
            guard let chosen else { continue }
            entries.append(PhotoEntry(date: instant, picture: chosen.picture, caption: caption, name: chosen.name, pictureDate: chosen.date, fit: fit,
                                      problem: problems.first, source: source.digest))
        }
        let problem = problems.isEmpty ? nil : (problems.count > 1 ? "\(problems[0]) (and \(problems.count - 1) more)" : problems[0])
        let everyProblem = problems.joined(separator: "; ")

        guard !entries.isEmpty else {
            let reason = problem ?? "no picture could be read"
            if let last = context.lastEntry as? PhotoEntry, !last.isPlaceholder, last.picture != nil, last.source == source.digest {
                var kept = last
                kept.date = now
                kept.problem = reason
                return Timeline(entries: [kept], policy: .retry(because: everyProblem.isEmpty ? reason : everyProblem))
            }
            let entry = PhotoEntry(date: now, picture: nil, caption: caption, fit: fit, problem: reason, source: source.digest)
            // An empty or missing watched folder: shown again when a picture arrives.
            switch source {
            case .folder, .uploads: if watched, items.isEmpty { return Timeline(entries: [entry], policy: .never) }
            case .url, .immich: break
            }
            return Timeline(entries: [entry], policy: .retry(because: everyProblem.isEmpty ? reason : everyProblem))
        }
        // Every entry says the problem found while making them, for as long as they show.
        entries = entries.map { entry in
            var entry = entry
            entry.problem = problem
            return entry
        }
        return Timeline(entries: entries, policy: .after(reload))
    }

    /// Makes `item` ready to draw: a folder's file has its header read (a file that is
    /// not a picture, or a bomb, is passed over), an album's preview is fetched. Nil when
    /// ready, else why not.
    /// Checks that `item` can be shown (a file's header; an Immich preview fetched), and
    /// where `takenIn` asks for it, dates a file by when its photo was taken (EXIF
    /// DateTimeOriginal, read as local time in that zone unless the photo gives its offset)
    /// rather than when the file was saved. A problem is one line.
    private func ensure(_ item: inout PhotoItem, source: PhotoSource, takenIn zone: ZoneRules?) -> String? {
        switch source {
        case .folder, .uploads:
            do throws(Picture.Failure) {
                let bytes = try Picture.fileBytes(item.picture)
                _ = try Picture.size(of: bytes, name: item.picture)
                if let zone, let taken = Picture.takenTime(of: bytes) { item.date = taken.date { zone.secondsFromGMT(for: $0) } }
                return nil
            } catch {
                return "\(error); passed over"
            }
        case .url:
            return nil
        case .immich(let server, let keyFile, _):
            return library.fetch(item, server: server, keyFile: keyFile, timeout: timeout)?.description
        }
    }

    /// The next `count` boundaries after `now`: each local midnight, then every
    /// `interval` seconds until the next midnight.
    static func boundaries(after now: Date, every interval: Int, in zone: ZoneRules, count: Int) -> [Date] {
        var result: [Date] = []
        var day = CalendarDay(containing: now, in: zone)
        var days = 0
        while result.count < count, days < 400 {
            defer {
                day = day.adding(days: 1)
                days += 1
            }
            guard let start = day.start(in: zone) else { continue }
            let next = day.adding(days: 1).start(in: zone) ?? start.addingTimeInterval(86_400)
            var instant = start
            while instant < next, result.count < count {
                if instant > now { result.append(instant) }
                instant = instant.addingTimeInterval(Double(interval))
            }
        }
        return result
    }

    /// Which of `count` pictures the turn at `instant` shows: turns are numbered from
    /// 1970's first day on, `ceil(day / interval)` a day, and each day's turns go through
    /// that day's order (the names' order, or a shuffle seeded by `seed` and the day).
    static func pick(at instant: Date, among count: Int, every interval: Int, in zone: ZoneRules, shuffle: Bool, seed: UInt64) -> Int {
        guard count > 1 else { return 0 }
        let day = CalendarDay(containing: instant, in: zone)
        let start = day.start(in: zone) ?? instant
        let turn = max(0, Int(instant.timeIntervalSince(start)) / interval)
        let turnsADay = (86_400 + interval - 1) / interval
        let position = ((day.daysSinceEpoch * turnsADay + turn) % count + count) % count
        guard shuffle else { return position }
        return order(count, seed: seed ^ (UInt64(bitPattern: Int64(day.daysSinceEpoch)) &* 0x9E37_79B9_7F4A_7C15))[position]
    }

    /// A permutation of `0..<count` (Fisher–Yates over SplitMix64): the same for the
    /// same seed on every machine and every run.
    static func order(_ count: Int, seed: UInt64) -> [Int] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var order = Array(0..<count)
        for index in stride(from: count - 1, to: 0, by: -1) {
            order.swapAt(index, Int(next() % UInt64(index + 1)))
        }
        return order
    }
}

/// The gallery's picture: a landscape (a sky from blue to pale, a sun, two hills, a
/// lake) drawn once into a PNG kept in the `PictureStore`, so the gallery shows how a
/// photo dithers on each panel without a file.
enum PhotoSample {
    static let name = PictureStore.prefix + "photo-sample"

    static let kept: Bool = {
        let width = 320, height = 200
        guard var canvas = try? Canvas(width: width, height: height) else { return false }
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x) / Double(width), fy = Double(y) / Double(height)
                let far = 0.55 + 0.08 * sin(fx * 7.0), near = 0.68 + 0.1 * cos(fx * 4.0 + 1)
                let sun = (fx - 0.72) * (fx - 0.72) * 2.5 + (fy - 0.25) * (fy - 0.25) < 0.006
                let colour: RGBA
                if fy > 0.86 {
                    colour = RGBA(UInt8(60 + 40 * fx), UInt8(110 + 30 * fx), UInt8(170 + 40 * fy))
                } else if fy > near {
                    colour = RGBA(UInt8(40 + 60 * fy), UInt8(120 + 50 * fx), UInt8(40))
                } else if fy > far {
                    colour = RGBA(UInt8(90 + 40 * fx), UInt8(140 - 30 * fy), UInt8(90))
                } else if sun {
                    colour = RGBA(250, 200, 40)
                } else {
                    colour = RGBA(UInt8(90 + 150 * fy), UInt8(150 + 90 * fy), UInt8(230 + 20 * fy))
                }
                canvas[x: x, y: y] = colour
            }
        }
        guard let bytes = try? PNG.encode(canvas) else { return false }
        PictureStore.shared.keep(bytes, named: name, shownAs: "the sample picture")
        return true
    }()
}
