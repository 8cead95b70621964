import FoundationEssentials
import GlanceText
import GlanceWake
import GlanceYAML
import GlanceConfiguration
import GlanceSystem

/// More ways in to a running display than its control socket: MQTT and TRMNL devices in
/// `glance` (`GlanceFleet`), none in a widget executable unless its package asks for them
/// (the `Fleet` trait). The daemon's loop owns each one it makes and closes it when it
/// stops; everything a front end does runs on the daemon's thread, in its one wait or
/// right after a wake.
package protocol FrontEnd: AnyObject {
    /// The earliest instant it needs the loop to wake at (its own displays' timelines), or nil.
    func nextDeadline() -> Date?
    /// After every wake of the loop: answer what arrived, redraw what is due.
    func service()
    /// After every wake too, once the main display is drawn: publish what changed.
    func update()
    /// The main display's host was replaced (SIGHUP).
    func hostChanged()
    /// A key of the main display was pressed.
    func keyPressed(_ key: String, long: Bool)
    /// Draws its first frames (after the main display's first).
    func start()
    /// Lets go of its sockets and threads; said before the panel sleeps.
    func close()
}

/// What a front end is given when the daemon starts it.
package struct FrontEndContext {
    package let configuration: GlanceConfig
    package let registry: WidgetRegistry
    package let fonts: FontLibrary
    package let stateDirectory: String
    package let clock: LinuxEventClock
    package let commands: ControlCommands
    /// The host of the main display at the time of asking (SIGHUP replaces it).
    package let host: () -> WidgetHost
    /// This build's version, as Home Assistant's device page shows it.
    package let version: String
    package let log: (String) -> Void

    package init(configuration: GlanceConfig, registry: WidgetRegistry, fonts: FontLibrary, stateDirectory: String,
                 clock: LinuxEventClock, commands: ControlCommands, host: @escaping () -> WidgetHost, version: String,
                 log: @escaping (String) -> Void) {
        self.configuration = configuration
        self.registry = registry
        self.fonts = fonts
        self.stateDirectory = stateDirectory
        self.clock = clock
        self.commands = commands
        self.host = host
        self.version = version
        self.log = log
    }
}

/// Makes the front ends a configuration asks for. `glance` installs the fleet's
/// (`GlanceFleet.FleetFrontEnds`); without one, a config's `mqtt:` and `trmnl:` sections
/// are read and checked but nothing serves them, and the daemon says so.
package protocol FrontEndMaker {
    /// Checks, before anything reaches the panel, what the front ends will need of the
    /// configuration (each TRMNL device's slots fit its screen).
    func check(_ configuration: GlanceConfig, registry: WidgetRegistry) throws(ConfigError)
    /// The front ends `context.configuration` asks for; a failure of one is said and the
    /// display runs on without it.
    func make(_ context: FrontEndContext) -> [FrontEnd]
    /// The shared libraries the front ends will open for `configuration`, each with the
    /// first thing that needs it (`glance check` opens them).
    func libraries(_ configuration: GlanceConfig) -> [(library: SharedLibrary, reason: String)]
    /// The slots the front ends show beyond the display's (each TRMNL device's).
    func otherSlots(_ configuration: GlanceConfig) -> [SlotConfig]
}
