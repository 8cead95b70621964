import FoundationEssentials
import GlanceGraphics
import GlanceIntents
import GlanceSystem
import GlanceTime
import GlanceWidgetKit
import GlanceConfiguration

/// A request the daemon refused, with the one line that says why.
public struct ControlFailure: Error, CustomStringConvertible {
    public let description: String
    package init(_ description: String) { self.description = description }
}

/// Answers control requests for the running host: each answer is one JSON line,
/// `{"ok": true, "message": "…"}` or `{"ok": false, "error": "…"}`. Runs on the host's
/// thread (from its clock's wait), so it reads and changes the host directly.
public final class ControlCommands {
    /// The longest value `set` takes, in bytes (a title, a path, a URL, headers).
    public static let maximumValue = 8 << 10
    public let stateDirectory: String
    /// Commands the front ends answer (`trmnl-pair`), by name: installed when they start,
    /// removed when they close.
    package var frontEndCommands: [ControlRequest.Name: (ControlRequest) -> Swift.Result<String, ControlFailure>] = [:]
    public let defaults: SharedDefaults
    public let overrides: ParameterOverrides

    public init(stateDirectory: String, defaults: SharedDefaults = SharedDefaults(directory: SharedDefaults.foundationDirectory())) {
        self.stateDirectory = stateDirectory
        self.defaults = defaults
        overrides = ParameterOverrides(directory: stateDirectory)
    }

    /// Runs `request` as the socket would, for other front ends (MQTT): the answer's
    /// message, or why it was refused.
    package func perform(_ request: ControlRequest, host: WidgetHost) -> Swift.Result<String, ControlFailure> {
        do {
            let answer = try answer(request, host: host)
            return .success(answer)
        } catch {
            return .failure(error)
        }
    }

    public func answer(_ line: String, host: WidgetHost) -> String {
        switch ControlRequest.parse(line) {
        case .failure(let refusal):
            return Self.failure(refusal.description)
        case .success(let request):
            do {
                return try answer(request, host: host)
            } catch {
                return Self.failure(error.description)
            }
        }
    }

