import GlanceConfiguration
import GlanceYAML

/// The fleet's sections of the configuration: `mqtt:` (`docs/mqtt.md`), `trmnl:`
/// (`docs/trmnl.md`) and `web:` (`docs/web.md`), read by the fleet's own parsers once
/// installed.
public enum FleetConfig {
    /// The parsers to install before a config is read.
    package static let sections = [
        ConfigSectionParser(key: "mqtt") { section, file throws(ConfigError) in try MQTTConfig.parse(section, file: file) },
        ConfigSectionParser(key: "trmnl") { section, _ throws(ConfigError) in try TRMNLConfig.parse(section) },
        ConfigSectionParser(key: "web") { section, file throws(ConfigError) in try WebConfig.parse(section, file: file) },
    ]

    /// Installs them (a program that embeds the daemon calls this before it reads a config).
    public static func install() {
        for parser in sections { ConfigSections.install(parser) }
    }
}

extension GlanceConfig {
    /// `mqtt:`: the broker to join (`nil`: none, or the fleet's parsers are not installed).
    public var mqtt: MQTTConfig? { sections["mqtt"] as? MQTTConfig }
    /// `trmnl:`: TRMNL devices served as displays (`nil`: none).
    public var trmnl: TRMNLConfig? { sections["trmnl"] as? TRMNLConfig }
}
