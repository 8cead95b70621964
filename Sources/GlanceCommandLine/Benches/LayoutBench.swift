import GlanceRender
import ArgumentParser
import FoundationEssentials
import GlanceText
import GlanceUI
import GlanceRunner

/// Times layout alone on nested stacks: a `VStack` holding a label and an `HStack`, which
/// holds a label, the next level and another label, down to a leaf label.
struct LayoutBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Time layout of nested VStack/HStack pairs, 1 to --levels deep.",
        discussion: """
        Each level is VStack { Text; HStack { Text; <next level>; Text } }; the innermost \
        is a Text. Every depth is laid out --repeats times in a 400×400 point box; the \
        median is reported, with the time each level adds on average and the ratio of the \
        last two depths. Layout only: no drawing, no providers. Last line: levels=N \
        ms_per_layout=X ms_added_per_level=A last_level_ratio=R
        """
    )

    @Option(help: "The deepest nesting measured.")
    var levels: Int = 8

    @Option(help: "Layouts timed at each depth.")
    var repeats: Int = 21

    func run() throws {
        guard (1...64).contains(levels) else { throw UsageError(message: "--levels must be between 1 and 64") }
        guard (1...10_000).contains(repeats) else { throw UsageError(message: "--repeats must be between 1 and 10000") }
        let fonts = try FontLocations.benchLibrary()
        let renderer = ViewRenderer(fonts: fonts)
        let box = Rect(x: 0, y: 0, width: 400, height: 400)
        var medians: [Double] = []
        for depth in 1...levels {
            let node = Self.nested(depth)
            _ = renderer.layout(node, in: box)  // warms the glyph and text caches
            var times: [Double] = []
            for _ in 0..<repeats {
                let began = ContinuousClock.now
                let laidOut = renderer.layout(node, in: box)
                let elapsed = ContinuousClock.now - began
                guard laidOut.rect.width > 0 else { throw RuntimeError(message: "depth \(depth) laid out empty") }
                times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
            }
            let median = times.sorted()[times.count / 2]
            medians.append(median)
            print("depth \(depth): \(Self.format(median)) ms (\(Self.nodeCount(node)) nodes)")
        }
        // Linear layout adds about the same time per level (a ratio falling towards 1);
        // exponential layout multiplies it (a ratio that stays high).
        let added = levels > 1 ? (medians[levels - 1] - medians[0]) / Double(levels - 1) : medians[0]
        let ratio = levels > 1 ? medians[levels - 1] / max(medians[levels - 2], 1e-9) : 1
        print("levels=\(levels) ms_per_layout=\(Self.format(medians[levels - 1])) ms_added_per_level=\(Self.format(added)) "
              + "last_level_ratio=\((ratio * 100).rounded() / 100)")
    }

    static func nested(_ depth: Int) -> ViewNode {
        let environment = EnvironmentValues()
        var node = resolveNode(Text("leaf"), in: environment)
        for level in 1...max(1, depth) {
            let inner = node
            node = resolveNode(VStack {
                Text("Level \(level)")
                HStack {
                    Text("left \(level)")
                    ResolvedView(node: inner)
                    Text("right")
                }
            }, in: environment)
        }
        return node
    }

    /// An already resolved tree as a view, so levels nest without nesting their types.
    struct ResolvedView: View, PrimitiveView {
        let node: ViewNode
        func makeNode(in environment: EnvironmentValues) -> ViewNode { node }
    }

    static func nodeCount(_ node: ViewNode) -> Int {
        if case .stack(let stack) = node { return 1 + stack.children.map(nodeCount).reduce(0, +) }
        return 1
    }

    static func format(_ milliseconds: Double) -> String { String((milliseconds * 1000).rounded() / 1000) }
}
