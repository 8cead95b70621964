import Foundation
import PackagePlugin

/// Generates, for each Core Data model (`.xcdatamodeld`) among a target's files, the classes
/// Xcode generates from it ("Class Definition" and "Category/Extension" code generation), on
/// Glance's CoreData, so a widget that reads its app's store builds from the same files as
/// its Xcode project. A widget package names it on its target:
///
///     .executableTarget(name: "MyWidget", dependencies: [.product(name: "Glance", package: "glance"),
///                                                        .product(name: "CoreData", package: "glance")],
///                       plugins: [.plugin(name: "CoreDataModels", package: "glance")])
@main
struct CoreDataModels: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // SwiftPM lists a model folder as one file; the files inside it are the inputs.
        let models = Set(target.sourceFiles.compactMap { file -> URL? in
            var url = file.url
            while url.pathComponents.count > 1 {
                if url.pathExtension == "xcdatamodeld" { return url }
                url = url.deletingLastPathComponent()
            }
            return nil
        }).sorted { $0.path < $1.path }
        guard !models.isEmpty else { return [] }
        var inputs: [URL] = []
        for model in models {
            let walker = FileManager.default.enumerator(at: model, includingPropertiesForKeys: nil)
            while let file = walker?.nextObject() as? URL { inputs.append(file) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "CoreDataModels.swift")
        return [.buildCommand(
            displayName: "Generating the classes of \(models.map(\.lastPathComponent).joined(separator: ", "))",
            executable: try context.tool(named: "glance-datamodel").url,
            arguments: models.map(\.path) + [output.path],
            inputFiles: models + inputs,
            outputFiles: [output]
        )]
    }
}