    private func answer(_ unchecked: ControlRequest, host: WidgetHost) throws(ControlFailure) -> String {
        let request: ControlRequest
        do {
            request = try unchecked.checked()
        } catch {
            throw ControlFailure(error.description)
        }
        switch request {
        case let .reload(kind, throttled):
            return Self.success(try host.controlReload(kind: kind, throttled: throttled))
        case let .press(key, long):
            return Self.success(try host.controlPress(key: key, long: long))
        case .sleep(let mode):
            return Self.success(try host.controlSleep(mode))
        case let .show(stack, member):
            return Self.success(try host.controlShow(stack: stack, member: member))
        case let .turn(stack, forward):
            return Self.success(try host.controlTurn(stack: stack, by: forward ? 1 : -1))
        case let .set(slot, param, value):
            // Refused before anything changes: a value that long is no parameter, and its
            // answer (and every status after it) would not fit.
            guard value.utf8.count <= Self.maximumValue else {
                throw ControlFailure("the value is \(value.utf8.count) bytes, more than \(Self.maximumValue); nothing changed")
            }
            let message = try host.controlSet(slot: slot, param: param, value: value)
            do {
                try overrides.set(slot: slot, param: param, value: value)
            } catch {
                return Self.success(message + "; but it could not be kept for the next start: \(error)")
            }
            return Self.success(message + " (kept in \(overrides.path))")
        case let .defaultsWrite(suite, key, typeName, text):
            guard let type = SharedDefaults.ValueType(rawValue: typeName) else {
                throw ControlFailure("unknown type \(jsonString(typeName)); expected one of \(SharedDefaults.ValueType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let value = type.value(from: text) else { throw ControlFailure("\(jsonString(text)) is not \(type.expected)") }
            do {
                try defaults.write(suite: suite, key: key, value: value)
            } catch {
                throw ControlFailure(error.description)
            }
            return Self.success("\(suite) \(key) = \(value.json)")
        case let .defaultsDelete(suite, key):
            do {
                try defaults.write(suite: suite, key: key, value: nil)
            } catch {
                throw ControlFailure(error.description)
            }
            return Self.success("\(suite) \(key) removed")
        case let .defaultsRead(suite, key):
            let values: [String: SharedDefaults.Value]
            do {
                values = try defaults.read(suite: suite)
            } catch {
                throw ControlFailure(error.description)
            }
            if let key {
                guard let value = values[key] else { throw ControlFailure("\(suite) has no key \(jsonString(key))") }
                return "{\"ok\": true, \"value\": \(value.json)}"
            }
            return "{\"ok\": true, \"value\": \(SharedDefaults.Value.dictionary(values).json)}"
        case .status:
            return host.statusJSON()
        case .trmnlPair:
            guard let command = frontEndCommands[request.name] else {
                throw ControlFailure("\(request.name.rawValue): no TRMNL devices are served (add trmnl: to the configuration)")
            }
            return Self.success(try command(request).get())
        }
    }

    static func success(_ message: String) -> String { ControlAnswer.success(message) }
    static func failure(_ message: String) -> String { ControlAnswer.failure(message) }
}

/// Slot parameters changed with `glance set`, kept in `<state_dir>/params.json` as
/// `{"SLOT": {"PARAM": "VALUE"}}` so that a restart shows them again.
public struct ParameterOverrides {
    public let path: String

    public init(directory: String) { path = directory + "/params.json" }

    /// What was kept (empty when nothing was, or the file cannot be read, or is not the
    /// daemon's user's: then `log` says so).
    public func load(log: (String) -> Void = { _ in }) -> [String: [String: String]] {
        let bytes: [UInt8]?
        do throws(StateDirectory.Untrusted) {
            bytes = try StateDirectory.readOwnFile(path)
        } catch {
            log(error.description)
            return [:]
        }
        guard let bytes else { return [:] }
        do {
            return try JSONDecoder().decode([String: [String: String]].self, from: Data(bytes))
        } catch {
            log("\(path): cannot be read as {\"SLOT\": {\"PARAM\": \"VALUE\"}} (\(Self.reason(error))); "
                + "the values glance set kept are not used until it is fixed or removed")
            return [:]
        }
    }

    /// Why the file is not the object it should be, in a few words and never its content.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: return "not valid JSON"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            let place = context.codingPath.map(\.stringValue).joined(separator: ".")
            return place.isEmpty ? "not an object of objects of texts" : "\(place.terminalSafe) is not a text"
        @unknown default: return "not JSON"
        }
    }

    func set(slot: String, param: String, value: String) throws {
        var all: [String: [String: String]] = [:]
        let found: [UInt8]?
        do throws(StateDirectory.Untrusted) {
            found = try StateDirectory.readOwnFile(path)
        } catch {
            throw ControlFailure(error.description)
        }
        if let bytes = found {
            // A file that cannot be read is not replaced: the values in it would be lost.
            guard let kept = try? JSONDecoder().decode([String: [String: String]].self, from: Data(bytes)) else {
                throw ControlFailure("\(path) is not a JSON object of slots and values; fix or remove it")
            }
            all = kept
        }
        all[slot, default: [:]][param] = value
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(Array(try encoder.encode(all)), to: path, mode: 0o600)
    }

    /// `config` with the kept values over its slots' params. A value that no longer fits
    /// (the slot or parameter is gone, the type changed) is left out and said.
    public func applied(to config: GlanceConfig, registry: WidgetRegistry, log: (String) -> Void) -> GlanceConfig {
        var config = config
        let context = ParameterDecodingContext(timeZone: config.timeZone)
        for (slotName, values) in load(log: log).sorted(by: { $0.key < $1.key }) {
            guard let index = config.slots.firstIndex(where: { $0.name == slotName }),
                  let descriptor = registry[config.slots[index].kind] else {
                log("\(path): no slot \(slotName) any more; its kept values are not used")
                continue
            }
            for (param, value) in values.sorted(by: { $0.key < $1.key }) {
                if let role = descriptor.parameters.first(where: { $0.name == param })?.role, !config.slots[index].settable.contains(param) {
                    log("\(path): \(slotName).\(param) = \(jsonString(role.masked(value))) names a place, and the slot's settable: "
                        + "does not name \(param) now; using the config's value")
                    continue
                }
                let params = config.slots[index].params.filter { $0.name != param } + descriptor.commandLineValues(name: param, text: value)
                do {
                    _ = try descriptor.makeSource(parameters: params, context: context)
                    config.slots[index].params = params
                } catch {
                    log("\(path): \(slotName).\(param) = \(jsonString(value)) no longer fits (\(error)); using the config's value")
                }
            }
        }
        return config
    }
}

