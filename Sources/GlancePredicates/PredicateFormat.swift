// Foundation's predicate strings and key-based sort descriptors, which swift-corelibs-foundation
// marks unavailable ("key-value coding is not supported"): `NSPredicate(format: "done == NO AND
// title CONTAINS[cd] %@", text)` and `NSSortDescriptor(key: "date", ascending: false)`, as Core
// Data fetch requests (and widget code filtering arrays of dictionaries) write them.
//
// The predicate is parsed once, when it is made; a format it cannot read is a clear message
// naming the format and the place (Apple's raises an Objective-C exception there) and a
// predicate that matches nothing, never a different filter. Values are read from objects
// that answer `value(forKey:)` (Core Data's managed objects) and from dictionaries.
import Foundation
import GlanceSystem

/// What a predicate or a key-based sort reads values from: Core Data's `NSManagedObject`.
public protocol _KeyValueReading: AnyObject {
    func value(forKey key: String) -> Any?
}

/// What a predicate compares objects by (`folder == %@`): a managed object's and its ID's row,
/// so that the same row read in another context, or its ID, is equal.
public protocol _PredicateIdentity {
    var _predicateIdentity: AnyHashable { get }
}

// `date as CVarArg` and `id as CVarArg`, as Core Data code passes them to `%@`: on Apple
// platforms `Date` and `UUID` bridge to NSDate and NSUUID. Their encoding is an object
// pointer, as `%@` in `String(format:)` reads one: for the value types a string of their
// description, kept (a few bytes each time one is formatted); for the objects, themselves
// (the arguments hold them while the call runs).
extension Date: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] {
        [Int(bitPattern: Unmanaged.passRetained(NSString(string: description)).toOpaque())]
    }
}
extension UUID: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] {
        [Int(bitPattern: Unmanaged.passRetained(NSString(string: uuidString)).toOpaque())]
    }
}
extension NSDate: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: Unmanaged.passUnretained(self).toOpaque())] }
}
extension NSUUID: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: Unmanaged.passUnretained(self).toOpaque())] }
}

/// Why a predicate format was not read: the format, the character where reading stopped, and what was expected.
public struct PredicateFormatError: Error, CustomStringConvertible {
    public let format: String
    public let offset: Int
    public let reason: String
    public var description: String { "NSPredicate format \"\(format)\", at character \(offset + 1): \(reason)" }
}

extension NSPredicate {
    /// A predicate read from Foundation's predicate language: comparisons (`==`, `!=`, `<`,
    /// `<=`, `>`, `>=`, `BETWEEN`, `IN`, `CONTAINS`, `BEGINSWITH`, `ENDSWITH`, `LIKE`,
    /// `MATCHES`, with `[c]`, `[d]`, `[cd]`), `AND`/`&&`, `OR`/`||`, `NOT`/`!`, parentheses,
    /// `ANY`/`ALL`/`NONE` over collections, `TRUEPREDICATE`/`FALSEPREDICATE`, key paths,
    /// `SELF`, literals (strings, numbers, `YES`/`NO`/`TRUE`/`FALSE`, `nil`/`NULL`,
    /// `{a, b}`) and the arguments `%@`, `%K`, `%d`, `%i`, `%ld`, `%lld`, `%u`, `%lu`,
    /// `%f`, `%lf`, `%s`.
    public convenience init(format predicateFormat: String, _ args: CVarArg...) {
        self.init(format: predicateFormat, argumentArray: args)
    }

    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        let parsed: PredicateNode
        do {
            var parser = PredicateParser(format: predicateFormat, arguments: arguments ?? [])
            parsed = try parser.parse()
        } catch {
            SlotLog.once("predicate:\(predicateFormat)", "\(error); the predicate matches nothing")
            parsed = .constant(false)
        }
        self.init(block: { object, _ in parsed.evaluate(object) })
    }

    /// The format's parse, for a fetch request that wants to know what it filters on.
    public static func _check(format: String, arguments: [Any] = []) throws {
        var parser = PredicateParser(format: format, arguments: arguments)
        _ = try parser.parse()
    }
}

/// `\_SortKey.[key: "date"]` carries a key through `NSSortDescriptor(keyPath:ascending:)`,
/// the only initialiser swift-corelibs-foundation offers; `\_SortKey.[path: \Note.title]` a
/// key path to a value that is not `Comparable` (an optional).
public final class _SortKey: NSObject {
    public subscript(key key: String) -> String { key }
    public subscript(path path: AnyKeyPath) -> _SortPath { _SortPath(path: path) }
}

