/// Polygons filled by the non-zero winding rule (or the even-odd rule), antialiased by
/// 4×4 samples a pixel like every other shape. Paths, strokes and trimmed arcs reach the
/// canvas as polygons.
public struct PolygonCoverage {
    /// Coverage 0–255 for each pixel of `bounds`, row by row.
    public let mask: [UInt8]
    public let bounds: PixelRect

    /// Rasterises `polygons` (pixel coordinates; each closed implicitly) inside `clip`.
    /// A point is inside where the polygons wind around it a non-zero number of times,
    /// so overlapping pieces of one stroke join instead of cancelling; with `evenOdd`, where
    /// they wind an odd number of times (a circle inside a circle is a hole).
    public init(_ polygons: [[(x: Double, y: Double)]], clip: PixelRect, evenOdd: Bool = false) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for point in polygon where point.x.isFinite && point.y.isFinite {
                minX = min(minX, point.x); maxX = max(maxX, point.x)
                minY = min(minY, point.y); maxY = max(maxY, point.y)
            }
        }
        guard minX <= maxX, minY <= maxY else {
            mask = []
            bounds = PixelRect(x: clip.x, y: clip.y, width: 0, height: 0)
            return
        }
        let area = PixelRect(x: Int(minX.rounded(.down)), y: Int(minY.rounded(.down)),
                             width: Int(maxX.rounded(.up)) - Int(minX.rounded(.down)) + 1,
                             height: Int(maxY.rounded(.up)) - Int(minY.rounded(.down)) + 1).intersection(clip)
        bounds = area
        guard !area.isEmpty else {
            mask = []
            return
        }
        // Edges that are not horizontal, with the direction they wind.
        struct Edge { let x0, y0, x1, y1: Double; let winding: Int }
        var edges: [Edge] = []
        for polygon in polygons where polygon.count >= 3 {
            for index in polygon.indices {
                let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
                edges.append(a.y < b.y ? Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, winding: 1)
                                       : Edge(x0: b.x, y0: b.y, x1: a.x, y1: a.y, winding: -1))
            }
        }
        // Edges by their top, and those the current sample row crosses.
        edges.sort { $0.y0 < $1.y0 }
        var counts = [UInt16](repeating: 0, count: area.width * area.height)
        var crossings: [(x: Double, winding: Int)] = []
        var active: [Int] = []
        var nextEdge = 0
        // Only vertical edges between whole-pixel rows (a border, a grid's outlines): the
        // four sample rows of a pixel row cross the same edges at the same places, so one
        // is walked and counts four times.
        let upright = edges.allSatisfy { $0.x0 == $0.x1 && $0.y0.rounded() == $0.y0 && $0.y1.rounded() == $0.y1 }
        let subRows = upright ? 1 : 4
        let weight: UInt16 = upright ? 4 : 1
        counts.withUnsafeMutableBufferPointer { counts in
            for row in 0..<area.height {
                for sub in 0..<subRows {
                    let y = Double(area.y + row) + (Double(sub) + 0.5) / 4
                    while nextEdge < edges.count, edges[nextEdge].y0 <= y {
                        active.append(nextEdge)
                        nextEdge += 1
                    }
                    active.removeAll { edges[$0].y1 <= y }
                    crossings.removeAll(keepingCapacity: true)
                    for index in active {
                        let edge = edges[index]
                        crossings.append((edge.x0 + (y - edge.y0) / (edge.y1 - edge.y0) * (edge.x1 - edge.x0), edge.winding))
                    }
                    guard crossings.count >= 2 else { continue }
                    // By x: an insertion sort, as a row crosses few edges (and the ones
                    // it crossed last row, in nearly the same order).
                    for next in 1..<crossings.count {
                        let crossing = crossings[next]
                        var slot = next
                        while slot > 0, crossings[slot - 1].x > crossing.x {
                            crossings[slot] = crossings[slot - 1]
                            slot -= 1
                        }
                        crossings[slot] = crossing
                    }
                    // Walk the spans where the winding number is not zero.
                    var winding = 0
                    for index in 0..<(crossings.count - 1) {
                        winding += crossings[index].winding
                        guard evenOdd ? winding & 1 != 0 : winding != 0 else { continue }
                        let start = crossings[index].x, end = crossings[index + 1].x
                        // Sample columns x + (s + 0.5) / 4 inside [start, end), counted a
                        // pixel (four columns) at a time.
                        let first = max(0, Int(((start - Double(area.x)) * 4 - 0.5).rounded(.up)))
                        let last = min(area.width * 4 - 1, Int(((end - Double(area.x)) * 4 - 0.5).rounded(.up)) - 1)
                        guard first <= last else { continue }
                        let base = row * area.width
                        for pixel in (first / 4)...(last / 4) {
                            let samples = min(last, pixel * 4 + 3) - max(first, pixel * 4) + 1
                            counts[base + pixel] += UInt16(samples) * weight
                        }
                    }
                }
            }
        }
        mask = counts.map { UInt8(min(255, Int($0) * 255 / 16)) }
    }
}

extension Canvas {
    /// Fills `polygons` (pixel coordinates) with `color`, by the non-zero winding rule or
    /// the even-odd rule.
    public mutating func fillPolygons(_ polygons: [[(x: Double, y: Double)]], _ color: RGBA, tonal: Bool = false, evenOdd: Bool = false) {
        let coverage = PolygonCoverage(polygons, clip: clip, evenOdd: evenOdd)
        drawMask(coverage.mask, width: coverage.bounds.width, height: coverage.bounds.height,
                 atX: coverage.bounds.x, y: coverage.bounds.y, color, tonal: tonal)
    }
}
