import Foundation
@testable import GlanceText
import Testing

/// fontconfig's answers kept in the state folder: a warm start asks fontconfig nothing
/// and gets the same files; anything that can change an answer makes the file stale.
@Suite(.serialized) struct FontMatchCacheTests {
    func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "glance-fontcache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The files for a regular and a bold face, Hangul and an emoji in outline.
    func choices(_ library: FontLibrary) -> [String?] {
        let regular = FontDescriptor(pixelSize: 20), bold = FontDescriptor(weight: .bold, pixelSize: 20)
        return [library.face(for: regular)?.file.path, library.face(for: bold)?.file.path,
                library.fallbackFace(for: "한", like: regular)?.file.path, library.fallbackFace(for: "🌧", like: regular)?.file.path]
    }

    @Test func aWarmCacheAnswersWithoutFontconfigAndAgreesWithIt() throws {
        let state = try temporaryFolder(), fonts = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: state); try? FileManager.default.removeItem(atPath: fonts) }
        let expected = choices(try FontLibrary(applicationFontDirectory: fonts))
        #expect(expected.allSatisfy { $0 != nil })

        let cold = try FontLibrary(applicationFontDirectory: fonts, matchCacheDirectory: state)
        #expect(!cold.isFontconfigLoaded)
        #expect(choices(cold) == expected)
        #expect(cold.isFontconfigLoaded)
        cold.saveMatchCache()
        #expect(FileManager.default.fileExists(atPath: state + "/fonts.json"))

        let warm = try FontLibrary(applicationFontDirectory: fonts, matchCacheDirectory: state)
        #expect(choices(warm) == expected)
        #expect(!warm.isFontconfigLoaded, "every answer came from the file")
    }

    @Test func aChangedFontFolderOrADamagedFileAsksFontconfigAgain() throws {
        let state = try temporaryFolder(), fonts = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: state); try? FileManager.default.removeItem(atPath: fonts) }
        let first = try FontLibrary(applicationFontDirectory: fonts, matchCacheDirectory: state)
        _ = choices(first)
        first.saveMatchCache()

        // A font folder added (as installing a font package does): the stamp changes.
        try FileManager.default.createDirectory(atPath: fonts + "/new-package", withIntermediateDirectories: true)
        let afterInstall = try FontLibrary(applicationFontDirectory: fonts, matchCacheDirectory: state)
        _ = choices(afterInstall)
        #expect(afterInstall.isFontconfigLoaded)
        afterInstall.saveMatchCache()

        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: state + "/fonts.json"))
        let damaged = try FontLibrary(applicationFontDirectory: fonts, matchCacheDirectory: state)
        #expect(choices(damaged).allSatisfy { $0 != nil })
        #expect(damaged.isFontconfigLoaded)
    }

    @Test func aKeptFileThatIsGoneIsAskedAgain() throws {
        let state = try temporaryFolder(), fonts = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: state); try? FileManager.default.removeItem(atPath: fonts) }
        let first = try FontLibrary(applicationFontDirectory: fonts, matchCacheDirectory: state)
        let expected = choices(first)
        first.saveMatchCache()
        // Every kept path points at a file that does not exist (the stamp unchanged).
        let stored = try String(contentsOfFile: state + "/fonts.json", encoding: .utf8)
        try stored.replacingOccurrences(of: "\\/usr\\/share\\/fonts", with: "\\/nonexistent")
            .write(toFile: state + "/fonts.json", atomically: true, encoding: .utf8)
        #expect(try String(contentsOfFile: state + "/fonts.json", encoding: .utf8).contains("nonexistent"))
        let later = try FontLibrary(applicationFontDirectory: fonts, matchCacheDirectory: state)
        #expect(choices(later) == expected)
        #expect(later.isFontconfigLoaded)
    }
}
