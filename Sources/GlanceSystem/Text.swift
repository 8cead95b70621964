extension String {
    /// Without leading and trailing spaces and tabs (Foundation's
    /// `trimmingCharacters(in: .whitespaces)`, which FoundationEssentials lacks).
    package var trimmedOfSpaces: String {
        // By index: a String made from reversed slices asks at run time what sequence it
        // was given (a dynamic cast, a scan of every conformance record the first time).
        var start = startIndex, end = endIndex
        while start < end, self[start] == " " || self[start] == "\t" { formIndex(after: &start) }
        while end > start {
            let last = index(before: end)
            guard self[last] == " " || self[last] == "\t" else { break }
            end = last
        }
        return String(self[start..<end])
    }
}

extension String {
    /// The text with everything a terminal would act on written out instead: C0 and C1
    /// control characters (escape sequences, bells, carriage returns, newlines), DEL, and
    /// the bidirectional overrides that reorder what follows. `\u{1B}` stands for an
    /// escape, and a backslash is doubled so that the two cannot be confused. For every
    /// text that came from elsewhere (a widget, an MQTT publisher, a file) and reaches a
    /// person's terminal.
    package var terminalSafe: String {
        guard unicodeScalars.contains(where: { Self.actsOnTerminal($0) || $0 == "\\" }) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 16)
        for scalar in unicodeScalars {
            if scalar == "\\" {
                out += "\\\\"
            } else if Self.actsOnTerminal(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func actsOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A JSON line with any raw control character (which valid JSON never holds in a
    /// string) written as its `\u00XX` escape, so that printing it cannot drive a terminal.
    package var jsonTerminalSafe: String {
        guard unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    /// At most `limit` characters: a longer text cut there, with how much was left out.
    package func elided(to limit: Int) -> String {
        guard count > limit else { return self }
        return String(prefix(limit)) + "… (\(count - limit) more characters)"
    }
}
