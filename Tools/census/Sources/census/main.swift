import Foundation

/// census scan --repos LIST.tsv [--repos LIST2.tsv…] --names Names --out Tests/Census
///
/// LIST.tsv: `owner/name<TAB>commit<TAB>bare git folder` per line. Writes usage.tsv (what
/// Apple API the widget extensions use, by framework), sources.tsv (every file read) and
/// extensions.tsv (each extension's size, year, project kind, families and configurations).
struct Options {
    var lists: [String] = []
    var names = "Names"
    var out = "."
    var limit = Int.max
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    guard arguments.first == "scan" else {
        FileHandle.standardError.write(Data("usage: census scan --repos LIST.tsv [--repos …] --names DIR --out DIR\n".utf8))
        exit(2)
    }
    arguments = arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--repos": options.lists.append(arguments.popFirst() ?? "")
        case "--names": options.names = arguments.popFirst() ?? ""
        case "--out": options.out = arguments.popFirst() ?? ""
        case "--limit": options.limit = Int(arguments.popFirst() ?? "") ?? Int.max
        default:
            FileHandle.standardError.write(Data("census: unknown argument \(argument)\n".utf8))
            exit(2)
        }
    }
    return options
}

let options = parseOptions()
let names = try Names(folder: options.names)

var repositories: [Repository] = []
var seen: Set<String> = []
for list in options.lists {
    for line in try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n") {
        let fields = line.split(separator: "\t").map(String.init)
        guard fields.count >= 3, !seen.contains(fields[0].lowercased()) else { continue }
        seen.insert(fields[0].lowercased())
        repositories.append(Repository(name: fields[0], folder: fields[2], commit: fields[1]))
    }
}
repositories.sort { $0.name.lowercased() < $1.name.lowercased() }

/// Attributed uses: (framework, kind, shape) → repositories and count, and contexts.
struct Tally {
    var repositories: Set<String> = []
    var uses = 0
    var contexts: [String: Int] = [:]
}
var tallies: [String: Tally] = [:]
var sourceLines: [String] = ["repository\tcommit\tpath\textension"]
var extensionLines: [String] = ["repository\textension\tfiles\tlines\tsince\tyear\tproject\tfamilies\tconfigurations\timports"]
var extensionCount = 0
var usedRepositories = 0

let swiftAttributes: Set<String> = ["main", "available", "objc", "escaping", "discardableResult", "frozen", "inlinable", "unknown",
                                    "preconcurrency", "autoclosure", "dynamicMemberLookup", "propertyWrapper", "resultBuilder", "testable",
                                    "usableFromInline", "nonobjc", "IBAction", "IBOutlet", "IBInspectable", "IBDesignable", "objcMembers",
                                    "Sendable", "MainActor", "retroactive", "unchecked", "warn_unqualified_access", "inline", "convention",
                                    "dynamicCallable", "NSCopying", "NSManaged", "UIApplicationMain", "NSApplicationMain", "backDeployed",
                                    "_spi", "_exported", "_implementationOnly", "globalActor", "nonisolated", "isolated", "Test", "Suite",
                                    "Observable", "ObservationIgnored", "ObservationTracked", "attached", "freestanding", "specialized"]

func project(of repository: Repository, paths: [String]) -> String {
    let top = Set(paths.map { $0.split(separator: "/").last.map(String.init) ?? $0 })
    if top.contains("pubspec.yaml") { return "flutter" }
    if paths.contains(where: { $0.hasSuffix("app.json") || $0.hasSuffix("app.config.ts") || $0.hasSuffix("app.config.js") }) && top.contains("package.json") {
        return paths.contains { $0.hasPrefix("targets/") } ? "expo" : "react-native"
    }
    if top.contains("package.json") && paths.contains(where: { $0.contains("capacitor.config") }) { return "capacitor" }
    if top.contains("package.json") { return "react-native" }
    if top.contains("build.gradle.kts") && paths.contains(where: { $0.hasPrefix("iosApp/") }) { return "kotlin-multiplatform" }
    if paths.contains(where: { $0.hasSuffix(".csproj") }) { return "dotnet" }
    if paths.contains(where: { $0.hasSuffix(".m") }) { return "swift+objc" }
    return "swift"
}

