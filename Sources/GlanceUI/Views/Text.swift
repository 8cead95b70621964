import Foundation
import Glibc
import GlanceGraphics
import GlanceIntents
import GlanceText

/// A run of text (SwiftUI's `Text`): one or more pieces, each with its own font and
/// colour where `Text + Text` or an interpolated `Text` put them together.
public struct Text: View, PrimitiveView, Sendable {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    /// One piece: plain text, or a date or formatted value that becomes text in the
    /// environment (its language, zone and instant).
    struct Run: Sendable {
        enum Content: Sendable {
            case string(String)
            case date(DateSpec)
            case formatted(FormattedValue)
        }

        var content: Content
        var font: Font?
        var weight: Font.Weight?
        var italic: Bool?
        /// Resolved when the tree is: asset colours and `.secondary` need the environment.
        var style: (any ShapeStyle)?
        var tracking: Double?
        /// `.underline()` / `.strikethrough()`: the line's colour (`nil` in it: the text's).
        var underline: Color?? = nil
        var strikethrough: Color?? = nil
    }

    var runs: [Run]

    /// The text, with dates as they were written into it (not yet formatted).
    public var string: String {
        runs.map { run in
            switch run.content {
            case .string(let text): text
            case .date, .formatted: ""
            }
        }.joined()
    }

    /// A string as it is (a variable; a literal goes to `LocalizedStringKey`, as in SwiftUI).
    @_disfavoredOverload
    public init(_ content: some StringProtocol) {
        runs = [Run(content: .string(String(content)))]
    }

    public init(verbatim content: String) {
        runs = [Run(content: .string(content))]
    }

