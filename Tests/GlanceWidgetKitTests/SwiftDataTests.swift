import Foundation
import GlanceUI
import SwiftData
import SwiftUI
import Testing

/// A model as an app and its widget share it, with what `@Model` must read right: a
/// `@Attribute` on a line of its own, a comment holding a brace, a computed property, an
/// observed one, a `@Transient` one, a `static` one, an optional, an array, a Codable enum,
/// and a relationship.
@Model
final class Trip {
    enum Kind: String, Codable { case train, flight }

    @Attribute(.unique)
    var name: String
    var start: Date  // leaves { at dawn }
    var kind: Kind = Kind.train
    var stops: [String] = []
    var note: String?
    var seats: Int = 1 { didSet { seats = max(seats, 0) } }
    @Transient var viewed = 0
    static let longest = "Trans-Siberian"
    var title: String { "\(name) (\(stops.count) stops)" }
    @Relationship(deleteRule: .cascade) var legs: [Leg] = []
    var first: Leg?

    init(name: String, start: Date, kind: Kind = .train, stops: [String] = [], note: String? = nil) {
        self.name = name
        self.start = start
        self.kind = kind
        self.stops = stops
        self.note = note
    }
}

@Model final class Leg {
    var from: String
    var to: String
    var minutes, stops: Int
    init(from: String, to: String) { self.from = from; self.to = to; minutes = 0; stops = 0 }
}

@Suite struct SwiftDataTests {
    let day = Date(timeIntervalSince1970: 1_795_000_000.25)

