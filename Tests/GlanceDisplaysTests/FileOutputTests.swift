import Foundation
import GlanceDisplays
import GlanceGraphics
import GlanceTime
import Testing

/// The file backend through the pipeline: the folder comes back when deleted, the frame
/// pair changes together, symlinks in the folder are not written through.
@Suite struct FileOutputTests {
    let folder = NSTemporaryDirectory() + "glance-file-output-\(UUID().uuidString)"

    func picture(_ dark: Bool) throws -> Canvas {
        var canvas = try Canvas(width: 16, height: 8)
        if dark { canvas.fill(PixelRect(x: 0, y: 0, width: 8, height: 8), .black) }
        return canvas
    }

    @Test func aDeletedFolderIsMadeAgain() throws {
        let output = try FileOutput(directory: folder, width: 16, height: 8, timeZone: .utc)
        let pipeline = DisplayPipeline(output: output)
        try pipeline.show(try picture(false), at: Date())
        try FileManager.default.removeItem(atPath: folder)
        try pipeline.show(try picture(true), at: Date())
        #expect(FileManager.default.fileExists(atPath: output.framePath) && FileManager.default.fileExists(atPath: output.rawPath))
    }

    @Test func theFramePairStaysConsistentWhenOneCannotBeWritten() throws {
        let output = try FileOutput(directory: folder, width: 16, height: 8, timeZone: .utc)
        let pipeline = DisplayPipeline(output: output)
        try pipeline.show(try picture(false), at: Date())
        let raw = FileManager.default.contents(atPath: output.rawPath)
        // frame.png cannot be replaced (a directory stands there now): frame.raw keeps the old frame too.
        try FileManager.default.removeItem(atPath: output.framePath)
        try FileManager.default.createDirectory(atPath: output.framePath, withIntermediateDirectories: false)
        #expect(throws: FileOutput.OutputError.self) { try pipeline.show(try picture(true), at: Date()) }
        #expect(FileManager.default.contents(atPath: output.rawPath) == raw)
        #expect(!((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains { $0.contains(".tmp-") })
    }

    @Test func theRefreshLogIsNotFollowedThroughASymlink() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let victim = folder + "-victim"
        _ = FileManager.default.createFile(atPath: victim, contents: Data("keep\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: victim) }
        let output = try FileOutput(directory: folder, width: 16, height: 8, timeZone: .utc)
        try FileManager.default.createSymbolicLink(atPath: output.logPath, withDestinationPath: victim)
        #expect(throws: FileOutput.OutputError.self) { try DisplayPipeline(output: output).show(try picture(false), at: Date()) }
        #expect(String(decoding: FileManager.default.contents(atPath: victim) ?? Data(), as: UTF8.self) == "keep\n")
    }

    @Test func aBoardNameIsNeverAPath() {
        let error = #expect(throws: (any Error).self) { _ = try BoardCatalog.load("../../../../tmp/x") }
        #expect("\(error.map { "\($0)" } ?? "")".contains("unknown board '../../../../tmp/x'"))
    }
}
