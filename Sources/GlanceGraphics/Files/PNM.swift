/// Netpbm files (P5 greyscale, P6 colour): trivially inspectable test fixtures.
public enum PNM {
    /// Binary PPM (P6) of the canvas's colours (alpha dropped).
    public static func encodePPM(_ canvas: Canvas) -> [UInt8] {
        var bytes = Array("P6\n\(canvas.width) \(canvas.height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + canvas.pixels.count * 3)
        for pixel in canvas.pixels { bytes += [pixel.r, pixel.g, pixel.b] }
        return bytes
    }

    /// Binary PGM (P5) of the canvas's luma.
    public static func encodePGM(_ canvas: Canvas) -> [UInt8] {
        Array("P5\n\(canvas.width) \(canvas.height)\n255\n".utf8) + canvas.pixels.map { UInt8($0.luma) }
    }

    public struct Failure: Error, Equatable {
        public let reason: String
    }

    /// Reads P5 or P6 with a maximum value of 255.
    public static func decode(_ bytes: [UInt8]) throws(Failure) -> Canvas {
        var position = 0
        func token() -> String? {
            while position < bytes.count {
                if bytes[position] == UInt8(ascii: "#") {
                    while position < bytes.count, bytes[position] != 0x0A { position += 1 }
                } else if [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) {
                    position += 1
                } else {
                    break
                }
            }
            let start = position
            while position < bytes.count, ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
            return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
        }
        guard let magic = token(), magic == "P5" || magic == "P6",
              let width = token().flatMap(Int.init), let height = token().flatMap(Int.init),
              token() == "255" else { throw Failure(reason: "not a P5/P6 file with maxval 255") }
        position += 1
        let channels = magic == "P6" ? 3 : 1
        guard bytes.count - position >= width * height * channels else { throw Failure(reason: "truncated pixel data") }
        var canvas: Canvas
        do {
            canvas = try Canvas(width: width, height: height)
        } catch {
            throw Failure(reason: "\(error)")
        }
        for index in 0..<width * height {
            let base = position + index * channels
            canvas.rgba[index] = channels == 3
                ? RGBA(bytes[base], bytes[base + 1], bytes[base + 2])
                : RGBA(bytes[base], bytes[base], bytes[base])
        }
        return canvas
    }
}
