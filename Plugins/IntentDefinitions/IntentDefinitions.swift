import PackagePlugin

/// Generates, for each `.intentdefinition` file among a target's files, the classes Xcode
/// generates from it (`ConfigurationIntent` and its enums and types), so that an
/// `IntentConfiguration` widget builds from the same files as its Xcode project. A widget
/// package names it on its target:
///
///     .executableTarget(name: "MyWidget", dependencies: [.product(name: "Glance", package: "glance")],
///                       plugins: [.plugin(name: "IntentDefinitions", package: "glance")])
@main
struct IntentDefinitions: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let definitions = target.sourceFiles.filter { $0.url.pathExtension == "intentdefinition" }.map(\.url)
        guard !definitions.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "IntentDefinitions.swift")
        return [.buildCommand(
            displayName: "Generating the intents of \(definitions.map(\.lastPathComponent).joined(separator: ", "))",
            executable: try context.tool(named: "glance-intentdefinition").url,
            arguments: definitions.map(\.path) + [output.path],
            inputFiles: definitions,
            outputFiles: [output]
        )]
    }
}
