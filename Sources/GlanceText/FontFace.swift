import CFreeType
import GlanceGraphics

/// One FreeType face per font file (and face index), shared by every size of it: the
/// file's tables are loaded once, and each size is an `FT_Size` of its own that is made
/// the active one before a size-bound call.
final class SharedFace {
    let handle: FT_Face
    private let library: FreeTypeLibrary
    private let data: MappedFontFile
    /// The size FreeType uses now.
    var active: FT_Size?
    /// Glyph names looked up (`glyphIndex(named:)`), 0 for a name the font does not have.
    private var named: [String: UInt32] = [:]

    init(handle: FT_Face, library: FreeTypeLibrary, data: MappedFontFile) {
        self.handle = handle
        self.library = library
        self.data = data
        active = handle.pointee.size
    }

    deinit { FT_Done_Face(handle) }

    /// The glyph the font names `name`, 0 if none. Asked of a second face of the same
    /// file, opened for the question and closed after it: FreeType keeps every glyph name
    /// of a face it was asked one of (an icon font's: tens of KiB, for the process's life).
    func glyphIndex(named name: String) -> UInt32 {
        if let known = named[name] { return known }
        var index: UInt32 = 0
        var asked: FT_Face?
        if FT_New_Memory_Face(library.handle, data.bytes, FT_Long(data.count), handle.pointee.face_index & 0xFFFF, &asked) == 0, let asked {
            index = UInt32(name.withCString { FT_Get_Name_Index(asked, UnsafeMutablePointer(mutating: $0)) })
            FT_Done_Face(asked)
        }
        named[name] = index
        return index
    }
}

/// One font at one pixel size (a size of a shared FreeType face), with its rasterised
/// glyphs cached.
public final class FontFace {
    private let shared: SharedFace
    private var handle: FT_Face { shared.handle }
    /// This face's size object (nil when FreeType could not make one: the face's own;
    /// or while it is released: `releaseSize`).
    private var size: FT_Size?
    /// The size was let go before a long sleep; `activate` makes it again.
    private var sizeReleased = false
    public let file: FontFile
    public let pixelSize: Double
    /// Pixels drawn per pixel of the selected bitmap strike: 1 for outline fonts.
    private let strikeScale: Double
    private var glyphs: [GlyphKey: Glyph] = [:]

    /// Pixels above the baseline.
    public let ascent: Double
    /// Pixels below the baseline (positive).
    public let descent: Double
    /// Baseline-to-baseline distance in pixels.
    public let lineHeight: Double

    init(shared: SharedFace, file: FontFile, pixelSize: Double) {
        self.shared = shared
        self.file = file
        self.pixelSize = pixelSize
        let made = Self.makeSize(of: shared, pixelSize: pixelSize)
        size = made.size
        strikeScale = made.scale
        let metrics = shared.handle.pointee.size.pointee.metrics
        ascent = Double(metrics.ascender) / 64 * made.scale
        descent = -Double(metrics.descender) / 64 * made.scale
        lineHeight = Double(metrics.height) / 64 * made.scale
    }

    /// A new size object of `shared` at `pixelSize`, made the active one, and the scale
    /// of the bitmap strike chosen (1 for outline fonts).
    private static func makeSize(of shared: SharedFace, pixelSize: Double) -> (size: FT_Size?, scale: Double) {
        let handle = shared.handle
        var made: FT_Size?
        let size: FT_Size?
        if FT_New_Size(handle, &made) == 0, let made, FT_Activate_Size(made) == 0 {
            size = made
            shared.active = made
        } else {
            size = nil
        }
        var scale = 1.0
        if FT_Set_Char_Size(handle, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) != 0, handle.pointee.num_fixed_sizes > 0 {
            // Bitmap-only fonts offer fixed sizes (Noto Color Emoji one, of 109 pixels):
            // take the smallest at least as large, or else the largest, and scale it.
            let strikes = (0..<Int(handle.pointee.num_fixed_sizes)).map { Double(handle.pointee.available_sizes[$0].x_ppem) / 64 }
            let chosen = strikes.indices.filter { strikes[$0] >= pixelSize }.min { strikes[$0] < strikes[$1] }
                ?? strikes.indices.max { strikes[$0] < strikes[$1] } ?? 0
            FT_Select_Size(handle, Int32(chosen))
            if strikes[chosen] > 0 { scale = pixelSize / strikes[chosen] }
        }
        return (size, scale)
    }

    deinit { dropSize() }

    private func dropSize() {
        if let size {
            if shared.active == size { shared.active = nil }
            FT_Done_Size(size)
        }
        size = nil
    }

    /// Lets FreeType's size object go, with the hinting state it holds (a TrueType
    /// font's interpreter stack, storage, twilight zone and control values: 10 to 40 KiB
    /// a size); the rasterised glyphs stay. The next glyph that is not cached makes the
    /// size again (running the font's hinting programs once more). The daemon does this
    /// before a long sleep.
    func releaseSize() {
        guard size != nil else { return }
        dropSize()
        sizeReleased = true
    }

    /// Makes this face's size the shared face's active one (making it again after
    /// `releaseSize`).
    private func activate() {
        if sizeReleased {
            sizeReleased = false
            size = Self.makeSize(of: shared, pixelSize: pixelSize).size
            return
        }
        guard let size, shared.active != size else { return }
        FT_Activate_Size(size)
        shared.active = size
    }

