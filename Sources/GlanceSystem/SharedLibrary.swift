#if canImport(Glibc)
import Glibc
#endif

/// A library Glance opens with `dlopen` when a configuration first needs it, not at start
/// (libcurl, libmosquitto, libical: their C shims hold the loader). `glance check` opens
/// each one the configuration needs at once, so that a missing one is said before the
/// daemon runs.
package struct SharedLibrary: Sendable {
    /// The file the loader looks for (`libcurl.so.4`).
    package let file: String
    /// The Debian package that provides it (`libcurl4`).
    package let package: String
    /// Opens the library: nil when it opens, else why not and the Debian package to install.
    package let problem: @Sendable () -> String?

    package init(file: String, package: String, problem: @escaping @Sendable () -> String?) {
        self.file = file
        self.package = package
        self.problem = problem
    }

    /// A library opened here by name, its problem in the shims' words (tests name one
    /// that does not exist).
    package static func opened(_ file: String, package: String) -> SharedLibrary {
        SharedLibrary(file: file, package: package) {
            guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else {
                let reason = dlerror().map { String(cString: $0) } ?? "no reason given"
                return "\(file) cannot be loaded (\(reason)); install \(package)"
            }
            dlclose(handle)
            return nil
        }
    }

    /// Opens the library; nil when it opens, else one line: what needs it (`slot sky
    /// (weather)`), the file, why it does not open and what to install.
    package func missingLine(neededBy reason: String) -> String? {
        #if DEBUG
        // Tests stand a missing file in for this one (`glance check` end to end).
        if let name = getenv("GLANCE_TEST_MISSING_LIBRARY").map({ String(cString: $0) }), name == file {
            return Self.opened(file + ".missing-for-test", package: package).problem().map { "\(reason) needs \(file): \($0)" }
        }
        #endif
        return problem().map { "\(reason) needs \(file): \($0)" }
    }
}
