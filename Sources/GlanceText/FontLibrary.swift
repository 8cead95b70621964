import CFontconfig
import CGlanceFontconfig
import CFreeType
import FoundationEssentials
import Glibc

/// Finds fonts (fontconfig) and opens them (FreeType). One per renderer; not shared
/// between threads.
///
/// Lookups are cached: a family/weight/style to a file, a (file, size) to an open face,
/// and a character to the fallback file that has it. Emoji in colour come from one
/// family of their own (`colorEmojiFamily`); fallback gives outline fonts only.
public final class FontLibrary {
    private let freeType: FreeTypeLibrary
    /// fontconfig's configuration, loaded when a question is not in `matchCache`.
    private var loadedConfig: OpaquePointer?
    private var configTried = false
    private let applicationFontDirectory: String?
    /// fontconfig's earlier answers, kept in the state folder (nil: none kept).
    private let matchCache: FontMatchCache?
    private var files: [FileKey: FontFile?] = [:]
    private var faces: [FaceKey: FontFace] = [:]
    private var mappedFiles: [String: MappedFontFile] = [:]
    /// One FreeType face per file and face index, shared by its sizes.
    private var sharedFaces: [SharedFaceKey: SharedFace] = [:]
    private var fallbacks: [FallbackKey: FontFile?] = [:]
    private var reportedMissing: Set<String> = []
    /// The colour emoji font's file once looked for (`.some(nil)`: not installed).
    private var colorEmojiFile: FontFile??
    /// The family whose colour bitmaps draw emoji on panels that can show them; `nil`:
    /// none, emoji are drawn as outlines everywhere.
    public let colorEmojiFamily: String?
    /// Where "a font is missing" goes, once per family.
    public var log: (String) -> Void

    /// FreeType or fontconfig could not start: nothing can be drawn.
    public struct EngineUnavailable: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// - Parameters:
    ///   - applicationFontDirectory: a folder whose fonts join the system's (the
    ///     repository's `fonts/`), if it exists.
    ///   - colorEmojiFamily: the colour emoji family (Debian's fonts-noto-color-emoji).
    ///   - matchCacheDirectory: where fontconfig's answers are kept between runs (a
    ///     display's state folder); fontconfig is then loaded only for a question not
    ///     answered there, and `saveMatchCache()` writes the new answers. Without it
    ///     fontconfig is loaded now.
    public init(applicationFontDirectory: String? = nil, colorEmojiFamily: String? = FontLibrary.defaultColorEmojiFamily,
                matchCacheDirectory: String? = nil, log: @escaping (String) -> Void = { _ in }) throws(EngineUnavailable) {
        self.log = log
        self.colorEmojiFamily = colorEmojiFamily
        self.applicationFontDirectory = applicationFontDirectory
        guard let freeType = FreeTypeLibrary() else { throw EngineUnavailable(message: "FreeType could not start; check that libfreetype6 is installed (scripts/bootstrap installs it)") }
        self.freeType = freeType
        if let matchCacheDirectory {
            matchCache = FontMatchCache(directory: matchCacheDirectory, fontFolders: applicationFontDirectory.map { [$0] } ?? [])
        } else {
            matchCache = nil
            guard fontconfig() != nil else { throw EngineUnavailable(message: Self.fontconfigMissing) }
        }
    }

    deinit {
        if let loadedConfig { FcConfigDestroy(loadedConfig) }
    }

    private static let fontconfigMissing = "fontconfig could not load its configuration; check that fontconfig is installed (scripts/bootstrap installs it)"

    /// fontconfig's configuration with the application's fonts, loaded on first use.
    private func fontconfig() -> OpaquePointer? {
        if configTried { return loadedConfig }
        configTried = true
        guard let config = FcInitLoadConfigAndFonts() else {
            // The library itself missing (it is opened here, on the first question the
            // match cache cannot answer) says so in the loader's words.
            log(glance_fontconfig_load_error().map { String(cString: $0) } ?? Self.fontconfigMissing)
            return nil
        }
        if let directory = applicationFontDirectory, FileManager.default.fileExists(atPath: directory) {
            _ = FcConfigAppFontAddDir(config, directory)
        }
        loadedConfig = config
        return config
    }

