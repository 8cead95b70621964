import FoundationEssentials

/// A time zone's offsets, read from the system's tz database (TZif files, RFC 8536) in
/// `/usr/share/zoneinfo`, with the POSIX TZ rule at the file's end for instants after
/// its last listed transition.
///
/// This answers the only two questions Glance's scheduling asks of a zone — the UTC
/// offset at an instant, and the next instant it changes — without loading ICU.
public struct ZoneRules: Sendable, Equatable {
    public let identifier: String
    /// Transition instants (seconds since 1970, UTC), ascending.
    let transitions: [Int64]
    /// The offset (seconds east of UTC) in force from each transition on.
    let offsetsAfter: [Int32]
    /// The offset before the first transition.
    let initialOffset: Int32
    /// The rule for instants after the last transition.
    let footer: PosixZoneRule?

    public enum LoadError: Error, Equatable, CustomStringConvertible {
        case invalidIdentifier(String)
        case notFound(String, directory: String)
        case malformed(String, reason: String)

        public var description: String {
            switch self {
            case .invalidIdentifier(let id): "'\(id)' is not a zone name like Asia/Seoul"
            case .notFound(let id, let directory): "no zone '\(id)' in \(directory) (is tzdata installed?)"
            case .malformed(let id, let reason): "zone file for '\(id)' is malformed: \(reason)"
            }
        }
    }

    public static let defaultDirectory = "/usr/share/zoneinfo"

    /// Coordinated Universal Time: offset 0, no transitions.
    public static let utc = ZoneRules(fixedIdentifier: "UTC", offset: 0)

    /// A zone that is always `secondsEast` ahead of UTC (named like `UTC+09:00`).
    public static func fixed(secondsEast: Int) -> ZoneRules {
        let sign = secondsEast < 0 ? "-" : "+"
        let magnitude = abs(secondsEast)
        let minutes = magnitude / 60 % 60
        return ZoneRules(fixedIdentifier: "UTC\(sign)\(magnitude / 3600 < 10 ? "0" : "")\(magnitude / 3600):\(minutes < 10 ? "0" : "")\(minutes)",
                         offset: Int32(secondsEast))
    }

    private init(fixedIdentifier: String, offset: Int32) {
        identifier = fixedIdentifier
        transitions = []
        offsetsAfter = []
        initialOffset = offset
        footer = nil
    }

    /// The system's zone: `$TZ` if it names one, else what `/etc/localtime` links to,
    /// else `/etc/timezone`, else UTC.
    public static func current() -> ZoneRules {
        var candidates: [String] = []
        if let tz = ProcessInfo.processInfo.environment["TZ"] {
            candidates.append(tz.hasPrefix(":") ? String(tz.dropFirst()) : tz)
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime") {
            // …/zoneinfo/Asia/Seoul → Asia/Seoul
            let parts = target.split(separator: "/", omittingEmptySubsequences: false)
            if let marker = parts.lastIndex(of: "zoneinfo") {
                candidates.append(parts[(marker + 1)...].joined(separator: "/"))
            }
        }
        if let text = try? String(contentsOfFile: "/etc/timezone", encoding: .utf8) {
            candidates.append(text.filter { !$0.isWhitespace })
        }
        for candidate in candidates {
            if let rules = try? ZoneRules(identifier: candidate) { return rules }
        }
        return .utc
    }

