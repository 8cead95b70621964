import FoundationEssentials
import GlanceText

/// Where glance looks for the project's `fonts/` folder.
enum FontLocations {
    /// `$GLANCE_FONTS`, else `./fonts` when it exists; fontconfig's system fonts always count.
    static var applicationDirectory: String? {
        if let path = ProcessInfo.processInfo.environment["GLANCE_FONTS"], !path.isEmpty { return path }
        return FileManager.default.fileExists(atPath: "fonts") ? "fonts" : nil
    }

    /// The fonts a bench draws with (fontconfig loaded now, no answers kept); a
    /// failure is the command's error.
    static func benchLibrary() throws -> FontLibrary {
        do {
            return try FontLibrary(applicationFontDirectory: applicationDirectory)
        } catch {
            throw RuntimeError(message: "\(error)")
        }
    }
}
