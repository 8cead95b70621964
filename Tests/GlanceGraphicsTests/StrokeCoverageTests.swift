import GlanceGraphics
import Glibc
import Testing

/// Strokes drawn segment by segment: each pixel's coverage the area of it the stroke
/// covers, joins and caps as `StrokeGeometry` says, dashes cut along the line.
@Suite struct StrokeCoverageTests {
    let clip = PixelRect(x: 0, y: 0, width: 64, height: 64)

    func coverage(_ points: [(x: Double, y: Double)], closed: Bool = false, _ style: StrokeGeometry) -> (StrokeCoverage, (Int, Int) -> Int) {
        let stroke = StrokeCoverage([(points: points, closed: closed)], style: style, clip: clip)
        return (stroke, { x, y in
            guard stroke.bounds.contains(x: x, y: y) else { return 0 }
            return Int(stroke.mask[(y - stroke.bounds.y) * stroke.bounds.width + x - stroke.bounds.x])
        })
    }

    /// The covered area in pixels.
    func area(_ stroke: StrokeCoverage) -> Double { Double(stroke.mask.reduce(0) { $0 + Int($1) }) / 255 }

    @Test func aLineOnPixelEdgesCoversWholePixelsAndAShiftedOneHalves() {
        let (_, whole) = coverage([(4, 10), (40, 10)], StrokeGeometry(width: 2))
        #expect((4..<40).allSatisfy { whole($0, 9) == 255 && whole($0, 10) == 255 && whole($0, 8) == 0 && whole($0, 11) == 0 })
        #expect(whole(3, 9) == 0 && whole(40, 9) == 0)   // butt ends at the points
        let (_, half) = coverage([(4, 10.5), (40, 10.5)], StrokeGeometry(width: 2))
        #expect((4..<40).allSatisfy { half($0, 9) == 128 && half($0, 10) == 255 && half($0, 11) == 128 })
    }

    /// A diagonal line covers its length times its width, whatever its angle; caps add
    /// what they should (square: a width; round: a disc's area).
    @Test(arguments: [0.0, 0.3, 0.7854, 1.2, 2.0])
    func theCoveredAreaIsTheStrokesArea(_ angle: Double) {
        let length = 30.0, centre = (x: 32.0, y: 32.0)
        let a = (x: centre.x - cos(angle) * length / 2, y: centre.y - sin(angle) * length / 2)
        let b = (x: centre.x + cos(angle) * length / 2, y: centre.y + sin(angle) * length / 2)
        let (butt, _) = coverage([a, b], StrokeGeometry(width: 3))
        #expect(abs(area(butt) - length * 3) < 0.6, "\(area(butt))")
        let (square, _) = coverage([a, b], StrokeGeometry(width: 3, cap: .square))
        #expect(abs(area(square) - (length + 3) * 3) < 0.6, "\(area(square))")
        let (round, _) = coverage([a, b], StrokeGeometry(width: 3, cap: .round, join: .round))
        #expect(abs(area(round) - (length * 3 + Double.pi * 2.25)) < 0.8, "\(area(round))")
    }

    /// A straight line cut into many segments draws as one segment: no seam where the
    /// segments meet, with round joins (capsules) and with miters (pieces that add).
    @Test func segmentsOfAStraightLineLeaveNoSeams() {
        for style in [StrokeGeometry(width: 2.5, cap: .round, join: .round), StrokeGeometry(width: 2.5), StrokeGeometry(width: 2.5, join: .bevel)] {
            let many: [(x: Double, y: Double)] = (0...37).map { (step: Int) -> (x: Double, y: Double) in
                let t = Double(step)
                return (x: 5 + t * 1.37, y: 7 + t * 0.61)
            }
            let (one, _) = coverage([many[0], many[many.count - 1]], style)
            let (split, _) = coverage(many, style)
            #expect(one.bounds == split.bounds)
            // Each piece's share is rounded to a byte on its own: a few levels, where a seam
            // would be half the scale.
            let largest = zip(one.mask, split.mask).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(largest <= 4, "\(style.join): \(largest)")
        }
    }

    /// A right angle: a miter fills the corner square, a bevel cuts it, a round join
    /// rounds it; the inside of the turn is covered whole by each.
    @Test func joinsAreAsTheStyleSays() {
        let corner: [(x: Double, y: Double)] = [(10, 30), (30, 30), (30, 50)]
        let (_, miter) = coverage(corner, StrokeGeometry(width: 4, join: .miter))
        let (_, bevel) = coverage(corner, StrokeGeometry(width: 4, join: .bevel))
        let (_, round) = coverage(corner, StrokeGeometry(width: 4, join: .round))
        // The outer corner pixel (31, 28): whole in the miter, empty in the bevel.
        #expect(miter(31, 28) == 255 && bevel(31, 28) == 0 && round(31, 28) < 200)
        // Inside the turn.
        #expect([miter, bevel, round].allSatisfy { $0(29, 31) == 255 })
        // A miter over its limit is bevelled: a sharp turn's tip stays near the vertex.
        let sharp: [(x: Double, y: Double)] = [(10, 30), (40, 32), (10, 34)]
        let (_, limited) = coverage(sharp, StrokeGeometry(width: 2, join: .miter, miterLimit: 4))
        let (_, unlimited) = coverage(sharp, StrokeGeometry(width: 2, join: .miter, miterLimit: 100))
        #expect(limited(46, 32) == 0 && unlimited(46, 32) > 0)
    }