extension WidgetHost {
    /// The slots named so read their data again now (what a person just changed on the
    /// page: a picture added to an album they show), not after the minimum interval a
    /// file watch's reload waits; a quarantined slot stays so (only `glance reload`
    /// lets it out).
    package func reloadNow(slots names: [String]) {
        let now = clock.now()
        for slot in slots where names.contains(slot.name) && !slot.isQuarantined { slot.askReload(.reload, notBefore: now) }
        clock.interrupt()
    }

    /// `glance reload [NAME]`: every slot, or the slots showing widget kind NAME and the
    /// slot named NAME, at once (a person asking: a quarantined slot named so tries again),
    /// or as `WidgetCenter` does when `throttled` (widget code in another process: kinds only,
    /// never out of quarantine, at once unless another came within the minimum interval).
    package func controlReload(kind name: String?, throttled: Bool) throws(ControlFailure) -> String {
        if throttled {
            if let name, !slots.contains(where: { $0.kind == name }) {
                throw ControlFailure("no slot shows a widget of kind \(jsonString(name)); the kinds shown are \(Set(slots.map(\.kind)).sorted().joined(separator: ", "))")
            }
            center.reloadFromAnotherProgram(kind: name)
            return "reload of \(name ?? "every slot") asked for (at once; more within \(Int(config.minimumReloadInterval)) s are folded into one)"
        }
        let chosen = slots.filter { name == nil || $0.kind == name || $0.name == name }
        if let name, chosen.isEmpty {
            throw ControlFailure("no slot shows a widget of kind \(jsonString(name)) or is named so; the kinds shown are "
                                 + "\(Set(slots.map(\.kind)).sorted().joined(separator: ", ")), the slots \(slots.map(\.name).joined(separator: ", "))")
        }
        let now = clock.now()
        var released: [String] = []
        var leftOut: [String] = []
        for slot in chosen {
            if slot.isQuarantined {
                // Only a person naming the slot or its kind lets it out; "every slot" does not.
                guard name != nil else {
                    leftOut.append(slot.name)
                    continue
                }
                release(slot, why: "glance reload")
                released.append(slot.name)
            } else if name != nil {
                // Named: parameters that crashed it may be set again.
                quarantine?.release(slot: slot.name)
            }
            slot.askReload(.reload, notBefore: now)
        }
        clock.interrupt()
        let what = name.map { name in chosen.count == 1 && chosen[0].name == name ? "slot \(name)" : "the \(name) slots" } ?? "every slot"
        var message = "reloading \(what)"
        if !released.isEmpty { message += "; \(released.joined(separator: ", ")) out of quarantine, trying again" }
        if !leftOut.isEmpty {
            message += "; \(leftOut.joined(separator: ", ")) stay\(leftOut.count == 1 ? "s" : "") quarantined (glance reload \(leftOut[0]) tries it again)"
        }
        return message
    }

    /// Lets a quarantined slot's widget run again (a person asked): its card goes at the
    /// next frame. `bySet`: with other parameters, the ones that crashed it remembered.
    func release(_ slot: SlotState, why: String, bySet: Bool = false) {
        guard let record = slot.release() else { return }
        if bySet { quarantine?.letOut(slot: slot.name) } else { quarantine?.release(slot: slot.name) }
        log("slot \(slot.name) (\(slot.kind)): out of quarantine (\(why)); it \(record.hungAfter == nil ? "crashed" : "hung") the daemon while \(record.phase.doing) before, trying again")
    }

    /// `glance press KEY`: as if the key were pressed.
    package func controlPress(key: String, long: Bool) throws(ControlFailure) -> String {
        guard let binding = config.keys.first(where: { $0.key == key }) else {
            let known = config.keys.map(\.key)
            throw ControlFailure("no key \(jsonString(key)) in keys:; \(known.isEmpty ? "the configuration binds no keys" : "the bound keys are \(known.joined(separator: ", "))")")
        }
        inbox.press(key: key, long: long)
        return "pressed \(key): \(long ? binding.long ?? binding.action : binding.action)"
    }

