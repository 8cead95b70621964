import FoundationEssentials

/// The answer to `{"command": "status"}`: what each slot shows, its next wake and why,
/// the stacks, quiet hours, the last refresh and intent. The daemon makes it, the socket
/// and the web page's `/ui/state` carry its JSON, and `glance status` reads it back; each
/// field's wire name is in `CodingKeys` (docs/control-protocol.md lists them). Instants
/// are ISO 8601 in the display's zone. Fields that do not apply are left out.
package struct StatusReport: Codable, Sendable, Equatable {
    package var now: String
    /// The configuration file the daemon runs.
    package var config: String
    package var slots: [Slot]
    package var stacks: [Stack]?
    /// Quiet hours, said in a line, when `sleep:` is configured or a sleep was asked for.
    package var sleep: String?
    package var nextWake: String?
    package var lastRefresh: Refresh?
    package var lastIntent: Intent?
    package var displayFailing: Bool?

    package struct Slot: Codable, Sendable, Equatable {
        package var name: String
        package var kind: String
        package var family: String
        /// The text lines it shows (cut, at most 32).
        package var shows: [String]
        /// Its parameters as configured (secrets masked): a text, or a list of them.
        package var params: [String: Parameter]
        /// The stack it is a member of, and `closed` while its `when:` window is.
        package var stack: String?
        package var window: String?
        /// The date of the entry it shows, and when its provider last answered.
        package var entry: String?
        package var fetched: String?
        package var nextWake: String?
        package var nextReason: String?
        package var quarantined: Quarantine?
        /// One line: quarantined, not answering, or drawing nothing.
        package var problem: String?

        package init(name: String, kind: String, family: String, shows: [String], params: [String: Parameter]) {
            self.name = name
            self.kind = kind
            self.family = family
            self.shows = shows
            self.params = params
        }

        enum CodingKeys: String, CodingKey {
            case name, kind, family, shows, params, stack, window, entry, fetched
            case nextWake = "next_wake", nextReason = "next_reason", quarantined, problem
        }
    }

    /// A parameter's value: one text, or a list's texts.
    package enum Parameter: Codable, Sendable, Equatable {
        case text(String)
        case list([String])

        package init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let text = try? value.decode(String.self) { self = .text(text) } else { self = .list(try value.decode([String].self)) }
        }

        package func encode(to encoder: any Encoder) throws {
            var value = encoder.singleValueContainer()
            switch self {
            case .text(let text): try value.encode(text)
            case .list(let texts): try value.encode(texts)
            }
        }
    }

    /// A slot whose widget crashed or hung the daemon (its crash record).
    package struct Quarantine: Codable, Sendable, Equatable {
        package var phase: String
        package var what: String
        package var since: String
        package var signal: Int32
        package var site: String?
        package var hungAfter: Double?
        package var backtrace: String?

        package init(phase: String, what: String, since: String, signal: Int32, site: String?, hungAfter: Double?, backtrace: String?) {
            self.phase = phase
            self.what = what
            self.since = since
            self.signal = signal
            self.site = site
            self.hungAfter = hungAfter
            self.backtrace = backtrace
        }

        enum CodingKeys: String, CodingKey {
            case phase, what, since, signal, site, hungAfter = "hung_after", backtrace
        }
    }

    package struct Stack: Codable, Sendable, Equatable {
        package var name: String
        package var members: [String]
        package var shows: String?
        /// Why it shows that member (`rotation`, `relevance`, `hand`…), with the score or
        /// the instant the choice by hand ends.
        package var why: String?
        package var score: Float?
        package var until: String?
        package var nextTurn: String?

        package init(name: String, members: [String]) {
            self.name = name
            self.members = members
        }

        enum CodingKeys: String, CodingKey {
            case name, members, shows, why, score, until, nextTurn = "next_turn"
        }
    }

    package struct Refresh: Codable, Sendable, Equatable {
        package var at: String
        package var refresh: String
        package var window: String
        package var why: String?

        package init(at: String, refresh: String, window: String, why: String?) {
            self.at = at
            self.refresh = refresh
            self.window = window
            self.why = why
        }
    }

    package struct Intent: Codable, Sendable, Equatable {
        package var slot: String
        package var title: String
        package var error: String?

        package init(slot: String, title: String, error: String?) {
            self.slot = slot
            self.title = title
            self.error = error
        }
    }

    package init(now: String, config: String, slots: [Slot]) {
        self.now = now
        self.config = config
        self.slots = slots
    }

    enum CodingKeys: String, CodingKey {
        case now, config, slots, stacks, sleep, nextWake = "next_wake", lastRefresh = "last_refresh"
        case lastIntent = "last_intent", displayFailing = "display_failing"
    }

    /// The report as the one answer line the socket carries: `"ok": true` first, as in
    /// every answer, then the fields with their keys sorted, so that the same state is
    /// the same line.
    package var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and booleans: encoding cannot fail, and the object is never
        // empty (now, config and slots are always there).
        guard let fields = try? String(decoding: encoder.encode(self), as: UTF8.self), fields.hasPrefix("{\"") else {
            return ControlAnswer.failure("the status could not be written")
        }
        return "{\"ok\": true, " + fields.dropFirst()
    }

    /// The report an answer line carries, or nil when it is not one.
    package init?(line: String) {
        guard let report = try? JSONDecoder().decode(StatusReport.self, from: Data(line.utf8)) else { return nil }
        self = report
    }
}