    /// A literal, with `Text`, dates, numbers (`specifier:`) and format styles
    /// interpolated (SwiftUI's `LocalizedStringKey`). Glance ships no string tables: the
    /// key is the text shown.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, comment: StaticString? = nil) {
        runs = key.runs.isEmpty ? [Run(content: .string(""))] : key.runs
    }

    public init(_ resource: LocalizedStringResource) {
        runs = [Run(content: .string(resource.key))]
    }

    /// A value formatted by a format style: `Text(price, format: .currency(code: "EUR"))`.
    /// As in SwiftUI, the style speaks the display's language; a `Date.FormatStyle` left
    /// in the current zone uses the display's, and `Date.RelativeFormatStyle` counts from
    /// the frame's instant.
    public init<Style: FormatStyle>(_ input: Style.FormatInput, format: Style) where Style.FormatOutput == String {
        runs = [Run(content: .formatted(FormattedValue(input, format)))]
    }

    init(runs: [Run]) { self.runs = runs }

    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        let resolved = runs.flatMap { run -> [TextRunNode] in
            let font = run.font ?? environment.font
            var text: String = switch run.content {
            case .string(let string): string
            case .date(let spec): spec.text(in: environment)
            case .formatted(let value): value.text(environment)
            }
            switch environment.textCase {
            case .uppercase?: text = text.uppercased()
            case .lowercase?: text = text.lowercased()
            case nil: break
            }
            let node = TextRunNode(
                string: text,
                pointSize: font.pointSize,
                weight: run.weight ?? environment.fontWeight ?? font.weight,
                italic: run.italic ?? (font.isItalic || environment.italic),
                family: font.family,
                color: run.style?.fill(in: environment).representativeColor ?? environment.foregroundColor,
                tracking: run.tracking ?? environment.tracking,
                decoration: decoration(run, in: environment)
            )
            return font.capitals.isEmpty ? [node] : Self.smallCapitals(node, font.capitals)
        }
        let first = resolved.first ?? TextRunNode(string: "", pointSize: environment.font.pointSize, weight: environment.font.weight,
                                                  italic: false, family: environment.font.family, color: environment.foregroundColor)
        // Runs that all look alike are one run: the plain case stays as cheap as before.
        let uniform = resolved.dropFirst().allSatisfy { $0.looksLike(first) } && first.decoration == TextDecoration()
        return .text(TextNode(
            string: resolved.map(\.string).joined(),
            pointSize: first.pointSize,
            weight: first.weight,
            italic: first.italic,
            family: first.family,
            color: first.color,
            lineLimit: environment.lineLimit,
            alignment: environment.multilineTextAlignment,
            minimumScaleFactor: environment.minimumScaleFactor,
            redacted: environment.redactionReasons.contains(.placeholder),
            runs: uniform ? nil : resolved,
            lineSpacing: environment.lineSpacing,
            reservedLines: environment.lineLimit.map { min($0, environment.reservedLines) } ?? environment.reservedLines,
            tracking: first.tracking,
            truncation: environment.truncationMode.truncation,
            allowsTightening: environment.allowsTightening
        ))
    }

    /// A run in small capitals: each stretch of the letters they change (lowercase ones, and
    /// uppercase ones with `.uppercaseSmallCaps()`) as capitals at `Font.smallCapsScale`.
    static func smallCapitals(_ node: TextRunNode, _ caps: Font.SmallCaps) -> [TextRunNode] {
        func small(_ character: Character) -> Bool {
            (caps.contains(.lowercase) && character.isLowercase) || (caps.contains(.uppercase) && character.isUppercase)
        }
        var pieces: [TextRunNode] = []
        var current = "", currentSmall = false
        func flush() {
            guard !current.isEmpty else { return }
            var piece = node
            piece.string = currentSmall ? current.uppercased() : current
            if currentSmall { piece.pointSize = node.pointSize * Font.smallCapsScale }
            pieces.append(piece)
            current = ""
        }
        for character in node.string {
            let isSmall = small(character)
            if isSmall != currentSmall, !current.isEmpty { flush() }
            currentSmall = isSmall
            current.append(character)
        }
        flush()
        return pieces.isEmpty ? [node] : pieces
    }

    /// Applies a style to every piece that does not set its own (SwiftUI: the innermost
    /// modifier wins).
    private func filling(_ change: (inout Run) -> Void) -> Text {
        var copy = self
        for index in copy.runs.indices { change(&copy.runs[index]) }
        return copy
    }

    // Text's own modifiers return Text, as in SwiftUI, so they can be chained on it.
    public func font(_ font: Font?) -> Text { filling { if $0.font == nil { $0.font = font } } }
    public func fontWeight(_ weight: Font.Weight?) -> Text { filling { if $0.weight == nil { $0.weight = weight } } }
    public func bold() -> Text { fontWeight(.bold) }
    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }
    public func italic() -> Text { filling { if $0.italic == nil { $0.italic = true } } }
    public func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }
    public func foregroundColor(_ color: Color?) -> Text {
        guard let color else { return self }
        return filling { if $0.style == nil { $0.style = color } }
    }
    public func foregroundStyle(_ style: some ShapeStyle) -> Text { filling { if $0.style == nil { $0.style = style } } }
    /// Points after every character of this text.
    public func kerning(_ kerning: CGFloat) -> Text { filling { if $0.tracking == nil { $0.tracking = kerning.native } } }
    public func tracking(_ tracking: CGFloat) -> Text { filling { if $0.tracking == nil { $0.tracking = tracking.native } } }

    /// A line under this text, in `color` or the text's own.
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        filling { if $0.underline == nil { $0.underline = isActive ? .some(color) : .none } }
    }
    /// A line under this text; the pattern is drawn solid.
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern, color: Color? = nil) -> Text {
        underline(isActive, color: color)
    }
    /// A line through this text, in `color` or the text's own.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        filling { if $0.strikethrough == nil { $0.strikethrough = isActive ? .some(color) : .none } }
    }
    /// A line through this text; the pattern is drawn solid.
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern, color: Color? = nil) -> Text {
        strikethrough(isActive, color: color)
    }

    /// The run's lines in their colours: its own, else the environment's (`.underline()`
    /// on a view around it).
    private func decoration(_ run: Run, in environment: EnvironmentValues) -> TextDecoration {
        let own = run.style?.fill(in: environment).representativeColor ?? environment.foregroundColor
        func color(_ setting: Color??, _ inherited: TextLineSetting?) -> RGBA? {
            switch setting {
            case .some(.some(let color)): return color.resolved(in: environment)
            case .some(.none): return own
            case .none: return inherited.map { $0.color?.resolved(in: environment) ?? own }
            }
        }
        return TextDecoration(underline: color(run.underline, environment.underline), strikethrough: color(run.strikethrough, environment.strikethrough))
    }

    /// How a text line is drawn (SwiftUI's `Text.LineStyle`); Glance draws every pattern solid.
    public struct LineStyle: Hashable, Sendable {
        public enum Pattern: Hashable, Sendable {
            case solid, dot, dash, dashDot, dashDotDot
        }
        public var pattern: Pattern
        public var color: Color?
        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.pattern = pattern
            self.color = color
        }
        public static let single = LineStyle()
    }

    /// `Text("a").bold() + Text("b")`: one text whose pieces keep their own styles.
    public static func + (lhs: Text, rhs: Text) -> Text { Text(runs: lhs.runs + rhs.runs) }
}

