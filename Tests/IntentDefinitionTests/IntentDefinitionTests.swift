import Foundation
import GlanceIntentDefinitions
import GlanceIntents
import Intents
import Testing

/// An `.intentdefinition` in a target with the IntentDefinitions plugin: the classes Xcode
/// generates from it (`ConfigurationIntent`, its enum and custom type) exist, read as on
/// iOS, and are filled from a slot's params. This target's own `Weather.intentdefinition`
/// went through the plugin: the code below uses what it generated.
@Suite struct IntentDefinitionTests {
    let context = ParameterDecodingContext(timeZone: .utc)

    @Test func theGeneratedIntentIsFilledFromParams() throws {
        let intent = try IntentConfigurator.make(ConfigurationIntent.self, values: [
            ("city", "Seoul"), ("unit", "fahrenheit"), ("days", "5"), ("showFeelsLike", "true"), ("note", "balcony"),
            ("alertFeeds", "https://example.com/a.xml"), ("alertFeeds", "https://example.com/b.xml"), ("sunrise", "06:45"),
        ], context: context)
        // As widget code reads Xcode's generated properties.
        #expect(intent.city?.displayString == "Seoul" && intent.city?.identifier == "Seoul")
        #expect(intent.unit == .fahrenheit)
        #expect(intent.days?.intValue == 5)
        #expect(intent.showFeelsLike?.boolValue == true)
        #expect(intent.note == "balcony")
        #expect(intent.alertFeeds?.map(\.absoluteString) == ["https://example.com/a.xml", "https://example.com/b.xml"])
        #expect(intent.sunrise?.hour == 6 && intent.sunrise?.minute == 45)
        let city: City? = intent.city
        #expect(city?.population == nil)
    }

    /// Left out, each is what Xcode's is when unset: `nil`, or the enum's `.unknown`.
    @Test func unsetParametersAreNilOrUnknown() throws {
        let intent = try IntentConfigurator.make(ConfigurationIntent.self, values: [], context: context)
        #expect(intent.city == nil && intent.days == nil && intent.showFeelsLike == nil && intent.note == nil)
        #expect(intent.alertFeeds == nil && intent.sunrise == nil)
        #expect(intent.unit == .unknown)
        #expect(TemperatureUnit.allCases.map(\.rawValue) == ["unknown", "celsius", "fahrenheit"])
    }

    @Test func aBadValueNamesTheParameterAndWhatItTakes() {
        #expect(throws: IntentConfigurator.Failure.self) {
            try IntentConfigurator.make(ConfigurationIntent.self, values: [("days", "five")], context: context)
        }
        do {
            _ = try IntentConfigurator.make(ConfigurationIntent.self, values: [("sunrise", "25:00")], context: context)
            Issue.record("25:00 was taken")
        } catch {
            #expect("\(error)".contains("sunrise") && "\(error)".contains("a time like 09:30"), "\(error)")
        }
    }

    @Test func aBrokenDefinitionNamesTheFileAndTheField() {
        func failure(_ text: String) -> String {
            do {
                _ = try IntentDefinition(data: Data(text.utf8), file: "Widget.intentdefinition")
                return ""
            } catch {
                return "\(error)"
            }
        }
        let head = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#
        #expect(failure("not a plist").hasPrefix("Widget.intentdefinition: not a property list"))
        #expect(failure(head + "<key>INIntents</key><array><dict><key>INIntentName</key><string>Bad Name</string></dict></array></dict></plist>")
                == "Widget.intentdefinition: INIntents[0].INIntentName 'Bad Name' is not a Swift name")
        #expect(failure(head + """
            <key>INIntents</key><array><dict><key>INIntentName</key><string>Configuration</string><key>INIntentParameters</key><array>\
            <dict><key>INIntentParameterName</key><string>where</string><key>INIntentParameterType</key><string>Location</string></dict>\
            </array></dict></array></dict></plist>
            """).hasPrefix("Widget.intentdefinition: INIntents[0].INIntentParameters[0].INIntentParameterType 'Location' is not one a wall fills"))
        #expect(failure(head + """
            <key>INIntents</key><array><dict><key>INIntentName</key><string>Configuration</string><key>INIntentParameters</key><array>\
            <dict><key>INIntentParameterName</key><string>unit</string><key>INIntentParameterEnumType</key><string>Missing</string></dict>\
            </array></dict></array></dict></plist>
            """) == "Widget.intentdefinition: INIntents[0].INIntentParameters[0].INIntentParameterEnumType names no enum of the file: 'Missing'")
    }

    /// Xcode's template definition: one intent, no parameters.
    @Test func theTemplatesDefinitionGivesAnEmptyConfigurationIntent() throws {
        let template = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>INIntents</key><array><dict>"#
            + #"<key>INIntentName</key><string>Configuration</string><key>INIntentParameters</key><array/></dict></array></dict></plist>"#
        let source = try IntentDefinition(data: Data(template.utf8), file: "Template.intentdefinition").swiftSource(from: "Template.intentdefinition")
        #expect(source.contains("public class ConfigurationIntent: INIntent, @unchecked Sendable {\n}"))
        #expect(source.hasPrefix("// Generated by Glance's IntentDefinitions plugin from Template.intentdefinition. Do not edit."))
    }
}
