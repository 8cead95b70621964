import FoundationEssentials
import GlanceText

/// Where glance looks for the project's `fonts/` folder.
package enum FontLocations {
    /// `$GLANCE_FONTS`, else `./fonts` when it exists; fontconfig's system fonts always count.
    package static var applicationDirectory: String? {
        if let path = ProcessInfo.processInfo.environment["GLANCE_FONTS"], !path.isEmpty { return path }
        return FileManager.default.fileExists(atPath: "fonts") ? "fonts" : nil
    }
}
