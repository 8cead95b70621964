// Foundation's `MeasurementFormatter`, which swift-corelibs-foundation declares
// unavailable on Linux. Declared here, in the module that re-exports Foundation, it
// shadows Foundation's: `MeasurementFormatter()` in a file that imports Glance is this
// one, whether or not the file also imports Foundation.
//
// The words and patterns ("21°C", "12 kilometers", "섭씨 21도") are CLDR's, through the
// ICU that Foundation itself carries (`_FoundationICU`, linked into every Swift program
// that uses Foundation's format styles); only which unit to show for a locale is decided
// here, in the small tables at the end.
import Foundation
import GlanceUI
internal import _FoundationICU

/// Writes measurements with their units for a locale (Foundation's `MeasurementFormatter`):
/// `formatter.string(from: Measurement(value: 21, unit: UnitTemperature.celsius))`.
///
/// As on Apple platforms, a measurement is shown in the unit its locale uses unless
/// `unitOptions` contains `.providedUnit` (21 °C is "69.8°F" for `en_US`); `.short` is the
/// narrowest style ("12km"), `.medium` the abbreviated one ("12 km"), `.long` spells the
/// unit out ("12 kilometers"). The number is written by `numberFormatter` (decimal, at
/// most three fraction digits, unless you set another) in the formatter's locale.
///
/// The locale is `locale` when set; otherwise, while a view's `body` is being drawn, the
/// display's (the config's `locale:`), and elsewhere (a timeline provider, a formatter
/// kept in a `static let`) `Locale.current`. In a provider, set
/// `formatter.locale = context.locale.foundationLocale` to follow the display.
open class MeasurementFormatter: Formatter, @unchecked Sendable {
    /// Which unit is shown (Foundation's `MeasurementFormatter.UnitOptions`).
    public struct UnitOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The measurement's own unit, not the one its locale uses.
        public static let providedUnit = UnitOptions(rawValue: 1 << 0)
        /// A larger or smaller unit of the same system where the value reads better
        /// (1 500 m as "1.5 km"): lengths, masses and volumes.
        public static let naturalScale = UnitOptions(rawValue: 1 << 1)
        /// A temperature as a number and a degree sign only ("21°").
        public static let temperatureWithoutUnit = UnitOptions(rawValue: 1 << 2)
    }

    open var unitOptions: UnitOptions = []
    open var unitStyle: Formatter.UnitStyle = .medium

    private var chosenLocale: Locale?
    private var chosenNumberFormatter: NumberFormatter?

    /// The locale measurements are written for; see the type's documentation for the
    /// default.
    open var locale: Locale! {
        get { chosenLocale ?? Self.defaultLocale }
        set { chosenLocale = newValue }
    }

    /// Writes the number (its locale is set to the formatter's when it writes).
    open var numberFormatter: NumberFormatter! {
        get {
            if let chosenNumberFormatter { return chosenNumberFormatter }
            let formatter = NumberFormatter()
            formatter.numberStyle = .decimal
            chosenNumberFormatter = formatter
            return formatter
        }
        set { chosenNumberFormatter = newValue }
    }

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The display's locale while a body is drawn, else the process's.
    static var defaultLocale: Locale { EnvironmentValues.resolving?.locale.foundationLocale ?? .current }

    open func string(from measurement: Measurement<Unit>) -> String {
        let locale = self.locale ?? .current
        let number = numberFormatter.copy() as? NumberFormatter ?? NumberFormatter()
        number.locale = locale
        guard let dimension = measurement.unit as? Dimension, let unit = MeasureUnit(dimension) else {
            return "\(number.string(from: NSNumber(value: measurement.value)) ?? "\(measurement.value)") \(measurement.unit.symbol)"
        }
        var shown = Measurement(value: measurement.value, unit: dimension)
        if !unitOptions.contains(.providedUnit), let preferred = unit.preferred(in: locale) {
            shown = shown.converted(to: preferred)
        }
        if unitOptions.contains(.naturalScale) { shown = MeasureUnit.naturallyScaled(shown) }
        var stem = "unit/" + (MeasureUnit(shown.unit)?.identifier ?? unit.identifier)
        if unitOptions.contains(.temperatureWithoutUnit), dimension is UnitTemperature { stem = "measure-unit/temperature-generic" }
        let digits = number.string(from: NSNumber(value: shown.value)) ?? "\(shown.value)"
        let pattern = ICUUnitFormat(stem: stem, width: unitStyle, precision: Self.precision(of: number), locale: locale)
        guard let written = pattern.format(shown.value, number: digits) else {
            return "\(digits) \(shown.unit.symbol)"
        }
        return written
    }

    /// Any measurement, as Foundation's overlay offers it.
    public func string<UnitType: Unit>(from measurement: Measurement<UnitType>) -> String {
        string(from: Measurement<Unit>(value: measurement.value, unit: measurement.unit))
    }

    /// The unit's name in the formatter's style: "km" (`.short`, `.medium`), "kilometers"
    /// (`.long`).
    open func string(from unit: Unit) -> String {
        guard let dimension = unit as? Dimension, let identifier = MeasureUnit(dimension)?.identifier,
              let name = ICUUnitFormat(stem: "unit/" + identifier, width: unitStyle, precision: ".#", locale: locale ?? .current)
                .format(1.5, number: "") else { return unit.symbol }
        return name.trimmingCharacters(in: .whitespaces)
    }

    open override func string(for obj: Any?) -> String? {
        if let measurement = obj as? NSMeasurement { return string(from: Measurement(value: measurement.doubleValue, unit: measurement.unit)) }
        if let unit = obj as? Unit { return string(from: unit) }
        return nil
    }

    /// An ICU precision skeleton matching the number formatter's, so that the unit's
    /// plural form agrees with the number written ("1 kilometer", "1.5 kilometers").
    private static func precision(of formatter: NumberFormatter) -> String {
        if formatter.usesSignificantDigits {
            let least = max(1, formatter.minimumSignificantDigits), most = max(least, formatter.maximumSignificantDigits)
            return String(repeating: "@", count: least) + String(repeating: "#", count: most - least)
        }
        let least = max(0, formatter.minimumFractionDigits), most = max(least, formatter.maximumFractionDigits)
        if most == 0 { return "precision-integer" }
        return "." + String(repeating: "0", count: least) + String(repeating: "#", count: most - least)
    }
}

