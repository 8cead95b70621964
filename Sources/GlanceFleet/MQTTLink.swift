import FoundationEssentials
import GlanceHost
import GlanceIntents
import GlanceSystem
import GlanceTime
import GlanceWake

/// The daemon on an MQTT broker (`docs/mqtt.md`): its state published retained, the
/// control socket's commands taken from command topics, and Home Assistant's discovery.
/// Everything runs on the daemon's thread, inside its one wait or right after a wake.
public final class MQTTLink {
    private let config: MQTTConfig
    private let client: MQTTClient
    private let commands: ControlCommands
    private let host: () -> WidgetHost
    private let version: String
    private let log: (String) -> Void
    /// What each state topic last carried on this connection (bytes), so that only
    /// changes are sent.
    private var published: [String: [UInt8]] = [:]
    /// A re-announcement asked for by Home Assistant's `online` is waiting to run (more
    /// `online`s meanwhile ask for nothing more), and when the last one ran (monotonic
    /// seconds).
    private var reannouncing = false
    private var lastReannounce = -Double.infinity
    /// The least time between two re-announcements, however often `online` comes.
    static let reannounceInterval = 10.0
    /// Commands a burst may hold, and how many a second come back, for each source of
    /// commands: beyond them a command is dropped (one line says how many, at most every
    /// `droppedReportInterval` seconds).
    static let commandBurst = 20.0
    static let commandsPerSecond = 2.0
    static let droppedReportInterval = 10.0
    /// The longest notification shown, in characters (a banner has one or two lines).
    static let maximumNotification = 1024
    /// One token bucket per source of commands. MQTT does not say who published a message
    /// (the broker's ACL decides who may), so a source is what the topic asks for:
    /// notifications, key presses, parameter changes, reloads and refreshes, and anything
    /// else under the node. A flood of notifications cannot drown a key press or a reload.
    private var buckets: [String: TokenBucket] = [:]

    private struct TokenBucket {
        var tokens = MQTTLink.commandBurst
        var at = -Double.infinity
        var dropped = 0
        var reportedAt = -Double.infinity
    }
    /// The refresh whose frame was last published (-1: none on this connection).
    private var frameRefresh = -1
    private var frameHost: ObjectIdentifier?
    /// Each TRMNL device's frame last published, by device name.
    private var deviceFrames: [String: String] = [:]
    /// The TRMNL devices this daemon serves (their battery and signal become sensors).
    public var devices: () -> [TRMNLDeviceState] = { [] }

    /// The largest command payload taken; larger ones are refused.
    public static let maximumPayload = 64 << 10

    /// Connects to `config`'s broker (in the background: the display does not wait);
    /// commands go to `commands` for whichever host `host` gives at the time.
    public init(config: MQTTConfig, clock: LinuxEventClock, commands: ControlCommands, version: String,
                host: @escaping () -> WidgetHost, log: @escaping (String) -> Void) throws {
        self.config = config
        self.commands = commands
        self.host = host
        self.version = version
        self.log = log
        client = try MQTTClient(config: config, clock: clock, log: log)
        client.onConnect = { [unowned self] in connected() }
        client.onMessage = { [unowned self] in received($0) }
        client.start()
    }

    private var node: String { config.nodeTopic }

    /// Publishes what changed since the last call (after every wake).
    public func update() {
        guard client.isConnected else { return }
        let host = host()
        let zone = host.config.timeZone
        publishState("last_refresh", host.lastRefresh.map { iso8601String($0.at, in: zone) } ?? "None")
        // While a fetch is under way the next instant is a time-out, not a boundary.
        if !host.isFetching { publishState("next_wake", host.nextInstant().map { iso8601String($0, in: zone) } ?? "None") }
        publishState("refresh_count", String(host.refreshCount))
        publishState("notify/state", host.notification ?? "")
        for (slot, _, parameters, values) in host.slotParameters where MQTTConfig.isTopicLevel(slot) {
            for parameter in parameters where HomeAssistantDiscovery.offers(parameter) {
                publishState("slot/\(slot)/\(parameter.name)/state", Self.stateText(of: parameter, values: values))
            }
        }
        publishState("sleep/state", host.isAsleep ? "on" : "off")
        for stack in host.stackStates where MQTTConfig.isTopicLevel(stack.name) {
            publishState("stack/\(stack.name)/state", stack.shows ?? "None")
        }
        for device in devices() {
            let prefix = "trmnl/\(device.name)/"
            publishState(prefix + "battery", device.batteryVoltage.map { String(($0 * 1000).rounded() / 1000) } ?? "None")
            publishState(prefix + "rssi", device.signal.map(String.init) ?? "None")
            publishState(prefix + "last_seen", device.lastSeen.map { iso8601String($0, in: zone) } ?? "None")
            if let frame = device.frame, deviceFrames[device.name] != frame.name, client.publish(node + "/" + prefix + "frame", frame.png, retain: true) {
                deviceFrames[device.name] = frame.name
            }
        }
        // The frame after every refresh (and once per connection).
        let identity = ObjectIdentifier(host)
        if frameRefresh != host.refreshCount || frameHost != identity, let png = host.shownFramePNG() {
            client.publish(node + "/frame", png, retain: true)
            frameRefresh = host.refreshCount
            frameHost = identity
        }
    }

