import Foundation
import GlanceTestSupport
@testable import GlanceWidgets
import Glibc
import Testing

/// The web page's albums on disk: names made safe, bounds, and a link planted where an
/// album belongs not followed.
@Suite(.serialized) struct PhotoUploadsTests {
    let scratch: ScratchFolder
    static let pictures = String(#filePath[..<(#filePath.lastIndex(of: "/") ?? #filePath.endIndex)]) + "/../GlanceGraphicsTests/Pictures"

    init() throws {
        scratch = try ScratchFolder(prefix: "glance-uploads")
        PhotoUploads.use(stateDirectory: scratch.path)
    }

    static func jpeg() throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: pictures + "/card-orientation-1.jpg"))) }

    @Test func namesAreMadeSafeAndNeverOverwrite() throws {
        defer { scratch.remove() }
        let jpeg = try Self.jpeg()
        #expect(try PhotoUploads.save(jpeg, named: "Holiday 2024 (1).JPG", in: "hall").get() == "Holiday-2024--1-.jpg")
        #expect(try PhotoUploads.save(jpeg, named: "Holiday 2024 (1).JPG", in: "hall").get() == "Holiday-2024--1--2.jpg")
        #expect(try PhotoUploads.save(jpeg, named: "C:\\\\Users\\\\me\\\\.hidden.png", in: "hall").get() == "hidden.jpg")
        #expect(try PhotoUploads.save(jpeg, named: "", in: "hall").get() == "picture.jpg")
        #expect(PhotoUploads.list("hall").map(\.name) == ["Holiday-2024--1--2.jpg", "Holiday-2024--1-.jpg", "hidden.jpg", "picture.jpg"])
        #expect(throws: PhotoProblem.self) { try PhotoUploads.delete("../x.jpg", from: "hall").get() }
        try PhotoUploads.delete("hidden.jpg", from: "hall").get()
        #expect(PhotoUploads.list("hall").count == 3)
    }

    @Test func anAlbumThatIsALinkIsNotUsed() throws {
        defer { scratch.remove() }
        let elsewhere = try scratch.makeFolder("elsewhere")
        _ = try scratch.makeFolder("photos")
        #expect(symlink(elsewhere, scratch.path + "/photos/hall") == 0)
        let refused = PhotoUploads.save(try Self.jpeg(), named: "a.jpg", in: "hall")
        #expect(throws: PhotoProblem.self) { try refused.get() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test func badAlbumNamesAndBadPicturesKeepNothing() throws {
        defer { scratch.remove() }
        for album in ["..", "Hall", "a/b", "", String(repeating: "a", count: 41)] {
            #expect(throws: PhotoProblem.self) { try PhotoUploads.save(try Self.jpeg(), named: "a.jpg", in: album).get() }
        }
        let truncated = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.pictures + "/truncated.jpg")))
        #expect(throws: PhotoProblem.self) { try PhotoUploads.save(truncated, named: "t.jpg", in: "hall").get() }
        #expect(throws: PhotoProblem.self) { try PhotoUploads.save([], named: "t.jpg", in: "hall").get() }
        #expect(PhotoUploads.list("hall").isEmpty)
    }
}