    /// Whether fontconfig was loaded (tests: a warm match cache loads none).
    var isFontconfigLoaded: Bool { loadedConfig != nil }

    /// Keeps fontconfig's new answers in the match cache's file (after a display's first
    /// frame: the next start then loads no fontconfig for the same texts).
    public func saveMatchCache() {
        matchCache?.save(log: log)
    }

    /// The face that best matches `descriptor`. When the family is not installed the
    /// nearest match (fontconfig's choice) is used, and that is logged once.
    public func face(for descriptor: FontDescriptor) -> FontFace? {
        let family = descriptor.family ?? FontDescriptor.defaultFamily
        let key = FileKey(family: family, weight: descriptor.weight, italic: descriptor.italic)
        let file: FontFile?
        if let cached = files[key] {
            file = cached
        } else {
            file = match(family: family, weight: descriptor.weight, italic: descriptor.italic, character: nil)
            files[key] = file
            if let file, !file.family.lowercased().contains(family.lowercased()), reportedMissing.insert(family).inserted {
                log("font family '\(family)' is not installed; using '\(file.family)'")
            } else if file == nil, reportedMissing.insert(family).inserted {
                log("no font at all for '\(family)'; text is not drawn until fonts are installed (scripts/bootstrap installs fonts-dejavu-core)")
            }
        }
        guard let file else { return nil }
        return openFace(file, pixelSize: descriptor.pixelSize)
    }

    /// The family Glance draws colour emoji with.
    public static let defaultColorEmojiFamily = "Noto Color Emoji"

    /// The colour emoji font at `pixelSize` (its bitmaps scaled to it); `nil` when it is
    /// not installed, which is logged once (emoji are then drawn as outlines).
    public func colorEmojiFace(pixelSize: Double) -> FontFace? {
        guard let family = colorEmojiFamily else { return nil }
        if colorEmojiFile == nil {
            let file = match(family: family, weight: .regular, italic: false, character: nil, color: true)
            let found = file.flatMap { $0.family.lowercased() == family.lowercased() ? $0 : nil }
            colorEmojiFile = .some(found)
            if found == nil {
                log("colour emoji font '\(family)' is not installed; emoji are drawn as outlines "
                    + "(scripts/bootstrap installs fonts-noto-color-emoji)")
            }
        }
        guard let file = colorEmojiFile ?? nil else { return nil }
        return openFace(file, pixelSize: pixelSize)
    }

    /// A face that has `scalar`, like `descriptor` in weight and style, for characters
    /// the main face lacks (Hangul in a Latin font, emoji, symbols). Only outline fonts
    /// are chosen: colour emoji come from `colorEmojiFace` where a panel can show them.
    public func fallbackFace(for scalar: Unicode.Scalar, like descriptor: FontDescriptor) -> FontFace? {
        let key = FallbackKey(scalar: scalar.value, weight: descriptor.weight, italic: descriptor.italic)
        let file: FontFile?
        if let cached = fallbacks[key] {
            file = cached
        } else {
            file = match(family: descriptor.family ?? FontDescriptor.defaultFamily, weight: descriptor.weight,
                         italic: descriptor.italic, character: scalar.value, color: false)
            fallbacks[key] = file
        }
        guard let file else { return nil }
        let face = openFace(file, pixelSize: descriptor.pixelSize)
        return face.flatMap { $0.glyphIndex(for: scalar) != 0 ? $0 : nil }
    }

    /// Lets every open face's FreeType size go, with its hinting state, keeping the
    /// rasterised glyphs (`FontFace.releaseSize`): the daemon's private memory during a
    /// long sleep. A face makes its size again at its next glyph not cached.
    public func releaseSizes() {
        for face in faces.values { face.releaseSize() }
    }