    /// Dashes of 4 and gaps of 2 along a horizontal line, shifted by the phase.
    @Test func dashesFollowThePatternAndThePhase() {
        let (_, dashed) = coverage([(0, 20), (36, 20)], StrokeGeometry(width: 2, dash: [4, 2]))
        let row = (0..<36).map { dashed($0, 20) == 255 }
        #expect(row == (0..<36).map { $0 % 6 < 4 })
        let (_, shifted) = coverage([(0, 20), (36, 20)], StrokeGeometry(width: 2, dash: [4, 2], dashPhase: 1))
        #expect((0..<36).map { shifted($0, 20) == 255 } == (0..<36).map { ($0 + 1) % 6 < 4 })
    }

    /// A level or upright dashed line (a chart's dotted grid) is drawn dash by dash with
    /// the line's shared factors: the same coverage as its dashes stroked one by one as
    /// lines of their own, for dashes shorter than a pixel, both directions and both
    /// square-cut caps.
    @Test(arguments: [[1.0, 3.0], [2.5, 1.5], [0.4, 0.3]])
    func aDashedLevelLineIsItsDashesStrokedOneByOne(_ pattern: [Double]) {
        let lines: [((x: Double, y: Double), (x: Double, y: Double))] = [
            ((3.3, 20.25), (57.8, 20.25)), ((57.8, 30.5), (3.3, 30.5)), ((12.5, 4.2), (12.5, 60.1)), ((40.75, 60.1), (40.75, 4.2)),
        ]
        for (a, b) in lines {
            for style in [StrokeGeometry(width: 1, dash: pattern, dashPhase: 0.7), StrokeGeometry(width: 1.5, cap: .square, dash: pattern),
                          StrokeGeometry(width: 3, dash: pattern, dashPhase: 2)] {
                let (_, dashed) = coverage([a, b], style)
                // The dashes, walked along the line from the phase.
                let length = (abs(b.x - a.x) + abs(b.y - a.y)), period = pattern.reduce(0, +)
                var dashes: [(points: [(x: Double, y: Double)], closed: Bool)] = []
                var start = -style.dashPhase.truncatingRemainder(dividingBy: period)
                while start < length {
                    let end = min(length, start + pattern[0])
                    if end > max(0, start) {
                        let from = max(0, start) / length, to = end / length
                        dashes.append((points: [(a.x + (b.x - a.x) * from, a.y + (b.y - a.y) * from),
                                                (a.x + (b.x - a.x) * to, a.y + (b.y - a.y) * to)], closed: false))
                    }
                    start += period
                }
                var plain = style
                plain.dash = []
                let reference = StrokeCoverage(dashes, style: plain, clip: clip)
                var largest = 0
                for y in 0..<64 {
                    for x in 0..<64 {
                        let expected = reference.bounds.contains(x: x, y: y)
                            ? Int(reference.mask[(y - reference.bounds.y) * reference.bounds.width + x - reference.bounds.x]) : 0
                        largest = max(largest, abs(dashed(x, y) - expected))
                    }
                }
                // Dash ends found by a walk and by multiplication differ in their last bits.
                #expect(largest <= 1, "\(pattern) \(a)→\(b) width \(style.width): \(largest)")
            }
        }
    }

    /// A closed square's four corners are joined, its start too.
    @Test func aClosedLineIsJoinedWhereItStarts() {
        let square: [(x: Double, y: Double)] = [(10, 10), (30, 10), (30, 30), (10, 30)]
        let (_, closed) = coverage(square, closed: true, StrokeGeometry(width: 2))
        let (_, open) = coverage(square, StrokeGeometry(width: 2))
        #expect(closed(9, 9) == 255 && closed(10, 20) == 255)
        #expect(open(9, 9) == 0 && open(10, 20) == 0)
    }

    /// Points far off the canvas (a widget's value scaled into a chart) draw the part of
    /// the line that crosses it; absurd ones (1e300) never trap.
    @Test func pointsFarOffTheCanvasDrawWhatCrossesIt() {
        for style in [StrokeGeometry(width: 2, cap: .round, join: .round), StrokeGeometry(width: 2)] {
            let (_, level) = coverage([(-1e6, 10), (1e6, 10)], style)
            #expect(level(0, 9) == 255 && level(63, 10) == 255 && level(30, 12) == 0)
            let (absurd, _) = coverage([(-1e300, 10), (1e300, 10), (5, 1e200)], style)
            #expect(absurd.bounds.width <= 64)
        }
    }

    /// Drawn onto a canvas, a stroke's pixels are the mask's; nothing outside the clip.
    @Test func aCanvasKeepsToItsClip() throws {
        var canvas = try Canvas(width: 20, height: 20)
        canvas.clip = PixelRect(x: 0, y: 0, width: 10, height: 20)
        canvas.strokePolylines([(points: [(0, 10), (20, 10)], closed: false)], style: StrokeGeometry(width: 2), .black)
        #expect(canvas[x: 5, y: 9] == .black && canvas[x: 5, y: 10] == .black)
        #expect(canvas[x: 12, y: 9] == .white && canvas[x: 5, y: 12] == .white)
    }
}
