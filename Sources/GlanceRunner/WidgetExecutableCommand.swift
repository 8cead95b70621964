import ArgumentParser
import FoundationEssentials
import GlanceHost
import GlanceSystem
import GlanceYAML
import Glibc

/// This build's version: `glance --version`, and what Home Assistant's device page shows.
/// The same as the top-level `VERSION` file, which `scripts/package` reads (a test
/// checks that they agree): change both together.
public enum GlanceVersion {
    public static let current = "0.16.0"
}

/// The commands of a user's widget executable: `render`, `gallery`, `run`, `check` and `widgets`
/// for its own widgets (and the built-in ones). What it does not carry: MQTT and TRMNL
/// unless its package asks for the `Fleet` trait, the benches, the emulators and the
/// panel tools, which are `glance`'s.
package struct WidgetExecutableCommand: ParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) },
        abstract: "A Glance widget: render it to a PNG, or run it on a display.",
        version: GlanceVersion.current,
        subcommands: [RenderCommand.self, GalleryCommand.self, RunCommand.self, CheckCommand.self, WidgetsCommand.self]
        )
    }

    package init() {}

    package static func main() { runMain(self) }
}

/// Like ArgumentParser's `main()`, but usage and configuration errors exit with 2
/// and print one line, never a stack trace.
///
/// `direct` names one subcommand read by its own quick reading when it is asked for
/// (`glance run …`, the daemon: `RunCommand.parsedQuickly`): ArgumentParser's tree of
/// every subcommand is then not built, which set every subcommand's configuration and
/// conformance caches in the executable's globals (about 40 KiB of the daemon's private
/// memory, and start time). Anything the quick reading declines (help, the version, a
/// mistake) goes through the whole tree, so what is printed is the same.
package func runMain<Command: ParsableCommand>(_ root: Command.Type, direct: (name: String, parse: ([String]) -> (any ParsableCommand)?)? = nil) {
    Allocator.keepFramePages()
    do {
        var command = try parseDirectly(direct) ?? root.parseAsRoot()
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

/// `direct`'s command read from the arguments after its name, or nil when the arguments
/// name another or its reading declines them (the whole tree then reads them, and says
/// what is wrong).
private func parseDirectly(_ direct: (name: String, parse: ([String]) -> (any ParsableCommand)?)?) -> (any ParsableCommand)? {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let direct, arguments.first == direct.name else { return nil }
    return direct.parse(Array(arguments.dropFirst()))
}

/// A mistake in how glance was called: exit code 2.
package struct UsageError: Error {
    package let message: String
    package init(message: String) { self.message = message }
}

/// Something failed while running (a directory that cannot be written): exit code 1.
package struct RuntimeError: Error {
    package let message: String
    package init(message: String) { self.message = message }
}
