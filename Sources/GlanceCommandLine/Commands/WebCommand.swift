import GlanceSystem
import ArgumentParser
import FoundationEssentials
import GlanceConfiguration
import GlanceFleet
import GlanceRunner
import GlanceYAML
import Glibc

/// `glance web --config FILE`: a config's web page without its panel, for trying a layout
/// on a laptop.
struct WebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Serve a configuration's web page without its panel (frames go to files), to try a layout.",
        discussion: """
        Runs the configuration as glance run does, but on the file backend (the board's size, \
        colours and rotation kept), with its state in a temporary folder (the running \
        display's kept values and socket are left alone), without MQTT or TRMNL devices, and \
        with web: on --listen unless the file has its own web: section. Stop with Ctrl-C.
        """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("The configuration file (YAML).", valueName: "file"))
    var config: String

    @Option(help: ArgumentHelp("Where the page listens when the file has no web: (HOST:PORT).", valueName: "address"))
    var listen: String = "127.0.0.1:8080"

    @Option(help: ArgumentHelp("Where frames are written (default: a new temporary folder).", valueName: "folder"))
    var frames: String?

    func validate() throws {
        guard let (host, _) = WebConfig.address(listen) else {
            throw ValidationError("--listen: expected HOST:PORT like 127.0.0.1:8080, found '\(listen)'")
        }
        guard WebConfig.isLoopback(host) else {
            throw ValidationError("--listen: \(host) can be reached from other machines; give the file a web: section with password_file:")
        }
    }

    func run() throws {
        var template = Array("/tmp/glance-web-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw RuntimeError(message: "cannot make a temporary folder: \(SystemErrno(errno).description)") }
        let scratch = String(cString: made)
        let frames = frames ?? scratch + "/frames"
        let listen = listen
        RunCommand.adjustConfiguration = { configuration in
            configuration.display.backend = .file
            configuration.display.path = frames
            configuration.stateDirectory = scratch + "/state"
            configuration.sections["mqtt"] = nil
            configuration.sections["trmnl"] = nil
            if configuration.web == nil, let (host, port) = WebConfig.address(listen) {
                var web = WebConfig(location: ConfigLocation(file: "--listen", line: 0, column: 0, field: "web"))
                (web.host, web.port) = (host, port)
                configuration.sections["web"] = web
            }
        }
        let run = try RunCommand.parse(["--config", config])
        try run.run()
    }
}
