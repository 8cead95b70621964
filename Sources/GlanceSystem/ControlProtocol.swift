import FoundationEssentials

/// A request to a running daemon over its control socket: one JSON object a line
/// (`{"command": "reload", "kind": "weather"}`). The daemon (`ControlCommands`), the
/// command line (`glance reload/press/set/defaults/status`), MQTT's command topics and
/// `WidgetCenter` in other processes all speak it through this type.
package struct ControlRequest: Codable, Sendable, Equatable {
    package var command: String
    package var kind: String?
    package var key: String?
    package var long: Bool?
    package var slot: String?
    package var param: String?
    package var value: String?
    package var type: String?
    package var suite: String?
    /// A TRMNL device's name (`trmnl-pair`), and for how many minutes.
    package var device: String?
    package var minutes: Double?
    /// `WidgetCenter` called in another process: the reload obeys `minimum_reload_interval`.
    package var throttled: Bool?

    package init(command: String) { self.command = command }

    /// Reload every slot, or those of one widget kind.
    package static func reload(kind: String?, throttled: Bool = false) -> ControlRequest {
        var request = ControlRequest(command: "reload")
        request.kind = kind
        if throttled { request.throttled = true }
        return request
    }

    /// The request as the line the socket carries (without its newline).
    package var line: String {
        // Encoding a struct of strings and booleans cannot fail.
        (try? String(decoding: JSONEncoder().encode(self), as: UTF8.self)) ?? #"{"command": ""}"#
    }

    /// The request a line carries, or nil when it is not one.
    package init?(line: String) {
        guard let request = try? JSONDecoder().decode(ControlRequest.self, from: Data(line.utf8)) else { return nil }
        self = request
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
