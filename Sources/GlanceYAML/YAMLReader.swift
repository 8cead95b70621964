import FoundationEssentials

/// Walks a composed YAML node tree and turns every mismatch into a `ConfigError` that
/// names the file, line, column and field path.
package struct YAMLReader {
    package init(file: String, node: YAMLNode, path: String) {
        self.file = file
        self.node = node
        self.path = path
    }

    package let file: String
    package let node: YAMLNode
    package let path: String

    package var location: ConfigLocation {
        ConfigLocation(file: file, line: node.mark.line, column: node.mark.column, field: path)
    }

    package func fail(_ message: String) -> ConfigError { location.error(message) }

    private func child(_ node: YAMLNode, _ key: String) -> YAMLReader {
        YAMLReader(file: file, node: node, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The mapping's entries in file order; every key must be one of `allowed`.
    package func mapping(allowed: [String]) throws(ConfigError) -> [(key: String, value: YAMLReader)] {
        guard case .mapping(let mapping, _) = node else {
            throw fail("expected a mapping (key: value lines), found \(kindName)")
        }
        var result: [(String, YAMLReader)] = []
        var seen: Set<String> = []
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let key, _) = keyNode else {
                throw YAMLReader(file: file, node: keyNode, path: path).fail("keys must be plain names")
            }
            let keyReader = YAMLReader(file: file, node: keyNode, path: path.isEmpty ? key : "\(path).\(key)")
            if !allowed.isEmpty, !allowed.contains(key) {
                var listed: [String] = []
                for name in allowed where !listed.contains(name) { listed.append(name) }
                throw keyReader.fail("unknown key '\(key)'; expected one of \(listed.joined(separator: ", "))")
            }
            if !seen.insert(key).inserted { throw keyReader.fail("'\(key)' is given twice; keep one") }
            result.append((key, child(valueNode, key)))
        }
        return result
    }

    /// Any mapping whose keys are free (slot params, keys:), in file order.
    package func freeMapping() throws(ConfigError) -> [(key: String, value: YAMLReader)] {
        try mapping(allowed: [])
    }

    package func sequence() throws(ConfigError) -> [YAMLReader] {
        guard case .sequence(let sequence, _) = node else {
            throw fail("expected a list (lines starting with '- '), found \(kindName)")
        }
        return sequence.enumerated().map { index, item in
            YAMLReader(file: file, node: item, path: "\(path)[\(index)]")
        }
    }

    package func string() throws(ConfigError) -> String {
        guard case .scalar(let text, _) = node else { throw fail("expected text, found \(kindName)") }
        return text
    }

    package func int(in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        let text = try string()
        guard let value = Int(text), range.contains(value) else {
            throw fail("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(quoted(text))")
        }
        return value
    }

    package func double(in range: ClosedRange<Double>) throws(ConfigError) -> Double {
        let text = try string()
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw fail("expected a number from \(range.lowerBound) to \(range.upperBound), found \(quoted(text))")
        }
        return value
    }

    /// A scalar as text, or a flow list/mapping refused with a clear message.
    /// `800x480`, within what any panel or screen Glance drives can be.
    package func size() throws(ConfigError) -> (Int, Int) {
        let text = try string()
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw fail("expected a size like 800x480, found \(quoted(text))")
        }
        guard (1...8192).contains(width), (1...8192).contains(height) else {
            throw fail("size \(width)x\(height) is out of range; each side must be 1 to 8192 pixels")
        }
        return (width, height)
    }

    package func scalarText() throws(ConfigError) -> String {
        guard case .scalar(let text, _) = node else {
            throw fail("expected a single value, found \(kindName)")
        }
        return text
    }

    private var kindName: String {
        switch node {
        case .scalar(let text, _): text.isEmpty ? "nothing" : "\(quoted(text))"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }
}