    /// `glance next STACK`, `glance previous STACK` (and the keys bound so): the stack
    /// turns by one among the members whose windows are open, and stays for its `hold:`.
    package func controlTurn(stack name: String, by step: Int) throws(ControlFailure) -> String {
        guard let stack = stacks.first(where: { $0.name == name }) else {
            throw ControlFailure("\(jsonString(name)) is not a stack; "
                                 + (stacks.isEmpty ? "no slot has stack:" : "the stacks are \(stacks.map(\.name).joined(separator: ", "))"))
        }
        guard let member = stack.turn(by: step, at: clock.now(), in: config.timeZone) else {
            throw ControlFailure("\(name): no other member may show now (the others' when: windows are closed); nothing changed")
        }
        clock.interrupt()
        return "\(name) shows \(member.name) (\(member.kind)) for \(StackState.describe(stack.hold)), then its rule again"
    }

    /// `{"command": "show", "slot": STACK, "value": MEMBER}` (Home Assistant's select):
    /// the stack shows that member for its `hold:`, if its window is open.
    package func controlShow(stack name: String, member: String) throws(ControlFailure) -> String {
        guard let stack = stacks.first(where: { $0.name == name }) else {
            throw ControlFailure("\(jsonString(name)) is not a stack; "
                                 + (stacks.isEmpty ? "no slot has stack:" : "the stacks are \(stacks.map(\.name).joined(separator: ", "))"))
        }
        guard let index = stack.members.firstIndex(where: { $0.name == member }) else {
            throw ControlFailure("\(name) has no member \(jsonString(member)); its members are \(stack.members.map(\.name).joined(separator: ", "))")
        }
        guard stack.pick(index, at: clock.now(), in: config.timeZone) else {
            throw ControlFailure("\(member) may not show now (its when: window is closed); nothing changed")
        }
        clock.interrupt()
        return "\(name) shows \(member) (\(stack.members[index].kind)) for \(StackState.describe(stack.hold)), then its rule again"
    }

    /// `glance sleep on|off|auto|until TIME` (and Home Assistant's switch): `on` sleeps
    /// until `off` or `auto`; `off` wakes the display, inside a window until the window's
    /// end; `until` sleeps until TIME (`07:30`, the next such time, or an ISO 8601
    /// instant); `auto` leaves it to the `sleep:` windows.
    package func controlSleep(_ value: String) throws(ControlFailure) -> String {
        let now = clock.now()
        let zone = config.timeZone
        let words = value.lowercased().split(separator: " ").map(String.init)
        switch words.first {
        case "on" where words.count == 1:
            quiet.sleepUntilToldOtherwise()
        case "off" where words.count == 1:
            quiet.wakeNow(at: now)
        case "auto" where words.count == 1:
            quiet.followWindows()
        case "until" where words.count == 2:
            guard let end = Self.instant(words[1], after: now, in: zone), end > now else {
                throw ControlFailure("expected a time like 07:30 or 2027-01-03T07:30:00+09:00 after now, found \(jsonString(words[1]))")
            }
            quiet.sleep(until: end)
        default:
            throw ControlFailure("expected on, off, auto or until TIME, found \(jsonString(value))")
        }
        clock.interrupt()
        return sleepSummary(at: now)
    }

    /// "asleep until …" or "awake; quiet hours from …", as `glance sleep` and status say it.
    package func sleepSummary(at now: Date) -> String {
        let zone = config.timeZone
        let change = quiet.nextChange(after: now).map { iso8601String($0, in: zone) }
        if quiet.isAsleep(at: now) { return "asleep until \(change ?? "glance sleep off")" }
        return change.map { "awake; asleep from \($0)" } ?? "awake (no quiet hours)"
    }

    /// Whether the display sleeps now (Home Assistant's switch).
    package var isAsleep: Bool { quiet.isAsleep(at: clock.now()) }

    /// Takes `main`'s `glance sleep` override (a TRMNL device's host follows the main
    /// display's: one switch for the house). True when it changed anything.
    package func followSleep(of main: WidgetHost) -> Bool {
        quiet.follow(main.quiet)
    }