extension EnvironmentValues {
    /// The environment of the body being evaluated; `nil` outside one.
    static var resolving: EnvironmentValues? { EnvironmentScope.bound }
}

/// One ICU unit formatter: a unit (`unit/` and CLDR's identifier), a width, a precision,
/// a locale.
private struct ICUUnitFormat {
    let skeleton: [UChar]
    let locale: String

    init(stem: String, width: Formatter.UnitStyle, precision: String, locale: Locale) {
        let width = switch width {
        case .short: "unit-width-narrow"
        case .long: "unit-width-full-name"
        default: "unit-width-short"
        }
        skeleton = Array("\(stem) \(width) \(precision)".utf16)
        self.locale = locale.identifier
    }

    /// `value` written with its unit, the number's part replaced by `number` (as the
    /// caller's number formatter writes it); nil when ICU cannot.
    func format(_ value: Double, number: String) -> String? {
        var status = U_ZERO_ERROR
        guard let formatter = swift_unumf_openForSkeletonAndLocale(skeleton, Int32(skeleton.count), locale, &status), status.rawValue <= 0 else {
            return nil
        }
        defer { swift_unumf_close(formatter) }
        guard let result = swift_unumf_openResult(&status), status.rawValue <= 0 else { return nil }
        defer { swift_unumf_closeResult(result) }
        swift_unumf_formatDouble(formatter, value, result, &status)
        var buffer = [UChar](repeating: 0, count: 128)
        var length = swift_unumf_resultToString(result, &buffer, Int32(buffer.count), &status)
        if status == U_BUFFER_OVERFLOW_ERROR {
            status = U_ZERO_ERROR
            buffer = [UChar](repeating: 0, count: Int(length) + 1)
            length = swift_unumf_resultToString(result, &buffer, Int32(buffer.count), &status)
        }
        guard status.rawValue <= 0 else { return nil }
        let text = Array(buffer.prefix(Int(length)))
        guard let span = numberSpan(of: result) else { return nil }
        return String(decoding: text[..<span.lowerBound], as: UTF16.self) + number + String(decoding: text[span.upperBound...], as: UTF16.self)
    }

