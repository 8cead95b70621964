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
         "wall.yaml:3:41: trmnl.devices[0].colors: TRMNL devices show bw, gray4, gray16, spectra6, found 'acep7'"),
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
        // A password every user may read is refused, with the chmod that fixes it.
        #expect(chmod(folder.path + "/pw", 0o644) == 0)
        let readable = loadError(at: folder.path + "/wall.yaml", "mqtt: {host: broker.lan, username: wall, password_file: pw, tls: {ca: ca.crt}}\n" + Self.slot)
        #expect(readable.contains("can be read by every user of this machine") && readable.contains("chmod o-r \(folder.path)/pw"), "\(readable)")
        #expect(chmod(folder.path + "/pw", 0o600) == 0)
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
        for (path, mode) in [(folder.path + "/pw", 0o620), (folder.path, 0o777), (folder.path + "/ca.crt", 0o620)] as [(String, mode_t)] {
            #expect(chmod(path, mode) == 0)
            let message = loadError(at: folder.path + "/wall.yaml",
                                    "mqtt: {host: broker.lan, username: wall, password_file: pw, tls: {ca: ca.crt}}\n" + Self.slot)
            #expect(message.contains("(owner uid ") && message.contains("mode 0\(String(mode, radix: 8))) can be written by others"), "\(message)")
            #expect(message.contains("chmod go-w \(path)"), "\(message)")
            #expect(chmod(path, path == folder.path ? 0o755 : path.hasSuffix("/pw") ? 0o600 : 0o644) == 0)
        }
        let off = try parse("mqtt: {host: b, discovery: false}\n" + Self.slot, file: "wall.yaml")
        #expect(off.mqtt?.discoveryPrefix == nil)
        #expect(try parse(Self.slot, file: "wall.yaml").mqtt == nil)
    }

    /// What a SIGHUP compares: the settings of the sections taken in only at start, by
    /// what they say. Moving them, commenting them, writing them in flow style or 10 as
    /// 10.0 is no change; a new broker host, web address, state folder or stop timeout is,
    /// and so is a section added or removed.
    @Test func startOnlySettingsFollowWhatTheFileSaysNotHowItIsWritten() throws {
        let running = try parse("""
            mqtt: {host: broker.lan, port: 1883}
            web: {listen: "127.0.0.1:8080"}
            stop_timeout: 10
            """ + "\n" + Self.slot, file: "wall.yaml")
        let relaidOut = try parse(Self.slot + """
            # the same, written otherwise and further down
            stop_timeout: 10.0
            web:
              listen: "127.0.0.1:8080"   # local only
            mqtt:
              host: broker.lan
              port: 1883
            """ + "\n", file: "wall.yaml")
        #expect(relaidOut.startOnlyChanges(from: running) == [])
        #expect(running.sectionSettings.keys.sorted() == ["mqtt", "web"])

        let moved = try parse("""
            mqtt: {host: broker.home, port: 1883}
            web: {listen: "127.0.0.1:9090"}
            stop_timeout: 10
            input: [{device: /dev/input/event0}]
            """ + "\n" + Self.slot, file: "wall.yaml")
        #expect(moved.startOnlyChanges(from: running) == ["input", "mqtt", "web"])
        let without = try parse("stop_timeout: 20\nstate_dir: /var/lib/elsewhere\n" + Self.slot, file: "wall.yaml")
        #expect(without.startOnlyChanges(from: running) == ["state_dir", "stop_timeout", "mqtt", "web"])

        // What keeps running: the running side's start-only settings, the file's slots.
        let kept = moved.keepingStartOnlySettings(of: running)
        #expect(kept.mqtt?.host == "broker.lan" && kept.inputs.isEmpty && kept.startOnlyChanges(from: running) == [])
        #expect(kept.slots.map { $0.kind } == ["weekday"])
    }
}

@Suite struct WebConfigTests {
    func parse(_ yaml: String, file: String = "wall.yaml") throws(ConfigError) -> GlanceConfig {
        try ConfigLoader.parse(yaml + "\n" + FleetConfigTests.slot, file: file, sections: FleetConfig.sections)
    }

    func error(_ yaml: String, file: String = "wall.yaml") -> String {
        do {
            _ = try parse(yaml, file: file)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func addressesAndDefaults() throws {
        #expect(try parse("web: {}").web.map { "\($0.host):\($0.port)" } == "127.0.0.1:8080")
        #expect(try parse("web: {listen: \":9000\"}").web?.port == 9000)
        #expect(try parse("web: {listen: \"[::1]:9001\"}").web.map { "\($0.host):\($0.port)" } == "::1:9001")
        #expect(try parse("web: {listen: localhost:80}").web?.host == "localhost")
        #expect(try ConfigLoader.parse(FleetConfigTests.slot, file: "wall.yaml", sections: FleetConfig.sections).web == nil)
    }

    @Test(arguments: [
        ("web: {listen: \"0.0.0.0:8080\"}", "wall.yaml:1:15: web.listen: 0.0.0.0:8080 can be reached from other machines; give password_file: (lines name:password) or listen on 127.0.0.1"),
        ("web: {listen: \"127.0.0.1:99999\"}", "wall.yaml:1:15: web.listen: expected HOST:PORT like 127.0.0.1:8080, [::1]:8080 or :8080, found '127.0.0.1:99999'"),
        ("web: {listen: \"[::1\"}", "wall.yaml:1:15: web.listen: expected HOST:PORT"),
        ("web: {port: 80}", "wall.yaml:1:7: web.port: unknown key"),
    ])
    func badSectionsNameTheField(yaml: String, expected: String) {
        #expect(error(yaml).hasPrefix(expected), "\(error(yaml))")
    }

    @Test func thePasswordFileIsCheckedAndReadByLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let users = folder.appendingPathComponent("users")
        let file = folder.appendingPathComponent("wall.yaml").path
        func write(_ text: String, mode: Int = 0o600) throws {
            try text.write(to: users, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: users.path)
        }
        try write("# who\nana:correct horse\n\nbo:b:c\n")
        let web = try #require(try parse("web: {listen: \"0.0.0.0:8080\", password_file: users}", file: file).web)
        #expect(web.users == ["ana": "correct horse", "bo": "b:c"])
        try write("ana:one\nsecret-without-a-colon\n")
        let bad = error("web: {password_file: users}", file: file)
        #expect(bad.contains("users line 2 is not name:password") && !bad.contains("secret"), "\(bad)")
        try write("ana:one\nana:two\n")
        #expect(error("web: {password_file: users}", file: file).contains("line 2: 'ana' is there twice"))
        try write("ana:one\n", mode: 0o622)
        #expect(error("web: {password_file: users}", file: file).contains("can be written by others"))
        // Every user of the machine could read the passwords: refused, with the chmod.
        try write("ana:one\n", mode: 0o644)
        let readable = error("web: {password_file: users}", file: file)
        #expect(readable.contains("can be read by every user of this machine") && readable.contains("chmod o-r \(users.path)"), "\(readable)")
        try write("ana:one\n", mode: 0o640)
        #expect(try parse("web: {listen: \"0.0.0.0:8080\", password_file: users}", file: file).web?.users == ["ana": "one"])
        // A password keeps its spaces, leading and trailing; a CR LF file's CR is not one.
        try write("ana:  two spaces either side  \r\nbo: x\n   \n")
        #expect(try parse("web: {listen: \"0.0.0.0:8080\", password_file: users}", file: file).web?.users
                == ["ana": "  two spaces either side  ", "bo": " x"])
    }
}
