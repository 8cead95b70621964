import FoundationEssentials
import GlanceHost
import GlanceSystem
import GlanceYAML
import GlanceConfiguration

/// The fleet's front ends for `glance run`: MQTT (`mqtt:`), TRMNL devices (`trmnl:`) and
/// the web page (`web:`), each a failure the display runs on without. MQTT publishes the
/// TRMNL devices' state and the page shows their frames, so they are made and kept together.
package struct FleetFrontEnds: FrontEndMaker {
    package init() {}

    package func check(_ configuration: GlanceConfig, registry: WidgetRegistry) throws(ConfigError) {
        for device in configuration.trmnl?.devices ?? [] {
            try WidgetHost.check(device.displayConfig(from: configuration), registry: registry)
        }
    }

    package func make(_ context: FrontEndContext) -> [FrontEnd] {
        let configuration = context.configuration
        guard configuration.mqtt != nil || configuration.trmnl != nil || configuration.web != nil else { return [] }
        return [Fleet(context)]
    }

    package func libraries(_ configuration: GlanceConfig) -> [(library: SharedLibrary, reason: String)] {
        configuration.mqtt == nil ? [] : [(SharedLibrary.mosquitto, "mqtt:")]
    }

    package func otherSlots(_ configuration: GlanceConfig) -> [SlotConfig] {
        (configuration.trmnl?.devices ?? []).flatMap { $0.displayConfig(from: configuration).slots }
    }
}

extension SharedLibrary {
    static let mosquitto = SharedLibrary(file: "libmosquitto.so.1", package: "libmosquitto1") { MQTTLibrary.problem }
}

/// MQTT, the TRMNL server and the web page of one daemon, wired to each other.
private final class Fleet: FrontEnd {
    private var link: MQTTLink?
    private var trmnl: TRMNLServer?
    private var web: WebServer?
    /// The daemon's control commands, which answer `trmnl-pair` while the server runs.
    private var commands: ControlCommands?

    init(_ context: FrontEndContext) {
        let say = context.log
        if let mqtt = context.configuration.mqtt {
            say("mqtt: joining \(mqtt.host):\(mqtt.port) as \(mqtt.nodeID) (topics under \(mqtt.nodeTopic)/)")
            do {
                link = try MQTTLink(config: mqtt, clock: context.clock, commands: context.commands, version: context.version,
                                    host: context.host, log: say)
            } catch {
                say("mqtt: \(error); the display runs without MQTT")
            }
        }
        // Each TRMNL device is a display with its own slots, served over HTTP; their
        // instants are part of the loop's one deadline.
        if let config = context.configuration.trmnl {
            do {
                let server = try TRMNLServer(config: config, main: context.configuration, registry: context.registry, fonts: context.fonts,
                                             stateDirectory: context.stateDirectory, clock: context.clock, log: say)
                // Devices sleep when the main display is told to (glance sleep, the switch).
                server.mainHost = context.host
                trmnl = server
                let names = config.devices.map(\.name).joined(separator: ", ")
                say("trmnl: serving \(names) on \(config.listen):\(server.port) (point the devices' BYOS server at http://THIS-HOST:\(server.port))")
            } catch {
                say("trmnl: \(error); the devices are not served (the display runs on)")
            }
        }
        if let server = trmnl {
            commands = context.commands
            context.commands.frontEndCommands[.trmnlPair] = { [weak server] request in
                guard let server else { return .failure(ControlFailure("the TRMNL server has stopped")) }
                guard case let .trmnlPair(name, minutes) = request else { return .failure(ControlFailure("not a trmnl-pair request")) }
                return server.openPairing(name: name, minutes: minutes ?? 5)
            }
        }
        if let config = context.configuration.web {
            // On TRMNL's address and port, the page is served by the TRMNL server's listener.
            let trmnlConfig = context.configuration.trmnl
            let shared = trmnl != nil && config.port != 0 && trmnlConfig.map { $0.listen == config.host && $0.port == config.port } == true
            do {
                let server = try WebServer(config: config, context: context, listening: !shared)
                if shared { trmnl?.fallback = { [weak server] request, promise in server?.handle(request, promise: promise) } }
                web = server
                let port = shared ? trmnl?.port ?? config.port : server.port
                say("web: the page is at http://\(config.host.contains(":") ? "[\(config.host)]" : config.host):\(port)/"
                    + (shared ? " (on the TRMNL server's port)" : "")
                    + (config.users.isEmpty ? " (this machine only)" : " (log in: \(config.users.count) user\(config.users.count == 1 ? "" : "s"))"))
            } catch {
                say("web: \(error); the page is not served (the display runs on)")
            }
        }
        web?.deviceHosts = { [weak self] in self?.trmnl?.displayHosts ?? [] }
        link?.devices = { [weak self] in self?.trmnl?.deviceStates ?? [] }
        trmnl?.onChange = { [weak self] in self?.link?.update() }
    }

    func nextDeadline() -> Date? { trmnl?.nextDeadline() }
    func service() { trmnl?.service() }
    func update() {
        link?.update()
        web?.update()
    }
    func hostChanged() { link?.hostChanged() }
    func keyPressed(_ key: String, long: Bool) { link?.keyPressed(key, long: long) }

    func start() {
        trmnl?.start()
        link?.update()
        web?.update()
    }

    /// MQTT says offline and lets the broker go, then the TRMNL server stops.
    func close() {
        commands?.frontEndCommands[.trmnlPair] = nil
        StopDeadline.step("saying offline to the MQTT broker")
        link?.close()
        StopDeadline.step("closing the TRMNL server")
        trmnl?.close()
        StopDeadline.step("closing the web page")
        web?.close()
    }
}
