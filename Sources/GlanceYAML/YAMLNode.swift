import CYAML

/// A YAML document as a tree, each node with where it starts in the text.
/// Built from libyaml's parser events; aliases are resolved to the anchored node.
package indirect enum YAMLNode {
    case scalar(String, YAMLMark)
    case mapping([(key: YAMLNode, value: YAMLNode)], YAMLMark)
    case sequence([YAMLNode], YAMLMark)

    package var mark: YAMLMark {
        switch self {
        case .scalar(_, let mark), .mapping(_, let mark), .sequence(_, let mark): mark
        }
    }

    /// What the node says, without where it says it: equal for two texts that differ only
    /// in layout, comments, flow or block style and line positions.
    package var content: String {
        switch self {
        case .scalar(let text, _):
            "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        case .mapping(let entries, _):
            "{" + entries.map { $0.key.content + ":" + $0.value.content }.joined(separator: ",") + "}"
        case .sequence(let items, _):
            "[" + items.map(\.content).joined(separator: ",") + "]"
        }
    }
}

/// A place in the text, 1-based, columns in Unicode scalars.
package struct YAMLMark: Equatable {
    package var line: Int
    package var column: Int

    init(_ mark: yaml_mark_t) {
        line = Int(mark.line) + 1
        column = Int(mark.column) + 1
    }
}

/// Why a text is not YAML, and where.
package struct YAMLSyntaxError: Error {
    package var problem: String
    package var mark: YAMLMark?
}

package enum YAMLComposer {
    /// The first document of `text`, or `nil` when it holds none.
    package static func compose(_ text: String) throws(YAMLSyntaxError) -> YAMLNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw YAMLSyntaxError(problem: "out of memory") }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(YAMLSyntaxError) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = Builder()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
                    throw YAMLSyntaxError(problem: problem, mark: YAMLMark(parser.problem_mark))
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return builder.root }
                try builder.handle(event)
            }
        }
    }

    /// How deep collections may nest: far beyond any configuration, far below what
    /// would exhaust the stack while the tree is built or freed.
    package static let nestingLimit = 200

    /// Assembles nodes from events with a stack of open collections. Each open
    /// collection is a class, so appending to it never copies what it holds (a long
    /// sequence builds in linear time).
    private struct Builder {
        final class Open {
            let isMapping: Bool
            let mark: YAMLMark
            let anchor: String?
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            var items: [YAMLNode] = []
            var pendingKey: YAMLNode?

            init(isMapping: Bool, mark: YAMLMark, anchor: String?) {
                self.isMapping = isMapping
                self.mark = mark
                self.anchor = anchor
            }
        }

        var stack: [Open] = []
        var anchors: [String: YAMLNode] = [:]
        var root: YAMLNode?
        var documents = 0

        mutating func handle(_ event: yaml_event_t) throws(YAMLSyntaxError) {
            let mark = YAMLMark(event.start_mark)
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw YAMLSyntaxError(problem: "a second document ('---') follows the first; one file holds one configuration", mark: mark)
                }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let node = YAMLNode.scalar(value, mark)
                if let anchor = scalar.anchor { anchors[String(cString: anchor)] = node }
                add(node)
            case YAML_ALIAS_EVENT:
                let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
                guard let node = anchors[name] else {
                    throw YAMLSyntaxError(problem: "unknown alias '*\(name)'", mark: mark)
                }
                add(node)
            case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                guard stack.count < YAMLComposer.nestingLimit else {
                    throw YAMLSyntaxError(problem: "lists and mappings nest more than \(YAMLComposer.nestingLimit) levels deep here", mark: mark)
                }
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                stack.append(Open(isMapping: isMapping, mark: mark, anchor: anchor.map { String(cString: $0) }))
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                guard let open = stack.popLast() else { return }
                let node: YAMLNode = open.isMapping ? .mapping(open.pairs, open.mark) : .sequence(open.items, open.mark)
                if let anchor = open.anchor { anchors[anchor] = node }
                add(node)
            default:
                break
            }
        }

        private mutating func add(_ node: YAMLNode) {
            guard let top = stack.last else {
                root = node
                return
            }
            if !top.isMapping {
                top.items.append(node)
            } else if let key = top.pendingKey {
                top.pairs.append((key, node))
                top.pendingKey = nil
            } else {
                top.pendingKey = node
            }
        }
    }
}
