import Foundation
import GlanceIntentDefinitions

// glance-intentdefinition INPUT.intentdefinition… OUTPUT.swift
// What the IntentDefinitions plugin runs for a target's .intentdefinition files: one Swift
// file with the classes Xcode would generate from them. A file that cannot be read is an
// error naming it and its field; nothing is written then.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: glance-intentdefinition INPUT.intentdefinition... OUTPUT.swift\n".utf8))
    exit(2)
}
var source = ""
do {
    for input in arguments.dropLast() {
        let url = URL(fileURLWithPath: input)
        // At most 4 MB: a definition is a few kilobytes.
        let attributes = try FileManager.default.attributesOfItem(atPath: input)
        guard attributes[.type] as? FileAttributeType == .typeRegular, (attributes[.size] as? Int ?? 0) <= 4 << 20 else {
            throw IntentDefinition.Failure(description: "\(input): not a regular file of at most 4 MB")
        }
        let definition = try IntentDefinition(data: try Data(contentsOf: url), file: input)
        source += definition.swiftSource(from: input)
    }
    // Written beside and renamed: a build never sees half a file.
    let output = URL(fileURLWithPath: arguments[arguments.count - 1])
    try Data(source.utf8).write(to: output, options: .atomic)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