    /// A key was pressed (any way): an event for Home Assistant's event entity.
    public func keyPressed(_ key: String, long: Bool) {
        client.publish(node + "/key/event", "{\"event_type\": \(jsonString(long ? "long_press" : "press")), \"key\": \(jsonString(key))}",
                       retain: false)
    }

    /// The configuration was read again (SIGHUP): its keys and slots are announced anew.
    public func hostChanged() {
        guard client.isConnected else { return }
        announce()
        update()
    }

    /// Says `offline` and disconnects.
    public func close() { client.close() }

    // MARK: Connection

    private func connected() {
        published = [:]
        frameRefresh = -1
        deviceFrames = [:]
        client.publish(client.availabilityTopic, "online", retain: true)
        for topic in ["/key/+/press", "/reload", "/full_refresh", "/slot/+/+/set", "/notify", "/stack/+/set", "/stack/+/next", "/sleep/set"] { client.subscribe(node + topic) }
        client.subscribe("\(config.baseTopic)/_all/reload")
        if let prefix = config.discoveryPrefix { client.subscribe(prefix + "/status") }
        announce()
        update()
    }

    /// The discovery message (retained), when discovery is on.
    private func announce() {
        guard let prefix = config.discoveryPrefix else { return }
        let message = HomeAssistantDiscovery.message(config: config, host: host(), version: version)
        client.publish("\(prefix)/device/\(config.nodeID)/config", message.text, retain: true)
        for device in devices() {
            let message = HomeAssistantDiscovery.message(config: config, device: device, version: version)
            client.publish("\(prefix)/device/\(config.nodeID)/\(device.name)/config", message.text, retain: true)
        }
    }

    private func publishState(_ suffix: String, _ text: String) {
        let bytes = Array(text.utf8)
        let topic = node + "/" + suffix
        guard published[topic] != bytes else { return }
        if client.publish(topic, bytes, retain: true) { published[topic] = bytes }
    }

    /// A parameter's value as its state topic carries it: the config's text (a
    /// parameter left out: its default), `None` for a number or choice without one.
    static func stateText(of parameter: IntentConfigurator.ParameterInfo, values: [String: [String]]) -> String {
        if let text = values[parameter.name]?.first ?? parameter.defaultTexts?.first { return text }
        switch parameter.kind {
        case .wholeNumber, .number, .choice, .toggle: return "None"
        default: return ""
        }
    }

    // MARK: Commands

