// Imports Foundation as well as Glance, as ported widget files often do: the formatter is
// still Glance's (Foundation's is unavailable on Linux and would not compile).
import Foundation
import Glance
import GlanceUI
import Testing

/// MeasurementFormatter writes what Apple's writes for en_US (CLDR's words, through ICU),
/// and what CLDR says for other locales.
@Suite struct MeasurementFormatterTests {
    func formatter(_ locale: String, _ style: Formatter.UnitStyle = .medium, _ options: MeasurementFormatter.UnitOptions = [.providedUnit]) -> MeasurementFormatter {
        let formatter = MeasurementFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.unitStyle = style
        formatter.unitOptions = options
        return formatter
    }

    let celsius = Measurement(value: 21, unit: UnitTemperature.celsius)
    let kilometers = Measurement(value: 12, unit: UnitLength.kilometers)

    @Test func isGlancesOwnEvenBesideAnImportOfFoundation() {
        let formatter = MeasurementFormatter()
        #expect(type(of: formatter) == Glance.MeasurementFormatter.self)
        #expect(formatter.unitStyle == .medium && formatter.unitOptions == [])
    }

    @Test func englishAsApplesWritesIt() {
        #expect(formatter("en_US", .short).string(from: celsius) == "21°C")
        #expect(formatter("en_US", .medium).string(from: celsius) == "21°C")
        #expect(formatter("en_US", .long).string(from: celsius) == "21 degrees Celsius")
        // `.short` is the narrow width ("9.8Gs" for gravity on iOS); `.medium` abbreviates.
        #expect(formatter("en_US", .short).string(from: kilometers) == "12km")
        #expect(formatter("en_US", .medium).string(from: kilometers) == "12 km")
        #expect(formatter("en_US", .long).string(from: kilometers) == "12 kilometers")
        #expect(formatter("en_US", .long).string(from: Measurement(value: 1, unit: UnitLength.kilometers)) == "1 kilometer")
        #expect(formatter("en_US").string(from: Measurement(value: 18.5, unit: UnitSpeed.kilometersPerHour)) == "18.5 km/h")
        #expect(formatter("en_US").string(from: Measurement(value: -3.25, unit: UnitTemperature.celsius)) == "-3.25°C")
        #expect(formatter("en_US").string(from: Measurement(value: 1_234_567, unit: UnitLength.meters)) == "1,234,567 m")
    }

    @Test func withoutProvidedUnitTheLocalesUnit() {
        #expect(formatter("en_US", .medium, []).string(from: celsius) == "69.8°F")
        #expect(formatter("en_US", .medium, []).string(from: Measurement(value: 293, unit: UnitTemperature.kelvin)) == "67.73°F")
        #expect(formatter("en_GB", .medium, []).string(from: Measurement(value: 293, unit: UnitTemperature.kelvin)) == "19.85°C")
        #expect(formatter("en_US", .medium, []).string(from: kilometers) == "7.456 mi")
        #expect(formatter("en_US", .medium, []).string(from: Measurement(value: 30, unit: UnitSpeed.kilometersPerHour)) == "18.641 mph")
        #expect(formatter("ko_KR", .medium, []).string(from: celsius) == "21°C")
        #expect(formatter("ko_KR", .medium, []).string(from: Measurement(value: 5, unit: UnitLength.miles)) == "8.047km")
        // Dimensions without a preference are written as given.
        #expect(formatter("en_US", .medium, []).string(from: Measurement(value: 1013, unit: UnitPressure.hectopascals)) == "1,013 hPa")
    }

    @Test func naturalScalePicksTheUnitOfTheSameSystem() {
        let natural = formatter("en_US", .medium, [.providedUnit, .naturalScale])
        #expect(natural.string(from: Measurement(value: 1500, unit: UnitLength.meters)) == "1.5 km")
        #expect(natural.string(from: Measurement(value: 800, unit: UnitLength.meters)) == "800 m")
        #expect(natural.string(from: Measurement(value: 0.25, unit: UnitLength.kilometers)) == "250 m")
        #expect(natural.string(from: Measurement(value: 1200, unit: UnitMass.grams)) == "1.2 kg")
        #expect(formatter("en_US", .medium, [.naturalScale]).string(from: Measurement(value: 800, unit: UnitLength.meters)) == "2,624.672 ft")
        #expect(formatter("ko_KR", .medium, [.naturalScale]).string(from: Measurement(value: 1500, unit: UnitLength.meters)) == "1.5km")
    }

