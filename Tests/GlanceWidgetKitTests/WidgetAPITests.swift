import Foundation
import GlanceIntents
import GlanceUI
import GlanceWidgetKit
import GlanceTime
import Testing

// A widget written the way an iOS tutorial writes one: only the imports differ.

struct SimpleEntry: TimelineEntry {
    let date: Date
    let emoji: String
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: Date(), emoji: "😀")
    }

    func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> ()) {
        completion(SimpleEntry(date: Date(), emoji: "😀"))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
        var entries: [SimpleEntry] = []
        let currentDate = context.date
        for hourOffset in 0 ..< 5 {
            let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
            entries.append(SimpleEntry(date: entryDate, emoji: "😀"))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct EmojiWidgetEntryView: View {
    var entry: Provider.Entry

    var body: some View {
        VStack {
            Text("Time:")
            Text(entry.emoji)
            if entry.emoji.isEmpty {
                Text("nothing")
            } else {
                Text("something")
            }
        }
    }
}

struct EmojiWidget: Widget {
    let kind: String = "EmojiWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            EmojiWidgetEntryView(entry: entry)
        }
        .configurationDisplayName("My Widget")
        .description("This is an example widget.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
        .contentMarginsDisabled()
    }
}

enum Mood: String, AppEnum {
    case happy, calm
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Mood"
    static let caseDisplayRepresentations: [Mood: DisplayRepresentation] = [.happy: "Happy", .calm: "Calm"]
}

struct ConfigurationAppIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Configuration"
    static let description: IntentDescription? = "This is an example widget."

    @Parameter(title: "Favorite Emoji", default: "😃")
    var favoriteEmoji: String

    @Parameter(title: "Mood", default: .calm)
    var mood: Mood

    @Parameter(title: "Count")
    var count: Int

    init() {}
}

struct IntentProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry { SimpleEntry(date: Date(), emoji: "😀") }

    func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async -> SimpleEntry {
        SimpleEntry(date: context.date, emoji: configuration.favoriteEmoji)
    }

    func timeline(for configuration: ConfigurationAppIntent, in context: Context) async -> Timeline<SimpleEntry> {
        let emoji = String(repeating: configuration.favoriteEmoji, count: configuration.count) + configuration.mood.rawValue
        return Timeline(entries: [SimpleEntry(date: context.date, emoji: emoji)], policy: .never)
    }
}

struct ConfigurableWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Configurable", intent: ConfigurationAppIntent.self, provider: IntentProvider()) { entry in
            Text(entry.emoji)
        }
    }
}

func context() -> TimelineProviderContext {
    TimelineProviderContext(family: .systemSmall, displaySize: WidgetFamily.systemSmall.defaultSize,
                            date: Date(timeIntervalSince1970: 1_800_000_000), timeZone: (try! ZoneRules(identifier: "UTC")),
                            locale: DisplayLocale.english)
}

func timeline(of source: any WidgetTimelineSource) async throws(IntentConfigurator.Failure) -> AnyTimeline {
    try await withCheckedContinuation { continuation in
        source.timeline(in: context(), on: .shared) { continuation.resume(returning: $0.value) }
    }.get()
}

@Suite struct WidgetAPITests {
    @Test func staticConfigurationCarriesItsMetadata() {
        let descriptor = EmojiWidget().body.descriptor
        #expect(descriptor.kind == "EmojiWidget")
        #expect(descriptor.displayName == "My Widget")
        #expect(descriptor.description == "This is an example widget.")
        #expect(descriptor.supportedFamilies == [.systemSmall, .accessoryCircular])
        #expect(descriptor.contentMarginsDisabled)
        #expect(descriptor.parameterNames.isEmpty)
    }

    @Test func staticProviderTimelineAndViewResolve() async throws {
        let source = try EmojiWidget().body.descriptor.makeSource(parameters: [], context: .init(timeZone: .utc))
        let result = try await timeline(of: source)
        #expect(result.entries.count == 5)
        #expect(result.policy == .atEnd)
        let node = resolveNode(source.content(for: result.entries[0]), in: EnvironmentValues())
        #expect(node.textLines == ["Time:", "😀", "something"])
    }

