import FoundationEssentials

/// One line of a bus trace (the design's format, one JSON object a line, bytes as
/// lowercase hex): `{"t_us": 0, "op": "gpio", "line": "RST", "value": 0}`,
/// `{"t_us": 5, "op": "cmd", "hex": "12"}`, `{"t_us": 9, "op": "data", "hex": "f90000"}`,
/// `{"t_us": 20, "op": "busy_wait", "ms": 0}`, `{"t_us": 20, "op": "delay", "ms": 10}`,
/// and on panels of two controllers `{"t_us": 30, "op": "select", "cs": ["CS", "CS1"]}`.
public enum BusTraceRecord: Equatable, Sendable {
    case gpio(line: PanelLine, high: Bool)
    case command(UInt8)
    case data([UInt8])
    /// A wait for BUSY: the level meaning busy, the timeout, and how long it took.
    case busyWait(level: BusyLevel, timeoutMilliseconds: Int, waitedMilliseconds: Int)
    case delay(milliseconds: Int)
    /// The controllers that the records after it reach.
    case select(PanelChips)

    /// The JSON line, with `t_us` microseconds since the trace began.
    public func jsonLine(atMicroseconds time: Int) -> String {
        switch self {
        case let .gpio(line, high):
            "{\"t_us\": \(time), \"op\": \"gpio\", \"line\": \"\(line.rawValue)\", \"value\": \(high ? 1 : 0)}"
        case let .command(code):
            "{\"t_us\": \(time), \"op\": \"cmd\", \"hex\": \"\(hexString([code]))\"}"
        case let .data(bytes):
            "{\"t_us\": \(time), \"op\": \"data\", \"hex\": \"\(hexString(bytes))\"}"
        case let .busyWait(level, timeout, waited):
            "{\"t_us\": \(time), \"op\": \"busy_wait\", \"ms\": \(waited), \"busy\": \"\(level.rawValue)\", \"timeout_ms\": \(timeout)}"
        case let .delay(milliseconds):
            "{\"t_us\": \(time), \"op\": \"delay\", \"ms\": \(milliseconds)}"
        case let .select(chips):
            "{\"t_us\": \(time), \"op\": \"select\", \"cs\": [\(chips.lines.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))]}"
        }
    }

    public struct ParseError: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    private struct Fields: Decodable {
        var op: String
        var line: String?
        var value: Int?
        var hex: String?
        var ms: Int?
        var busy: String?
        var timeout_ms: Int?
        var cs: [String]?
    }

    /// The longest wait a record may ask for: an hour (a refresh takes seconds).
    public static let longestWaitMilliseconds = 3_600_000
    /// The longest line a trace may have: a whole 7-colour 600×448 plane, hex, and room.
    public static let longestLine = 1 << 20

    /// Reads a whole trace; `lineNumber` in errors counts from 1.
    public static func parse(_ text: String) throws(ParseError) -> [BusTraceRecord] {
        try parseNumbered(text).map(\.record)
    }