    @Test func temperatureWithoutUnit() {
        #expect(formatter("en_US", .medium, [.providedUnit, .temperatureWithoutUnit]).string(from: celsius) == "21°")
        #expect(formatter("en_US", .medium, [.temperatureWithoutUnit]).string(from: celsius) == "69.8°")
        #expect(formatter("ko_KR", .medium, [.temperatureWithoutUnit]).string(from: celsius) == "21°")
    }

    @Test func koreanAndJapanese() {
        #expect(formatter("ko_KR", .short).string(from: celsius) == "21°C")
        #expect(formatter("ko_KR", .long).string(from: celsius) == "섭씨 21도")
        #expect(formatter("ko_KR", .medium).string(from: kilometers) == "12km")
        #expect(formatter("ko_KR", .long).string(from: kilometers) == "12킬로미터")
        #expect(formatter("ja_JP", .medium).string(from: celsius) == "21°C")
        #expect(formatter("ja_JP", .long).string(from: celsius) == "摂氏21度")
        #expect(formatter("ja_JP", .medium).string(from: kilometers) == "12 km")
        #expect(formatter("ja_JP", .long).string(from: kilometers) == "12キロメートル")
        #expect(formatter("ja_JP", .medium).string(from: Measurement(value: 5, unit: UnitDuration.minutes)) == "5分")
    }

    @Test func theNumberFormatterWritesTheNumber() {
        let whole = formatter("en_US")
        whole.numberFormatter.maximumFractionDigits = 0
        #expect(whole.string(from: Measurement(value: 21.4, unit: UnitTemperature.celsius)) == "21°C")
        let one = formatter("en_US", .long)
        one.numberFormatter.maximumFractionDigits = 1
        // The unit agrees with the number as written.
        #expect(one.string(from: Measurement(value: 1.04, unit: UnitLength.kilometers)) == "1 kilometer")
        #expect(one.string(from: Measurement(value: 2.26, unit: UnitLength.kilometers)) == "2.3 kilometers")
        let fixed = formatter("en_US")
        let number = NumberFormatter()
        number.minimumFractionDigits = 2
        number.maximumFractionDigits = 2
        fixed.numberFormatter = number
        #expect(fixed.string(from: Measurement(value: 3, unit: UnitLength.kilometers)) == "3.00 km")
        // In the formatter's locale.
        #expect(formatter("de_DE").string(from: Measurement(value: 1.5, unit: UnitLength.kilometers)) == "1,5 km")
    }

    @Test func unitNames() {
        #expect(formatter("en_US", .medium).string(from: UnitLength.kilometers) == "km")
        #expect(formatter("en_US", .long).string(from: UnitLength.kilometers) == "kilometers")
        #expect(formatter("en_US", .short).string(from: UnitTemperature.celsius) == "°C")
        #expect(formatter("ko_KR", .long).string(from: UnitLength.kilometers) == "킬로미터")
    }

    @Test func unitsICUDoesNotKnowKeepTheirSymbol() {
        let unit = Dimension(symbol: "fl", converter: UnitConverterLinear(coefficient: 1))
        #expect(formatter("en_US").string(from: Measurement(value: 3, unit: unit)) == "3 fl")
    }

    @Test func stringForAnObject() {
        #expect(formatter("en_US").string(for: kilometers) == "12 km")
        #expect(formatter("en_US").string(for: UnitLength.meters) == "m")
        #expect(formatter("en_US").string(for: 12) == nil)
    }

    /// Unset, the locale is the display's while a view is drawn, else the process's.
    @Test func theDefaultLocaleIsTheDisplaysInABody() {
        var environment = EnvironmentValues()
        environment.locale = DisplayLocale(identifier: "ko_KR")
        let formatter = MeasurementFormatter()
        #expect(EnvironmentScope.$bound.withValue(environment) { formatter.locale.identifier } == "ko_KR")
        #expect(formatter.locale == Locale.current)
        formatter.locale = Locale(identifier: "ja_JP")
        #expect(EnvironmentScope.$bound.withValue(environment) { formatter.locale.identifier } == "ja_JP")
    }
}
