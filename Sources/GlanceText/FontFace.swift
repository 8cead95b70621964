import CFreeType

/// One font at one pixel size (a FreeType face), with its rasterised glyphs cached.
public final class FontFace {
    private let handle: FT_Face
    private let library: FreeTypeLibrary
    private let data: MappedFontFile
    public let file: FontFile
    public let pixelSize: Double
    private var glyphs: [GlyphKey: Glyph] = [:]

    init(handle: FT_Face, library: FreeTypeLibrary, data: MappedFontFile, file: FontFile, pixelSize: Double) {
        self.handle = handle
        self.library = library
        self.data = data
        self.file = file
        self.pixelSize = pixelSize
        let size = FT_F26Dot6((pixelSize * 64).rounded())
        if FT_Set_Char_Size(handle, 0, size, 72, 72) != 0, handle.pointee.num_fixed_sizes > 0 {
            // Bitmap-only fonts offer fixed sizes; take the first.
            FT_Select_Size(handle, 0)
        }
    }

    deinit { FT_Done_Face(handle) }

    /// Pixels above the baseline.
    public var ascent: Double { Double(handle.pointee.size.pointee.metrics.ascender) / 64 }
    /// Pixels below the baseline (positive).
    public var descent: Double { -Double(handle.pointee.size.pointee.metrics.descender) / 64 }
    /// Baseline-to-baseline distance in pixels.
    public var lineHeight: Double { Double(handle.pointee.size.pointee.metrics.height) / 64 }

    /// 0 when the face has no glyph for `scalar`.
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(handle, FT_ULong(scalar.value)))
    }

    /// The glyph a font names `name` (icon fonts name theirs: `weather-sunny`); 0 if none.
    public func glyphIndex(named name: String) -> UInt32 {
        guard handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_GLYPH_NAMES) != 0 else { return 0 }
        return UInt32(name.withCString { FT_Get_Name_Index(handle, UnsafeMutablePointer(mutating: $0)) })
    }

    /// Horizontal kerning between two glyphs, in pixels.
    public func kerning(_ left: UInt32, _ right: UInt32) -> Double {
        guard left != 0, right != 0, handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0 else { return 0 }
        var vector = FT_Vector()
        guard FT_Get_Kerning(handle, left, right, UInt32(FT_KERNING_DEFAULT.rawValue), &vector) == 0 else { return 0 }
        return Double(vector.x) / 64
    }

    /// The rasterised glyph: antialiased coverage, or hinted 1-bit (`mono`) for crisp
    /// small text on 1-bit panels.
    public func glyph(_ index: UInt32, mono: Bool = false) -> Glyph {
        let key = GlyphKey(index: index, mono: mono)
        if let cached = glyphs[key] { return cached }
        let glyph = rasterise(index, mono: mono)
        glyphs[key] = glyph
        return glyph
    }

    private func rasterise(_ index: UInt32, mono: Bool) -> Glyph {
        // FT_LOAD_TARGET_MONO is FT_RENDER_MODE_MONO (2) << 16; FT_LOAD_RENDER is 1 << 2.
        let flags: Int32 = mono ? (2 << 16) | (1 << 2) : (1 << 2)
        guard FT_Load_Glyph(handle, index, flags) == 0, let slot = handle.pointee.glyph else {
            return Glyph(width: 0, height: 0, left: 0, top: 0, advance: pixelSize / 2, coverage: [])
        }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if let buffer = bitmap.buffer, width > 0, height > 0 {
            for row in 0..<height {
                let line = buffer.advanced(by: row * pitch)
                for column in 0..<width {
                    if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue) {
                        let bit = line[column / 8] & UInt8(0x80 >> (column % 8))
                        coverage[row * width + column] = bit != 0 ? 255 : 0
                    } else if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) {
                        // Colour bitmaps: coverage from alpha.
                        coverage[row * width + column] = line[column * 4 + 3]
                    } else {
                        coverage[row * width + column] = line[column]
                    }
                }
            }
        }
        return Glyph(
            width: width, height: height,
            left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            advance: Double(slot.pointee.advance.x) / 64,
            coverage: coverage
        )
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
}
