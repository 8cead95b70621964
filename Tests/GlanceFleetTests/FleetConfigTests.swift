import Foundation
import GlanceConfiguration
import GlanceFleet
import GlanceYAML
import Testing

/// The fleet's own sections of the configuration (`mqtt:`, `trmnl:`), read by its
/// parsers: errors name the file, line and field as the core sections' do.
@Suite struct FleetConfigTests {
    static let slot = "slots:\n  - {kind: weekday, family: systemSmall}\n"

    func parse(_ yaml: String, file: String) throws(ConfigError) -> GlanceConfig {
        try ConfigLoader.parse(yaml, file: file, sections: FleetConfig.sections)
    }

    func loadError(at file: String, _ yaml: String) -> String {
        do {
            _ = try parse(yaml, file: file)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func loadError(_ yaml: String) -> String {
        do {
            _ = try parse(yaml, file: "wall.yaml")
            return "no error"
        } catch {
            return "\(error)"
        }
    }


    @Test(arguments: [
        ("mqtt: {port: 1883}\n" + slot, "wall.yaml:1:7: mqtt: mqtt: needs host:"),
        ("mqtt: {host: b, port: 99999}\n" + slot, "wall.yaml:1:23: mqtt.port: expected a whole number from 1 to 65535, found '99999'"),
        ("mqtt: {host: b, node_id: \"kitchen/wall\"}\n" + slot,
         "wall.yaml:1:26: mqtt.node_id: expected letters, digits, - and _ only (it is one level of a topic), found 'kitchen/wall'"),
        ("mqtt: {host: b, username: u, password_file: /nonexistent/pw}\n" + slot,
         "wall.yaml:1:45: mqtt.password_file: cannot read the password: /nonexistent/pw: no such file"),
        ("mqtt: {host: b, username: u, password_env: GLANCE_TEST_NO_SUCH_VARIABLE}\n" + slot,
         "wall.yaml:1:44: mqtt.password_env: the environment has no GLANCE_TEST_NO_SUCH_VARIABLE"),
        ("mqtt: {host: b, tls: {cert: c.pem}}\n" + slot, "wall.yaml:1:22: mqtt.tls: tls: needs ca:"),
        ("mqtt: {host: b, keepalive: 1}\n" + slot, "wall.yaml:1:28: mqtt.keepalive: expected a whole number from 5 to 65535, found '1'"),
        ("mqtt: {host: b, qos: 2}\n" + slot, "wall.yaml:1:17: mqtt.qos: unknown key 'qos'"),
        ("trmnl: {devices: []}\n" + slot, "wall.yaml:1:8: trmnl: trmnl: needs devices:"),
        ("trmnl:\n  devices:\n    - {id: \"12:34\", slots: []}\n" + slot,
         "wall.yaml:3:12: trmnl.devices[0].id: expected a MAC address like A1:B2:C3:D4:E5:F6, found '12:34'"),
        ("trmnl:\n  devices:\n    - {id: \"A1:B2:C3:D4:E5:F6\"}\n" + slot, "wall.yaml:3:7: trmnl.devices[0]: device A1:B2:C3:D4:E5:F6 needs slots:"),
        ("trmnl:\n  devices:\n    - {id: \"A1:B2:C3:D4:E5:F6\", colors: acep7, slots: []}\n" + slot,
         "wall.yaml:3:41: trmnl.devices[0].colors: TRMNL devices show bw or gray4, found 'acep7'"),
        ("trmnl:\n  devices:\n    - {id: \"a1b2c3d4e5f6\", slots: []}\n    - {id: \"A1-B2-C3-D4-E5-F6\", slots: []}\n" + slot,
         "wall.yaml:4:7: trmnl.devices[1]: device A1:B2:C3:D4:E5:F6 is listed twice"),
    ])
    func fleetSectionsNameTheirFields(yaml: String, expected: String) {
        let message = loadError(yaml)
        #expect(!message.contains("\n"))
        #expect(message.hasPrefix(expected), "got: \(message)")
    }

    @Test func mqttDefaultsComeFromTheMachineAndTLSMovesThePort() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-mqtt-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "s3cret\nignored\n".write(to: folder.appendingPathComponent("pw"), atomically: true, encoding: .utf8)
        try "not checked here".write(to: folder.appendingPathComponent("ca.crt"), atomically: true, encoding: .utf8)
        let config = try parse("mqtt: {host: broker.lan, username: wall, password_file: pw, tls: {ca: ca.crt}}\n" + Self.slot,
                                            file: folder.path + "/wall.yaml")
        let mqtt = try #require(config.mqtt)
        #expect(mqtt.password == "s3cret")
        #expect(mqtt.port == 8883)
        #expect(mqtt.baseTopic == "glance" && mqtt.discoveryPrefix == "homeassistant" && mqtt.keepalive == 300)
        #expect(mqtt.nodeID.hasPrefix("glance-") && MQTTConfig.isTopicLevel(mqtt.nodeID))
        #expect(mqtt.name == mqtt.nodeID)
        #expect(MQTTConfig.defaultNodeID(machineID: "3d1219c7c4c5404aaa1f6d2a48adfda4\n") == "glance-3d1219c7")
        // A secret others may write, or in a folder others may write, is not used (ssh's
        // StrictModes): they could put their own password or authority there.
        for (path, mode) in [(folder.path + "/pw", 0o666), (folder.path, 0o777), (folder.path + "/ca.crt", 0o620)] as [(String, mode_t)] {
            #expect(chmod(path, mode) == 0)
            let message = loadError(at: folder.path + "/wall.yaml",
                                    "mqtt: {host: broker.lan, username: wall, password_file: pw, tls: {ca: ca.crt}}\n" + Self.slot)
            #expect(message.contains("(owner uid ") && message.contains("mode 0\(String(mode, radix: 8))) can be written by others"), "\(message)")
            #expect(message.contains("chmod go-w \(path)"), "\(message)")
            #expect(chmod(path, path == folder.path ? 0o755 : 0o644) == 0)
        }
        let off = try parse("mqtt: {host: b, discovery: false}\n" + Self.slot, file: "wall.yaml")
        #expect(off.mqtt?.discoveryPrefix == nil)
        #expect(try parse(Self.slot, file: "wall.yaml").mqtt == nil)
    }
}