    /// Reads a whole trace, each record with its line number (CRLF line ends allowed).
    public static func parseNumbered(_ text: String) throws(ParseError) -> [(line: Int, record: BusTraceRecord)] {
        var records: [(line: Int, record: BusTraceRecord)] = []
        let decoder = JSONDecoder()
        // "\r\n" is one Character in Swift: split on both line ends.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            if line.allSatisfy(\.isWhitespace) { continue }
            let number = index + 1
            guard line.utf8.count <= longestLine else {
                throw ParseError(line: number, message: "the line is longer than \(longestLine) bytes; no panel takes that much in one transfer")
            }
            let trimmed = line
            let fields: Fields
            do {
                fields = try decoder.decode(Fields.self, from: Data(trimmed.utf8))
            } catch {
                throw ParseError(line: number, message: Self.plainWords(error))
            }
            func require<T>(_ value: T?, _ name: String) throws(ParseError) -> T {
                guard let value else { throw ParseError(line: number, message: "\(fields.op): missing \"\(name)\"") }
                return value
            }
            switch fields.op {
            case "gpio":
                let name = try require(fields.line, "line")
                guard let line = PanelLine(rawValue: name) else {
                    let known = PanelLine.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ParseError(line: number, message: "gpio: unknown \"line\" \"\(name)\"; expected one of \(known)")
                }
                records.append((number, .gpio(line: line, high: try require(fields.value, "value") != 0)))
            case "cmd", "data":
                guard let bytes = bytes(fromHex: try require(fields.hex, "hex")) else {
                    throw ParseError(line: number, message: "\(fields.op): \"hex\" is not an even run of hex digits")
                }
                if fields.op == "cmd" {
                    guard bytes.count == 1 else { throw ParseError(line: number, message: "cmd: \"hex\" must be one byte") }
                    records.append((number, .command(bytes[0])))
                } else {
                    records.append((number, .data(bytes)))
                }
            case "busy_wait":
                let level = fields.busy.flatMap(BusyLevel.init(rawValue:)) ?? .high
                let timeout = fields.timeout_ms ?? 60_000, waited = fields.ms ?? 0
                try checkWait(timeout, "timeout_ms", number, fields.op)
                try checkWait(waited, "ms", number, fields.op)
                records.append((number, .busyWait(level: level, timeoutMilliseconds: timeout, waitedMilliseconds: waited)))
            case "delay":
                let milliseconds = try require(fields.ms, "ms")
                try checkWait(milliseconds, "ms", number, fields.op)
                records.append((number, .delay(milliseconds: milliseconds)))
            case "select":
                var chips: PanelChips = []
                for name in try require(fields.cs, "cs") {
                    switch PanelLine(rawValue: name) {
                    case .chipSelect: chips.insert(.first)
                    case .chipSelect1: chips.insert(.second)
                    default: throw ParseError(line: number, message: "select: \"cs\" names \"\(name)\"; expected CS and/or CS1")
                    }
                }
                guard !chips.isEmpty else { throw ParseError(line: number, message: "select: \"cs\" is empty; name CS, CS1 or both") }
                records.append((number, .select(chips)))
            default:
                throw ParseError(line: number, message: "unknown op \"\(fields.op)\"; expected gpio, cmd, data, busy_wait, delay or select")
            }
        }
        return records
    }

    private static func checkWait(_ value: Int, _ name: String, _ line: Int, _ op: String) throws(ParseError) {
        guard (0...longestWaitMilliseconds).contains(value) else {
            throw ParseError(line: line, message: "\(op): \"\(name)\" is \(value); expected 0 to \(longestWaitMilliseconds) milliseconds")
        }
    }

    /// A JSON decoding failure in a person's words, without the decoder's internals.
    static func plainWords(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _):
            return "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let field = context.codingPath.last?.stringValue ?? "the record"
            return "\"\(field)\" has the wrong type (numbers for value, ms and timeout_ms; text for op, line, hex and busy; a list of text for cs)"
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not a JSON object; each line is one record like {\"op\": \"cmd\", \"hex\": \"12\"}"
        case DecodingError.dataCorrupted(let context):
            return "\"\(context.codingPath.last?.stringValue ?? "?")\" is out of range"
        default:
            return "not a trace record"
        }
    }

    /// Plays numbered records into `bus`; a failure names the trace line it came from.
    public static func replay(_ records: [(line: Int, record: BusTraceRecord)], into bus: any PanelBus) throws {
        for (line, record) in records {
            do {
                try replay([record], into: bus)
            } catch PanelBusError.protocolViolation(let message) {
                throw PanelBusError.protocolViolation("line \(line): \(message)")
            }
        }
    }

    /// Plays `records` into `bus` (an emulator, say), in order.
    public static func replay(_ records: [BusTraceRecord], into bus: any PanelBus) throws {
        for record in records {
            switch record {
            case let .gpio(line, high): try bus.setLine(line, high: high)
            case let .command(code): try bus.command(code)
            case let .data(bytes): try bus.data(bytes)
            case let .busyWait(level, timeout, _): try bus.waitWhileBusy(level: level, timeoutMilliseconds: timeout, operation: "replay")
            case let .delay(milliseconds): bus.delay(milliseconds: milliseconds)
            case let .select(chips): try bus.select(chips)
            }
        }
    }
}

private let hexDigits = Array("0123456789abcdef".utf8)

func hexString(_ bytes: [UInt8]) -> String {
    var out = [UInt8]()
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
}

func bytes(fromHex text: String) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    func value(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c - 48
        case 97...102: c - 87
        case 65...70: c - 55
        default: nil
        }
    }
    var out = [UInt8]()
    out.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
        guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
        out.append(high << 4 | low)
        index += 2
    }
    return out
}
