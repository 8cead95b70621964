import GlanceSystem
import Testing

/// Text that reaches a person's terminal cannot drive it.
@Suite struct TerminalTextTests {
    @Test func controlsAreWrittenOut() {
        #expect("plain text, 한글 ✓".terminalSafe == "plain text, 한글 ✓")
        #expect("\u{1B}[2J".terminalSafe == "\\u{1B}[2J")
        #expect("a\u{07}b\u{0D}c\nd\u{7F}".terminalSafe == "a\\u{7}b\\u{D}c\\u{A}d\\u{7F}")
        // C1 controls (a one-byte CSI) and bidirectional overrides.
        #expect("\u{9B}31m".terminalSafe == "\\u{9B}31m")
        #expect("abc\u{202E}fed".terminalSafe == "abc\\u{202E}fed")
        // A backslash is doubled, so an escape written out cannot be faked by the text.
        #expect("\\u{1B}".terminalSafe == "\\\\u{1B}")
    }

    /// Spaces and tabs go from both ends, nothing else does (a newline, a space that
    /// carries a combining mark, the spaces inside).
    @Test func spacesAndTabsAreTrimmedFromBothEnds() {
        #expect(" \t a b \t ".trimmedOfSpaces == "a b")
        #expect("".trimmedOfSpaces == "" && " \t ".trimmedOfSpaces == "")
        #expect("x".trimmedOfSpaces == "x" && "\nx\n".trimmedOfSpaces == "\nx\n")
        #expect(" \u{301}x ".trimmedOfSpaces == " \u{301}x")
        #expect("  한글  ".trimmedOfSpaces == "한글")
    }

    @Test func jsonKeepsItsEscapesValid() {
        #expect("{\"a\": \"x\u{1B}y\"}".jsonTerminalSafe == "{\"a\": \"x\\u001by\"}")
        #expect("{\"a\": \"\\u001b\"}".jsonTerminalSafe == "{\"a\": \"\\u001b\"}")
    }
}