public struct _SortPath: Comparable {
    let path: AnyKeyPath
    public static func < (left: _SortPath, right: _SortPath) -> Bool { false }
}

extension NSSortDescriptor {
    /// Sorts by the value of `key` (a key path, `"list.name"`); `nil` sorts by the objects themselves.
    public convenience init(key: String?, ascending: Bool) {
        self.init(keyPath: \_SortKey.[key: key ?? "self"], ascending: ascending)
    }

    /// Sorts by an optional value at `keyPath` (`\Note.title`, a `String?`); `nil` first.
    public convenience init<Root: NSObject, Wrapped: Comparable>(keyPath: KeyPath<Root, Wrapped?>, ascending: Bool) {
        self.init(keyPath: \_SortKey.[path: keyPath], ascending: ascending)
    }

    /// The key this descriptor sorts by: the string given to `init(key:ascending:)`, or the
    /// last name of a Swift key path's description.
    public var _keyName: String? {
        if let path = keyPath as? KeyPath<_SortKey, String> { return _SortKey()[keyPath: path] }
        return nil
    }

    /// Orders two objects by this descriptor (values read as a predicate reads them).
    public func _compare(_ left: Any, _ right: Any) -> ComparisonResult {
        let a: Any?, b: Any?
        if let key = _keyName {
            a = PredicateValue.read(key, from: left)
            b = PredicateValue.read(key, from: right)
        } else {
            var path = keyPath
            if let carried = keyPath as? KeyPath<_SortKey, _SortPath> { path = _SortKey()[keyPath: carried].path }
            a = PredicateValue.unwrap(PredicateValue.apply(path, to: left))
            b = PredicateValue.unwrap(PredicateValue.apply(path, to: right))
        }
        let order = PredicateValue.compare(a, b) ?? .orderedSame
        if ascending { return order }
        switch order {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }
}

extension Array {
    /// Sorted by `descriptors` in turn, as Foundation's `sortedArray(using:)`.
    public func sorted(using descriptors: [NSSortDescriptor]) -> [Element] {
        enumerated().sorted { left, right in
            for descriptor in descriptors {
                switch descriptor._compare(left.element, right.element) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// The elements `predicate` accepts, as Foundation's `filtered(using:)`.
    public func filtered(using predicate: NSPredicate) -> [Element] {
        filter { predicate.evaluate(with: $0) }
    }
}

// MARK: Values

enum PredicateValue {
    static func apply(_ path: AnyKeyPath, to object: Any) -> Any? {
        func open<Root>(_ root: Root) -> Any? { root[keyPath: path] }
        return _openExistential(object, do: open)
    }

    /// `Optional<Any>` inside an `Any` flattened; Foundation's reference types as Swift values.
    static func unwrap(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let inner = mirror.children.first?.value else { return nil }
            return unwrap(inner)
        }
        switch value {
        case is NSNull: return nil
        case let string as NSString: return string as String
        case let date as NSDate: return date as Date
        case let number as NSNumber where !(value is Bool) && !(value is Int) && !(value is Double):
            return number.doubleValue
        case let set as NSSet: return Array(set)
        case let ordered as NSOrderedSet: return ordered.array
        default: return value
        }
    }

    /// The value at `keyPath` (dotted) of `object`: a managed object's, a dictionary's.
    static func read(_ keyPath: String, from object: Any?) -> Any? {
        var current: Any? = unwrap(object)
        for key in keyPath.split(separator: ".").map(String.init) {
            guard let value = current else { return nil }
            if key == "self" || key == "SELF" { continue }
            if key == "@count" {
                current = count(value)
                continue
            }
            switch value {
            case let object as _KeyValueReading: current = unwrap(object.value(forKey: key))
            case let dictionary as [String: Any]: current = unwrap(dictionary[key])
            case let dictionary as NSDictionary: current = unwrap(dictionary.object(forKey: key))
            case let many as [Any]: current = many.map { read(key, from: $0) as Any }
            default: return nil
            }
        }
        return current
    }

    static func count(_ value: Any) -> Any? {
        switch value {
        case let many as [Any]: return many.count
        case let string as String: return string.count
        case let set as Set<AnyHashable>: return set.count
        default: return nil
        }
    }

    static func number(_ value: Any) -> Double? {
        switch value {
        case let value as Bool: return value ? 1 : 0
        case let value as Int: return Double(value)
        case let value as Int8: return Double(value)
        case let value as Int16: return Double(value)
        case let value as Int32: return Double(value)
        case let value as Int64: return Double(value)
        case let value as UInt: return Double(value)
        case let value as UInt8: return Double(value)
        case let value as UInt16: return Double(value)
        case let value as UInt32: return Double(value)
        case let value as UInt64: return Double(value)
        case let value as Double: return value
        case let value as Float: return Double(value)
        case let value as Decimal: return NSDecimalNumber(decimal: value).doubleValue
        case let value as NSNumber: return value.doubleValue
        default: return nil
        }
    }

    /// Two values' order; nil when they cannot be ordered (different kinds).
    static func compare(_ left: Any?, _ right: Any?, options: StringOptions = []) -> ComparisonResult? {
        switch (unwrap(left), unwrap(right)) {
        case (nil, nil): return .orderedSame
        case (nil, _): return .orderedAscending
        case (_, nil): return .orderedDescending
        case let (a as String, b as String):
            return options.fold(a).compare(options.fold(b))
        case let (a as Date, b as Date):
            return a.compare(b)
        case let (a as UUID, b as UUID):
            return a.uuidString.compare(b.uuidString)
        case let (a as UUID, b as String), let (b as String, a as UUID):
            return a.uuidString.caseInsensitiveCompare(b) == .orderedSame ? .orderedSame : a.uuidString.compare(b.uppercased())
        case let (a as URL, b as URL):
            return a.absoluteString.compare(b.absoluteString)
        case let (a as Data, b as Data):
            return a == b ? .orderedSame : (a.lexicographicallyPrecedes(b) ? .orderedAscending : .orderedDescending)
        case let (a?, b?):
            guard let x = number(a), let y = number(b) else {
                if let a = a as? AnyHashable, let b = b as? AnyHashable, a == b { return .orderedSame }
                return nil
            }
            return x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
        }
    }

    static func equal(_ left: Any?, _ right: Any?, options: StringOptions = []) -> Bool {
        let a = unwrap(left), b = unwrap(right)
        if let a = a as? _PredicateIdentity, let b = b as? _PredicateIdentity { return a._predicateIdentity == b._predicateIdentity }
        if let a = a as? _KeyValueReading, let b = b as? _KeyValueReading { return a === b }
        return compare(a, b, options: options) == .orderedSame
    }

    struct StringOptions: OptionSet {
        let rawValue: Int
        static let caseInsensitive = StringOptions(rawValue: 1)
        static let diacriticInsensitive = StringOptions(rawValue: 2)

        func fold(_ string: String) -> String {
            var folding: String.CompareOptions = []
            if contains(.caseInsensitive) { folding.insert(.caseInsensitive) }
            if contains(.diacriticInsensitive) { folding.insert(.diacriticInsensitive) }
            return folding.isEmpty ? string : string.folding(options: folding, locale: nil)
        }
    }
}

// MARK: The parsed predicate

indirect enum PredicateExpression {
    case keyPath(String)
    case constant(Any?)
    case aggregate([PredicateExpression])

    func value(_ object: Any?) -> Any? {
        switch self {
        case .keyPath(let path): return path == "SELF" ? PredicateValue.unwrap(object) : PredicateValue.read(path, from: object)
        case .constant(let value): return value
        case .aggregate(let items): return items.map { $0.value(object) as Any }
        }
    }
}

enum PredicateOperator: String {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual, between, `in`, contains, beginsWith, endsWith, like, matches
}

enum PredicateQuantifier { case any, all, none }

indirect enum PredicateNode {
    case constant(Bool)
    case not(PredicateNode)
    case and(PredicateNode, PredicateNode)
    case or(PredicateNode, PredicateNode)
    case comparison(PredicateQuantifier?, PredicateExpression, PredicateOperator, PredicateValue.StringOptions, PredicateExpression)

    func evaluate(_ object: Any?) -> Bool {
        switch self {
        case .constant(let value): return value
        case .not(let node): return !node.evaluate(object)
        case .and(let a, let b): return a.evaluate(object) && b.evaluate(object)
        case .or(let a, let b): return a.evaluate(object) || b.evaluate(object)
        case let .comparison(quantifier, left, op, options, right):
            let leftValue = left.value(object), rightValue = right.value(object)
            guard let quantifier else { return Self.compare(leftValue, op, options, rightValue) }
            let many = (PredicateValue.unwrap(leftValue) as? [Any]) ?? []
            switch quantifier {
            case .any: return many.contains { Self.compare($0, op, options, rightValue) }
            case .all: return many.allSatisfy { Self.compare($0, op, options, rightValue) }
            case .none: return !many.contains { Self.compare($0, op, options, rightValue) }
            }
        }
    }

    static func compare(_ left: Any?, _ op: PredicateOperator, _ options: PredicateValue.StringOptions, _ right: Any?) -> Bool {
        let a = PredicateValue.unwrap(left), b = PredicateValue.unwrap(right)
        switch op {
        case .equal: return PredicateValue.equal(a, b, options: options)
        case .notEqual: return !PredicateValue.equal(a, b, options: options)
        case .less: return a != nil && b != nil && PredicateValue.compare(a, b, options: options) == .orderedAscending
        case .lessOrEqual: return a != nil && b != nil && [.orderedAscending, .orderedSame].contains(PredicateValue.compare(a, b, options: options))
        case .greater: return a != nil && b != nil && PredicateValue.compare(a, b, options: options) == .orderedDescending
        case .greaterOrEqual: return a != nil && b != nil && [.orderedDescending, .orderedSame].contains(PredicateValue.compare(a, b, options: options))
        case .between:
            guard let bounds = b as? [Any], bounds.count == 2 else { return false }
            return compare(a, .greaterOrEqual, options, bounds[0]) && compare(a, .lessOrEqual, options, bounds[1])
        case .in:
            if let many = b as? [Any] { return many.contains { PredicateValue.equal(a, $0, options: options) } }
            if let text = b as? String, let part = a as? String { return options.fold(text).contains(options.fold(part)) }
            return false
        case .contains:
            if let many = a as? [Any] { return many.contains { PredicateValue.equal($0, b, options: options) } }
            guard let text = a as? String, let part = b as? String else { return false }
            return options.fold(text).contains(options.fold(part))
        case .beginsWith:
            guard let text = a as? String, let part = b as? String else { return false }
            return options.fold(text).hasPrefix(options.fold(part))
        case .endsWith:
            guard let text = a as? String, let part = b as? String else { return false }
            return options.fold(text).hasSuffix(options.fold(part))
        case .like:
            guard let text = a as? String, let pattern = b as? String else { return false }
            return wildcard(options.fold(pattern)[...], options.fold(text)[...])
        case .matches:
            // The whole text, as ICU's full match: not `^…$`, which a stray `)` escapes and
            // whose `$` matches before a final newline.
            // The pattern must stand alone (a stray `)` is an invalid pattern, as on Apple's),
            // then it is wrapped so that it is one group ending at the absolute end (`\z`).
            let flags: NSRegularExpression.Options = options.contains(.caseInsensitive) ? [.caseInsensitive] : []
            guard let text = a as? String, let pattern = b as? String, (try? NSRegularExpression(pattern: pattern, options: flags)) != nil,
                  let expression = try? NSRegularExpression(pattern: "(?:" + pattern + ")\\z", options: flags) else { return false }
            let whole = NSRange(text.startIndex..., in: text)
            return expression.firstMatch(in: text, options: .anchored, range: whole) != nil
        }
    }

    /// LIKE's `*` (any run) and `?` (one character), matched in time proportional to the
    /// pattern's length times the text's (a `*` backtracks only to the last one seen).
    static func wildcard(_ pattern: Substring, _ text: Substring) -> Bool {
        let pattern = Array(pattern), text = Array(text)
        var p = 0, t = 0
        var star: Int?, resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

// MARK: Reading a format

struct PredicateParser {
    let format: String
    private let characters: [Character]
    private var position = 0
    private var arguments: [Any]
    private var nextArgument = 0
    /// A format is at most this long, and nests at most this deep.
    static let formatLimit = 16_384
    static let depthLimit = 64
    private var depth = 0

    init(format: String, arguments: [Any]) {
        self.format = format
        characters = Array(format)
        self.arguments = arguments
    }

    func error(_ reason: String) -> PredicateFormatError {
        PredicateFormatError(format: format, offset: min(position, characters.count), reason: reason)
    }

    mutating func parse() throws -> PredicateNode {
        guard characters.count <= Self.formatLimit else { throw error("the format is longer than \(Self.formatLimit) characters") }
        let node = try orExpression()
        skipSpace()
        guard position == characters.count else { throw error("expected the end of the predicate, found \"\(String(characters[position...]))\"") }
        return node
    }

    private mutating func skipSpace() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    /// The next word (letters, digits, `_`) without taking it.
    private func peekWord() -> String {
        var index = position
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" { index += 1 }
        return String(characters[position..<index])
    }

    private mutating func take(word: String) -> Bool {
        skipSpace()
        let next = peekWord()
        guard next.uppercased() == word else { return false }
        position += next.count
        return true
    }

    private mutating func take(symbol: String) -> Bool {
        skipSpace()
        let symbolCharacters = Array(symbol)
        guard position + symbolCharacters.count <= characters.count,
              Array(characters[position..<position + symbolCharacters.count]) == symbolCharacters else { return false }
        position += symbolCharacters.count
        return true
    }

    private mutating func orExpression() throws -> PredicateNode {
        var node = try andExpression()
        while take(word: "OR") || take(symbol: "||") { node = .or(node, try andExpression()) }
        return node
    }

    private mutating func andExpression() throws -> PredicateNode {
        var node = try notExpression()
        while take(word: "AND") || take(symbol: "&&") { node = .and(node, try notExpression()) }
        return node
    }

    private mutating func notExpression() throws -> PredicateNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else { throw error("nested more than \(Self.depthLimit) deep") }
        if take(word: "NOT") { return .not(try notExpression()) }
        skipSpace()
        if position + 1 < characters.count, characters[position] == "!", characters[position + 1] != "=" {
            position += 1
            return .not(try notExpression())
        }
        return try primary()
    }

    private mutating func primary() throws -> PredicateNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else { throw error("nested more than \(Self.depthLimit) deep") }
        if take(word: "TRUEPREDICATE") { return .constant(true) }
        if take(word: "FALSEPREDICATE") { return .constant(false) }
        skipSpace()
        // Where a parenthesised predicate stopped reading, if it was not one.
        var inner: PredicateFormatError?
        if position < characters.count, characters[position] == "(" {
            // A parenthesised predicate (an aggregate starts with `{`).
            let start = position
            position += 1
            do {
                let node = try orExpression()
                if take(symbol: ")") {
                    // `(a) == 1` is not a predicate in parentheses but an expression.
                    skipSpace()
                    if position >= characters.count || !"=<>!".contains(characters[position]) { return node }
                } else {
                    inner = error("expected ) after a predicate in parentheses")
                }
            } catch let failure as PredicateFormatError {
                inner = failure
            }
            position = start
        }
        do {
            return try comparison()
        } catch let failure as PredicateFormatError {
            if let inner, inner.offset > failure.offset { throw inner }
            throw failure
        }
    }

    private mutating func comparison() throws -> PredicateNode {
        var quantifier: PredicateQuantifier?
        if take(word: "ANY") || take(word: "SOME") { quantifier = .any }
        else if take(word: "ALL") { quantifier = .all }
        else if take(word: "NONE") { quantifier = PredicateQuantifier.none }
        let left = try expression()
        let (op, options, negated) = try comparisonOperator()
        let right = try expression()
        let node = PredicateNode.comparison(quantifier, left, op, options, right)
        return negated ? .not(node) : node
    }

    private mutating func comparisonOperator() throws -> (PredicateOperator, PredicateValue.StringOptions, Bool) {
        skipSpace()
        let symbols: [(String, PredicateOperator, Bool)] = [("==", .equal, false), ("!=", .notEqual, false), ("<>", .notEqual, false),
                                                            ("<=", .lessOrEqual, false), ("=<", .lessOrEqual, false),
                                                            (">=", .greaterOrEqual, false), ("=>", .greaterOrEqual, false),
                                                            ("=", .equal, false), ("<", .less, false), (">", .greater, false)]
        var found: (PredicateOperator, Bool)?
        for (symbol, op, negated) in symbols where take(symbol: symbol) {
            found = (op, negated)
            break
        }
        if found == nil {
            let words: [(String, PredicateOperator)] = [("BETWEEN", .between), ("IN", .in), ("CONTAINS", .contains), ("BEGINSWITH", .beginsWith),
                                                        ("ENDSWITH", .endsWith), ("LIKE", .like), ("MATCHES", .matches)]
            for (word, op) in words where take(word: word) {
                found = (op, false)
                break
            }
        }
        guard let (op, negated) = found else { throw error("expected a comparison (==, !=, <, >, CONTAINS, IN, …)") }
        var options: PredicateValue.StringOptions = []
        if position < characters.count, characters[position] == "[" {
            position += 1
            while position < characters.count, characters[position] != "]" {
                switch characters[position] {
                case "c", "C": options.insert(.caseInsensitive)
                case "d", "D": options.insert(.diacriticInsensitive)
                case "n", "N", "l", "L": break
                default: throw error("unknown comparison option \"\(characters[position])\"")
                }
                position += 1
            }
            guard position < characters.count else { throw error("expected ] after the comparison's options") }
            position += 1
        }
        return (op, options, negated)
    }

    private mutating func argument() throws -> Any? {
        guard nextArgument < arguments.count else { throw error("the format has more % arguments than the \(arguments.count) given") }
        defer { nextArgument += 1 }
        return arguments[nextArgument]
    }

    private mutating func expression() throws -> PredicateExpression {
        skipSpace()
        guard position < characters.count else { throw error("expected a value") }
        let character = characters[position]
        if character == "%" {
            position += 1
            var specifier = ""
            while position < characters.count, characters[position].isLetter || characters[position] == "@" {
                specifier.append(characters[position])
                position += 1
                if characters[position - 1] != "l" && characters[position - 1] != "h" && characters[position - 1] != "q" { break }
            }
            let value = try argument()
            switch specifier {
            case "K":
                guard let key = PredicateValue.unwrap(value) as? String else { throw error("%K needs a key (a string)") }
                return .keyPath(key)
            case "@", "d", "i", "ld", "lld", "li", "lli", "u", "lu", "llu", "hd", "hu", "qd", "qu", "f", "lf", "s", "c", "x", "lx", "llx":
                return .constant(PredicateValue.unwrap(value))
            default:
                throw error("unknown format specifier %\(specifier)")
            }
        }
        if character == "\"" || character == "'" {
            position += 1
            var text = ""
            while position < characters.count, characters[position] != character {
                if characters[position] == "\\", position + 1 < characters.count {
                    position += 1
                    switch characters[position] {
                    case "n": text.append("\n")
                    case "t": text.append("\t")
                    default: text.append(characters[position])
                    }
                } else {
                    text.append(characters[position])
                }
                position += 1
            }
            guard position < characters.count else { throw error("a string is not closed") }
            position += 1
            return .constant(text)
        }
        if character == "{" {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.depthLimit else { throw error("nested more than \(Self.depthLimit) deep") }
            position += 1
            var items: [PredicateExpression] = []
            skipSpace()
            if take(symbol: "}") { return .aggregate(items) }
            repeat { items.append(try expression()) } while take(symbol: ",")
            guard take(symbol: "}") else { throw error("expected } after an aggregate") }
            return .aggregate(items)
        }
        if character.isNumber || ((character == "-" || character == "+") && position + 1 < characters.count && characters[position + 1].isNumber) {
            var text = String(character)
            position += 1
            while position < characters.count, characters[position].isNumber || characters[position] == "." || characters[position] == "e"
                    || characters[position] == "E" || ((characters[position] == "-" || characters[position] == "+") && (text.last == "e" || text.last == "E")) {
                text.append(characters[position])
                position += 1
            }
            if let integer = Int(text) { return .constant(integer) }
            guard let number = Double(text) else { throw error("\(text) is not a number") }
            return .constant(number)
        }
        if character == "$" { throw error("variables ($NAME) are not supported; pass the value as %@") }
        let word = peekWord()
        guard !word.isEmpty, !word.first!.isNumber else { throw error("expected a key, a literal or %@, found \"\(character)\"") }
        switch word.uppercased() {
        case "YES", "TRUE": position += word.count; return .constant(true)
        case "NO", "FALSE": position += word.count; return .constant(false)
        case "NIL", "NULL": position += word.count; return .constant(nil)
        case "SELF": position += word.count; return try keyPathTail("SELF")
        default:
            position += word.count
            return try keyPathTail(word)
        }
    }

    /// `a.b.c` and `a.@count` after the first name.
    private mutating func keyPathTail(_ first: String) throws -> PredicateExpression {
        var path = first
        while position < characters.count, characters[position] == "." {
            position += 1
            if position < characters.count, characters[position] == "@" {
                position += 1
                let word = peekWord()
                guard word.lowercased() == "count" else { throw error("only @count is supported after a key") }
                position += word.count
                path += ".@count"
                continue
            }
            let word = peekWord()
            guard !word.isEmpty else { throw error("expected a key after .") }
            position += word.count
            path += "." + word
        }
        if path.hasPrefix("SELF.") { path.removeFirst(5) }
        return .keyPath(path)
    }
}
