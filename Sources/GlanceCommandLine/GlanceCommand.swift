import GlanceGraphics
import GlanceYAML
import ArgumentParser
import GlanceSystem
import FoundationEssentials
import Glibc
import GlanceHost

/// This build's version: `glance --version`, and what Home Assistant's device page shows.
public enum GlanceVersion {
    public static let current = "0.15.0"
}

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
        subcommands: [RunCommand.self, RenderCommand.self, GalleryCommand.self, SimulateCommand.self, BenchCommand.self, BoardsCommand.self, WidgetsCommand.self, TraceCommand.self, PanelCommand.self, GPIOCommand.self,
                      ReloadCommand.self, PressCommand.self, SetCommand.self, StatusCommand.self, DefaultsCommand.self]
    )

    public init() {}

    public static func main() { runMain(self) }
}

/// The commands of a user's widget executable: `render` and `run` for its own widget.
public struct WidgetExecutableCommand: ParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) },
        abstract: "A Glance widget: render it to a PNG, or run it on a display.",
        subcommands: [RenderCommand.self, GalleryCommand.self, RunCommand.self, WidgetsCommand.self]
        )
    }

    public init() {}

    public static func main() { runMain(self) }
}

/// Like ArgumentParser's `main()`, but usage and configuration errors exit with 2
/// and print one line, never a stack trace.
func runMain<Command: ParsableCommand>(_ root: Command.Type) {
    Allocator.keepFramePages()
    do {
        var command = try root.parseAsRoot()
        try command.run()
    } catch let error as ConfigError {
        StandardStreams.error("glance: \(error)\n")
        Glibc.exit(2)
    } catch let error as UsageError {
        StandardStreams.error("glance: \(error.message)\n")
        Glibc.exit(2)
    } catch let error as RuntimeError {
        StandardStreams.error("glance: \(error.message)\n")
        Glibc.exit(1)
    } catch {
        let code = root.exitCode(for: error)
        if code == .success {
            root.exit(withError: error)
        }
        // Parsing and validation problems: ArgumentParser's message, our exit code.
        let message = root.message(for: error)
        StandardStreams.error("glance: \(message)\n")
        StandardStreams.error("Run with --help for usage.\n")
        Glibc.exit(code == .validationFailure ? 2 : code.rawValue)
    }
}

/// A mistake in how glance was called: exit code 2.
struct UsageError: Error {
    let message: String
}

/// Something failed while running (a directory that cannot be written): exit code 1.
struct RuntimeError: Error {
    let message: String
}
