import Foundation

/// A fetched repository (a bare git folder) read at one commit through the `git` command.
struct Repository {
    let name: String
    let folder: String
    let commit: String

    /// Runs git in the repository and returns its standard output.
    func git(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", folder] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// Every file's path at the commit.
    func paths() throws -> [String] {
        let data = try git(["ls-tree", "-r", "-z", "--name-only", commit])
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The paths of files at the commit that hold `pattern` (an extended regular expression),
    /// among those matching `pathspecs`.
    func grep(_ pattern: String, in pathspecs: [String]) throws -> [String] {
        let data = try git(["grep", "-l", "-z", "-E", pattern, commit, "--"] + pathspecs)
        let prefix = commit + ":"
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.map {
            $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0
        }
    }

    /// The text of the files at `paths`, read in one `git cat-file --batch`.
    func read(_ paths: [String]) throws -> [String: String] {
        guard !paths.isEmpty else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", folder, "cat-file", "--batch"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let request = paths.map { "\(commit):\($0)\n" }.joined()
        // Written from another thread: git answers while it reads, and both pipes are finite.
        let writer = Thread {
            input.fileHandleForWriting.write(Data(request.utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var texts: [String: String] = [:]
        var index = data.startIndex
        for path in paths {
            guard let newline = data[index...].firstIndex(of: 10) else { break }
            let header = String(decoding: data[index..<newline], as: UTF8.self).split(separator: " ")
            index = data.index(after: newline)
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]) else { continue }
            let end = data.index(index, offsetBy: size)
            texts[path] = String(decoding: data[index..<end], as: UTF8.self)
            index = data.index(after: end)
        }
        return texts
    }
}