    /// `07:30`: the next time the wall clock shows it; or an ISO 8601 instant.
    static func instant(_ text: String, after now: Date, in zone: ZoneRules) -> Date? {
        if text.contains("t") { return parseISO8601Instant(text.uppercased()) }
        let pieces = text.split(separator: ":")
        guard pieces.count == 2, let hour = Int(pieces[0]), let minute = Int(pieces[1]), (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        let today = CalendarDay(containing: now, in: zone)
        for day in [today, today.adding(days: 1), today.adding(days: 2)] {
            if let instant = day.instant(atMinute: hour * 60 + minute, in: zone), instant > now { return instant }
        }
        return nil
    }

    /// Each stack's name, its members' names, and the one shown (for front ends).
    package var stackStates: [(name: String, members: [String], shows: String?)] {
        stacks.map { stack in (stack.name, stack.members.map(\.name), stack.shown.map { stack.members[$0].name }) }
    }

    /// `glance set SLOT.PARAM VALUE`: the slot's widget configured anew with the value,
    /// checked as the config is; the slot reloads at once.
    package func controlSet(slot name: String, param: String, value: String) throws(ControlFailure) -> String {
        guard let slot = slots.first(where: { $0.name == name }) else {
            throw ControlFailure("no slot named \(jsonString(name)); the slots are \(slots.map(\.name).joined(separator: ", "))")
        }
        // A parameter naming a place (a file, a URL, headers) is the config file's: from
        // outside it would point the daemon at any file or host, with the configured headers.
        let role = slot.descriptor.parameters.first { $0.name == param }?.role
        if let role {
            guard slot.config.settable.contains(param) else {
                let what = role == .headers ? "the HTTP headers the daemon sends" : "a file or address the daemon reads"
                throw ControlFailure("\(name).\(param) names \(what), so only the config file changes it; "
                                     + "to allow it from here, add settable: [\(param)] to slot \(name) in the config")
            }
            guard !ParameterRole.holdsMask(value) else {
                throw ControlFailure("\(name).\(param): the value holds \(ParameterRole.mask), a secret as it is shown; give the whole value")
            }
        }
        var config = slot.config
        let before = config.params.filter { $0.name == param }.map(\.text)
        config.params = config.params.filter { $0.name != param } + slot.descriptor.commandLineValues(name: param, text: value)
        // Headers configured for one server are never sent to another: a new address on
        // another origin goes without them (they may be set anew, where settable).
        var note = ""
        if role == .location, Set(before.compactMap(Self.origin)) != Set([value].compactMap(Self.origin)) {
            let headers = Set(slot.descriptor.parameters.filter { $0.role == .headers }.map(\.name))
            if config.params.contains(where: { headers.contains($0.name) }) {
                config.params.removeAll { headers.contains($0.name) }
                note = "; the headers given for the old address are not sent to this one"
            }
        }
        let source: any WidgetTimelineSource
        do {
            source = try slot.descriptor.makeSource(parameters: config.params, context: ParameterDecodingContext(timeZone: self.config.timeZone))
        } catch {
            let message = SlotFactory.parameterError(error, slot: config).message
            throw ControlFailure("\(name).\(param): \(message)")
        }
        // Parameters that crashed or hung the daemon are not set again: only a person's
        // `glance reload` (or the config) lets them run.
        if let record = quarantine?.crash(of: config) {
            throw ControlFailure("\(name).\(param): refused: with this value the slot \(record.summary); "
                                 + "glance reload \(name) lets it be tried again")
        }
        // Configured anew: a quarantined slot tries again.
        release(slot, why: "glance set \(name).\(param)", bySet: true)
        slot.reconfigure(config, source: source, at: clock.now())
        clock.interrupt()
        return "\(name).\(param) = \(jsonString(role?.masked(value) ?? value))" + note
    }

    /// `scheme://host:port` of the first URL in `text` (lower case, no user information,
    /// the scheme's port when none is written); nil when it holds none.
    static func origin(_ text: String) -> String? {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound].split(whereSeparator: { !$0.isLetter && $0 != "+" && $0 != "-" && $0 != "." }).last.map { $0.lowercased() } ?? ""
        let rest = text[separator.upperBound...]
        var authority = rest.prefix { !"/?#".contains($0) }.lowercased()
        if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
        let hasPort = authority.last.map(\.isNumber) == true && authority.contains(":") && !authority.hasSuffix("]")
        let port = scheme == "http" ? ":80" : ":443"
        return scheme + "://" + authority + (hasPort ? "" : port)
    }