    /// Where the number (sign, digits, separators, exponent) is in ICU's text.
    private func numberSpan(of result: OpaquePointer) -> Range<Int>? {
        var status = U_ZERO_ERROR
        guard let iterator = swift_ufieldpositer_open(&status), status.rawValue <= 0 else { return nil }
        defer { swift_ufieldpositer_close(iterator) }
        swift_unumf_resultGetAllFieldPositions(result, iterator, &status)
        guard status.rawValue <= 0 else { return nil }
        let numeric = Set([UNUM_INTEGER_FIELD, UNUM_FRACTION_FIELD, UNUM_DECIMAL_SEPARATOR_FIELD, UNUM_EXPONENT_SYMBOL_FIELD,
                           UNUM_EXPONENT_SIGN_FIELD, UNUM_EXPONENT_FIELD, UNUM_GROUPING_SEPARATOR_FIELD, UNUM_SIGN_FIELD].map { Int32($0.rawValue) })
        var lower = Int.max, upper = Int.min
        var begin: Int32 = 0, end: Int32 = 0
        while true {
            let field = swift_ufieldpositer_next(iterator, &begin, &end)
            if field < 0 { break }
            guard numeric.contains(field) else { continue }
            lower = min(lower, Int(begin))
            upper = max(upper, Int(end))
        }
        return lower <= upper ? lower..<upper : nil
    }
}

/// A Foundation unit as CLDR names it, and which system of measurement it belongs to.
private struct MeasureUnit {
    enum System { case metric, us, imperial, none }

    let identifier: String
    let system: System
    let dimension: Dimension

    init?(_ dimension: Dimension) {
        guard let (identifier, system) = Self.table["\(type(of: dimension)) \(dimension.symbol)"] else { return nil }
        self.identifier = identifier
        self.system = system
        self.dimension = dimension
    }

