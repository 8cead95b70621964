// glance-datamodel MODEL... OUTPUT: the CoreDataModels plugin's tool. Reads each Core Data
// model (`.xcdatamodeld`) and writes the classes Xcode generates from them into OUTPUT, atomically.
import Foundation
import GlanceDataModels

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: glance-datamodel MODEL.xcdatamodeld... OUTPUT.swift\n".utf8))
    exit(2)
}
var text = ""
do {
    for path in arguments.dropLast() {
        text += try DataModel.read(path: path).swift(source: path)
    }
    try Data(text.utf8).write(to: URL(fileURLWithPath: arguments.last!), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