/// A literal with interpolations (SwiftUI's `LocalizedStringKey`); what `Text("…")` takes.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Sendable {
    /// A key from a literal or a string is its string alone (no array of runs is made
    /// for it: a chart names each of its points' values with one); an interpolation
    /// keeps its runs.
    private let plain: String?
    private let styled: [Text.Run]

    /// The key's text as runs.
    var runs: [Text.Run] { plain.map { [Text.Run(content: .string($0))] } ?? styled }

    public init(_ value: String) {
        plain = value
        styled = []
    }
    public init(stringLiteral value: String) { self.init(value) }
    public init(stringInterpolation: StringInterpolation) {
        plain = nil
        styled = stringInterpolation.runs
    }

    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var runs: [Text.Run] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        private mutating func append(_ text: String) {
            guard !text.isEmpty else { return }
            // Plain text joins the plain piece before it.
            if let last = runs.last, case .string(let previous) = last.content, last.font == nil, last.weight == nil,
               last.italic == nil, last.style == nil {
                runs[runs.count - 1].content = .string(previous + text)
            } else {
                runs.append(Text.Run(content: .string(text)))
            }
        }

        public mutating func appendLiteral(_ literal: String) { append(literal) }
        public mutating func appendInterpolation(_ string: String) { append(string) }
        public mutating func appendInterpolation<Value>(_ value: Value) { append(String(describing: value)) }
        public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) { append(value.description) }
        public mutating func appendInterpolation(_ resource: LocalizedStringResource) { append(resource.key) }

        /// An interpolated `Text` keeps its styles: `Text("Due \(Text(date, style: .relative).bold())")`.
        public mutating func appendInterpolation(_ text: Text) { runs += text.runs }

        /// A date in a `Text.DateStyle`: `"Ends \(date, style: .time)"`.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            runs.append(Text.Run(content: .date(DateSpec(date: date, style: style))))
        }

        /// A number through a printf-style format: `"\(temperature, specifier: "%.1f")°"`.
        public mutating func appendInterpolation<Number: BinaryInteger>(_ value: Number, specifier: String) {
            append(PrintfFormat.format(specifier, Double(value), integer: Int64(value)))
        }

        public mutating func appendInterpolation<Number: BinaryFloatingPoint>(_ value: Number, specifier: String) {
            append(PrintfFormat.format(specifier, Double(value), integer: nil))
        }

        /// A value through a format style: `"\(distance, format: .number.precision(.fractionLength(1)))"`.
        public mutating func appendInterpolation<Style: FormatStyle>(_ input: Style.FormatInput, format: Style) where Style.FormatOutput == String {
            runs.append(Text.Run(content: .formatted(FormattedValue(input, format))))
        }
    }
}

/// The part of printf that `Text`'s `specifier:` takes: `%d`, `%i`, `%ld`, `%lld`, `%u`,
/// `%f`, `%e`, `%g` with flags (`-`, `+`, `0`, space), a width and a precision, `%@`/`%s`
/// for the value as text, and `%%`.
enum PrintfFormat {
    static func format(_ specifier: String, _ value: Double, integer: Int64?) -> String {
        var out = ""
        let characters = Array(specifier)
        var index = 0
        var used = false
        while index < characters.count {
            let character = characters[index]
            guard character == "%", index + 1 < characters.count else {
                out.append(character)
                index += 1
                continue
            }
            index += 1
            if characters[index] == "%" {
                out.append("%")
                index += 1
                continue
            }
            var flags = Set<Character>()
            while index < characters.count, "-+0 #".contains(characters[index]) {
                flags.insert(characters[index])
                index += 1
            }
            var width = 0
            while index < characters.count, let digit = characters[index].wholeNumberValue {
                width = width * 10 + digit
                index += 1
            }
            var precision: Int?
            if index < characters.count, characters[index] == "." {
                index += 1
                var digits = 0
                while index < characters.count, let digit = characters[index].wholeNumberValue {
                    digits = digits * 10 + digit
                    index += 1
                }
                precision = digits
            }
            while index < characters.count, "lhqjzt".contains(characters[index]) { index += 1 }
            guard index < characters.count else { break }
            let conversion = characters[index]
            index += 1
            guard !used else { continue }
            used = true
            var body: String
            switch conversion {
            case "d", "i", "u":
                body = String(integer ?? Int64(value.rounded(.towardZero)))
            case "f", "F":
                body = fixed(value, digits: precision ?? 6)
            case "e", "E":
                body = scientific(value, digits: precision ?? 6, upper: conversion == "E")
            case "g", "G":
                body = general(value, digits: precision ?? 6)
            default:
                body = integer.map(String.init) ?? shortest(value)
            }
            if flags.contains("+"), !body.hasPrefix("-") { body = "+" + body }
            else if flags.contains(" "), !body.hasPrefix("-") { body = " " + body }
            if body.count < width {
                let padding = width - body.count
                if flags.contains("-") {
                    body += String(repeating: " ", count: padding)
                } else if flags.contains("0"), conversion != "@", conversion != "s" {
                    let sign = body.first.map { "+- ".contains($0) } == true ? String(body.removeFirst()) : ""
                    body = sign + String(repeating: "0", count: padding) + body
                } else {
                    body = String(repeating: " ", count: padding) + body
                }
            }
            out += body
        }
        return out
    }

