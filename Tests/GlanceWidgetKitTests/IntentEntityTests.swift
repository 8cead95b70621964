import FoundationEssentials
import GlanceIntents
import GlanceTime
import GlanceUI
import GlanceWidgetKit
import Testing

// MARK: - An app's entities, as App Intents code declares them

struct CityEntity: AppEntity {
    let id: String
    let name: String

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "City"
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
    static let defaultQuery = CityQuery()

    static let all = [CityEntity(id: "paris", name: "Paris"), CityEntity(id: "seoul", name: "Seoul")]
}

struct CityQuery: EntityStringQuery {
    func entities(for identifiers: [CityEntity.ID]) async throws -> [CityEntity] {
        CityEntity.all.filter { identifiers.contains($0.id) }
    }

    func entities(matching string: String) async throws -> [CityEntity] {
        CityEntity.all.filter { $0.name.contains(string) }
    }

    func suggestedEntities() async throws -> [CityEntity] { CityEntity.all }

    func defaultResult() async -> CityEntity? { CityEntity.all.last }
}

/// An entity whose query fails, as one reading a network or a file may.
struct StationEntity: AppEntity {
    let id: Int
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Station"
    var displayRepresentation: DisplayRepresentation { "Station \(id)" }
    static let defaultQuery = StationQuery()
}

struct StationQuery: EntityQuery {
    struct Offline: Error, CustomStringConvertible {
        var description: String { "the station list is offline" }
    }

    func entities(for identifiers: [Int]) async throws -> [StationEntity] { throw Offline() }
}

enum Units: String, AppEnum {
    case metric, imperial
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Units"
    static let caseDisplayRepresentations: [Units: DisplayRepresentation] = [.metric: "Metric", .imperial: "Imperial"]
}

struct WeatherIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Weather"
    // Xcode's template: a non-optional description, computed.
    static var description: IntentDescription { "Weather in a city." }

    @Parameter(title: "City") var city: CityEntity
    @Parameter(title: "Also") var also: CityEntity?
    @Parameter(title: "Units", default: .metric) var units: Units
    @Parameter(title: "Tags") var tags: [String]
    @Parameter(title: "Hours") var hours: [Int]
    @Parameter(title: "Unit list") var unitList: [Units]
    @Parameter(title: "Compare") var compare: [CityEntity]
    @Parameter(title: "Second units") var secondUnits: Units?

    static var parameterSummary: some ParameterSummary {
        When(\.$units, .equalTo, .metric) {
            Summary("Weather in \(\.$city)") {
                \.$units
                \.$tags
            }
        } otherwise: {
            Summary("Weather in \(\.$city), in \(\.$units)")
        }
    }

    init() {}
}

struct WeatherEntry: TimelineEntry {
    let date: Date
    let text: String
}

struct WeatherProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> WeatherEntry { WeatherEntry(date: context.date, text: "…") }

    func snapshot(for configuration: WeatherIntent, in context: Context) async -> WeatherEntry {
        WeatherEntry(date: context.date, text: configuration.city.name)
    }

    func timeline(for configuration: WeatherIntent, in context: Context) async -> Timeline<WeatherEntry> {
        let text = ([configuration.city.name] + configuration.compare.map(\.name)).joined(separator: "+") + " " + configuration.units.rawValue
        return Timeline(entries: [WeatherEntry(date: context.date, text: text)], policy: .never)
    }

    func recommendations() -> [AppIntentRecommendation<WeatherIntent>] {
        let intent = WeatherIntent()
        intent.city = CityEntity.all[0]
        intent.units = .imperial
        return [AppIntentRecommendation(intent: intent, description: "Paris, imperial")]
    }
}

struct WeatherWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "weather", intent: WeatherIntent.self, provider: WeatherProvider()) { entry in
            Text(entry.text)
        }
    }
}

struct StationIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Station"
    // Xcode's other template form: a stored, non-optional description.
    static let description = IntentDescription("Departures from a station.", categoryName: "Travel")
    @Parameter(title: "Station") var station: StationEntity
    init() {}
}

struct StationProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> WeatherEntry { WeatherEntry(date: context.date, text: "…") }
    func snapshot(for configuration: StationIntent, in context: Context) async -> WeatherEntry { placeholder(in: context) }
    func timeline(for configuration: StationIntent, in context: Context) async -> Timeline<WeatherEntry> {
        Timeline(entries: [WeatherEntry(date: context.date, text: configuration.station.displayRepresentation.title.key)], policy: .never)
    }
}