    /// True for fonts whose glyphs carry their own colours (colour bitmaps: emoji).
    public var hasColor: Bool { handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 }

    /// 0 when the face has no glyph for `scalar`.
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(handle, FT_ULong(scalar.value)))
    }

    /// The glyph a font names `name` (icon fonts name theirs: `weather-sunny`); 0 if none.
    public func glyphIndex(named name: String) -> UInt32 {
        guard handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_GLYPH_NAMES) != 0 else { return 0 }
        return shared.glyphIndex(named: name)
    }

    /// Horizontal kerning between two glyphs, in pixels.
    public func kerning(_ left: UInt32, _ right: UInt32) -> Double {
        guard left != 0, right != 0, handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0 else { return 0 }
        activate()
        var vector = FT_Vector()
        guard FT_Get_Kerning(handle, left, right, UInt32(FT_KERNING_DEFAULT.rawValue), &vector) == 0 else { return 0 }
        return Double(vector.x) / 64
    }

    /// The rasterised glyph: antialiased coverage, or hinted 1-bit (`mono`) for crisp
    /// small text on 1-bit panels; a colour font's glyph in its own colours (`mono` does
    /// not apply).
    public func glyph(_ index: UInt32, mono: Bool = false) -> Glyph {
        let key = GlyphKey(index: index, mono: mono && !hasColor)
        if let cached = glyphs[key] { return cached }
        let glyph = rasterise(index, mono: key.mono)
        glyphs[key] = glyph
        return glyph
    }

    private func rasterise(_ index: UInt32, mono: Bool) -> Glyph {
        // FT_LOAD_TARGET_MONO is FT_RENDER_MODE_MONO (2) << 16; FT_LOAD_RENDER is 1 << 2.
        var flags: Int32 = mono ? (2 << 16) | (1 << 2) : (1 << 2)
        // Without FT_LOAD_COLOR FreeType turns colour bitmaps grey.
        if hasColor { flags |= Int32(FT_LOAD_COLOR) }
        activate()
        guard FT_Load_Glyph(handle, index, flags) == 0, let slot = handle.pointee.glyph else {
            return Glyph(width: 0, height: 0, left: 0, top: 0, advance: pixelSize / 2, coverage: [], colors: nil)
        }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        let isColor = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        // One byte a pixel (coverage), or four (premultiplied blue, green, red, alpha).
        let channels = isColor ? 4 : 1
        var samples = [UInt8](repeating: 0, count: width * height * channels)
        if let buffer = bitmap.buffer, width > 0, height > 0 {
            for row in 0..<height {
                let line = buffer.advanced(by: row * pitch)
                for column in 0..<width {
                    let sample = (row * width + column) * channels
                    if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue) {
                        let bit = line[column / 8] & UInt8(0x80 >> (column % 8))
                        samples[sample] = bit != 0 ? 255 : 0
                    } else {
                        for channel in 0..<channels { samples[sample + channel] = line[column * channels + channel] }
                    }
                }
            }
        }
        var placed = (left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), width: width, height: height)
        if strikeScale != 1, width > 0, height > 0 {
            let scaled = AreaResampler.resample(samples, width: width, height: height, channels: channels,
                                                left: placed.left, top: placed.top, scale: strikeScale)
            samples = scaled.samples
            placed = (scaled.left, scaled.top, scaled.width, scaled.height)
            // A 1-bit glyph stays 1-bit.
            if mono, !isColor { samples = samples.map { $0 >= 128 ? 255 : 0 } }
        }
        let advance = Double(slot.pointee.advance.x) / 64 * strikeScale
        guard isColor else {
            return Glyph(width: placed.width, height: placed.height, left: placed.left, top: placed.top, advance: advance,
                         coverage: samples, colors: nil)
        }
        var coverage = [UInt8](repeating: 0, count: placed.width * placed.height)
        var colors = [RGBA](repeating: .clear, count: coverage.count)
        for pixel in coverage.indices {
            let alpha = samples[pixel * 4 + 3]
            guard alpha > 0 else { continue }
            // Premultiplied BGRA to straight RGBA.
            func straight(_ value: UInt8) -> UInt8 {
                let opacity = Int(alpha)
                let scaled: Int = (Int(value) * 255 + opacity / 2) / opacity
                return UInt8(Swift.min(255, scaled))
            }
            coverage[pixel] = alpha
            colors[pixel] = RGBA(straight(samples[pixel * 4 + 2]), straight(samples[pixel * 4 + 1]), straight(samples[pixel * 4]), alpha)
        }
        return Glyph(width: placed.width, height: placed.height, left: placed.left, top: placed.top, advance: advance,
                     coverage: coverage, colors: colors)
    }

    private struct GlyphKey: Hashable {
        let index: UInt32
        let mono: Bool
    }
}

/// A rasterised glyph: a coverage mask and where it sits relative to the pen.
public struct Glyph: Sendable {
    public let width: Int
    public let height: Int
    /// Pixels from the pen position to the mask's left edge.
    public let left: Int
    /// Pixels from the baseline up to the mask's top edge.
    public let top: Int
    /// Pixels the pen moves after this glyph.
    public let advance: Double
    /// `width × height` bytes, 0–255.
    public let coverage: [UInt8]
    /// A colour glyph's own pixels (`width × height`, straight alpha; `coverage` is their
    /// alpha), drawn as they are instead of in the text's colour; `nil` for a mask.
    public let colors: [RGBA]?
}
