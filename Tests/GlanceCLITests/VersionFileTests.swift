import Foundation
import Testing

/// `scripts/package` names the .deb after the top-level `VERSION` file; `glance --version`
/// must print the same (it is `GlanceVersion.current`, a constant in the code).
@Suite struct VersionFileTests {
    @Test func glanceVersionIsTheVersionFile() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../VERSION")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasSuffix("\n") && text.split(separator: "\n").count == 1, "VERSION is one line: \(text.debugDescription)")
        let version = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let result = try runGlance(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == version + "\n")
    }
}
