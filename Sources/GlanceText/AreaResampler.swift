/// Scales a glyph bitmap by area averaging (a box filter): each pixel drawn is the mean
/// of the source pixels under it, those it covers in part weighted by how much. A
/// 109-pixel emoji shrunk to 20 pixels keeps its thin strokes as lighter pixels instead
/// of dropping them, as picking the nearest pixel would.
enum AreaResampler {
    /// `samples` (`width × height` pixels of `channels` bytes, premultiplied where they
    /// have alpha) scaled by `scale`. `left` and `top` place the bitmap from the pen and
    /// the baseline (pixels, up is positive); the result is placed the same way, on
    /// whole pixels that hold the whole scaled bitmap.
    static func resample(_ samples: [UInt8], width: Int, height: Int, channels: Int, left: Int, top: Int, scale: Double)
        -> (samples: [UInt8], width: Int, height: Int, left: Int, top: Int) {
        let columns = taps(origin: Double(left) * scale, count: width, scale: scale)
        // Rows run down from the top edge: the bitmap's top sits `top × scale` above the baseline.
        let rows = taps(origin: -Double(top) * scale, count: height, scale: scale)
        let outWidth = columns.weights.count, outHeight = rows.weights.count
        // Across first, into a `outWidth × height` buffer, then down.
        var across = [Double](repeating: 0, count: outWidth * height * channels)
        for row in 0..<height {
            for (column, weights) in columns.weights.enumerated() {
                let target = (row * outWidth + column) * channels
                for (source, weight) in weights {
                    let from = (row * width + source) * channels
                    for channel in 0..<channels { across[target + channel] += Double(samples[from + channel]) * weight }
                }
            }
        }
        var result = [UInt8](repeating: 0, count: outWidth * outHeight * channels)
        for (row, weights) in rows.weights.enumerated() {
            for column in 0..<outWidth {
                let target = (row * outWidth + column) * channels
                for channel in 0..<channels {
                    var sum = 0.0
                    for (source, weight) in weights { sum += across[(source * outWidth + column) * channels + channel] * weight }
                    result[target + channel] = UInt8(min(255, max(0, sum.rounded())))
                }
            }
        }
        return (result, outWidth, outHeight, columns.start, -rows.start)
    }

    /// Along one axis: the first whole pixel the scaled run of `count` source pixels
    /// (starting at `origin`, in drawn pixels) touches, and for each drawn pixel from
    /// there the source pixels it covers with their weights (summing to 1 inside).
    static func taps(origin: Double, count: Int, scale: Double) -> (start: Int, weights: [[(source: Int, weight: Double)]]) {
        // A hair's tolerance, so that an edge on a whole pixel adds no empty pixel.
        let start = Int((origin + 1e-9).rounded(.down))
        let end = Int((origin + Double(count) * scale - 1e-9).rounded(.up))
        guard end > start else { return (start, []) }
        let weights = (start..<end).map { pixel -> [(source: Int, weight: Double)] in
            // The drawn pixel's span in source pixels.
            let low = (Double(pixel) - origin) / scale, high = (Double(pixel + 1) - origin) / scale
            let first = max(0, Int(low.rounded(.down))), last = min(count, Int(high.rounded(.up)))
            guard first < last else { return [] }
            return (first..<last).compactMap { source in
                let overlap = min(high, Double(source + 1)) - max(low, Double(source))
                return overlap > 0 ? (source, overlap * scale) : nil
            }
        }
        return (start, weights)
    }
}
