import GlanceGraphics
import GlanceText
import GlanceUI
import Glibc

/// Text set for a proposal, remembered per text and width (layout asks often).
extension ViewRenderer {

    /// Sets text for a proposal: wraps to the width, keeps within the height's lines,
    /// and shrinks down to `minimumScaleFactor` before it truncates.
    func layoutText(_ node: TextNode, _ proposal: ProposedSize) -> LaidOutText {
        // An unbounded offer (a flexibility probe) is no limit at all.
        let maxWidth = proposal.width.flatMap { $0.isFinite ? ($0 * scale).rounded(.down) : nil }
        let key = TextKey(node: node, maxWidth: maxWidth)
        if let cached = measured[key] { return cached }
        // `minimumScaleFactor`: the largest of 1, 0.95, 0.90, … (down to the minimum)
        // at which the text is not cut, found by bisection (a smaller size never cuts
        // more), or the smallest when every size is cut. Full size is tried first: most
        // texts fit.
        var factors = [1.0]
        var next = 1.0 - 0.05
        while next >= node.minimumScaleFactor - 0.001 {
            factors.append(next)
            next -= 0.05
        }
        func laidOut(_ factor: Double, tightened: Bool = false) -> LaidOutText {
            statistics.textLayouts += 1
            let descriptor = FontDescriptor(family: node.family, weight: node.weight.engineWeight, italic: node.italic,
                                            pixelSize: (node.pointSize * scale * factor).rounded())
            // Height proposals do not cut lines: a text's height follows from its width
            // and line limit, so stacks cannot squeeze a two-line label into one.
            let style = TextStyle(font: descriptor, alignment: node.alignment.layout, lineLimit: node.lineLimit,
                                  lineSpacing: node.lineSpacing * scale * factor, emoji: emoji, truncation: node.truncation)
            let spans = node.pieces.map { run in
                let pixelSize = (run.pointSize * scale * factor).rounded()
                // `allowsTightening`: letters up to 5 % of the size closer, as SwiftUI
                // tightens before it truncates.
                return TextSpan(run.string, font: FontDescriptor(family: run.family, weight: run.weight.engineWeight, italic: run.italic, pixelSize: pixelSize),
                                tracking: run.tracking * scale * factor - (tightened ? pixelSize * 0.05 : 0))
            }
            return text.layout(spans, style: style, maxWidth: maxWidth)
        }
        var result = laidOut(factors[0])
        if result.truncated, node.allowsTightening {
            let tightened = laidOut(factors[0], tightened: true)
            if !tightened.truncated { result = tightened }
        }
        if result.truncated, factors.count > 1 {
            // The first uncut factor lies in low...high (high: the smallest, used cut or not).
            var low = 1, high = factors.count - 1
            var best = laidOut(factors[high])
            // Cut even at the smallest: so at every size.
            while !best.truncated, low < high {
                let middle = (low + high) / 2
                let attempt = laidOut(factors[middle])
                if attempt.truncated {
                    low = middle + 1
                } else {
                    high = middle
                    best = attempt
                }
            }
            result = best
        }
        // Bounded: a display runs for months and its texts change every day.
        if measured.count >= 1024 { measured.removeAll(keepingCapacity: true) }
        measured[key] = result
        return result
    }

    /// Forgets the text set so far and the strokes kept as masks (before a long sleep:
    /// the next wake draws new texts).
    public func forgetMeasuredText() {
        measured = [:]
        strokeMasks = [:]
    }

    func widestLine(_ laid: LaidOutText) -> Double {
        (laid.lines.map(\.width).max() ?? 0).rounded(.up)
    }

    struct TextKey: Hashable {
        let node: TextNode
        let maxWidth: Double?
    }
}