    /// Reads `directory/identifier`.
    public init(identifier: String, directory: String = ZoneRules.defaultDirectory) throws(LoadError) {
        let allowed = identifier.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_+-/".unicodeScalars.contains($0)
        }
        guard !identifier.isEmpty, allowed, !identifier.split(separator: "/").contains(".."), !identifier.hasPrefix("/") else {
            throw .invalidIdentifier(identifier)
        }
        guard let data = FileManager.default.contents(atPath: directory + "/" + identifier) else {
            throw .notFound(identifier, directory: directory)
        }
        try self.init(identifier: identifier, tzif: [UInt8](data))
    }

    /// Parses TZif bytes (versions 1 to 4).
    public init(identifier: String, tzif bytes: [UInt8]) throws(LoadError) {
        self.identifier = identifier
        var reader = ByteReader(bytes: bytes)
        func fail(_ reason: String) -> LoadError { .malformed(identifier, reason: reason) }

        guard let header = reader.header() else { throw fail("no TZif header") }
        var block = header
        var timeSize = 4
        if header.version >= 2 {
            // Skip the 32-bit block; the 64-bit one follows with its own header.
            guard reader.skip(header.dataLength(timeSize: 4)), let second = reader.header() else {
                throw fail("truncated version 1 block")
            }
            block = second
            timeSize = 8
        }
        var times: [Int64] = []
        for _ in 0..<block.timeCount {
            guard let time = timeSize == 8 ? reader.int64() : reader.int32().map(Int64.init) else { throw fail("truncated transitions") }
            times.append(time)
        }
        var indices: [Int] = []
        for _ in 0..<block.timeCount {
            guard let index = reader.byte() else { throw fail("truncated transition types") }
            indices.append(Int(index))
        }
        var typeOffsets: [Int32] = []
        var typeIsDST: [Bool] = []
        for _ in 0..<block.typeCount {
            guard let offset = reader.int32(), let isDST = reader.byte(), reader.byte() != nil else { throw fail("truncated local time types") }
            typeOffsets.append(offset)
            typeIsDST.append(isDST != 0)
        }
        guard !typeOffsets.isEmpty, indices.allSatisfy({ $0 < typeOffsets.count }) else { throw fail("bad local time type index") }
        guard reader.skip(block.charCount + block.leapCount * (timeSize + 4) + block.standardCount + block.utcCount) else {
            throw fail("truncated trailer")
        }
        var footer: PosixZoneRule?
        if header.version >= 2, let text = reader.footer(), !text.isEmpty {
            guard let rule = PosixZoneRule(text) else { throw fail("unreadable TZ rule '\(text)'") }
            footer = rule
        }
        transitions = times
        offsetsAfter = indices.map { typeOffsets[$0] }
        // RFC 8536: before the first transition, the first non-DST type (else type 0).
        initialOffset = typeOffsets[typeIsDST.firstIndex(of: false) ?? 0]
        self.footer = footer
    }

    /// Seconds east of UTC at `instant` (seconds since 1970).
    public func offset(at instant: Int64) -> Int32 {
        if let last = transitions.last, instant >= last, let footer {
            return footer.offset(at: instant)
        }
        // The last transition at or before the instant.
        var low = 0
        var high = transitions.count
        while low < high {
            let mid = (low + high) / 2
            if transitions[mid] <= instant { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? initialOffset : offsetsAfter[low - 1]
    }

    /// The first instant after `instant` at which the offset changes, if any.
    public func nextTransition(after instant: Int64) -> Int64? {
        var low = 0
        var high = transitions.count
        while low < high {
            let mid = (low + high) / 2
            if transitions[mid] <= instant { low = mid + 1 } else { high = mid }
        }
        // Listed transitions that do not change the offset (abbreviation or DST flag
        // only) are skipped: nothing on a wall clock moves there.
        var index = low
        while index < transitions.count {
            if offsetsAfter[index] != offset(at: transitions[index] - 1) { return transitions[index] }
            index += 1
        }
        return footer?.nextTransition(after: max(instant, transitions.last ?? instant))
    }

    /// `offset(at:)` for a `Date`.
    public func secondsFromGMT(for date: Date) -> Int {
        Int(offset(at: Int64(date.timeIntervalSince1970.rounded(.down))))
    }

    /// `nextTransition(after:)` for a `Date`.
    public func nextTransition(after date: Date) -> Date? {
        nextTransition(after: Int64(date.timeIntervalSince1970.rounded(.down))).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}

/// Reads big-endian TZif fields.
private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    struct Header {
        var version: Int
        var utcCount, standardCount, leapCount, timeCount, typeCount, charCount: Int

        func dataLength(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4) + standardCount + utcCount
        }
    }

    mutating func header() -> Header? {
        guard position + 44 <= bytes.count, bytes[position..<position + 4].elementsEqual("TZif".utf8) else { return nil }
        let versionByte = bytes[position + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - 0x30
        position += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let count = int32(), count >= 0 else { return nil }
            counts.append(Int(count))
        }
        return Header(version: version, utcCount: counts[0], standardCount: counts[1], leapCount: counts[2],
                      timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count else { return false }
        position += count
        return true
    }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func int32() -> Int32? {
        guard position + 4 <= bytes.count else { return nil }
        defer { position += 4 }
        return bytes[position..<position + 4].reduce(0) { Int32(bitPattern: UInt32(bitPattern: $0) << 8 | UInt32($1)) }
    }

    mutating func int64() -> Int64? {
        guard position + 8 <= bytes.count else { return nil }
        defer { position += 8 }
        return bytes[position..<position + 8].reduce(0) { Int64(bitPattern: UInt64(bitPattern: $0) << 8 | UInt64($1)) }
    }

    /// The `\n<rule>\n` footer.
    mutating func footer() -> String? {
        guard position < bytes.count, bytes[position] == 0x0A else { return nil }
        guard let end = bytes[(position + 1)...].firstIndex(of: 0x0A) else { return nil }
        return String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
    }
}