    @Test func staticWidgetRefusesParameters() {
        #expect(throws: IntentConfigurator.Failure.unknownParameter(name: "x", known: [])) {
            try EmojiWidget().body.descriptor.makeSource(parameters: [("x", "1")], context: .init(timeZone: .utc))
        }
    }

    @Test func intentParametersComeFromTheConfig() async throws {
        let descriptor = ConfigurableWidget().body.descriptor
        #expect(descriptor.parameterNames == ["favoriteEmoji", "mood", "count"])
        let source = try descriptor.makeSource(parameters: [("count", "3"), ("mood", "happy"), ("favoriteEmoji", "🌊")],
                                               context: .init(timeZone: .utc))
        let result = try await timeline(of: source)
        #expect((result.entries.first?.base as? SimpleEntry)?.emoji == "🌊🌊🌊happy")
        #expect(result.policy == .never)
    }

    @Test func intentParameterErrorsSayWhatIsExpected() {
        let context = ParameterDecodingContext(timeZone: .utc)
        let descriptor = ConfigurableWidget().body.descriptor
        #expect(throws: IntentConfigurator.Failure.missingParameter(name: "count", expected: "a whole number")) {
            try descriptor.makeSource(parameters: [], context: context)
        }
        #expect(throws: IntentConfigurator.Failure.invalidValue(name: "count", value: "many", expected: "a whole number")) {
            try descriptor.makeSource(parameters: [("count", "many")], context: context)
        }
        #expect(throws: IntentConfigurator.Failure.invalidValue(name: "mood", value: "sad", expected: "one of happy, calm")) {
            try descriptor.makeSource(parameters: [("count", "1"), ("mood", "sad")], context: context)
        }
        #expect(throws: IntentConfigurator.Failure.unknownParameter(name: "colour", known: ["favoriteEmoji", "mood", "count"])) {
            try descriptor.makeSource(parameters: [("colour", "red")], context: context)
        }
    }

    struct OptionalParameters: WidgetConfigurationIntent {
        static let title: LocalizedStringResource = "Optional"
        @Parameter(title: "Note") var note: String?
        @Parameter(title: "Mood") var mood: Mood?
        init() {}
    }

    @Test func optionalParametersWithoutDefaultsAreNilNotRequired() throws {
        let context = ParameterDecodingContext(timeZone: .utc)
        let empty = try IntentConfigurator.make(OptionalParameters.self, values: [], context: context)
        #expect(empty.note == nil && empty.mood == nil)
        let given = try IntentConfigurator.make(OptionalParameters.self, values: [("note", "hello"), ("mood", "happy")], context: context)
        #expect(given.note == "hello" && given.mood == .happy)
        #expect(throws: IntentConfigurator.Failure.invalidValue(name: "mood", value: "sad", expected: "one of happy, calm")) {
            try IntentConfigurator.make(OptionalParameters.self, values: [("mood", "sad")], context: context)
        }
    }

    @Test func dateParametersAreDaysInTheConfiguredZone() throws {
        let seoul = ParameterDecodingContext(timeZone: (try! ZoneRules(identifier: "Asia/Seoul")))
        let day = try Date(parameterText: "2027-01-03", context: seoul)
        #expect(day == ISO8601DateFormatter().date(from: "2027-01-02T15:00:00Z"))
        let instant = try Date(parameterText: "2027-01-03T09:30:00+09:00", context: seoul)
        #expect(instant == ISO8601DateFormatter().date(from: "2027-01-03T00:30:00Z"))
        #expect(throws: ParameterDecodingError.self) { try Date(parameterText: "next tuesday", context: seoul) }
        #expect(throws: ParameterDecodingError.self) { try Date(parameterText: "2027-02-30", context: seoul) }
    }
}
