import Foundation
import GlanceGraphics
import GlanceSystem

// Core Graphics' bitmaps as widget code makes them by hand (a QR code, pixel art, a
// generated picture): bytes in a `CGDataProvider`, read by `CGImage(width:height:…)` in the
// layout its bitmap info names, or a PNG through `CGImageSourceCreateWithData`, then drawn
// with `Image(decorative:scale:)` or `UIImage(cgImage:)` as any picture is (dithered on a
// few-colour panel).

/// Core Foundation's data, dictionary and string types, as widget code casts to them
/// (`data as CFData`): Foundation's on Linux.
public typealias CFData = NSData
public typealias CFDictionary = NSDictionary

/// A colour space: the bitmaps Glance reads are sRGB or grey.
public final class CGColorSpace: @unchecked Sendable {
    public let name: String?
    public let model: CGColorSpaceModel

    public init?(name: String) {
        self.name = name
        model = name.lowercased().contains("gray") ? .monochrome : .rgb
    }

    init(model: CGColorSpaceModel, name: String) {
        self.model = model
        self.name = name
    }

    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray = "kCGColorSpaceLinearGray"
}

public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1, monochrome, rgb, cmyk, lab, deviceN, indexed, pattern, XYZ
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(model: .rgb, name: CGColorSpace.sRGB) }
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(model: .monochrome, name: CGColorSpace.genericGrayGamma2_2) }

/// Where a pixel's alpha is, and whether its colour is premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// The byte order of a pixel's components.
public enum CGImageByteOrderInfo: UInt32, Sendable {
    case orderDefault = 0, order16Little = 0x1000, order32Little = 0x2000, order16Big = 0x3000, order32Big = 0x4000, orderMask = 0x7000
}

public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrderDefault = CGBitmapInfo([])
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 0x1000)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 0x2000)
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 0x3000)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 0x4000)
}

public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

/// A bitmap's bytes.
public final class CGDataProvider: @unchecked Sendable {
    let bytes: Data
    public init?(data: CFData) { bytes = data as Data }
    public var data: CFData? { bytes as NSData }
}

/// Why bytes did not make a bitmap, said once per slot where `CGImage(…)` returns nil.
public struct CGImageFormatError: Error, CustomStringConvertible {
    public let description: String
}

/// A bitmap (Core Graphics' `CGImage`): at most 4096 × 4096 pixels.
public final class CGImage: @unchecked Sendable {
    package let canvas: Canvas
    public let bitsPerComponent: Int
    public let bitsPerPixel: Int
    public let bytesPerRow: Int
    public let colorSpace: CGColorSpace?
    public let bitmapInfo: CGBitmapInfo
    public let shouldInterpolate: Bool
    public let renderingIntent: CGColorRenderingIntent
    private let provider: CGDataProvider?
    static let sideLimit = 4096

