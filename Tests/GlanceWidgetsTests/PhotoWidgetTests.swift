import Foundation
import GlanceFetch
import GlanceGraphics
import GlanceIntents
import GlanceTestSupport
import GlanceTime
import GlanceWidgetKit
@testable import GlanceWidgets
import Testing

/// The `photo` provider over a real folder, a local image server and a local
/// Immich-shaped server: entries at the interval's boundaries only, the same pick for
/// the same instant, conditional GETs, bad pictures and bad answers passed over or kept
/// from, the API key sent and never shown.
@Suite struct PhotoWidgetTests {
    let server: TestHTTPServer
    let scratch: ScratchFolder
    /// A Tuesday morning in Seoul, between two half hours.
    let now = instant("2026-12-01T08:10:00+09:00")
    static let pictures = String(#filePath[..<(#filePath.lastIndex(of: "/") ?? #filePath.endIndex)]) + "/../GlanceGraphicsTests/Pictures"

    init() throws {
        server = try TestHTTPServer()
        scratch = try ScratchFolder(prefix: "glance-photo")
    }

    static func fixture(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: pictures + "/" + name))) }

    func put(_ bytes: [UInt8], _ name: String, in folder: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    /// A folder of `count` pictures named p0.jpg, p1.jpg, …
    func folder(_ count: Int) throws -> String {
        let folder = try scratch.makeFolder("photos")
        let card = try Self.fixture("card-orientation-1.jpg")
        for index in 0..<count { try put(card, "p\(index).jpg", in: folder) }
        return folder
    }

    func intent(folder: String? = nil, url: String? = nil, immich: String? = nil, interval: String = "30m", shuffle: Bool = true) -> PhotoIntent {
        let intent = PhotoIntent()
        intent.folder = folder
        intent.url = url
        intent.immich = immich
        intent.interval = interval
        intent.shuffle = shuffle
        intent.caption = .name
        return intent
    }

    func timeline(_ intent: PhotoIntent, library: PhotoLibrary = PhotoLibrary(store: PictureStore()), at date: Date? = nil,
                  last: (any TimelineEntry)? = nil) async -> Timeline<PhotoEntry> {
        var context = context(at: date ?? now)
        context.lastEntry = last
        return await PhotoProvider(library: library, timeout: 5).timeline(for: intent, in: context)
    }

    // MARK: The timeline

    @Test func entriesComeAtEveryHalfHourAndTheProviderRunsAgainAtTheTwelfth() async throws {
        let timeline = await timeline(intent(folder: try folder(5)))
        #expect(timeline.entries.map(\.date) == [now] + (1...11).map { instant("2026-12-01T08:00:00+09:00").addingTimeInterval(Double($0) * 1_800) })
        #expect(timeline.policy == .after(instant("2026-12-01T14:00:00+09:00")))
        #expect(timeline.entries.allSatisfy { $0.problem == nil && $0.picture?.hasPrefix(scratch.path) == true })
        // Five pictures, six turns in a row: each shows before any shows twice.
        let turns = timeline.entries.dropFirst().prefix(5).compactMap(\.name)
        #expect(Set(turns).count == 5, "\(turns)")
    }

    /// A `date` caption says when the photo was taken (its EXIF), not when the file was saved.
    @Test func aDateCaptionIsWhenThePhotoWasTaken() async throws {
        let folder = try scratch.makeFolder("taken")
        try put(try Self.fixture("card-taken.jpg"), "a.jpg", in: folder)
        var dated = intent(folder: folder)
        dated.caption = .date
        let taken = await timeline(dated).entries.first?.pictureDate
        #expect(taken == instant("2024-07-14T18:30:05+02:00"))
        // Without EXIF, the file's modification time.
        try put(try Self.fixture("card-orientation-1.jpg"), "a.jpg", in: folder)
        let saved = await timeline(dated).entries.first?.pictureDate
        #expect(saved != nil && saved != instant("2024-07-14T18:30:05+02:00"))
    }

    @Test func theBoundariesRestartAtEachLocalMidnight() {
        let zone = try! ZoneRules(identifier: "Asia/Seoul")
        // 7 hours does not divide a day: 00:00, 07:00, 14:00, 21:00, then midnight again.
        let boundaries = PhotoProvider.boundaries(after: instant("2026-12-01T15:00:00+09:00"), every: 7 * 3_600, in: zone, count: 4)
        #expect(boundaries == ["2026-12-01T21:00:00+09:00", "2026-12-02T00:00:00+09:00", "2026-12-02T07:00:00+09:00", "2026-12-02T14:00:00+09:00"].map(instant))
    }

    /// What a time-travelled frame shows is what the wall will: the pick depends on the
    /// instant alone, and a day's order is the same on every run.
    @Test func thePickDependsOnTheInstantAloneAndEachDayHasItsOwnOrder() {
        let zone = try! ZoneRules(identifier: "Asia/Seoul")
        let day1 = (0..<48).map { PhotoProvider.pick(at: instant("2026-12-01T00:00:00+09:00").addingTimeInterval(Double($0) * 1_800), among: 48,
                                                      every: 1_800, in: zone, shuffle: true, seed: 42) }
        let again = (0..<48).map { PhotoProvider.pick(at: instant("2026-12-01T00:05:00+09:00").addingTimeInterval(Double($0) * 1_800), among: 48,
                                                       every: 1_800, in: zone, shuffle: true, seed: 42) }
        let day2 = (0..<48).map { PhotoProvider.pick(at: instant("2026-12-02T00:00:00+09:00").addingTimeInterval(Double($0) * 1_800), among: 48,
                                                      every: 1_800, in: zone, shuffle: true, seed: 42) }
        #expect(day1 == again)
        // 48 turns, 48 pictures: each once a day, in another order the next day.
        #expect(Set(day1).count == 48 && Set(day2).count == 48)
        #expect(day1 != day2)
        #expect(day1 != Array(0..<48))
        // Not shuffled: in the names' order, going on where the day before stopped.
        let ordered = (0..<4).map { PhotoProvider.pick(at: instant("2026-12-01T00:00:00+09:00").addingTimeInterval(Double($0) * 1_800), among: 5,
                                                        every: 1_800, in: zone, shuffle: false, seed: 42) }
        let day = CalendarDay(containing: instant("2026-12-01T00:00:00+09:00"), in: zone).daysSinceEpoch
        #expect(ordered == (0..<4).map { (day * 48 + $0) % 5 })
        #expect(PhotoProvider.order(10, seed: 7) == PhotoProvider.order(10, seed: 7))
    }

    @Test func aFileThatIsNotAPictureIsPassedOverAndSaid() async throws {
        let folder = try folder(1)
        _ = try scratch.write("not a picture", to: "photos/broken.jpg")
        try put(try Self.fixture("declares-60000x60000.jpg"), "bomb.jpg", in: folder)
        let timeline = await timeline(intent(folder: folder, shuffle: false))
        #expect(timeline.entries.allSatisfy { $0.name == "p0.jpg" })
        let problem = try #require(timeline.entries.first?.problem)
        #expect(problem.contains("broken.jpg: not a picture Glance reads") || problem.contains("bomb.jpg: a 60000x60000 JPEG"), "\(problem)")
    }

    @Test func anEmptyFolderWaitsForItsWatchAndAMissingOneIsSaid() async throws {
        let empty = try scratch.makeFolder("empty")
        let waiting = await timeline(intent(folder: empty))
        #expect(waiting.entries.count == 1 && waiting.entries[0].picture == nil)
        #expect(waiting.entries[0].problem == "no pictures (JPEG, PNG, WebP, HEIC or AVIF) in \(empty)")
        #expect(waiting.policy == .never)
        let missing = await timeline(intent(folder: scratch.path + "/nowhere"))
        #expect(missing.entries[0].problem == "\(scratch.path)/nowhere: no such folder")
    }

    @Test func aFolderThatLosesItsPicturesKeepsTheLastOne() async throws {
        let folder = try folder(2)
        let first = await timeline(intent(folder: folder))
        let shown = try #require(first.entries.first)
        scratch.remove("photos")
        let after = await timeline(intent(folder: folder), last: shown)
        #expect(after.entries.count == 1 && after.entries[0].picture == shown.picture)
        #expect(after.entries[0].problem == "\(folder): no such folder")
        #expect(after.policy.retryReason == "\(folder): no such folder")
    }

    // MARK: An image URL

    @Test func anImageURLIsReadWithConditionalGETsAndABadAnswerKeepsTheLastPicture() async throws {
        let jpeg = try Self.fixture("card-orientation-1.jpg")
        server.route("/today.jpg", .headed(status: 200, headers: [("Content-Type", "image/jpeg"), ("ETag", "\"a\"")], body: jpeg))
        let library = PhotoLibrary(store: PictureStore())
        let url = server.baseURL + "/today.jpg"
        let first = await timeline(intent(url: url), library: library)
        #expect(first.entries.count == 1 && first.entries[0].name == "today.jpg" && first.entries[0].problem == nil)
        #expect(first.policy == .after(now.addingTimeInterval(3_600)))
        let picture = try #require(first.entries[0].picture)
        #expect(library.store.picture(named: picture)?.bytes == jpeg)

        server.route("/today.jpg", .headed(status: 304, headers: [], body: []))
        let second = await timeline(intent(url: url), library: library)
        #expect(second.entries[0].picture == picture && second.entries[0].problem == nil)
        #expect(server.requests(to: "/today.jpg").last?.headers["if-none-match"] == "\"a\"")

        // A login page where the picture was.
        server.route("/today.jpg", .answer(status: 200, contentType: "text/html", body: Array("<html>sign in</html>".utf8)))
        let third = await timeline(intent(url: url), library: library)
        #expect(third.entries[0].picture == picture)
        #expect(third.entries[0].problem == "\(server.baseURL)/…: not a picture Glance reads (PNG, JPEG, WebP, HEIC, AVIF); showing the last picture read")
        #expect(library.store.picture(named: picture)?.bytes == jpeg)

        // A server that says nothing.
        server.route("/today.jpg", .silence)
        let fourth = await timeline(intent(url: url), library: library)
        #expect(fourth.entries[0].picture == picture)
        #expect(fourth.entries[0].problem?.hasSuffix("no answer within 5 s; showing the last picture read") == true, "\(fourth.entries[0].problem ?? "")")
    }

    @Test func anOversizedAnswerIsRefusedUnread() async throws {
        server.route("/huge.jpg", .streamed(count: Picture.largestFile + 1_000))
        let timeline = await timeline(intent(url: server.baseURL + "/huge.jpg"))
        #expect(timeline.entries[0].picture == nil)
        #expect(timeline.entries[0].problem?.contains("larger than") == true, "\(timeline.entries[0].problem ?? "")")
    }

    // MARK: Immich

    static let album = "0f3c6e9a-1b2c-4d5e-8f90-123456789abc"

    func immichIntent(keyFile: String) -> PhotoIntent {
        let intent = intent(immich: server.baseURL + "/", interval: "1h")
        intent.api_key_file = keyFile
        intent.album = Self.album
        intent.refresh = 180
        return intent
    }

    func albumJSON(_ ids: [String]) -> TestHTTPServer.Reply {
        let assets = ids.map { #"{"id":"\#($0)","type":"IMAGE","originalFileName":"\#($0).jpg","fileCreatedAt":"2024-06-01T05:03:00.000Z"}"# }
            + [#"{"id":"v1","type":"VIDEO","originalFileName":"clip.mov"}"#, #"{"id":"../../etc","type":"IMAGE"}"#]
        return .json(#"{"id":"\#(Self.album)","albumName":"Wall","assets":[\#(assets.joined(separator: ","))]}"#)
    }

    @Test func anImmichAlbumsPicturesAreListedAndOnlyTheShownOnesFetched() async throws {
        let keyFile = try scratch.write("secret-key-123\n", to: "immich.key")
        server.route("/api/albums/\(Self.album)", albumJSON(["a1", "a2", "a3", "a4"]))
        let jpeg = try Self.fixture("card-orientation-1.jpg")
        for id in ["a1", "a2", "a3", "a4"] { server.route("/api/assets/\(id)/thumbnail", .answer(status: 200, contentType: "image/jpeg", body: jpeg)) }
        let library = PhotoLibrary(store: PictureStore())
        let timeline = await timeline(immichIntent(keyFile: keyFile), library: library)
        // Hourly turns; the album is read again at the first boundary 3 hours on.
        #expect(timeline.entries.map(\.date) == [now] + ["09", "10", "11"].map { instant("2026-12-01T\($0):00:00+09:00") })
        #expect(timeline.policy == .after(instant("2026-12-01T12:00:00+09:00")))
        #expect(timeline.entries.allSatisfy { $0.problem == nil && $0.picture?.hasPrefix("picture:immich-a") == true })
        #expect(timeline.entries[0].pictureDate == instant("2024-06-01T05:03:00Z"))
        // The video and the id that is not one are left out; previews only for the shown.
        let fetched = server.requests.filter { $0.path.hasPrefix("/api/assets/") }
        #expect(Set(fetched.map(\.path)).count == Set(timeline.entries.compactMap(\.picture)).count)
        #expect(fetched.allSatisfy { $0.query["size"] == "preview" && $0.headers["x-api-key"] == "secret-key-123" })
        #expect(server.requests(to: "/api/albums/\(Self.album)").first?.headers["x-api-key"] == "secret-key-123")
    }

    @Test func aWrongKeyIsSaidWithoutTheKeyAndGarbageKeepsTheLastListing() async throws {
        let keyFile = try scratch.write("wrong-key\n", to: "immich.key")
        server.route("/api/albums/\(Self.album)", .json(#"{"message":"Invalid API key"}"#, status: 401))
        let library = PhotoLibrary(store: PictureStore())
        let refused = await timeline(immichIntent(keyFile: keyFile), library: library)
        let problem = try #require(refused.entries.first?.problem)
        #expect(problem.contains("Immich at \(server.baseURL): the server answered HTTP 401 (is the API key in \(keyFile) right"), "\(problem)")
        #expect(!problem.contains("wrong-key"))

        server.route("/api/albums/\(Self.album)", albumJSON(["b1"]))
        server.route("/api/assets/b1/thumbnail", .answer(status: 200, contentType: "image/jpeg", body: try Self.fixture("card-orientation-1.jpg")))
        let good = await timeline(immichIntent(keyFile: keyFile), library: library)
        #expect(good.entries.first?.picture == "picture:immich-b1")

        // A proxy's error page, then a server that never answers: the listing read last stays.
        server.route("/api/albums/\(Self.album)", .answer(status: 200, contentType: "text/html", body: Array("<html>502</html>".utf8)))
        let garbage = await timeline(immichIntent(keyFile: keyFile), library: library)
        #expect(garbage.entries.first?.picture == "picture:immich-b1")
        server.route("/api/albums/\(Self.album)", .silence)
        let slow = await timeline(immichIntent(keyFile: keyFile), library: library)
        #expect(slow.entries.first?.picture == "picture:immich-b1")
    }

    @Test func theSettingsAreCheckedWithTheirNames() throws {
        let both = intent(folder: "/tmp", url: "https://example.com/a.jpg")
        #expect(throws: IntentConfigurator.Failure.self) { try both.checkParameters() }
        let none = intent()
        #expect(throws: IntentConfigurator.Failure.self) { try none.checkParameters() }
        for bad in ["0m", "30x", "2d", "", "59s"] {
            #expect(PhotoInterval.seconds(bad) == nil, "\(bad)")
        }
        #expect(PhotoInterval.seconds("30m") == 1_800 && PhotoInterval.seconds("1h") == 3_600 && PhotoInterval.seconds("45") == 2_700
                && PhotoInterval.seconds("1d") == 86_400)
        let immich = intent(immich: "https://immich.local")
        immich.api_key_file = "/etc/glance/immich.key"
        immich.album = "../admin"
        #expect(throws: IntentConfigurator.Failure.self) { try immich.checkParameters() }
        immich.album = Self.album
        try immich.checkParameters()
    }
}