    /// `value` with exactly `digits` decimals, rounded half away from zero.
    static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<min(digits, 15) { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = (scaled / scale).rounded(.down)
        var fraction = String(Int64(scaled - whole * scale))
        fraction = String(repeating: "0", count: max(0, min(digits, 15) - fraction.count)) + fraction
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let integerPart = whole < 1e18 ? String(Int64(whole)) : String(describing: whole)
        return sign + integerPart + (digits > 0 ? "." + fraction + String(repeating: "0", count: max(0, digits - 15)) : "")
    }

    static func scientific(_ value: Double, digits: Int, upper: Bool) -> String {
        guard value != 0, value.isFinite else { return fixed(value, digits: digits) + (upper ? "E+00" : "e+00") }
        var exponent = Int(log10(abs(value)).rounded(.down))
        var mantissa = value / Glibc.pow(10.0, Double(exponent))
        if abs((mantissa * Glibc.pow(10.0, Double(digits))).rounded()) >= Glibc.pow(10.0, Double(digits + 1)) {
            mantissa /= 10
            exponent += 1
        }
        let e = abs(exponent) < 10 ? "0\(abs(exponent))" : "\(abs(exponent))"
        return fixed(mantissa, digits: digits) + (upper ? "E" : "e") + (exponent < 0 ? "-" : "+") + e
    }

    static func general(_ value: Double, digits: Int) -> String {
        let significant = max(1, digits)
        guard value != 0, value.isFinite else { return value == 0 ? "0" : fixed(value, digits: 0) }
        let exponent = Int(log10(abs(value)).rounded(.down))
        var text = exponent < -4 || exponent >= significant
            ? scientific(value, digits: significant - 1, upper: false)
            : fixed(value, digits: max(0, significant - 1 - exponent))
        // %g drops trailing zeros (of the mantissa, in the scientific form).
        let exponentPart = text.firstIndex(of: "e").map { String(text[$0...]) } ?? ""
        var mantissa = String(text.dropLast(exponentPart.count))
        if mantissa.contains(".") {
            while mantissa.hasSuffix("0") { mantissa.removeLast() }
            if mantissa.hasSuffix(".") { mantissa.removeLast() }
        }
        text = mantissa + exponentPart
        return text
    }

    static func shortest(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}

extension Text {
    /// A text's letters in one case (SwiftUI's `Text.Case`, for `.textCase`).
    public enum Case: Hashable, Sendable {
        case uppercase
        case lowercase
    }

    /// Where a text too long for its lines is cut (SwiftUI's `Text.TruncationMode`).
    public enum TruncationMode: Hashable, Sendable {
        case head, tail, middle

        var truncation: Truncation {
            switch self {
            case .head: .head
            case .tail: .tail
            case .middle: .middle
            }
        }
    }
}

/// `.underline()` / `.strikethrough()` on a view: the texts inside that set none of their own.
package struct TextLineSetting: Sendable {
    package var color: Color?
}

extension View {
    /// A line under every text inside (that sets none of its own).
    public consuming func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.underline = isActive ? TextLineSetting(color: color) : nil })
    }
    /// A line through every text inside (that sets none of its own).
    public consuming func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> ModifiedContent<Self, BuiltinModifier> {
        ModifiedContent(self, environment: { $0.strikethrough = isActive ? TextLineSetting(color: color) : nil })
    }

    /// Every text inside in capitals or in small letters (`nil`: as written).
    public consuming func textCase(_ textCase: Text.Case?) -> ModifiedContent<Self, BuiltinModifier> {
        environment(\.textCase, textCase)
    }
}
