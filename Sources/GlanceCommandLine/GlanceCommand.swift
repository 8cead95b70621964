import GlanceGraphics
import GlanceYAML
import ArgumentParser
import GlanceSystem
import FoundationEssentials
import Glibc
import GlanceFleet
import GlanceHost
import GlanceRunner

public struct GlanceCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "glance",
        abstract: "WidgetKit for wall displays: shows widgets on an e-paper or LCD panel and sleeps between timeline boundaries.",
        discussion: """
        Start with `glance run`: with no config it runs the built-in demo on the file backend \
        and prints where the frames are. `glance simulate` replays a config's schedule in \
        virtual time.
        """,
        version: GlanceVersion.current,
        subcommands: [RunCommand.self, CheckCommand.self, WebCommand.self, RenderCommand.self, GalleryCommand.self, SimulateCommand.self, BenchCommand.self, BoardsCommand.self, WidgetsCommand.self, TraceCommand.self, PanelCommand.self, GPIOCommand.self]
            + controlCommands
    )

    public init() {}

    public static func main() {
        FleetConfig.install()
        RunCommand.frontEnds = FleetFrontEnds()
        runMain(self, direct: ("run", { RunCommand.parsedQuickly($0) }))
    }
}