struct StationWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "station", intent: StationIntent.self, provider: StationProvider()) { entry in
            Text(entry.text)
        }
    }
}

struct GreetingOptions: DynamicOptionsProvider {
    func results() async throws -> [String] { ["Hello", "안녕하세요"] }
    func defaultResult() async -> String? { "안녕하세요" }
}

struct GreetingIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Greeting"
    @Parameter(title: "Greeting", optionsProvider: GreetingOptions()) var greeting: String
    @Parameter(title: "Second", optionsProvider: GreetingOptions()) var second: String?
    init() {}
}

// MARK: - A pre-iOS 17 widget: IntentConfiguration with the generated intent declared by hand

final class ConfigurationIntent: INIntent {
    @Parameter var name: String?
    @Parameter(title: "Repeat", default: 1) var times: Int
}

struct LegacyProvider: IntentTimelineProvider {
    func placeholder(in context: Context) -> WeatherEntry { WeatherEntry(date: context.date, text: "…") }

    func getSnapshot(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (WeatherEntry) -> Void) {
        completion(WeatherEntry(date: context.date, text: configuration.name ?? "nobody"))
    }

    func getTimeline(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (Timeline<WeatherEntry>) -> Void) {
        let text = String(repeating: configuration.name ?? "nobody", count: configuration.times)
        completion(Timeline(entries: [WeatherEntry(date: context.date, text: text)], policy: .atEnd))
    }
}

struct LegacyWidget: Widget {
    var body: some WidgetConfiguration {
        IntentConfiguration(kind: "legacy", intent: ConfigurationIntent.self, provider: LegacyProvider()) { entry in
            Text(entry.text)
        }
        .configurationDisplayName("Legacy")
    }
}

// MARK: -

@Suite struct IntentEntityTests {
    let context = ParameterDecodingContext(timeZone: .utc)

    func text(_ widget: some Widget, _ values: [(name: String, text: String)]) async throws(IntentConfigurator.Failure) -> String? {
        let source = try widget.body.descriptor.makeSource(parameters: values, context: context)
        let result = try await timeline(of: source)
        return (result.entries.first?.base as? WeatherEntry)?.text
    }

    @Test func anEntityParameterIsWrittenAsItsID() async throws {
        #expect(try await text(WeatherWidget(), [("city", "paris")]) == "Paris metric")
        let intent = try await IntentConfigurator.configure(WeatherIntent.self, values: [("city", "paris"), ("also", "seoul")], context: context)
        #expect(intent.city.name == "Paris")
        #expect(intent.also?.name == "Seoul")
    }

    @Test func withoutAnIDTheQuerysDefaultResultIsTaken() async throws {
        let intent = try await IntentConfigurator.configure(WeatherIntent.self, values: [], context: context)
        #expect(intent.city.name == "Seoul")
        #expect(intent.also == nil)
        #expect(intent.secondUnits == nil)
        #expect(intent.tags.isEmpty && intent.compare.isEmpty)
    }

