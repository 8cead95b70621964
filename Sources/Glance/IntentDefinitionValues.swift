import Foundation
import GlanceIntents

/// What Xcode generates for an `.intentdefinition`'s whole number, flag or decimal
/// parameter: `@NSManaged var count: NSNumber?`. The IntentDefinitions plugin writes it as
/// `@Parameter(title:) var count: NSNumber?`, filled from the config's `true`/`false`, a
/// whole number or a decimal (`count?.intValue`, `flag?.boolValue` read it as on iOS).
extension Parameter where Value == NSNumber? {
    public init(title: LocalizedStringResource, description: IntentDescription? = nil) {
        self.init(title: title, from: String.self, make: { text throws(ParameterDecodingError) in
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            switch trimmed.lowercased() {
            case "true", "yes", "on": return NSNumber(value: true)
            case "false", "no", "off": return NSNumber(value: false)
            default: break
            }
            if let whole = Int(trimmed) { return NSNumber(value: whole) }
            if let number = Double(trimmed), number.isFinite { return NSNumber(value: number) }
            throw ParameterDecodingError(expected: "a whole number, a decimal, or true or false")
        }, read: { number in number.map { "\($0)" } })
    }
}
