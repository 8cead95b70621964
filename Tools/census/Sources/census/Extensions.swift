import Foundation

/// A widget extension found in a repository: the folder of its target and its Swift files.
struct WidgetExtension {
    let repository: Repository
    let root: String
    let files: [String]
}

enum ExtensionFinder {
    /// Folders never read: dependencies checked in, build output, other people's code.
    static let skipped = ["Pods/", "Carthage/", "node_modules/", ".build/", "DerivedData/", "vendor/", "Vendor/", "ThirdParty/",
                          "third_party/", "External/", "SourcePackages/", "checkouts/"]

    /// A file that defines a widget (a `Widget` or `WidgetBundle` conformance, a Live
    /// Activity, a widget bundle's `@main`).
    static let definition = #"(:[[:space:]]*(Widget|WidgetBundle)([[:space:],{]|$))|ActivityConfiguration|StaticConfiguration|IntentConfiguration|AppIntentConfiguration"#

    /// The widget extensions of `repository`: each folder that an Info.plist declares a
    /// `com.apple.widgetkit-extension`, or else the folder of a Swift file that imports
    /// WidgetKit and defines a widget, with every Swift file under it.
    static func extensions(of repository: Repository) throws -> [WidgetExtension] {
        let all = try repository.paths().filter { path in !skipped.contains { path.hasPrefix($0) || path.contains("/" + $0) } }
        let swift = all.filter { $0.hasSuffix(".swift") }
        let importing = Set(try repository.grep(#"^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+WidgetKit"#, in: ["*.swift"]))
        let defining = try repository.grep(definition, in: ["*.swift"]).filter { importing.contains($0) }
        guard !defining.isEmpty else { return [] }
        let plists = try repository.grep("com\\.apple\\.widgetkit-extension", in: ["*.plist"]).filter { path in
            !skipped.contains { path.hasPrefix($0) || path.contains("/" + $0) }
        }
        let plistRoots = plists.map(folder(of:))
        var roots: [String] = []
        for file in defining {
            let own = folder(of: file)
            // The deepest Info.plist folder above the file, else the file's own folder (or
            // its parent, when the file sits in a folder of widgets inside the target).
            let declared = plistRoots.filter { $0.isEmpty || own == $0 || own.hasPrefix($0 + "/") }.max { $0.count < $1.count }
            var root = declared ?? own
            // Climbed only into a folder that is itself a target's (it holds an Info.plist or
            // Swift files of its own), never into a folder of several extensions.
            if declared == nil, ["Widgets", "Views", "Sources", "Source", "Widget Views", "Providers"].contains(lastComponent(own)) {
                let parent = folder(of: own)
                if all.contains(where: { folder(of: $0) == parent && ($0.hasSuffix(".swift") || $0.hasSuffix("Info.plist")) }) { root = parent }
            }
            // The repository's top folder is a root only when the plist says so (a
            // repository that is one widget extension).
            if root.isEmpty && declared == nil { root = own }
            if !roots.contains(root) { roots.append(root) }
        }
        // An extension inside another one's folder is part of it.
        roots = roots.filter { root in !roots.contains { other in other != root && (other.isEmpty || root.hasPrefix(other + "/")) } }
        return roots.sorted().map { root in
            WidgetExtension(repository: repository, root: root,
                            files: swift.filter { root.isEmpty || $0.hasPrefix(root + "/") }.filter { !isTest($0) })
        }
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func isTest(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasSuffix("Tests") || $0.hasSuffix("UITests") }
    }
}
