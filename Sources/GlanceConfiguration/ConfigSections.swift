import GlanceYAML
import Synchronization

/// A top-level section of the configuration that another module reads and owns the
/// schema of (`mqtt:` and `trmnl:`: GlanceFleet's `MQTTConfig` and `TRMNLConfig`).
package protocol ConfigSection: Sendable {}

/// How a module reads its section: `parse` gets the section's reader (errors name the
/// file, line and field like every other) and the config file's path (for paths
/// beside it).
package struct ConfigSectionParser: Sendable {
    package let key: String
    package let parse: @Sendable (_ section: YAMLReader, _ file: String) throws(ConfigError) -> any ConfigSection

    package init(key: String, parse: @escaping @Sendable (_ section: YAMLReader, _ file: String) throws(ConfigError) -> any ConfigSection) {
        self.key = key
        self.parse = parse
    }
}

/// The sections other modules own. A program installs the parsers of the modules it
/// carries before it reads a config (`glance` the fleet's; a widget executable only
/// with the Fleet trait); a section whose parser is not installed is kept unread and
/// named in `GlanceConfig.unservedSections`, so one config file serves every build.
package enum ConfigSections {
    /// Every section another module owns, and what it is (for messages).
    package static let owners: [String: String] = ["mqtt": "MQTT", "trmnl": "TRMNL devices", "web": "the web page"]

    private static let parsers = Mutex<[String: ConfigSectionParser]>([:])

    /// Reads `parser.key` with `parser` from now on.
    package static func install(_ parser: ConfigSectionParser) {
        precondition(owners[parser.key] != nil, "config section '\(parser.key)' is not listed in ConfigSections.owners")
        parsers.withLock { $0[parser.key] = parser }
    }

    /// The parsers installed, which `ConfigLoader` uses unless it is given others.
    package static var installed: [ConfigSectionParser] { parsers.withLock { $0.values.sorted { $0.key < $1.key } } }
}
