import Foundation
import GlanceTestSupport
import Testing

/// The photo widget through the built `glance simulate`: a week of a folder of pictures
/// with `interval: 30m` wakes at every half hour and at no other instant, and each frame
/// is drawn from a picture.
@Suite struct PhotoCommandTests {
    static let pictures = String(#filePath[..<(#filePath.lastIndex(of: "/") ?? #filePath.endIndex)]) + "/../GlanceGraphicsTests/Pictures"

    @Test func aWeekOfHalfHourlyPicturesWakesEveryHalfHourAndNeverBetween() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for (index, name) in ["card-orientation-1.jpg", "card-orientation-6.jpg", "card.webp", "card-orientation-3.png", "card-progressive.jpg"].enumerated() {
            try FileManager.default.copyItem(atPath: Self.pictures + "/" + name, toPath: photos.path + "/p\(index)-" + name)
        }
        let config = """
            timezone: Asia/Seoul
            display: {backend: file, path: frames, size: 400x240, colors: spectra6}
            slots:
              - name: photo
                kind: photo
                family: systemMedium
                params: {folder: photos, interval: 30m, caption: name}
            """
        try config.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let result = try runGlance(["simulate", "--config", "wall.yaml", "--from", "2026-11-30T08:10:00+09:00",
                                    "--until", "2026-12-07T08:09:00+09:00"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        var wakes: [String] = []
        for line in result.stdout.split(separator: "\n") {
            let fields = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
            wakes.append(fields["at"] as? String ?? "?")
        }
        var expected = ["2026-11-30T08:10:00+09:00"]
        let first = try #require(ISO8601DateFormatter().date(from: "2026-11-30T08:30:00+09:00"))
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "Asia/Seoul")
        for half in 0..<(7 * 48) {
            expected.append(formatter.string(from: first.addingTimeInterval(Double(half) * 1_800)))
        }
        let extra = Set(wakes).subtracting(expected).sorted(), missing = Set(expected).subtracting(wakes).sorted()
        #expect(extra.isEmpty && missing.isEmpty, "extra: \(extra.prefix(5)), missing: \(missing.prefix(5))")
        // One wake an instant: the slot's provider runs at the twelfth, not beside it.
        #expect(wakes.count == expected.count)
        #expect(!result.stderr.contains("drawn as an empty frame"), "\(result.stderr)")
    }
}
