import ArgumentParser
import FoundationEssentials
import GlanceHost
import GlanceSystem
import GlanceFetch
import Glibc
import GlanceRunner
import GlanceConfiguration

/// The commands that talk to a running daemon, in the order `glance --help` lists them
/// after the others (`GlanceCommand`'s subcommands): a new one is added here.
let controlCommands: [any ParsableCommand.Type] = [
    ReloadCommand.self, PressCommand.self, NextCommand.self, PreviousCommand.self, SleepCommand.self, SetCommand.self, StatusCommand.self,
    DefaultsCommand.self, TRMNLCommand.self,
]

/// `--config FILE`: which daemon to talk to (its `state_dir:`). Without it, the first of:
/// `$STATE_DIRECTORY` (a command run by systemd for the daemon) and the user's own state
/// folder (`$XDG_STATE_HOME/glance`, `~/.local/state/glance`) that holds a control
/// socket, else the system's daemon: `/etc/glance/glance.yaml`'s `state_dir:`
/// (`/var/lib/glance` when it has none), which members of group glance may use.
struct DaemonOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The daemon's configuration file (for its state_dir:); without it, the first socket of $STATE_DIRECTORY, ~/.local/state/glance, then /etc/glance/glance.yaml's state_dir:.", valueName: "file"))
    var config: String?

    @Flag(help: "Print the daemon's answer as it came (one JSON object).")
    var json = false

    /// The packaged daemon's configuration, the last place looked.
    static var systemConfig: String {
        #if DEBUG
        // Tests put a system configuration of their own in its place.
        if let path = UserFolders.variable("GLANCE_TEST_SYSTEM_CONFIG") { return path }
        #endif
        return "/etc/glance/glance.yaml"
    }
    /// The packaged daemon's state folder when its configuration names none (systemd's
    /// `StateDirectory=glance`).
    static let systemStateDirectory = "/var/lib/glance"

    /// The daemon's socket, and where it was looked for (said when nobody listens).
    func socket() throws -> (path: String, looked: [String]) {
        // Only its state_dir: is wanted, so the sections other modules read (mqtt:'s
        // password_env, trmnl:) are not: a client need not have the daemon's secrets.
        if let config { return (StateDirectory.socketPath(in: StateDirectory.resolve(configured: try ConfigLoader.load(path: config, sections: []).stateDirectory)), []) }
        var looked: [String] = []
        func isSocket(_ path: String) -> Bool {
            var info = stat()
            return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
        }
        if let systemd = UserFolders.variable("STATE_DIRECTORY")?.split(separator: ":").first {
            let path = StateDirectory.socketPath(in: String(systemd))
            if isSocket(path) { return (path, []) }
            looked.append("\(path) ($STATE_DIRECTORY)")
        }
        let own = StateDirectory.socketPath(in: UserFolders.stateHome + "/glance")
        if isSocket(own) { return (own, []) }
        looked.append(own)
        let system = Self.systemConfig
        if access(system, F_OK) == 0 {
            let directory = try ConfigLoader.load(path: system, sections: []).stateDirectory ?? Self.systemStateDirectory
            let path = StateDirectory.socketPath(in: directory)
            return (path, looked + ["\(path) (state_dir: of \(system))"])
        }
        looked.append("\(system) (no such file)")
        return (own, looked)
    }

    /// Sends `request` to the daemon and returns its answer; prints and exits 3 when no
    /// daemon listens, 1 when the daemon refuses (with its one line).
    @discardableResult
    func send(_ request: ControlRequest) throws -> (line: String, fields: JSONValue) {
        let (path, looked) = try socket()
        let answer: ControlAnswer
        do throws(ControlClient.Failure) {
            answer = try ControlClient(path: path).send(request)
        } catch .noDaemon(let path) {
            if looked.isEmpty {
                StandardStreams.error("glance: no daemon is listening on \(path) (start one with glance run\(config.map { " --config \($0)" } ?? ""))\n")
            } else {
                StandardStreams.error("glance: no daemon found; looked in \(looked.joined(separator: ", ")) (start one with glance run, or pass --config FILE)\n")
            }
            Glibc.exit(3)
        } catch {
            throw RuntimeError(message: "\(error)")
        }
        if json { print(answer.line.jsonTerminalSafe) }
        if !answer.ok {
            if !json { StandardStreams.error("glance: \((answer.error ?? answer.line).terminalSafe)\n") }
            Glibc.exit(1)
        }
        if !json, let message = answer.message { print(message.terminalSafe) }
        // The fields beyond ok/message/error (status's slots, defaults-read's value).
        guard let fields = JSONValue.parse(answer.line) else {
            throw RuntimeError(message: "the daemon answered something that is not JSON: \(String(answer.line.prefix(200)).terminalSafe)")
        }
        return (answer.line, fields)
    }
}

struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload", abstract: "Ask the running daemon to reload every slot, the slots of one widget kind, or one slot, now.",
        discussion: "Naming a quarantined slot (or its kind) lets it out: its widget runs again. Reloading every slot leaves quarantined ones alone.")

    @Argument(help: "A widget kind (countdown) or a slot's name; none: every slot.") var kind: String?
    @OptionGroup var daemon: DaemonOptions

    func run() throws {
        try daemon.send(.reload(kind: kind))
    }
}

struct PressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "press", abstract: "Press a key of the running daemon's keys:, as if on the board (any backend).")

    @Argument(help: "The key's name in keys: (KEY1, A, F1).") var key: String
    @Flag(help: "A long press (the key's long: binding).") var long = false
    @OptionGroup var daemon: DaemonOptions

    func run() throws {
        try daemon.send(.press(key: key, long: long))
    }
}

struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next", abstract: "Turn a stack of the running daemon to its next member (it stays for the stack's hold:).")

    @Argument(help: "The stack's name (the slot with stack:).") var stack: String
    @OptionGroup var daemon: DaemonOptions

    func run() throws {
        try daemon.send(.turn(stack: stack, forward: true))
    }
}

struct PreviousCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "previous", abstract: "Turn a stack of the running daemon back to its previous member.")

    @Argument(help: "The stack's name (the slot with stack:).") var stack: String
    @OptionGroup var daemon: DaemonOptions

    func run() throws {
        try daemon.send(.turn(stack: stack, forward: false))
    }
}

struct SleepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleep", abstract: "Put the running display to sleep, wake it, or leave it to its sleep: windows.",
        discussion: """
        glance sleep on — asleep until glance sleep off or auto. glance sleep off — awake now (inside a \
        window, until it ends). glance sleep until 07:30 — asleep until then (or an ISO 8601 instant). \
        glance sleep auto — the sleep: windows decide.
        """)

    @Argument(help: ArgumentHelp("on, off, auto, or until TIME.", valueName: "mode")) var mode: [String]
    @OptionGroup var daemon: DaemonOptions

    func run() throws {
        try daemon.send(.sleep(mode: mode.joined(separator: " ")))
    }
}

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a slot's parameter in the running daemon; checked like the config, kept across restarts.",
        discussion: "glance set dday.title \"Trip to Jeju\" — the slot reloads at once.")

    @Argument(help: ArgumentHelp("The slot's name and the parameter.", valueName: "slot.param")) var target: String
    @Argument(help: "The new value, written as in the config.") var value: String
    @OptionGroup var daemon: DaemonOptions

    func run() throws {
        guard let dot = target.firstIndex(of: "."), dot != target.startIndex, target.index(after: dot) != target.endIndex else {
            throw UsageError(message: "expected SLOT.PARAM (like dday.title), found \(target)")
        }
        try daemon.send(.set(slot: String(target[..<dot]), param: String(target[target.index(after: dot)...]), value: value))
    }
}

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "What each slot of the running daemon shows, its next wake and why, the last refresh.")

    @OptionGroup var daemon: DaemonOptions

    func run() throws {
        let answer = try daemon.send(.status)
        guard !daemon.json else { return }
        guard let report = StatusReport(line: answer.line) else {
            throw RuntimeError(message: "the daemon's status is not one this glance reads (run the glance the daemon runs, or add --json)")
        }
        // Every text is the daemon's report of what widgets, MQTT publishers and files
        // said: written out so that none of it drives the terminal.
        func show(_ line: String) { print(line.terminalSafe) }
        show("\(report.config) at \(report.now)")
        for slot in report.slots {
            show("  \(slot.name) (\(slot.kind), \(slot.family)): \(slot.shows.joined(separator: " · "))")
            if let problem = slot.problem { show("    \(problem)") }
            if let next = slot.nextWake {
                show("    next wake \(next): \(slot.nextReason ?? "")")
            } else {
                show("    next wake: none (keys, reloads and set wake it)")
            }
        }
        for stack in report.stacks ?? [] {
            var why = stack.why ?? "?"
            if let score = stack.score { why += " \(score)" }
            if let until = stack.until { why += " until \(until)" }
            show("  stack \(stack.name) [\(stack.members.joined(separator: ", "))] shows \(stack.shows ?? "?") (\(why))"
                 + (stack.nextTurn.map { "; may turn at \($0)" } ?? ""))
        }
        if let sleep = report.sleep { show("  \(sleep)") }
        if let refresh = report.lastRefresh {
            show("  last refresh: \(refresh.refresh) at \(refresh.at) (\(refresh.window))" + (refresh.why.map { ": \($0)" } ?? ""))
        }
        if let intent = report.lastIntent {
            show("  last intent: \(intent.title) in \(intent.slot)\(intent.error.map { " — failed: \($0)" } ?? "")")
        }
        if report.displayFailing == true { show("  the display is failing; see the daemon's log") }
    }
}

