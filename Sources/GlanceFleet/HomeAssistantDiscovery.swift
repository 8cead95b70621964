import GlanceHost
import GlanceIntents

/// Home Assistant's device-based MQTT discovery message for one display
/// (`<prefix>/device/<node>/config`): the device, where the message comes from, and
/// one component per control, parameter and diagnostic (`docs/mqtt.md`).
enum HomeAssistantDiscovery {
    /// Whether a parameter gets an entity (Home Assistant has none for a list).
    /// A parameter Home Assistant gets an entity for: one value, that front ends may set
    /// (a place a widget reads, only where the slot's `settable:` names it).
    static func offers(_ parameter: IntentConfigurator.ParameterInfo) -> Bool {
        !parameter.isList && parameter.kind != .list && parameter.isSettable
    }

    static func message(config: MQTTConfig, host: WidgetHost, version: String) -> DiscoveryJSON {
        let node = config.nodeTopic
        let display = host.config.display
        let model = "\(display.width)x\(display.height) \(display.colors.rawValue), \(display.board?.name ?? display.backend.rawValue)"
        var components: [String: DiscoveryJSON] = [:]
        func add(_ id: String, _ fields: [String: DiscoveryJSON]) {
            var fields = fields
            fields["unique_id"] = .string("glance_\(config.nodeID)_\(id)")
            components[id] = .object(fields)
        }
        add("reload", ["platform": "button", "name": "Reload", "command_topic": .string(node + "/reload"), "icon": "mdi:refresh"])
        add("full_refresh", ["platform": "button", "name": "Full refresh", "command_topic": .string(node + "/full_refresh"),
                             "icon": "mdi:monitor-shimmer"])
        for binding in host.config.keys where MQTTConfig.isTopicLevel(binding.key) {
            add("key_\(binding.key)", ["platform": "button", "name": .string("Key \(binding.key)"),
                                       "command_topic": .string("\(node)/key/\(binding.key)/press"), "icon": "mdi:gesture-tap-button"])
        }
        add("key_event", ["platform": "event", "name": "Key press", "state_topic": .string(node + "/key/event"),
                          "event_types": ["press", "long_press"], "icon": "mdi:keyboard"])
        add("notify", ["platform": "text", "name": "Notification", "command_topic": .string(node + "/notify"),
                       "state_topic": .string(node + "/notify/state"), "max": 255, "icon": "mdi:message-alert"])
        for (slot, _, parameters, _) in host.slotParameters where MQTTConfig.isTopicLevel(slot) {
            for parameter in parameters where offers(parameter) {
                var fields: [String: DiscoveryJSON] = [
                    "name": .string("\(slot) \(parameter.title)"),
                    "command_topic": .string("\(node)/slot/\(slot)/\(parameter.name)/set"),
                    "state_topic": .string("\(node)/slot/\(slot)/\(parameter.name)/state"),
                    "entity_category": "config",
                ]
                switch parameter.kind {
                case .choice(let options):
                    fields["platform"] = "select"
                    fields["options"] = .array(options.map { .string($0) })
                case .wholeNumber:
                    fields["platform"] = "number"
                    fields.merge(["min": -1_000_000, "max": 1_000_000, "step": 1, "mode": "box"]) { $1 }
                case .number:
                    fields["platform"] = "number"
                    fields.merge(["min": -1_000_000, "max": 1_000_000, "step": .number(0.001), "mode": "box"]) { $1 }
                case .toggle:
                    fields["platform"] = "switch"
                    fields.merge(["payload_on": "true", "payload_off": "false", "state_on": "true", "state_off": "false"]) { $1 }
                case .text, .date, .entity, .list:
                    fields["platform"] = "text"
                    fields["max"] = 255
                }
                add("\(slot)_\(parameter.name)", fields)
            }
        }
        add("sleep", ["platform": "switch", "name": "Asleep", "command_topic": .string(node + "/sleep/set"),
                      "state_topic": .string(node + "/sleep/state"), "payload_on": "on", "payload_off": "off",
                      "state_on": "on", "state_off": "off", "icon": "mdi:sleep"])
        for stack in host.stackStates where MQTTConfig.isTopicLevel(stack.name) {
            add("stack_\(stack.name)", ["platform": "select", "name": .string("\(stack.name) shows"),
                                         "command_topic": .string("\(node)/stack/\(stack.name)/set"),
                                         "state_topic": .string("\(node)/stack/\(stack.name)/state"),
                                         "options": .array(stack.members.map { .string($0) }), "icon": "mdi:cards"])
            add("stack_\(stack.name)_next", ["platform": "button", "name": .string("\(stack.name) next"),
                                              "command_topic": .string("\(node)/stack/\(stack.name)/next"), "icon": "mdi:skip-next"])
        }
        add("frame", ["platform": "image", "name": "Frame", "image_topic": .string(node + "/frame"), "content_type": "image/png"])
        add("last_refresh", ["platform": "sensor", "name": "Last refresh", "state_topic": .string(node + "/last_refresh"),
                             "device_class": "timestamp", "entity_category": "diagnostic"])
        add("next_wake", ["platform": "sensor", "name": "Next wake", "state_topic": .string(node + "/next_wake"),
                          "device_class": "timestamp", "entity_category": "diagnostic"])
        add("refresh_count", ["platform": "sensor", "name": "Refreshes", "state_topic": .string(node + "/refresh_count"),
                              "state_class": "total_increasing", "entity_category": "diagnostic", "icon": "mdi:counter"])
        return [
            "device": [
                "identifiers": [.string("glance_\(config.nodeID)")],
                "name": .string(config.name),
                "manufacturer": "Glance",
                "model": .string(model),
                "sw_version": .string(version),
            ],
            "origin": ["name": "glance", "sw_version": .string(version)],
            "availability_topic": .string(node + "/availability"),
            "qos": 1,
            "components": .object(components),
        ]
    }

