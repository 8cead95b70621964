import FoundationEssentials

/// Walks a composed YAML node tree and turns every mismatch into a `ConfigError` that
/// names the file, line, column and field path.
struct YAMLReader {
    let file: String
    let node: YAMLNode
    let path: String

    var location: ConfigLocation {
        ConfigLocation(file: file, line: node.mark.line, column: node.mark.column, field: path)
    }

    func fail(_ message: String) -> ConfigError { location.error(message) }

    private func child(_ node: YAMLNode, _ key: String) -> YAMLReader {
        YAMLReader(file: file, node: node, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The mapping's entries in file order; every key must be one of `allowed`.
    func mapping(allowed: [String]) throws(ConfigError) -> [(key: String, value: YAMLReader)] {
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
    func freeMapping() throws(ConfigError) -> [(key: String, value: YAMLReader)] {
        try mapping(allowed: [])
    }

    func sequence() throws(ConfigError) -> [YAMLReader] {
        guard case .sequence(let sequence, _) = node else {
            throw fail("expected a list (lines starting with '- '), found \(kindName)")
        }
        return sequence.enumerated().map { index, item in
            YAMLReader(file: file, node: item, path: "\(path)[\(index)]")
        }
    }

    func string() throws(ConfigError) -> String {
        guard case .scalar(let text, _) = node else { throw fail("expected text, found \(kindName)") }
        return text
    }

    func int(in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        let text = try string()
        guard let value = Int(text), range.contains(value) else {
            throw fail("expected a whole number from \(range.lowerBound) to \(range.upperBound), found '\(text)'")
        }
        return value
    }

    func double(in range: ClosedRange<Double>) throws(ConfigError) -> Double {
        let text = try string()
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw fail("expected a number from \(range.lowerBound) to \(range.upperBound), found '\(text)'")
        }
        return value
    }

    /// A scalar as text, or a flow list/mapping refused with a clear message.
    func scalarText() throws(ConfigError) -> String {
        guard case .scalar(let text, _) = node else {
            throw fail("expected a single value, found \(kindName)")
        }
        return text
    }

    private var kindName: String {
        switch node {
        case .scalar(let text, _): text.isEmpty ? "nothing" : "'\(text)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }
}
