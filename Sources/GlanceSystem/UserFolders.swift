#if canImport(Glibc)
import Glibc
#endif

/// The user's folders as the XDG base directory rules give them: `$XDG_…_HOME` when it
/// is an absolute path (a relative one is ignored, as the rules say), else the default
/// under `$HOME`. The one place Glance reads these variables for paths.
package enum UserFolders {
    /// `$HOME`, or `/` when it is not set.
    package static var home: String { variable("HOME") ?? "/" }
    /// Where Foundation keeps `UserDefaults` suites and fontconfig reads a user's configuration.
    package static var configHome: String { base("XDG_CONFIG_HOME", default: "/.config") }
    /// Where a user's fonts and data live.
    package static var dataHome: String { base("XDG_DATA_HOME", default: "/.local/share") }
    /// Where a daemon run by the user keeps its state (`state_dir:`'s default).
    package static var stateHome: String { base("XDG_STATE_HOME", default: "/.local/state") }

    /// The variable's value, or nil when it is unset or empty.
    package static func variable(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    private static func base(_ name: String, default suffix: String) -> String {
        if let value = variable(name), value.hasPrefix("/") { return value }
        let home = home
        return (home == "/" ? "" : home) + suffix
    }
}