    /// A TRMNL device served by the daemon, as a device of its own (reached through the
    /// daemon's): its battery, signal, last request and frame.
    static func message(config: MQTTConfig, device: TRMNLDeviceState, version: String) -> DiscoveryJSON {
        let topic = "\(config.nodeTopic)/trmnl/\(device.name)"
        let id = "glance_\(config.nodeID)_\(device.name)"
        func component(_ name: String, _ fields: [String: DiscoveryJSON]) -> DiscoveryJSON {
            var fields = fields
            fields["unique_id"] = .string("\(id)_\(name)")
            return .object(fields)
        }
        return [
            "device": [
                "identifiers": [.string(id)],
                "name": .string("TRMNL \(device.name)"),
                "manufacturer": "TRMNL",
                "model": "BYOS device",
                "connections": [["mac", .string(device.id.lowercased())]],
                "via_device": .string("glance_\(config.nodeID)"),
            ],
            "origin": ["name": "glance", "sw_version": .string(version)],
            "availability_topic": .string(config.nodeTopic + "/availability"),
            "qos": 1,
            "components": [
                "battery": component("battery", ["platform": "sensor", "name": "Battery", "state_topic": .string(topic + "/battery"),
                                                 "device_class": "voltage", "unit_of_measurement": "V", "state_class": "measurement"]),
                "rssi": component("rssi", ["platform": "sensor", "name": "Signal", "state_topic": .string(topic + "/rssi"),
                                           "device_class": "signal_strength", "unit_of_measurement": "dBm", "state_class": "measurement",
                                           "entity_category": "diagnostic"]),
                "last_seen": component("last_seen", ["platform": "sensor", "name": "Last seen", "state_topic": .string(topic + "/last_seen"),
                                                     "device_class": "timestamp", "entity_category": "diagnostic"]),
                "frame": component("frame", ["platform": "image", "name": "Frame", "image_topic": .string(topic + "/frame"),
                                             "content_type": "image/png"]),
            ],
        ]
    }
}