struct DefaultsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "defaults",
        abstract: "Read and write the shared store (UserDefaults(suiteName:)) through the running daemon.",
        discussion: """
        Shaped after macOS's defaults: glance defaults write group.dday target -date 2027-01-03T00:00:00+09:00; \
        glance defaults read group.dday. Widgets see a change at their next reload (glance reload).
        """,
        subcommands: [DefaultsWrite.self, DefaultsRead.self, DefaultsDelete.self]
    )
}

struct DefaultsWrite: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "write", abstract: "Set a key of a suite.")

    @Argument(help: "The suite (an app group name like group.com.example.dday).") var suite: String
    @Argument(help: "The key.") var key: String
    @Flag(name: .customLong("string", withSingleDash: true), help: "The value is text (the default).") var string = false
    @Flag(name: [.customLong("int", withSingleDash: true), .customLong("integer", withSingleDash: true)], help: "A whole number.") var int = false
    @Flag(name: .customLong("float", withSingleDash: true), help: "A number.") var float = false
    @Flag(name: [.customLong("bool", withSingleDash: true), .customLong("boolean", withSingleDash: true)], help: "true or false.") var bool = false
    @Flag(name: .customLong("date", withSingleDash: true), help: "An ISO 8601 date and time.") var date = false
    @Flag(name: .customLong("data", withSingleDash: true), help: "Bytes in base64 (a Codable value's JSON, as apps store them).") var data = false
    @Argument(help: "The value.") var value: String
    @OptionGroup var daemon: DaemonOptions

    func run() throws {
        let chosen = [(string, "string"), (int, "int"), (float, "float"), (bool, "bool"), (date, "date"), (data, "data")].filter(\.0)
        guard chosen.count <= 1 else { throw UsageError(message: "give one type flag at most, not \(chosen.map { "-\($0.1)" }.joined(separator: " "))") }
        try daemon.send(.defaultsWrite(suite: suite, key: key, type: chosen.first?.1 ?? "string", value: value))
    }
}

struct DefaultsRead: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "read", abstract: "Print a suite (as JSON), or one key's value.")

    @Argument(help: "The suite.") var suite: String
    @Argument(help: "The key; none: the whole suite.") var key: String?
    @OptionGroup var daemon: DaemonOptions

    func run() throws {
        let answer = try daemon.send(.defaultsRead(suite: suite, key: key)).fields
        guard !daemon.json else { return }
        // One key: a string (text, a date, base64 data) bare, anything else as JSON.
        // As stored when it goes to a file or a pipe; written out when a terminal would
        // act on it.
        let terminal = isatty(STDOUT_FILENO) == 1
        if key != nil, let text = answer["value"]?.string {
            print(terminal ? text.terminalSafe : text)
        } else if let value = answer["value"] {
            print(terminal ? value.text.jsonTerminalSafe : value.text)
        }
    }
}

struct DefaultsDelete: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Remove a key of a suite.")

    @Argument(help: "The suite.") var suite: String
    @Argument(help: "The key.") var key: String
    @OptionGroup var daemon: DaemonOptions

    func run() throws {
        try daemon.send(.defaultsDelete(suite: suite, key: key))
    }
}

struct TRMNLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trmnl", abstract: "TRMNL devices served by the running daemon.", subcommands: [TRMNLPair.self])
}

struct TRMNLPair: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Let a TRMNL device be paired anew: for a few minutes, its next /api/setup without a token gets a new one.",
        discussion: """
        A device is given its token at its first setup; after that, only a request that holds the token is answered, so \
        knowing a device's MAC address is not enough to take its place. A device that was reset (or a new one with the \
        same id) needs this: run it, then set the device up (docs/trmnl.md).
        """)

    @Argument(help: "The device's name under trmnl: devices:.") var name: String
    @Option(help: "How long the window stays open, in minutes (up to 60).") var minutes: Double = 5
    @OptionGroup var daemon: DaemonOptions

    func run() throws {
        try daemon.send(.trmnlPair(device: name, minutes: minutes))
    }
}
