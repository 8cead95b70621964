import FoundationEssentials

/// A request to a running daemon over its control socket: one JSON object a line
/// (`{"command": "reload", "kind": "weather"}`). The daemon (`ControlCommands`), the
/// command line (`glance reload/press/set/defaults/status`), MQTT's command topics, the
/// web page and `WidgetCenter` in other processes all speak it through this type: one
/// case a command, with what that command takes; `Name` is the one place a command's
/// wire name is spelled.
package enum ControlRequest: Sendable, Equatable {
    /// What each slot shows, its next wake, the last refresh (`StatusReport`).
    case status
    /// Every slot, or those of one kind (and the slot of that name), ask their providers
    /// again. `throttled`: `WidgetCenter` in another process, which obeys
    /// `minimum_reload_interval`.
    case reload(kind: String? = nil, throttled: Bool = false)
    /// As if a key of `keys:` were pressed.
    case press(key: String, long: Bool = false)
    /// A stack turned by one member, forwards (`next`) or back (`previous`).
    case turn(stack: String, forward: Bool)
    /// A stack showing one member for its `hold:`.
    case show(stack: String, member: String)
    /// Quiet hours: `on`, `off`, `auto`, `until TIME`.
    case sleep(mode: String)
    /// A slot's parameter changed and kept for the next start.
    case set(slot: String, param: String, value: String)
    /// A key of the shared store (`UserDefaults(suiteName:)`) written; `type` as
    /// `SharedDefaults.ValueType` names it.
    case defaultsWrite(suite: String, key: String, type: String = "string", value: String)
    /// A suite, or one key of it.
    case defaultsRead(suite: String, key: String? = nil)
    case defaultsDelete(suite: String, key: String)
    /// A TRMNL device let pair anew for `minutes` (5 when not given).
    case trmnlPair(device: String, minutes: Double? = nil)

    /// The commands by their names on the wire.
    package enum Name: String, Sendable, CaseIterable {
        case status, reload, press, next, previous, show, sleep, set
        case defaultsWrite = "defaults-write"
        case defaultsRead = "defaults-read"
        case defaultsDelete = "defaults-delete"
        case trmnlPair = "trmnl-pair"
    }

    package var name: Name {
        switch self {
        case .status: .status
        case .reload: .reload
        case .press: .press
        case .turn(_, let forward): forward ? .next : .previous
        case .show: .show
        case .sleep: .sleep
        case .set: .set
        case .defaultsWrite: .defaultsWrite
        case .defaultsRead: .defaultsRead
        case .defaultsDelete: .defaultsDelete
        case .trmnlPair: .trmnlPair
        }
    }

    /// Why a line is not a request the daemon takes, in the words it answers with.
    package struct Refusal: Error, Equatable, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }

    /// The request as the line the socket carries (without its newline).
    package var line: String {
        // Encoding strings, numbers and booleans cannot fail.
        (try? String(decoding: JSONEncoder().encode(self), as: UTF8.self)) ?? #"{"command": ""}"#
    }

    /// The request a line carries, or why it is not one.
    package static func parse(_ line: String) -> Result<ControlRequest, Refusal> {
        do {
            return .success(try JSONDecoder().decode(ControlRequest.self, from: Data(line.utf8)))
        } catch let refusal as Refusal {
            return .failure(refusal)
        } catch {
            return .failure(Refusal("not a request: expected one JSON object like {\"command\": \"status\"} per line"))
        }
    }

    /// The request a line carries, or nil when it is not one.
    package init?(line: String) {
        guard case .success(let request) = Self.parse(line) else { return nil }
        self = request
    }

    /// Throws when a field the command needs is empty: requests made in the process
    /// (MQTT's topics, the web page's forms) are checked as a decoded line is.
    package func checked() throws(Refusal) -> ControlRequest {
        func need(_ value: String, _ field: CodingKeys) throws(Refusal) {
            if value.isEmpty { throw Self.missing(field, of: name) }
        }
        switch self {
        case .status, .reload: break
        case .press(let key, _): try need(key, .key)
        case .turn(let stack, _): try need(stack, .slot)
        case .show(let stack, let member): try need(stack, .slot); try need(member, .value)
        case .sleep(let mode): try need(mode, .value)
        case .set(let slot, let param, let value): try need(slot, .slot); try need(param, .param); try need(value, .value)
        case .defaultsWrite(let suite, let key, _, let value): try need(suite, .suite); try need(key, .key); try need(value, .value)
        case .defaultsRead(let suite, _): try need(suite, .suite)
        case .defaultsDelete(let suite, let key): try need(suite, .suite); try need(key, .key)
        case .trmnlPair(let device, _): try need(device, .device)
        }
        return self
    }

    static func missing(_ field: CodingKeys, of name: Name) -> Refusal {
        Refusal("\(name.rawValue) needs \"\(field.rawValue)\"")
    }

    /// The refusal of a command name no case has.
    static func unknown(_ command: String) -> Refusal {
        let known = Name.allCases.map(\.rawValue)
        return Refusal("unknown command \(jsonString(command)); expected \(known.dropLast().joined(separator: ", ")) or \(known.last!)")
    }
}

