import FoundationEssentials
import GlanceConfiguration
import GlanceDisplays
import GlanceSystem
import GlanceYAML
import Glibc

/// `mqtt:`: the broker this display joins, its topics and Home Assistant's discovery
/// (`docs/mqtt.md`). `nil` in a config without the section: no MQTT at all.
public struct MQTTConfig: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var username: String?
    /// Read from `password_file:` (its first line) or `password_env:` when the file is loaded.
    public var password: String?
    /// `tls:`: the CA that signs the broker's certificate, and a client certificate and key.
    public var tls: TLS?
    public var nodeID: String
    public var baseTopic: String
    /// `nil`: no Home Assistant discovery (`discovery: false`).
    public var discoveryPrefix: String?
    public var keepalive: Int
    /// The device's name in Home Assistant.
    public var name: String
    public var location: ConfigLocation

    public struct TLS: Sendable, Equatable {
        public var ca: String
        public var certificate: String?
        public var key: String?
    }

    public init(host: String, port: Int = 1883, nodeID: String, location: ConfigLocation) {
        self.host = host
        self.port = port
        self.nodeID = nodeID
        baseTopic = "glance"
        discoveryPrefix = "homeassistant"
        keepalive = 300
        name = nodeID
        self.location = location
    }

    /// The node's own topics: `<base>/<node>`.
    public var nodeTopic: String { "\(baseTopic)/\(nodeID)" }

    /// `glance-` and the first 8 characters of `/etc/machine-id` (a Pi's SD card image
    /// gets its own on first boot), or of the host name when there is none.
    public static func defaultNodeID(machineID: String? = try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8)) -> String {
        let id = (machineID ?? "").filter { $0.isLetter || $0.isNumber }
        if id.count >= 8 { return "glance-" + id.prefix(8).lowercased() }
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count)
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "glance-" + (host.filter { $0.isLetter || $0.isNumber || $0 == "-" }.lowercased().nilIfEmpty ?? "display")
    }

    /// Whether `text` can be one level of a topic and part of an entity id: letters,
    /// digits, `-` and `_`.
    public static func isTopicLevel(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_"
        }
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

extension MQTTConfig: ConfigSection {
    /// `mqtt:`; a password comes from a file or the environment, never the config itself.
    static func parse(_ reader: YAMLReader, file: String) throws(ConfigError) -> MQTTConfig {
        let keys = ["host", "port", "username", "password_file", "password_env", "tls", "node_id", "base_topic", "discovery_prefix",
                    "discovery", "keepalive", "name"]
        let entries = try reader.mapping(allowed: keys)
        guard let host = entries.first(where: { $0.key == "host" })?.value else {
            throw reader.fail("mqtt: needs host: (the broker, e.g. host: homeassistant.local)")
        }
        var mqtt = MQTTConfig(host: try host.string(), nodeID: MQTTConfig.defaultNodeID(), location: reader.location)
        if mqtt.host.isEmpty { throw host.fail("expected the broker's host name or address, found nothing") }
        func path(_ value: YAMLReader) throws(ConfigError) -> String { try ConfigLoader.path(value, besideFile: file, kind: "a file") }
        func topicLevel(_ value: YAMLReader) throws(ConfigError) -> String {
            let text = try value.string()
            guard MQTTConfig.isTopicLevel(text) else {
                throw value.fail("expected letters, digits, - and _ only (it is one level of a topic), found \(quoted(text))")
            }
            return text
        }
        var portGiven = false
        for (key, value) in entries {
            switch key {
            case "port":
                mqtt.port = try value.int(in: 1...65_535)
                portGiven = true
            case "username":
                mqtt.username = try value.string()
            case "password_file":
                let passwordPath = try path(value)
                let text: String
                do {
                    text = try TextFile.read(passwordPath)
                } catch {
                    throw value.fail("cannot read the password: \(passwordPath): \(error.message)")
                }
                do throws(StateDirectory.Untrusted) {
                    try StateDirectory.checkSecret(passwordPath, unreadableByOthers: true)
                } catch {
                    throw value.fail("the password is not used: \(error.description)")
                }
                mqtt.password = String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
            case "password_env":
                let name = try value.string()
                guard let password = getenv(name).map({ String(cString: $0) }) else {
                    throw value.fail("the environment has no \(name); set it (systemd: Environment= or LoadCredential=) or use password_file:")
                }
                mqtt.password = password
            case "tls":
                let fields = try value.mapping(allowed: ["ca", "cert", "key"])
                guard let ca = fields.first(where: { $0.key == "ca" })?.value else {
                    throw value.fail("tls: needs ca: (the certificate of the authority that signed the broker's)")
                }
                var tls = MQTTConfig.TLS(ca: try path(ca))
                for (field, fieldValue) in fields {
                    if field == "cert" { tls.certificate = try path(fieldValue) }
                    if field == "key" { tls.key = try path(fieldValue) }
                }
                if (tls.certificate == nil) != (tls.key == nil) { throw value.fail("a client certificate needs both cert: and key:") }
                for file in [tls.ca, tls.certificate, tls.key].compactMap({ $0 }) where access(file, R_OK) != 0 {
                    throw value.fail("cannot read \(file): \(SystemErrno(errno).description)")
                }
                // Whoever may write the authority's certificate chooses which broker is trusted.
                for file in [tls.ca, tls.certificate, tls.key].compactMap({ $0 }) {
                    do throws(StateDirectory.Untrusted) {
                        // A private key, like a password, is no one else's to read.
                        try StateDirectory.checkSecret(file, unreadableByOthers: file == tls.key)
                    } catch {
                        throw value.fail("not used: \(error.description)")
                    }
                }
                mqtt.tls = tls
            case "node_id":
                mqtt.nodeID = try topicLevel(value)
            case "base_topic":
                mqtt.baseTopic = try topicLevel(value)
            case "discovery_prefix":
                mqtt.discoveryPrefix = try topicLevel(value)
            case "discovery":
                let text = try value.string()
                guard text == "false" || text == "true" else { throw value.fail("expected true or false, found \(quoted(text))") }
                if text == "false" { mqtt.discoveryPrefix = nil }
            case "keepalive":
                mqtt.keepalive = try value.int(in: 5...65_535)
            case "name":
                mqtt.name = try value.string()
            default:
                break
            }
        }
        if mqtt.password != nil && mqtt.username == nil { throw reader.fail("a password needs username:") }
        if !portGiven && mqtt.tls != nil { mqtt.port = 8883 }
        if !entries.contains(where: { $0.key == "name" }) { mqtt.name = mqtt.nodeID }
        return mqtt
    }
}