    public var width: Int { canvas.width }
    public var height: Int { canvas.height }
    public var alphaInfo: CGImageAlphaInfo { CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & 0x1F) ?? .none }
    public var byteOrderInfo: CGImageByteOrderInfo { CGImageByteOrderInfo(rawValue: bitmapInfo.rawValue & 0x7000) ?? .orderDefault }
    public var dataProvider: CGDataProvider? {
        provider ?? CGDataProvider(data: Data((0..<canvas.width * canvas.height).flatMap { index -> [UInt8] in
            let pixel = canvas.pixel(at: index)
            return [pixel.r, pixel.g, pixel.b, pixel.a]
        }) as NSData)
    }

    package init(canvas: Canvas) {
        self.canvas = canvas
        bitsPerComponent = 8
        bitsPerPixel = 32
        bytesPerRow = canvas.width * 4
        colorSpace = CGColorSpaceCreateDeviceRGB()
        bitmapInfo = CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue)
        shouldInterpolate = true
        renderingIntent = .defaultIntent
        provider = nil
    }

    /// A bitmap of `width` × `height` pixels read from `provider`'s bytes: 8 bits a component,
    /// grey (8 or 16 bits a pixel, with alpha) or RGB (24 or 32, alpha first or last,
    /// premultiplied or not, big- or little-endian). Nil for a layout Glance does not read
    /// or bytes too few for it, said once in the log.
    public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int, space: CGColorSpace,
                 bitmapInfo: CGBitmapInfo, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool,
                 intent: CGColorRenderingIntent) {
        do {
            canvas = try Self.read(width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                                   bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo, bytes: provider.bytes)
        } catch {
            SlotLog.once("cgimage:\(width)x\(height)x\(bitsPerPixel)", "CGImage(width: \(width), height: \(height), …) is nil: \(error)")
            return nil
        }
        self.bitsPerComponent = bitsPerComponent
        self.bitsPerPixel = bitsPerPixel
        self.bytesPerRow = bytesPerRow
        colorSpace = space
        self.bitmapInfo = bitmapInfo
        self.shouldInterpolate = shouldInterpolate
        renderingIntent = intent
        self.provider = provider
    }

    static func read(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int, space: CGColorSpace,
                     bitmapInfo: CGBitmapInfo, bytes: Data) throws -> Canvas {
        guard width > 0, height > 0, width <= sideLimit, height <= sideLimit else {
            throw CGImageFormatError(description: "a bitmap is 1 to \(sideLimit) pixels a side")
        }
        guard bitsPerComponent == 8, bitmapInfo.rawValue & CGBitmapInfo.floatComponents.rawValue == 0 else {
            throw CGImageFormatError(description: "only 8-bit integer components are read (\(bitsPerComponent) bits given)")
        }
        let channels = bitsPerPixel / 8
        let grey = space.model == .monochrome
        guard bitsPerPixel % 8 == 0, grey ? (channels == 1 || channels == 2) : (channels == 3 || channels == 4) else {
            throw CGImageFormatError(description: "\(bitsPerPixel) bits a pixel in a \(grey ? "grey" : "RGB") space is not read")
        }
        // bytesPerRow at most the bytes given first, so that the products below cannot overflow.
        guard bytesPerRow >= width * channels, bytesPerRow <= bytes.count, bytes.count >= bytesPerRow * (height - 1) + width * channels else {
            throw CGImageFormatError(description: "\(bytes.count) bytes are too few for \(height) rows of \(bytesPerRow) bytes")
        }
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & 0x1F) ?? .none
        let order = bitmapInfo.rawValue & 0x7000
        // Little-endian 32-bit words hold their components in the reverse order.
        let reversed = order == CGImageByteOrderInfo.order32Little.rawValue || order == CGImageByteOrderInfo.order16Little.rawValue
        var canvas = try Canvas(width: width, height: height, fill: .clear)
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            for y in 0..<height {
                for x in 0..<width {
                    let start = y * bytesPerRow + x * channels
                    var parts = (0..<channels).map { raw[start + $0] }
                    if reversed { parts.reverse() }
                    var r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255
                    let alphaFirst = alpha == .first || alpha == .premultipliedFirst || alpha == .noneSkipFirst
                    let hasAlpha = alpha == .first || alpha == .last || alpha == .premultipliedFirst || alpha == .premultipliedLast
                    if grey {
                        if channels == 2 {
                            let value = alphaFirst ? parts[1] : parts[0]
                            let given = alphaFirst ? parts[0] : parts[1]
                            (r, g, b) = (value, value, value)
                            if hasAlpha { a = given }
                        } else {
                            (r, g, b) = (parts[0], parts[0], parts[0])
                        }
                    } else if channels == 4 {
                        let colour = alphaFirst ? Array(parts[1...3]) : Array(parts[0...2])
                        (r, g, b) = (colour[0], colour[1], colour[2])
                        if hasAlpha { a = alphaFirst ? parts[0] : parts[3] }
                    } else {
                        (r, g, b) = (parts[0], parts[1], parts[2])
                    }
                    if (alpha == .premultipliedFirst || alpha == .premultipliedLast), a > 0, a < 255 {
                        func straight(_ value: UInt8) -> UInt8 {
                            let alpha = Int(a)
                            let scaled: Int = (Int(value) * 255 + alpha / 2) / alpha
                            return UInt8(Swift.min(255, scaled))
                        }
                        (r, g, b) = (straight(r), straight(g), straight(b))
                    }
                    canvas[x: x, y: y] = RGBA(r, g, b, a)
                }
            }
        }
        return canvas
    }

    /// The part of the bitmap inside `rect` (in pixels), or nil when they do not meet.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
            return rect.isInfinite ? self : nil
        }
        // Clamped while still floating point: a huge rectangle is the whole bitmap, never a trap.
        func clamped(_ value: CGFloat, _ limit: Int) -> Int { Int(min(max(value, 0), CGFloat(limit))) }
        let x0 = clamped(rect.minX.rounded(.down), width), y0 = clamped(rect.minY.rounded(.down), height)
        let x1 = clamped(rect.maxX.rounded(.up), width), y1 = clamped(rect.maxY.rounded(.up), height)
        guard x1 > x0, y1 > y0, var part = try? Canvas(width: x1 - x0, height: y1 - y0, fill: .clear) else { return nil }
        for y in y0..<y1 { for x in x0..<x1 { part[x: x - x0, y: y - y0] = canvas[x: x, y: y] } }
        return CGImage(canvas: part)
    }

    /// The bitmap at `1 / scale` of its size (a `@2x` bitmap drawn at its size in points:
    /// a wall's point is a pixel), each pixel the average of those it covers.
    package func scaled(_ scale: CGFloat) -> CGImage {
        guard scale.isFinite, scale > 0, abs(scale - 1) > 0.001 else { return self }
        // At most `sideLimit` a side, the bitmap's proportions kept (clamped while floating point).
        let factor = min(1 / scale, CGFloat(Self.sideLimit) / CGFloat(max(width, height)))
        let newWidth = max(1, min(Self.sideLimit, Int((CGFloat(width) * factor).rounded())))
        let newHeight = max(1, min(Self.sideLimit, Int((CGFloat(height) * factor).rounded())))
        guard var out = try? Canvas(width: newWidth, height: newHeight, fill: .clear) else { return self }
        for y in 0..<newHeight {
            let fromY = y * height / newHeight, toY = max(fromY + 1, (y + 1) * height / newHeight)
            for x in 0..<newWidth {
                let fromX = x * width / newWidth, toX = max(fromX + 1, (x + 1) * width / newWidth)
                var sums = (0, 0, 0, 0), count = 0
                for sy in fromY..<toY {
                    for sx in fromX..<toX {
                        let pixel = canvas[x: sx, y: sy]
                        let a = Int(pixel.a)
                        sums = (sums.0 + Int(pixel.r) * a, sums.1 + Int(pixel.g) * a, sums.2 + Int(pixel.b) * a, sums.3 + a)
                        count += 1
                    }
                }
                guard sums.3 > 0 else { continue }
                out[x: x, y: y] = RGBA(UInt8(sums.0 / sums.3), UInt8(sums.1 / sums.3), UInt8(sums.2 / sums.3), UInt8(sums.3 / count))
            }
        }
        return CGImage(canvas: out)
    }

    /// The name `Image` draws this bitmap by (kept in memory as decoded pictures are).
    package var memoryName: String {
        var bytes: [UInt8] = [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
        bytes.reserveCapacity(4 + width * height * 4)
        for index in 0..<width * height {
            let pixel = canvas.pixel(at: index)
            bytes += [pixel.r, pixel.g, pixel.b, pixel.a]
        }
        return ImageMemory.keep(canvas, bytes: bytes)
    }
}

