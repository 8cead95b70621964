import FoundationEssentials
import GlanceFetch

/// Random tokens (device access tokens, sessions, CSRF tokens) and their comparison in
/// time that does not depend on where they differ.
enum Tokens {
    /// `length` characters of 64 letters: 6 bits each (22 make 132 bits).
    static func make(length: Int = 22) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }

    /// Whether two texts are equal, looking at every byte whatever they hold (a length
    /// differing is said at once: lengths are no secret here).
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension HTTPRequest {
    /// The query's or the body's fields: `a=1&b=two` (percent- and plus-decoded), or a
    /// JSON object whose values are strings, numbers or booleans. Nil when the body is
    /// neither (or repeats a field).
    var fields: [String: String]? {
        // The query's fields (`?display=hall`) count for a POST too; the body's win.
        guard let queryFields = Self.formFields(query) else { return nil }
        if method == "GET" { return queryFields }
        return bodyFields?.merging(queryFields) { body, _ in body }
    }

    private var bodyFields: [String: String]? {
        let type = header("Content-Type")?.lowercased() ?? ""
        if type.hasPrefix("application/json") {
            guard let document = JSONValue.parse(body), case .object(let object) = document else { return nil }
            var fields: [String: String] = [:]
            for (name, value) in object {
                switch value {
                case .string(let text): fields[name] = text
                case .number, .bool: fields[name] = value.text
                default: return nil
                }
            }
            return fields
        }
        return Self.formFields(String(decoding: body, as: UTF8.self))
    }

    /// `a=1&b=two%20words`; nil for a field given twice or bad percent-encoding.
    static func formFields(_ text: String) -> [String: String]? {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : ""), fields[name] == nil else { return nil }
            fields[name] = value
        }
        return fields
    }

    private static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(0x20)
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A cookie's value from the `Cookie` header.
    func cookie(_ name: String) -> String? {
        guard let header = header("Cookie") else { return nil }
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].trimmedOfSpaces == name { return pair[1].trimmedOfSpaces }
        }
        return nil
    }
}

private extension Substring {
    var trimmedOfSpaces: String { String(self).trimmedOfSpaces }
}

/// A token bucket per client address: `burst` requests at once, refilled at `rate` a
/// second; the least recently seen address is forgotten past `addresses`, so the table
/// stays bounded.
struct RateLimiter {
    let rate: Double
    let burst: Double
    let addresses: Int
    private var buckets: [String: (tokens: Double, at: Date)] = [:]

    init(rate: Double, burst: Double, addresses: Int = 1_024) {
        self.rate = rate
        self.burst = burst
        self.addresses = addresses
    }

    /// Takes one token for `address` at `now`; false when none is left.
    mutating func take(_ address: String, at now: Date) -> Bool {
        var bucket = buckets[address] ?? (burst, now)
        bucket.tokens = min(burst, bucket.tokens + max(0, now.timeIntervalSince(bucket.at)) * rate)
        bucket.at = now
        let taken = bucket.tokens >= 1
        if taken { bucket.tokens -= 1 }
        if buckets[address] == nil, buckets.count >= addresses, let oldest = buckets.min(by: { $0.value.at < $1.value.at })?.key {
            buckets[oldest] = nil
        }
        buckets[address] = bucket
        return taken
    }
}