    private func openFace(_ file: FontFile, pixelSize: Double) -> FontFace? {
        let key = FaceKey(path: file.path, index: file.index, size: Int((pixelSize * 64).rounded()))
        if let face = faces[key] { return face }
        // One mapping per file, shared by every size: FT_New_Face would map the file
        // again for each face, and each mapping counts in the resident set.
        let mapped: MappedFontFile
        if let existing = mappedFiles[file.path] {
            mapped = existing
        } else if let opened = MappedFontFile(path: file.path) {
            mapped = opened
            mappedFiles[file.path] = opened
        } else {
            log("font file \(file.path) cannot be opened")
            return nil
        }
        let sharedKey = SharedFaceKey(path: file.path, index: file.index)
        let shared: SharedFace
        if let existing = sharedFaces[sharedKey] {
            shared = existing
        } else {
            var handle: FT_Face?
            guard FT_New_Memory_Face(freeType.handle, mapped.bytes, FT_Long(mapped.count), FT_Long(file.index), &handle) == 0,
                  let handle else {
                log("font file \(file.path) cannot be read as a font")
                return nil
            }
            shared = SharedFace(handle: handle, library: freeType, data: mapped)
            sharedFaces[sharedKey] = shared
        }
        let face = FontFace(shared: shared, file: file, pixelSize: pixelSize)
        faces[key] = face
        return face
    }

    /// fontconfig's best file for a family/weight/style, optionally one that has
    /// `character`, and one with (or without) colour glyphs when `color` says.
    private func match(family: String, weight: FontWeight, italic: Bool, character: UInt32?, color: Bool? = nil) -> FontFile? {
        let key = "\(family)\u{1F}\(weight.fontconfigWeight)\u{1F}\(italic)\u{1F}\(character.map(String.init) ?? "-")\u{1F}\(color.map { $0 ? "colour" : "outline" } ?? "-")"
        if let known = matchCache?.answer(key) { return known }
        let file = askFontconfig(family: family, weight: weight, italic: italic, character: character, color: color)
        // Only answers from a loaded fontconfig are kept (not its absence).
        if loadedConfig != nil { matchCache?.remember(key, file) }
        return file
    }

    private func askFontconfig(family: String, weight: FontWeight, italic: Bool, character: UInt32?, color: Bool?) -> FontFile? {
        guard let config = fontconfig(), let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, "family", family)
        FcPatternAddInteger(pattern, "weight", weight.fontconfigWeight)
        FcPatternAddInteger(pattern, "slant", italic ? 100 : 0)
        // fontconfig ranks colour above coverage: without this, a character only Noto
        // Color Emoji has would fall back to its bitmaps, unscaled, on a 1-bit panel.
        if let color { FcPatternAddBool(pattern, "color", color ? 1 : 0) }
        var charset: OpaquePointer?
        if let character {
            charset = FcCharSetCreate()
            FcCharSetAddChar(charset, character)
            FcPatternAddCharSet(pattern, "charset", charset)
        }
        defer { if let charset { FcCharSetDestroy(charset) } }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        if let character {
            var matchedCharset: OpaquePointer?
            guard FcPatternGetCharSet(matched, "charset", 0, &matchedCharset) == FcResultMatch,
                  FcCharSetHasChar(matchedCharset, character) != 0 else { return nil }
        }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(matched, "index", 0, &index)
        var familyName: UnsafeMutablePointer<FcChar8>?
        _ = FcPatternGetString(matched, "family", 0, &familyName)
        return FontFile(
            path: String(cString: file),
            index: Int(index),
            family: familyName.map { String(cString: $0) } ?? family
        )
    }

    private struct FileKey: Hashable {
        let family: String
        let weight: FontWeight
        let italic: Bool
    }

    private struct FaceKey: Hashable {
        let path: String
        let index: Int
        let size: Int
    }

    private struct SharedFaceKey: Hashable {
        let path: String
        let index: Int
    }

    private struct FallbackKey: Hashable {
        let scalar: UInt32
        let weight: FontWeight
        let italic: Bool
    }
}

/// A font file fontconfig chose.
public struct FontFile: Hashable, Sendable {
    public let path: String
    public let index: Int
    public let family: String
}

/// The FreeType library instance. Faces hold it, so it is freed only after the last
/// face that needs it, whatever order their owners go in.
final class FreeTypeLibrary {
    let handle: FT_Library

    init?() {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}

/// A font file mapped into memory once (read-only, private), for every face made from it.
final class MappedFontFile {
    let bytes: UnsafePointer<UInt8>
    let count: Int

    init?(path: String) {
        // Non-blocking: a FIFO named as a font must not hold the thread in open(2).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else { return nil }
        bytes = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
        count = size
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes), count) }
}