    func temporaryStore() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftdata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("trips.store")
    }

    func container(_ url: URL, allowsSave: Bool = true) throws -> ModelContainer {
        try ModelContainer(for: Trip.self, Leg.self, configurations: ModelConfiguration(url: url, allowsSave: allowsSave))
    }

    /// What one container saves, another (a widget's process) reads back whole: values,
    /// optionals, arrays, enums, dates to the quarter second, relationships; not what is
    /// `@Transient`. The widget asks with a predicate, an order and a limit.
    @Test func whatTheAppSavesTheWidgetReads() throws {
        let url = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        do {
            let app = try container(url).mainContext
            let seoul = Trip(name: "Seoul", start: day, kind: .flight, stops: ["Incheon", "Gimpo"], note: "window seat")
            seoul.legs = [Leg(from: "FRA", to: "ICN"), Leg(from: "ICN", to: "GMP")]
            seoul.first = seoul.legs[0]
            seoul.viewed = 7
            seoul.seats = 3
            app.insert(seoul)
            app.insert(Trip(name: "Busan", start: day.addingTimeInterval(86_400)))
            app.insert(Trip(name: "Jeju", start: day.addingTimeInterval(-86_400), kind: .flight))
            #expect(app.hasChanges)
            try app.save()
            #expect(!app.hasChanges)
        }
        let widget = ModelContext(try container(url, allowsSave: false))
        let flight = Trip.Kind.flight
        let flights = try widget.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.kind == flight }, sortBy: [SortDescriptor(\.start)]))
        #expect(flights.map(\.name) == ["Jeju", "Seoul"])
        let seoul = try #require(flights.last)
        #expect(seoul.start == day && seoul.stops == ["Incheon", "Gimpo"] && seoul.note == "window seat" && seoul.seats == 3)
        #expect(seoul.legs.map { "\($0.from)-\($0.to)" } == ["FRA-ICN", "ICN-GMP"])
        #expect(seoul.first === seoul.legs[0])
        #expect(seoul.viewed == 0)
        #expect(seoul.title == "Seoul (2 stops)")

        var latest = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.start, order: .reverse)])
        latest.fetchLimit = 2
        #expect(try widget.fetch(latest).map(\.name) == ["Busan", "Seoul"])
        latest.fetchOffset = 2
        #expect(try widget.fetch(latest).map(\.name) == ["Jeju"])
        #expect(try widget.fetchCount(FetchDescriptor<Trip>()) == 3)
        #expect(try widget.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.note == nil })).count == 2)
        // The same row is the same instance.
        #expect(try widget.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Seoul" })).first === seoul)
        // A widget's read-only container does not write.
        seoul.note = "aisle"
        #expect(throws: SwiftDataError.self) { try widget.save() }
    }

    /// Edits and deletes are saved; unsaved inserts are fetched by their own context; a
    /// rollback forgets them.
    @Test func editsDeletesAndPendingInserts() throws {
        let url = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let context = ModelContext(try container(url))
        let trip = Trip(name: "Daegu", start: day)
        context.insert(trip)
        #expect(try context.fetch(FetchDescriptor<Trip>()).map(\.name) == ["Daegu"])
        try context.save()
        trip.stops.append("Dongdaegu")
        #expect(context.hasChanges)
        let gone = Trip(name: "Ulsan", start: day)
        context.insert(gone)
        try context.save()
        context.delete(gone)
        #expect(gone.isDeleted)
        try context.save()

        let reader = ModelContext(try container(url))
        #expect(try reader.fetch(FetchDescriptor<Trip>()).map { "\($0.name) \($0.stops)" } == ["Daegu [\"Dongdaegu\"]"])
        try reader.delete(model: Trip.self, where: #Predicate { $0.name == "Daegu" })
        reader.insert(Trip(name: "Pohang", start: day))
        reader.rollback()
        #expect(try reader.fetch(FetchDescriptor<Trip>()).map(\.name) == ["Daegu"])
    }

    /// A widget whose store was never written reads nothing rather than failing; a
    /// symlink planted where the store goes is not followed; the default store is in the
    /// state folder, and an app group's in its container.
    @Test func whereStoresAreAndWhatTheyRefuse() throws {
        let url = try temporaryStore()
        let folder = url.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ModelContext(try container(url, allowsSave: false)).fetch(FetchDescriptor<Trip>()).isEmpty)

        let secret = folder.appendingPathComponent("secret")
        try Data("not yours".utf8).write(to: secret)
        let planted = folder.appendingPathComponent("planted.store")
        try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: secret)
        #expect(throws: SwiftDataError.self) { _ = try container(planted) }
        #expect(try String(contentsOf: secret, encoding: .utf8) == "not yours")

        #expect(ModelConfiguration().url.path.hasSuffix("/swiftdata/default.store"))
        #expect(ModelConfiguration("trips", groupContainer: .identifier("group.example.trips")).url.path.hasSuffix("/groups/group.example.trips/trips.store"))
        let memory = try ModelContainer(for: Schema([Trip.self]), configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
        memory.mainContext.insert(Trip(name: "Nowhere", start: day))
        try memory.mainContext.save()
        #expect(try memory.mainContext.fetch(FetchDescriptor<Trip>()).count == 1)
    }

    /// A widget's long-lived context sees what the app's side saves later (a store made
    /// after it first looked, rows changed since it read them), keeps its own edits, and
    /// a failed save (a row over the size bound) leaves every change to save again; a
    /// deleted model named by a relationship does not come back.
    @Test func aLongLivedContextSeesTheAppsSaves() throws {
        let url = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let widget = ModelContext(try container(url, allowsSave: false))
        #expect(try widget.fetch(FetchDescriptor<Trip>()).isEmpty)
        let app = ModelContext(try container(url))
        let trip = Trip(name: "Sokcho", start: day)
        let leg = Leg(from: "SEL", to: "SOK")
        leg.minutes = 150
        leg.stops = 2
        trip.legs = [leg]
        app.insert(trip)
        try app.save()
        let seen = try #require(try widget.fetch(FetchDescriptor<Trip>()).first)
        #expect(seen.name == "Sokcho" && seen.legs.map(\.minutes) == [150] && seen.legs.map(\.stops) == [2])
        trip.name = "Sokcho Beach"
        try app.save()
        #expect(try widget.fetch(FetchDescriptor<Trip>()).map(\.name) == ["Sokcho Beach"])

        // Too large to save: nothing written, everything kept to try again.
        trip.note = String(repeating: "x", count: 5 << 20)
        let extra = Leg(from: "SOK", to: "YNY")
        trip.legs.append(extra)
        #expect(throws: SwiftDataError.self) { try app.save() }
        #expect(app.hasChanges && extra.persistentModelID.description == "Leg/new")
        trip.note = "short"
        try app.save()
        let reader = ModelContext(try container(url))
        #expect(try reader.fetch(FetchDescriptor<Trip>()).first.map { "\($0.note ?? "-") \($0.legs.map(\.to))" } == "short [\"SOK\", \"YNY\"]")

        // A deleted leg that the trip still names is not saved again.
        app.delete(extra)
        try app.save()
        let after = ModelContext(try container(url))
        #expect(try after.fetch(FetchDescriptor<Leg>()).map(\.to) == ["SOK"])
        #expect(try after.fetch(FetchDescriptor<Trip>()).first?.legs.map(\.to) == ["SOK"])
    }

    /// `@Query` in a view reads the context its environment names (`.modelContainer`),
    /// with its filter and order, each time the body is made.
    @Test func queryReadsTheViewsContainer() throws {
        let url = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let store = try container(url)
        store.mainContext.insert(Trip(name: "Gwangju", start: day.addingTimeInterval(60)))
        store.mainContext.insert(Trip(name: "Incheon", start: day, kind: .flight, stops: ["T2"]))
        try store.mainContext.save()

        struct Upcoming {
            @Query(sort: \Trip.start) var trips: [Trip]
            @Query(filter: #Predicate<Trip> { $0.stops.isEmpty == false }) var flights: [Trip]
            @Environment(\.modelContext) var context
        }
        var environment = EnvironmentValues()
        environment.modelContext = store.mainContext
        let view = Upcoming()
        let (names, flights, same) = EnvironmentScope.$bound.withValue(environment) {
            (view.trips.map(\.name), view.flights.map(\.name), view.context === store.mainContext)
        }
        #expect(names == ["Incheon", "Gwangju"] && flights == ["Incheon"] && same)
    }
}