extension ControlRequest: Codable {
    /// The wire's fields: every command's fields share one flat object.
    enum CodingKeys: String, CodingKey {
        case command, kind, key, long, slot, param, value, type, suite, device, minutes, throttled
    }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        let command = try fields.decode(String.self, forKey: .command)
        guard let name = Name(rawValue: command) else { throw Self.unknown(command) }
        func text(_ field: CodingKeys) throws -> String {
            guard let value = try fields.decodeIfPresent(String.self, forKey: field), !value.isEmpty else { throw Self.missing(field, of: name) }
            return value
        }
        func optional(_ field: CodingKeys) throws -> String? { try fields.decodeIfPresent(String.self, forKey: field) }
        switch name {
        case .status: self = .status
        case .reload: self = .reload(kind: try optional(.kind), throttled: try fields.decodeIfPresent(Bool.self, forKey: .throttled) ?? false)
        case .press: self = .press(key: try text(.key), long: try fields.decodeIfPresent(Bool.self, forKey: .long) ?? false)
        case .next, .previous: self = .turn(stack: try text(.slot), forward: name == .next)
        case .show: self = .show(stack: try text(.slot), member: try text(.value))
        case .sleep: self = .sleep(mode: try text(.value))
        case .set: self = .set(slot: try text(.slot), param: try text(.param), value: try text(.value))
        case .defaultsWrite:
            self = .defaultsWrite(suite: try text(.suite), key: try text(.key), type: try optional(.type) ?? "string", value: try text(.value))
        case .defaultsRead: self = .defaultsRead(suite: try text(.suite), key: try optional(.key))
        case .defaultsDelete: self = .defaultsDelete(suite: try text(.suite), key: try text(.key))
        case .trmnlPair: self = .trmnlPair(device: try text(.device), minutes: try fields.decodeIfPresent(Double.self, forKey: .minutes))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(name.rawValue, forKey: .command)
        switch self {
        case .status: break
        case let .reload(kind, throttled):
            try fields.encodeIfPresent(kind, forKey: .kind)
            if throttled { try fields.encode(true, forKey: .throttled) }
        case let .press(key, long):
            try fields.encode(key, forKey: .key)
            try fields.encode(long, forKey: .long)
        case let .turn(stack, _):
            try fields.encode(stack, forKey: .slot)
        case let .show(stack, member):
            try fields.encode(stack, forKey: .slot)
            try fields.encode(member, forKey: .value)
        case let .sleep(mode):
            try fields.encode(mode, forKey: .value)
        case let .set(slot, param, value):
            try fields.encode(slot, forKey: .slot)
            try fields.encode(param, forKey: .param)
            try fields.encode(value, forKey: .value)
        case let .defaultsWrite(suite, key, type, value):
            try fields.encode(suite, forKey: .suite)
            try fields.encode(key, forKey: .key)
            try fields.encode(type, forKey: .type)
            try fields.encode(value, forKey: .value)
        case let .defaultsRead(suite, key):
            try fields.encode(suite, forKey: .suite)
            try fields.encodeIfPresent(key, forKey: .key)
        case let .defaultsDelete(suite, key):
            try fields.encode(suite, forKey: .suite)
            try fields.encode(key, forKey: .key)
        case let .trmnlPair(device, minutes):
            try fields.encode(device, forKey: .device)
            try fields.encodeIfPresent(minutes, forKey: .minutes)
        }
    }
}

/// The daemon's answer line: `{"ok": true, "message": "…"}`, `{"ok": false, "error": "…"}`,
/// or `{"ok": true, …}` with more fields (`value` for defaults-read, the slots for status).
package struct ControlAnswer: Sendable, Equatable {
    package var ok: Bool
    package var message: String?
    package var error: String?
    /// The whole line as it came (for `--json`, and the fields beyond these).
    package var line: String

    private struct Fields: Decodable {
        var ok: Bool
        var message: String?
        var error: String?
    }

    /// The answer a line carries, or nil when it is not one.
    package init?(line: String) {
        guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(line.utf8)) else { return nil }
        ok = fields.ok
        message = fields.message
        error = fields.error
        self.line = line
    }

    /// The line of a request done, with what it did.
    package static func success(_ message: String) -> String { "{\"ok\": true, \"message\": \(jsonString(message))}" }
    /// The line of a request refused, with why.
    package static func failure(_ reason: String) -> String { "{\"ok\": false, \"error\": \(jsonString(reason))}" }
}
