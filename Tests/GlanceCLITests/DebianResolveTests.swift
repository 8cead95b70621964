import Foundation
import Testing

/// `scripts/debian-resolve`, which picks the package versions the CI scripts download, run
/// on captured `apt-cache show` answers (Tests/Archive): today's Debian archive, where the
/// kernel headers ask for a kbuild newer than their own version, and others around it.
@Suite struct DebianResolveTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    static let archives = repository.appendingPathComponent("Tests/Archive")

    func resolve(_ archive: String, _ query: String...) throws -> Result {
        let process = Process()
        process.executableURL = Self.repository.appendingPathComponent("scripts/debian-resolve")
        process.arguments = ["--answers", Self.archives.appendingPathComponent(archive).path] + query
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The archive of 2026-11-28: linux-kbuild-6.1 only at 6.1.192-3, while the image,
    /// headers and source are at 6.1.192-2. Downloading all at the image's version (the
    /// rule before) asked for a kbuild the archive did not have.
    @Test func todaysArchiveGivesTheKbuildTheHeadersAskFor() throws {
        let kernel = try resolve("bookworm-2026-11-28", "kernel", "amd64")
        #expect(kernel.status == 0, "\(kernel.stderr)")
        #expect(kernel.stdout == """
            image linux-image-6.1.0-56-amd64 6.1.192-2
            headers linux-headers-6.1.0-56-amd64 6.1.192-2
            common linux-headers-6.1.0-56-common 6.1.192-2
            kbuild linux-kbuild-6.1 6.1.192-3

            """)
        let source = try resolve("bookworm-2026-11-28", "kernel-source", "linux-headers-6.1.0-56-amd64", "6.1.192-2")
        #expect(source.status == 0, "\(source.stderr)")
        #expect(source.stdout == "source linux-source-6.1 6.1.192-2\n")
    }

    /// What makes the capture worth keeping: the image's own version is not one the archive
    /// offers for kbuild, so a rule that assumes one version for all fails on it.
    @Test func todaysArchiveHasNoKbuildAtTheImagesVersion() throws {
        let archive = try CapturedArchive(Self.archives.appendingPathComponent("bookworm-2026-11-28"))
        #expect(archive.versions("linux-image-6.1.0-56-amd64") == ["6.1.192-2"])
        #expect(!archive.versions("linux-kbuild-6.1").contains("6.1.192-2"))
    }

    /// Before kbuild moved on, every package was at one version; the rules give exactly that.
    @Test func aMatchingArchiveGivesOneVersion() throws {
        let kernel = try resolve("bookworm-matching", "kernel", "amd64")
        #expect(kernel.status == 0, "\(kernel.stderr)")
        #expect(kernel.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix(" 6.1.192-2") }, "\(kernel.stdout)")
        let source = try resolve("bookworm-matching", "kernel-source", "linux-headers-6.1.0-56-amd64", "6.1.192-2")
        #expect(source.stdout == "source linux-source-6.1 6.1.192-2\n")
    }

    /// Whatever the archive, each package chosen is one the archive offers, and each
    /// relation a chosen package states on another chosen one holds (checked with dpkg's
    /// own comparison, not the script's).
    @Test(arguments: ["bookworm-2026-11-28", "bookworm-matching", "bookworm-source-ahead"])
    func everyChoiceIsOfferedAndSatisfiesTheDepends(archiveName: String) throws {
        let archive = try CapturedArchive(Self.archives.appendingPathComponent(archiveName))
        let kernel = try resolve(archiveName, "kernel", "amd64")
        #expect(kernel.status == 0, "\(kernel.stderr)")
        var chosen = Self.choices(kernel.stdout)
        let headers = try #require(chosen.first { $0.package.hasPrefix("linux-headers-") && !$0.package.hasSuffix("-common") })
        let source = try resolve(archiveName, "kernel-source", headers.package, headers.version)
        #expect(source.status == 0, "\(source.stderr)")
        chosen += Self.choices(source.stdout)
        #expect(chosen.count == 5)
        try Self.expectOfferedAndConsistent(chosen, in: archive)
    }

    @Test func theBackportsLibgpiodFollowsItsDevPackage() throws {
        let result = try resolve("bookworm-backports-2026-11-28", "libgpiod2")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "dev libgpiod-dev 2.1.3-1~bpo12+1\nlibrary libgpiod3 2.1.3-1~bpo12+1\n")
        let archive = try CapturedArchive(Self.archives.appendingPathComponent("bookworm-backports-2026-11-28"))
        try Self.expectOfferedAndConsistent(Self.choices(result.stdout), in: archive)
    }

    /// Lists older than the security archive's kbuild: one line naming the package, what
    /// was asked, what the archive has, and what to do.
    @Test func anUnsatisfiableRelationIsOneLineThatSaysWhatToDo() throws {
        let result = try resolve("bookworm-kbuild-behind", "kernel", "amd64")
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("linux-kbuild-6.1 (>= 6.1.192-2), which linux-headers-6.1.0-56-amd64 6.1.192-2 needs"))
        #expect(result.stderr.contains("the archive has 6.1.176-1 only"))
        #expect(result.stderr.contains("run apt-get update"))
    }

    /// A source upload newer than the headers': the same upstream release is used, and said.
    @Test func aNewerSourceOfTheSameReleaseIsUsedAndSaid() throws {
        let result = try resolve("bookworm-source-ahead", "kernel-source", "linux-headers-6.1.0-56-amd64", "6.1.192-2")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "source linux-source-6.1 6.1.192-3\n")
        #expect(result.stderr.contains("6.1.192-3 is the same upstream release"))
        let other = try resolve("bookworm-source-ahead", "kernel-source", "linux-headers-6.1.0-56-amd64", "6.1.193-1")
        #expect(other.status == 1)
        #expect(other.stderr.contains("linux-source-6.1 (= 6.1.193-1, or 6.1.193-*)"), "\(other.stderr)")
    }

    @Test func anArchiveWithoutTheKernelSaysSo() throws {
        let result = try resolve("bookworm-2026-11-28", "kernel", "arm64")
        #expect(result.status == 1)
        #expect(result.stderr == "debian-resolve: the archive has no linux-image-arm64; run apt-get update, and check /etc/apt/sources.list(.d) names Debian's main archive\n")
    }

    static func choices(_ output: String) -> [(package: String, version: String)] {
        output.split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            return (String(fields[1]), String(fields[2]))
        }
    }

    static func expectOfferedAndConsistent(_ chosen: [(package: String, version: String)], in archive: CapturedArchive) throws {
        for choice in chosen {
            #expect(archive.versions(choice.package).contains(choice.version), "\(choice.package) \(choice.version) is not offered")
            for relation in archive.depends(choice.package, choice.version) {
                guard let target = chosen.first(where: { $0.package == relation.package }), let op = relation.op else { continue }
                #expect(try dpkgCompare(target.version, op, relation.version),
                        "\(choice.package) \(choice.version) needs \(relation.package) (\(op) \(relation.version)), chose \(target.version)")
            }
        }
    }

    static func dpkgCompare(_ a: String, _ op: String, _ b: String) throws -> Bool {
        let names = ["=": "eq", ">=": "ge", "<=": "le", ">>": "gt", "<<": "lt"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg")
        process.arguments = ["--compare-versions", a, try #require(names[op]), b]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// A folder of captured `apt-cache show PACKAGE` answers, one file per package.
struct CapturedArchive {
    struct Relation { var package: String; var op: String?; var version: String }
    var stanzas: [[String: String]] = []

    init(_ folder: URL) throws {
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !file.hasSuffix(".md") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for block in text.components(separatedBy: "\n\n") {
                var fields: [String: String] = [:]
                for line in block.split(separator: "\n") where !line.hasPrefix(" ") {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                if fields["Package"] != nil { stanzas.append(fields) }
            }
        }
    }

    func versions(_ package: String) -> [String] {
        stanzas.filter { $0["Package"] == package }.compactMap { $0["Version"] }
    }

    /// `Depends:` of one version, every alternative as its own relation.
    func depends(_ package: String, _ version: String) -> [Relation] {
        guard let line = stanzas.first(where: { $0["Package"] == package && $0["Version"] == version })?["Depends"] else { return [] }
        return line.split(whereSeparator: { $0 == "," || $0 == "|" }).map { item in
            let parts = item.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
            let name = String(parts[0].split(separator: ":")[0])
            guard parts.count == 2 else { return Relation(package: name, op: nil, version: "") }
            let inside = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "() "))
            let opEnd = inside.firstIndex { !"<>=".contains($0) } ?? inside.endIndex
            return Relation(package: name, op: String(inside[..<opEnd]),
                            version: inside[opEnd...].trimmingCharacters(in: .whitespaces))
        }
    }
}