/// A picture file's bytes (ImageIO's image source): PNG.
public final class CGImageSource: @unchecked Sendable {
    let bytes: [UInt8]
    init(bytes: [UInt8]) { self.bytes = bytes }
}

/// A source over `data`, or nil when it is not a picture Glance reads (PNG).
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    let bytes = [UInt8](data as Data)
    guard bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
    return CGImageSource(bytes: bytes)
}

public func CGImageSourceGetCount(_ source: CGImageSource) -> Int { 1 }

/// The source's picture, decoded; nil when it does not decode (said once in the log).
public func CGImageSourceCreateImageAtIndex(_ source: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    guard index == 0 else { return nil }
    do {
        return CGImage(canvas: try PNG.decode(source.bytes))
    } catch {
        SlotLog.once("cgimagesource:\(source.bytes.count)", "CGImageSourceCreateImageAtIndex: the picture does not decode: \(error)")
        return nil
    }
}

extension Image {
    /// A picture's orientation: a wall draws bitmaps as they are stored (`.up`).
    public enum Orientation: UInt8, CaseIterable, Hashable, Sendable {
        case up, upMirrored, down, downMirrored, left, leftMirrored, right, rightMirrored
    }

    /// A bitmap as a picture that is not read aloud (a wall reads nothing aloud).
    /// `scale` pixels a point (a wall's point is a pixel: a scale of 2 draws half the size).
    public init(decorative cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up) {
        self.init(cgImage.scaled(scale).memoryName)
    }

    public init(_ cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up, label: Text) {
        self.init(cgImage.scaled(scale).memoryName)
    }
}