    @Test func anUnknownIDNamesTheParameterAndTheKnownIDs() async throws {
        let failure = IntentConfigurator.Failure.unknownEntity(name: "city", id: "atlantis", typeName: "City", suggested: ["paris", "seoul"])
        await #expect(throws: failure) {
            _ = try await text(WeatherWidget(), [("city", "atlantis")])
        }
        #expect("\(failure)" == #"parameter 'city': no City has the id "atlantis"; known ids: paris, seoul"#)
    }

    @Test func anIDOfTheWrongTypeIsFoundWhenTheConfigIsRead() {
        #expect(throws: IntentConfigurator.Failure.invalidValue(name: "station", value: "north", expected: "the id of a Station")) {
            try StationWidget().body.descriptor.makeSource(parameters: [("station", "north")], context: context)
        }
    }

    @Test func aQueryThatThrowsFailsTheFetchNotTheProcess() async throws {
        let source = try StationWidget().body.descriptor.makeSource(parameters: [("station", "7")], context: context)
        await #expect(throws: IntentConfigurator.Failure.queryFailed(name: "station", message: "Station query failed: the station list is offline")) {
            _ = try await timeline(of: source)
        }
    }

    @Test func listsComeAsRepeatedNames() async throws {
        let values: [(name: String, text: String)] = [("city", "seoul"), ("tags", "rain"), ("tags", "wind"), ("hours", "6"), ("hours", "18"),
                                                      ("unitList", "imperial"), ("unitList", "metric"), ("compare", "paris"), ("compare", "seoul")]
        let intent = try await IntentConfigurator.configure(WeatherIntent.self, values: values, context: context)
        #expect(intent.tags == ["rain", "wind"])
        #expect(intent.hours == [6, 18])
        #expect(intent.unitList == [.imperial, .metric])
        #expect(intent.compare.map(\.name) == ["Paris", "Seoul"])
        #expect(try await text(WeatherWidget(), values) == "Seoul+Paris+Seoul metric")
        #expect(throws: IntentConfigurator.Failure.invalidValue(name: "hours", value: "6, noon", expected: "a whole number")) {
            try IntentConfigurator.make(WeatherIntent.self, values: [("hours", "6"), ("hours", "noon")], context: context)
        }
        #expect(throws: IntentConfigurator.Failure.invalidValue(name: "units", value: "metric, imperial", expected: "one of metric, imperial (one value; a list was given)")) {
            try IntentConfigurator.make(WeatherIntent.self, values: [("units", "metric"), ("units", "imperial")], context: context)
        }
    }

    @Test func theCommandLineSplitsListsOnCommas() {
        let descriptor = WeatherWidget().body.descriptor
        #expect(descriptor.commandLineValues(name: "tags", text: "rain, wind").map(\.text) == ["rain", "wind"])
        #expect(descriptor.commandLineValues(name: "city", text: "paris,seoul").map(\.text) == ["paris,seoul"])
        #expect(descriptor.parameters.first { $0.name == "tags" }?.isList == true)
    }

    @Test func aNonOptionalDescriptionIsTheIntentsDescription() {
        #expect(WeatherIntent.intentDescription?.text.key == "Weather in a city.")
        #expect(StationIntent.intentDescription?.categoryName?.key == "Travel")
        #expect(WeatherWidget().body.descriptor.description == "Weather in a city.")
        #expect(StationWidget().body.descriptor.description == "Departures from a station.")
        #expect(ConfigurationAppIntent.intentDescription?.text.key == "This is an example widget.")
    }

    @Test func theParameterSummaryReadsWithValuesInPlace() async throws {
        #expect(WeatherWidget().body.descriptor.parameterSummary == "Weather in ‹City›")
        let paris = try await IntentConfigurator.configure(WeatherIntent.self, values: [("city", "paris"), ("units", "imperial")], context: context)
        #expect(IntentConfigurator.summary(of: paris) == "Weather in Paris, in Imperial")
        #expect(StationWidget().body.descriptor.parameterSummary == nil)
    }

    @Test func recommendationsAreParamsAsTheConfigWritesThem() {
        let recommended = WeatherWidget().body.descriptor.recommendations()
        #expect(recommended.count == 1)
        #expect(recommended.first?.description == "Paris, imperial")
        #expect(recommended.first.map { $0.parameters.map { "\($0.name)=\($0.text)" } } == ["city=paris", "units=imperial"])
    }

    @Test func anOptionsProviderGivesTheDefaultAndTheOfferedValues() async throws {
        let configured = try await IntentConfigurator.configure(GreetingIntent.self, values: [], context: context)
        #expect(configured.greeting == "안녕하세요")
        #expect(configured.second == nil)
        let given = try await IntentConfigurator.configure(GreetingIntent.self, values: [("greeting", "Hi"), ("second", "Yo")], context: context)
        #expect(given.greeting == "Hi" && given.second == "Yo")
        #expect(try await IntentConfigurator.offeredValues(of: GreetingIntent.self, parameter: "greeting") == ["Hello", "안녕하세요"])
        #expect(try await IntentConfigurator.offeredValues(of: WeatherIntent.self, parameter: "tags") == nil)
        #expect(IntentConfigurator.parameterInfo(of: GreetingIntent.self).map(\.isRequired) == [false, false])
    }

    @Test func anIntentConfigurationWidgetGetsItsINIntentFromTheConfig() async throws {
        let descriptor = LegacyWidget().body.descriptor
        #expect(descriptor.parameterNames == ["name", "times"])
        #expect(descriptor.parameters.map(\.title) == ["name", "Repeat"])
        #expect(try await text(LegacyWidget(), [("name", "ab"), ("times", "3")]) == "ababab")
        #expect(try await text(LegacyWidget(), []) == "nobody")
        #expect(throws: IntentConfigurator.Failure.unknownParameter(name: "colour", known: ["name", "times"])) {
            try descriptor.makeSource(parameters: [("colour", "red")], context: context)
        }
    }
}