    /// What a slot shows, for status: at most 32 texts of at most 512 characters each.
    static func elided(_ texts: [String]) -> [String] {
        let kept = texts.prefix(32).map { $0.elided(to: 512) }
        return texts.count > 32 ? kept + ["… (\(texts.count - 32) more texts)"] : kept
    }

    /// Each parameter once: a list parameter's values as a list.
    static func groupedParams(_ params: [(name: String, text: String)]) -> [String: StatusReport.Parameter] {
        var grouped: [String: [String]] = [:]
        for (name, text) in params { grouped[name, default: []].append(text) }
        return grouped.mapValues { $0.count == 1 ? .text($0[0]) : .list($0) }
    }

    /// `glance status`'s answer line.
    package func statusJSON() -> String { statusReport().line }

    /// `glance status`: what each slot shows, its next wake and why, the last refresh.
    package func statusReport() -> StatusReport {
        let now = clock.now()
        let zone = config.timeZone
        func instant(_ date: Date) -> String { iso8601String(date, in: zone) }
        let slotReports = slots.map { slot in
            // Bounded whatever a slot holds: each text and value cut, at most 32 texts.
            var report = StatusReport.Slot(
                name: slot.name, kind: slot.kind, family: slot.family.rawValue,
                shows: Self.elided(slot.shownContent?.textLines ?? []),
                params: Self.groupedParams(slot.config.params.map { param in
                    let role = slot.descriptor.parameters.first { $0.name == param.name }?.role
                    return (param.name, (role?.masked(param.text) ?? param.text).elided(to: 512))
                }))
            if let stack = slot.config.stack {
                report.stack = stack.name
                if slot.isOutsideWindow(at: now, in: zone) { report.window = "closed" }
            }
            report.entry = slot.shownEntry.map { instant($0.date) }
            report.fetched = slot.lastFetch.map(instant)
            if let next = slot.nextWake(after: now, minimumReloadInterval: config.minimumReloadInterval) {
                report.nextWake = instant(next.at)
                report.nextReason = next.why
            }
            if case .quarantined(let record) = slot.problem {
                report.quarantined = StatusReport.Quarantine(
                    phase: record.phase.rawValue, what: record.what, since: record.at, signal: record.signal,
                    site: record.site.map { "\($0.path):\($0.line)" }, hungAfter: record.hungAfter, backtrace: record.backtrace?.elided(to: 4096))
            }
            report.problem = (slot.problem ?? (slot.drawsNothing ? .drewNothing : nil))?.summary(slot: slot.name)
            return report
        }
        var report = StatusReport(now: instant(now), config: config.source, slots: slotReports)
        if !stacks.isEmpty {
            report.stacks = stacks.map { stack in
                var shown = StatusReport.Stack(name: stack.name, members: stack.members.map(\.name))
                shown.shows = stack.shown.map { stack.members[$0].name }
                if let why = stack.why {
                    shown.why = why.word
                    // A widget's score may be any Float; JSON has no infinity or NaN: such a score is left out.
                    if case .relevance(let score) = why, score.isFinite { shown.score = score }
                    if case .hand(let until) = why { shown.until = instant(until) }
                }
                shown.nextTurn = stack.nextBoundary(after: now, in: zone).map(instant)
                return shown
            }
        }
        if quiet.isConfigured { report.sleep = sleepSummary(at: now) }
        report.nextWake = nextInstant().map(instant)
        if let (at, plan) = lastRefresh {
            report.lastRefresh = StatusReport.Refresh(at: instant(at), refresh: plan.refresh.rawValue, window: "\(plan.window)", why: plan.why)
        }
        if let intent = lastIntent { report.lastIntent = StatusReport.Intent(slot: intent.slot, title: intent.title, error: intent.error) }
        if displayFailing { report.displayFailing = true }
        return report
    }
}
