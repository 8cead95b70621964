import Glibc

/// A colour in CIELAB (D65 white): how colour differences are measured by the standard
/// that print and display people use.
public struct CIELab: Sendable, Equatable {
    public var l: Double
    public var a: Double
    public var b: Double

    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// From linear-light sRGB (0–1).
    public init(linearRed r: Double, green g: Double, blue b: Double) {
        // sRGB → XYZ (D65), then relative to the D65 white.
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// From 8-bit sRGB.
    public init(_ color: RGBA) {
        let linear = SRGB.linear
        self.init(linearRed: Double(linear[Int(color.r)]), green: Double(linear[Int(color.g)]), blue: Double(linear[Int(color.b)]))
    }

    /// CIEDE2000 (ΔE00), the CIE's difference of two colours: about 1 is the smallest
    /// difference a person sees side by side.
    public func deltaE2000(to other: CIELab) -> Double {
        let (l1, a1, b1) = (l, a, b), (l2, a2, b2) = (other.l, other.a, other.b)
        let c1 = (a1 * a1 + b1 * b1).squareRoot(), c2 = (a2 * a2 + b2 * b2).squareRoot()
        let cMean = (c1 + c2) / 2
        let c7 = pow(cMean, 7)
        let g = 0.5 * (1 - (c7 / (c7 + pow(25, 7))).squareRoot())
        let a1p = (1 + g) * a1, a2p = (1 + g) * a2
        let c1p = (a1p * a1p + b1 * b1).squareRoot(), c2p = (a2p * a2p + b2 * b2).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        let h1p = hue(b1, a1p), h2p = hue(b2, a2p)
        let dLp = l2 - l1, dCp = c2p - c1p
        var dhp = 0.0
        if c1p * c2p != 0 {
            dhp = h2p - h1p
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * (c1p * c2p).squareRoot() * sin(dhp * .pi / 360)
        let lMean = (l1 + l2) / 2, cpMean = (c1p + c2p) / 2
        var hMean = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) <= 180 { hMean /= 2 } else if h1p + h2p < 360 { hMean = (hMean + 360) / 2 } else { hMean = (hMean - 360) / 2 }
        }
        let t = 1 - 0.17 * cos((hMean - 30) * .pi / 180) + 0.24 * cos(2 * hMean * .pi / 180)
            + 0.32 * cos((3 * hMean + 6) * .pi / 180) - 0.20 * cos((4 * hMean - 63) * .pi / 180)
        let dTheta = 30 * exp(-pow((hMean - 275) / 25, 2))
        let cp7 = pow(cpMean, 7)
        let rc = 2 * (cp7 / (cp7 + pow(25, 7))).squareRoot()
        let sl = 1 + 0.015 * pow(lMean - 50, 2) / (20 + pow(lMean - 50, 2)).squareRoot()
        let sc = 1 + 0.045 * cpMean, sh = 1 + 0.015 * cpMean * t
        let rt = -sin(2 * dTheta * .pi / 180) * rc
        let terms = (dLp / sl, dCp / sc, dHp / sh)
        return (terms.0 * terms.0 + terms.1 * terms.1 + terms.2 * terms.2 + rt * terms.1 * terms.2).squareRoot()
    }

    /// The mean ΔE00 between `source` and the picture `shown` makes, as a person sees
    /// them from a step back: both averaged over `block`×`block` pixels in linear light
    /// (where a dither's dots blend into the colour they stand for), then compared block
    /// by block.
    public static func meanDifference(source: [RGBA], shown: [RGBA], width: Int, height: Int, block: Int = 4) -> Double {
        precondition(source.count == width * height && shown.count == width * height, "two pictures of \(width)x\(height)")
        let linear = SRGB.linear
        var total = 0.0, count = 0
        for by in stride(from: 0, to: height - block + 1, by: block) {
            for bx in stride(from: 0, to: width - block + 1, by: block) {
                var s = (0.0, 0.0, 0.0), d = (0.0, 0.0, 0.0)
                for y in by..<(by + block) {
                    for x in bx..<(bx + block) {
                        let p = source[y * width + x], q = shown[y * width + x]
                        s.0 += Double(linear[Int(p.r)]); s.1 += Double(linear[Int(p.g)]); s.2 += Double(linear[Int(p.b)])
                        d.0 += Double(linear[Int(q.r)]); d.1 += Double(linear[Int(q.g)]); d.2 += Double(linear[Int(q.b)])
                    }
                }
                let n = Double(block * block)
                total += CIELab(linearRed: s.0 / n, green: s.1 / n, blue: s.2 / n)
                    .deltaE2000(to: CIELab(linearRed: d.0 / n, green: d.1 / n, blue: d.2 / n))
                count += 1
            }
        }
        return count == 0 ? 0 : total / Double(count)
    }
}