let families = ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "accessoryCircular", "accessoryRectangular",
                "accessoryInline", "accessoryCorner"]
let configurations = ["StaticConfiguration", "IntentConfiguration", "AppIntentConfiguration", "ActivityConfiguration"]

for repository in repositories.prefix(options.limit) {
    let extensions: [WidgetExtension]
    let paths: [String]
    do {
        paths = try repository.paths()
        extensions = try ExtensionFinder.extensions(of: repository)
    } catch {
        FileHandle.standardError.write(Data("census: \(repository.name): \(error)\n".utf8))
        continue
    }
    guard !extensions.isEmpty else {
        FileHandle.standardError.write(Data("census: \(repository.name): no widget extension found\n".utf8))
        continue
    }
    usedRepositories += 1
    // Names the repository declares anywhere (shared code outside the extension too).
    let declarations = String(decoding: try repository.git(["grep", "-h", "-o", "-E",
        #"(struct|class|enum|protocol|typealias|actor|func|var|let|case)[[:space:]]+[A-Za-z_][A-Za-z0-9_]*"#, repository.commit, "--", "*.swift"]),
                              as: UTF8.self)
    var declared = Set(declarations.split(whereSeparator: { $0 == "\n" }).compactMap { $0.split(separator: " ").last.map(String.init) })
    // What the repository adds to other modules' types, in any of its files (shared code too):
    // `Color(hex:)` from an `init(hex:)` in `extension Color` is its own, not SwiftUI's.
    var declaredShapes: Set<String> = []
    let extending = try repository.grep(#"^[[:space:]]*(public |internal |fileprivate |private )?extension[[:space:]]"#, in: ["*.swift"])
    for (_, text) in try repository.read(extending) { declaredShapes.formUnion(Extractor.uses(in: text).shapes) }
    let year = String(decoding: try repository.git(["log", "-1", "--format=%cs", repository.commit]), as: UTF8.self).prefix(4)
    let kind = project(of: repository, paths: paths)
    // Xcode generates a class for each intent of an .intentdefinition file (`ConfigurationIntent`).
    let definesIntents = paths.contains { $0.hasSuffix(".intentdefinition") }
    func generated(_ name: String) -> Bool {
        definesIntents && (name.hasSuffix("Intent") || name.hasSuffix("IntentResponse") || name.hasSuffix("IntentHandling"))
    }
    var extracted: [(WidgetExtension, [Use])] = []
    for widgetExtension in extensions {
        let texts = try repository.read(widgetExtension.files)
        var uses: [Use] = []
        var lines = 0
        for path in widgetExtension.files {
            guard let text = texts[path] else { continue }
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).count
            let result = Extractor.uses(in: text)
            uses += result.uses
            declared.formUnion(result.declared)
            sourceLines.append("\(repository.name)\t\(repository.commit)\t\(path)\t\(widgetExtension.root)")
        }
        let implicit = Set(uses.filter { $0.kind == .implicit || $0.kind == .staticMember }.map(\.name))
        let initialised = Set(uses.filter { $0.kind == .initializer }.map(\.name))
        // The year its folder first appears in the history (the snapshot's whole history).
        let history = String(decoding: try repository.git(["log", "--format=%cs", repository.commit, "--"] + (widgetExtension.root.isEmpty ? [] : [widgetExtension.root])),
                             as: UTF8.self)
        let since = history.split(separator: "\n").last.map { String($0.prefix(4)) } ?? String(year)
        extensionLines.append([repository.name, widgetExtension.root.isEmpty ? "." : widgetExtension.root, String(widgetExtension.files.count),
                               String(lines), since, String(year), kind, families.filter(implicit.contains).joined(separator: ","),
                               configurations.filter(initialised.contains).joined(separator: ","),
                               Set(uses.filter { $0.kind == .import }.map(\.name)).sorted().joined(separator: ",")].joined(separator: "\t"))
        extensionCount += 1
        extracted.append((widgetExtension, uses))
    }
    for (_, uses) in extracted {
        for use in uses {
            var framework: String?
            var shape = use.shape
            switch use.kind {
            case .import:
                framework = "import"
                shape = use.name
            case .type, .initializer, .conformance:
                // A module's own name, as in `SwiftUI.Text`: the member says what is used.
                guard !declared.contains(use.name), !Names.modules.contains(use.name) else { continue }
                // An initialiser with labels the repository declares is its own; an unlabelled
                // one (`Text(_:)`) stays Apple's, which the repository only overloads.
                if use.kind == .initializer, declaredShapes.contains(use.shape), !use.shape.hasSuffix("(_:)") { continue }
                framework = names.framework(ofType: use.name) ?? (generated(use.name) ? "Intents" : "?")
            case .attribute:
                guard !declared.contains(use.name), !swiftAttributes.contains(use.name) else { continue }
                framework = names.framework(ofType: use.name) ?? "?"
            case .macro:
                guard !declared.contains(use.name) else { continue }
                framework = names.framework(ofType: use.name) ?? "?"
            case .staticMember:
                guard let base = use.base, !declared.contains(base), !declaredShapes.contains(use.shape) else { continue }
                if Names.modules.contains(base) {
                    framework = base == "Swift" ? nil : base
                } else {
                    framework = names.framework(ofType: base) ?? (generated(base) ? "Intents" : "?")
                }
            case .method, .property, .implicit:
                guard !declared.contains(use.name) else { continue }
                let known = names.frameworks(ofMember: use.name)
                // A name the standard library has too (`count`, `offset`) is the library's,
                // unless a view framework has it: then it is most likely a modifier.
                if known.contains("Swift"), !known.contains(where: { ["SwiftUI", "WidgetKit", "AppIntents", "Charts"].contains($0) }) { continue }
                framework = known.first
                // A leading-dot member whose own name is unknown belongs where the call it
                // is an argument of does: `.semibold` in `.system(size:weight:)` is SwiftUI's.
                if framework == nil, use.kind == .implicit, !use.context.isEmpty {
                    let call = String(use.context.prefix { $0 != "(" })
                    let parts = call.split(separator: ".").map(String.init)
                    if parts.count == 2, !declared.contains(parts[0]) {
                        framework = names.framework(ofType: parts[0])
                    } else if let name = parts.last, !declared.contains(name) {
                        framework = names.frameworks(ofMember: name).first { $0 != "Swift" }
                            ?? (Extractor.isTypeName(name) ? names.framework(ofType: name) : nil)
                    }
                }
                framework = framework ?? "?"
            }
            guard let framework, framework != "Swift" else { continue }
            let key = "\(framework)\t\(use.kind.rawValue)\t\(shape)"
            tallies[key, default: Tally()].repositories.insert(repository.name)
            tallies[key, default: Tally()].uses += 1
            if !use.context.isEmpty { tallies[key, default: Tally()].contexts[use.context, default: 0] += 1 }
        }
    }
}

var usageLines = ["framework\tkind\tshape\trepositories\tuses\tcontext"]
for (key, tally) in tallies.sorted(by: { ($1.value.repositories.count, $0.key) < ($0.value.repositories.count, $1.key) }) {
    let context = tally.contexts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? ""
    usageLines.append("\(key)\t\(tally.repositories.count)\t\(tally.uses)\t\(context)")
}
try (usageLines.joined(separator: "\n") + "\n").write(toFile: options.out + "/usage.tsv", atomically: true, encoding: .utf8)
try (sourceLines.joined(separator: "\n") + "\n").write(toFile: options.out + "/sources.tsv", atomically: true, encoding: .utf8)
try (extensionLines.joined(separator: "\n") + "\n").write(toFile: options.out + "/extensions.tsv", atomically: true, encoding: .utf8)
print("census: \(extensionCount) widget extensions in \(usedRepositories) repositories (of \(repositories.count) listed); "
      + "\(sourceLines.count - 1) files; \(tallies.count) shapes")
