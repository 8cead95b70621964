import GlanceRunner
import GlanceText

extension FontLocations {
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