    /// The unit the locale writes such a measurement in, when it is not this one:
    /// temperatures in °F for the United States and in °C elsewhere; lengths, speeds and
    /// masses in the locale's system (UK roads in miles and miles an hour). Other
    /// dimensions are written as given.
    func preferred(in locale: Locale) -> Dimension? {
        let region = locale.measurementSystem
        let symbol = dimension.symbol
        switch dimension {
        case is UnitTemperature:
            let wanted: UnitTemperature = region == .us ? .fahrenheit : .celsius
            return symbol == wanted.symbol ? nil : wanted
        case is UnitLength:
            switch (region, system) {
            case (.us, .metric): return ["km": UnitLength.miles, "cm": .inches, "mm": .inches][symbol] ?? UnitLength.feet
            case (.uk, .metric): return symbol == "km" ? UnitLength.miles : nil
            case (.metric, .us), (.metric, .imperial): return ["mi": UnitLength.kilometers, "in": .centimeters][symbol] ?? UnitLength.meters
            default: return nil
            }
        case is UnitSpeed:
            switch (region, system) {
            case (.us, .metric), (.uk, .metric): return UnitSpeed.milesPerHour
            case (.metric, .us): return UnitSpeed.kilometersPerHour
            default: return nil
            }
        case is UnitMass:
            switch (region, system) {
            case (.us, .metric): return ["g": UnitMass.ounces, "mg": .ounces][symbol] ?? UnitMass.pounds
            case (.metric, .us), (.metric, .imperial): return symbol == "oz" ? UnitMass.grams : UnitMass.kilograms
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The measurement in the largest unit of its system's ladder in which it is at
    /// least 1 (`naturalScale`); as it is for dimensions without a ladder.
    static func naturallyScaled<U: Dimension>(_ measurement: Measurement<U>) -> Measurement<U> {
        let ladders: [[Dimension]] = [
            [UnitLength.kilometers, UnitLength.meters, UnitLength.centimeters, UnitLength.millimeters],
            [UnitLength.miles, UnitLength.feet, UnitLength.inches],
            [UnitMass.kilograms, UnitMass.grams, UnitMass.milligrams],
            [UnitMass.pounds, UnitMass.ounces],
            [UnitVolume.liters, UnitVolume.milliliters],
        ]
        guard measurement.value != 0, let ladder = ladders.first(where: { $0.contains(measurement.unit) }) else { return measurement }
        for case let unit as U in ladder {
            let scaled = measurement.converted(to: unit)
            if abs(scaled.value) >= 1 || unit == ladder.last { return scaled }
        }
        return measurement
    }

    /// Foundation's units by dimension and symbol: CLDR's identifier and the system.
    private static let table: [String: (String, System)] = {
        var table: [String: (String, System)] = [:]
        func add(_ dimension: String, _ system: System, _ units: [(String, String)]) {
            for (symbol, identifier) in units { table["\(dimension) \(symbol)"] = (identifier, system) }
        }
        add("UnitLength", .metric, [("Mm", "megameter"), ("km", "kilometer"), ("hm", "hectometer"), ("dam", "decameter"), ("m", "meter"),
                                    ("dm", "decimeter"), ("cm", "centimeter"), ("mm", "millimeter"), ("µm", "micrometer"), ("nm", "nanometer"),
                                    ("pm", "picometer"), ("smi", "mile-scandinavian")])
        add("UnitLength", .us, [("in", "inch"), ("ft", "foot"), ("yd", "yard"), ("mi", "mile"), ("ftm", "fathom"), ("fur", "furlong")])
        add("UnitLength", .none, [("ly", "light-year"), ("NM", "nautical-mile"), ("ua", "astronomical-unit"), ("pc", "parsec")])
        add("UnitTemperature", .none, [("°C", "celsius"), ("°F", "fahrenheit"), ("K", "kelvin")])
        add("UnitSpeed", .metric, [("m/s", "meter-per-second"), ("km/h", "kilometer-per-hour")])
        add("UnitSpeed", .us, [("mph", "mile-per-hour")])
        add("UnitSpeed", .none, [("kn", "knot")])
        add("UnitMass", .metric, [("kg", "kilogram"), ("g", "gram"), ("dg", "decigram"), ("cg", "centigram"), ("mg", "milligram"),
                                  ("µg", "microgram"), ("ng", "nanogram"), ("pg", "picogram"), ("t", "tonne")])
        add("UnitMass", .us, [("oz", "ounce"), ("lb", "pound"), ("ton", "ton"), ("oz t", "ounce-troy")])
        add("UnitMass", .imperial, [("st", "stone")])
        add("UnitMass", .none, [("ct", "carat")])
        add("UnitVolume", .metric, [("ML", "megaliter"), ("kL", "kiloliter"), ("L", "liter"), ("dL", "deciliter"), ("dl", "deciliter"),
                                    ("cL", "centiliter"), ("mL", "milliliter"), ("km³", "cubic-kilometer"), ("m³", "cubic-meter"),
                                    ("dm³", "cubic-decimeter"), ("cm³", "cubic-centimeter"), ("mm³", "cubic-millimeter")])
        add("UnitVolume", .us, [("in³", "cubic-inch"), ("ft³", "cubic-foot"), ("yd³", "cubic-yard"), ("mi³", "cubic-mile"), ("af", "acre-foot"),
                                ("bls", "bushel"), ("tsp", "teaspoon"), ("tbsp", "tablespoon"), ("fl oz", "fluid-ounce"), ("cup", "cup"),
                                ("pt", "pint"), ("qt", "quart"), ("gal", "gallon")])
        add("UnitVolume", .imperial, [("gal Imperial", "gallon-imperial")])
        add("UnitPressure", .metric, [("N/m²", "pascal"), ("GPa", "gigapascal"), ("MPa", "megapascal"), ("kPa", "kilopascal"),
                                      ("hPa", "hectopascal"), ("mbar", "millibar"), ("bar", "bar"), ("mmHg", "millimeter-ofhg")])
        add("UnitPressure", .us, [("inHg", "inch-ofhg"), ("psi", "pound-force-per-square-inch")])
        add("UnitDuration", .none, [("hr", "hour"), ("h", "hour"), ("min", "minute"), ("m", "minute"), ("s", "second"), ("sec", "second"),
                                    ("ms", "millisecond"), ("µs", "microsecond"), ("ns", "nanosecond")])
        add("UnitEnergy", .none, [("kJ", "kilojoule"), ("J", "joule"), ("kCal", "kilocalorie"), ("cal", "calorie"), ("kWh", "kilowatt-hour")])
        add("UnitPower", .none, [("TW", "terawatt"), ("GW", "gigawatt"), ("MW", "megawatt"), ("kW", "kilowatt"), ("W", "watt"),
                                 ("mW", "milliwatt"), ("hp", "horsepower")])
        add("UnitAngle", .none, [("°", "degree"), ("ʹ", "arc-minute"), ("ʺ", "arc-second"), ("rad", "radian"), ("rev", "revolution")])
        add("UnitArea", .metric, [("km²", "square-kilometer"), ("m²", "square-meter"), ("cm²", "square-centimeter"), ("ha", "hectare")])
        add("UnitArea", .us, [("in²", "square-inch"), ("ft²", "square-foot"), ("yd²", "square-yard"), ("mi²", "square-mile"), ("ac", "acre")])
        add("UnitFrequency", .none, [("THz", "terahertz"), ("GHz", "gigahertz"), ("MHz", "megahertz"), ("kHz", "kilohertz"), ("Hz", "hertz")])
        add("UnitIlluminance", .none, [("lx", "lux")])
        add("UnitElectricPotentialDifference", .none, [("MV", "megavolt"), ("kV", "kilovolt"), ("V", "volt"), ("mV", "millivolt")])
        add("UnitElectricCurrent", .none, [("MA", "megaampere"), ("kA", "kiloampere"), ("A", "ampere"), ("mA", "milliampere")])
        add("UnitElectricResistance", .none, [("MΩ", "megaohm"), ("kΩ", "kiloohm"), ("Ω", "ohm"), ("mΩ", "milliohm")])
        add("UnitDispersion", .none, [("ppm", "permillion")])
        add("UnitFuelEfficiency", .metric, [("L/100km", "liter-per-100-kilometer")])
        add("UnitFuelEfficiency", .us, [("mpg", "mile-per-gallon")])
        add("UnitFuelEfficiency", .imperial, [("mpg Imperial", "mile-per-gallon-imperial")])
        add("UnitAcceleration", .none, [("m/s²", "meter-per-square-second"), ("g", "g-force")])
        add("UnitConcentrationMass", .none, [("g/L", "gram-per-liter"), ("mg/dL", "milligram-ofglucose-per-deciliter")])
        add("UnitInformationStorage", .none, [("B", "byte"), ("kB", "kilobyte"), ("MB", "megabyte"), ("GB", "gigabyte"), ("TB", "terabyte"),
                                              ("PB", "petabyte"), ("b", "bit"), ("kb", "kilobit"), ("Mb", "megabit"), ("Gb", "gigabit")])
        return table
    }()
}
