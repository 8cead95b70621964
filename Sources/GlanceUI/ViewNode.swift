/// A resolved view tree: what is left of a `View` once every `body` has been evaluated.
///
/// Layout and rendering work on nodes, never on `View` values, so a frame can be
/// compared, hashed and outlined without running widget code again.
public indirect enum ViewNode: Hashable, Sendable {
    case empty
    case text(String)
    case group([ViewNode])
    case stack(StackAxis, [ViewNode])

    /// The text a person would read, one line per text run, in reading order.
    public var textLines: [String] {
        switch self {
        case .empty: []
        case .text(let string): [string]
        case .group(let children), .stack(_, let children): children.flatMap(\.textLines)
        }
    }
}

/// The direction a stack places its children in.
public enum StackAxis: Hashable, Sendable {
    case vertical, horizontal, depth
}