    private func received(_ message: MQTTClient.Message) {
        let topic = message.topic
        if let prefix = config.discoveryPrefix, topic == prefix + "/status" {
            // Home Assistant (re)started: announce again, at a random moment within 5 s
            // so that fifty displays do not answer at once, and the states after it.
            // Debounced: a burst of them (a flapping bridge, a hostile publisher) is one
            // announcement, and they come at most every `reannounceInterval` seconds.
            guard String(decoding: message.payload, as: UTF8.self) == "online", !reannouncing else { return }
            reannouncing = true
            let earliest = lastReannounce + Self.reannounceInterval - MQTTClient.monotonicNow()
            client.after(max(0, earliest) + Double.random(in: 0...5)) { [weak self] in
                guard let self else { return }
                reannouncing = false
                guard client.isConnected else { return }
                lastReannounce = MQTTClient.monotonicNow()
                announce()
                published = [:]
                frameRefresh = -1
                deviceFrames = [:]
                update()
            }
            return
        }
        // Before anything is parsed or said: a refusal costs a log line too.
        guard takeCommandToken(source: Self.source(of: topic, node: node)) else { return }
        guard message.payload.count <= Self.maximumPayload else {
            return refuse(topic, "the payload is \(message.payload.count) bytes, more than \(Self.maximumPayload)")
        }
        guard let text = String(validating: message.payload, as: UTF8.self) else {
            return refuse(topic, "the payload is not UTF-8 text")
        }
        if message.retained && !text.isEmpty {
            return refuse(topic, "a retained command is not run (it would run again at every connect); publish commands without retain, and clear this one with an empty retained message")
        }
        if message.retained { return }
        if topic == "\(config.baseTopic)/_all/reload" {
            return run(topic, .reload())
        }
        guard topic.hasPrefix(node + "/") else { return }
        let levels = topic.dropFirst(node.count + 1).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let payload = text.trimmedOfSpaces
        switch levels.count {
        case 1 where levels[0] == "reload":
            run(topic, .reload(kind: payload.isEmpty || payload == "PRESS" ? nil : payload))
        case 1 where levels[0] == "full_refresh":
            if host().requestFullRefresh() {
                log("mqtt: \(topic): the next frame is a full refresh")
            } else {
                log("mqtt: \(topic): a full refresh was made less than \(Int(WidgetHost.outsideFullRefreshInterval)) s ago; folded into it")
            }
        case 1 where levels[0] == "notify":
            guard text.count <= Self.maximumNotification else {
                return refuse(topic, "the notification is \(text.count) characters, more than \(Self.maximumNotification)")
            }
            host().showNotification(text)
            log("mqtt: \(topic): " + (payload.isEmpty ? "notification dismissed" : "showing \(jsonString(text.elided(to: 120)))"))
        case 2 where levels[0] == "sleep" && levels[1] == "set":
            run(topic, .sleep(mode: payload.lowercased()))
        case 3 where levels[0] == "stack" && levels[2] == "next":
            run(topic, .turn(stack: levels[1], forward: true))
        case 3 where levels[0] == "stack" && levels[2] == "set":
            run(topic, .show(stack: levels[1], member: payload))
        case 3 where levels[0] == "key" && levels[2] == "press":
            run(topic, .press(key: levels[1], long: payload.lowercased() == "long"))
        case 4 where levels[0] == "slot" && levels[3] == "set":
            if let parameter = host().slotParameters.first(where: { $0.slot == levels[1] })?.parameters.first(where: { $0.name == levels[2] }),
               !HomeAssistantDiscovery.offers(parameter) {
                return refuse(topic, "\(levels[2]) is a list; set it in the configuration file")
            }
            run(topic, .set(slot: levels[1], param: levels[2], value: text))
        default:
            break
        }
    }

    /// Which bucket a command on `topic` takes its token from.
    static func source(of topic: String, node: String) -> String {
        guard topic.hasPrefix(node + "/") else { return "reload" } // <base>/_all/reload
        let first = topic.dropFirst(node.count + 1).prefix { $0 != "/" }
        switch first {
        case "notify": return "notify"
        case "key": return "key"
        case "stack": return "stack"
        case "sleep": return "sleep"
        case "slot": return "set"
        case "reload", "full_refresh": return "reload"
        default: return "other"
        }
    }

    /// A token from `source`'s bucket: whoever can publish to the node's topics cannot
    /// keep the daemon drawing and logging. False when the command is to be dropped.
    private func takeCommandToken(source: String) -> Bool {
        let now = MQTTClient.monotonicNow()
        var bucket = buckets[source] ?? TokenBucket()
        defer { buckets[source] = bucket }
        if bucket.at.isFinite { bucket.tokens = min(Self.commandBurst, bucket.tokens + (now - bucket.at) * Self.commandsPerSecond) }
        bucket.at = now
        if bucket.tokens >= 1 {
            bucket.tokens -= 1
            return true
        }
        bucket.dropped += 1
        if now - bucket.reportedAt >= Self.droppedReportInterval {
            let count = bucket.dropped
            log("mqtt: \(count) \(source == "notify" ? "notification" : source == "other" ? "command" : "\(source) command")\(count == 1 ? "" : "s") dropped: "
                + "more than \(Int(Self.commandsPerSecond)) a second (bursts of \(Int(Self.commandBurst)))")
            bucket.dropped = 0
            bucket.reportedAt = now
        }
        return false
    }

    /// Runs a control command; its answer (or refusal) is one log line, and the states
    /// follow at the end of the wake it causes.
    private func run(_ topic: String, _ request: ControlRequest) {
        switch commands.perform(request, host: host()) {
        case .success(let answer):
            let message = (try? JSONDecoder().decode(ControlAnswer.self, from: Data(answer.utf8)))?.message ?? answer
            log("mqtt: \(topic): \(message)")
        case .failure(let failure):
            refuse(topic, failure.description)
        }
    }

    private func refuse(_ topic: String, _ reason: String) {
        log("mqtt: \(topic): refused: \(reason); nothing changed")
    }

    private struct ControlAnswer: Decodable {
        var message: String?
    }
}
