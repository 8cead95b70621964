import Foundation

/// Which framework a name belongs to, from lists of names (`Names/FRAMEWORK.types` and
/// `.members`: Swift's and Foundation's read from this toolchain's symbol graphs, SwiftUI's,
/// WidgetKit's, App Intents' and Charts' from Glance's API baseline and Apple's documentation,
/// the rest written from Apple's documentation) and from Apple's prefixes.
struct Names {
    /// Frameworks by type name, and by member name; Swift's own are not Apple API.
    private var types: [String: String] = [:]
    private var members: [String: [String]] = [:]
    /// The order a member name shared by several frameworks is given to.
    static let preference = ["WidgetKit", "SwiftUI", "AppIntents", "Charts", "ActivityKit", "UIKit", "Foundation", "Combine", "CoreLocation",
                             "os", "Dispatch", "Observation", "SwiftData", "CoreData", "Swift"]

    /// Module names a type may be qualified with (`SwiftUI.Text`).
    static let modules: Set<String> = ["Swift", "SwiftUI", "WidgetKit", "AppIntents", "Foundation", "Charts", "UIKit", "AppKit", "ActivityKit",
                                       "Intents", "Combine", "CoreLocation", "os", "SwiftData", "CoreData", "MapKit", "CoreGraphics"]

    /// Apple's type prefixes and the framework each names.
    static let prefixes: [(String, String)] = [
        ("CLK", "ClockKit"), ("UI", "UIKit"), ("CL", "CoreLocation"), ("MK", "MapKit"), ("AV", "AVFoundation"), ("CG", "CoreGraphics"),
        ("HK", "HealthKit"), ("EK", "EventKit"), ("CK", "CloudKit"), ("SK", "StoreKit"), ("CN", "Contacts"), ("PH", "Photos"),
        ("CM", "CoreMotion"), ("UN", "UserNotifications"), ("WK", "WatchKit"), ("IN", "Intents"), ("CI", "CoreImage"), ("CT", "CoreText"),
        ("CA", "QuartzCore"), ("NW", "Network"), ("WC", "WatchConnectivity"), ("MP", "MediaPlayer"), ("GK", "GameKit"), ("LA", "LocalAuthentication"),
        ("NSManaged", "CoreData"), ("NSPersistent", "CoreData"), ("NSFetch", "CoreData"), ("NSEntity", "CoreData"), ("NS", "Foundation"),
    ]

    init(folder: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        for file in files {
            // FRAMEWORK.types, or FRAMEWORK.extra.types for names written by hand.
            let parts = file.split(separator: ".")
            guard parts.count >= 2, let suffix = parts.last else { continue }
            let framework = String(parts[0])
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            let names = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            switch suffix {
            case "types":
                for name in names where Self.rank(framework) < Self.rank(types[name] ?? "") { types[name] = framework }
            case "members":
                for name in names { members[name, default: []].append(framework) }
            default: continue
            }
        }
        for (name, frameworks) in members { members[name] = frameworks.sorted { Self.rank($0) < Self.rank($1) } }
    }

    static func rank(_ framework: String) -> Int {
        framework.isEmpty ? Int.max : preference.firstIndex(of: framework) ?? preference.count
    }

    /// The framework of the type `name`; "Swift" for the standard library's, nil when unknown.
    func framework(ofType name: String) -> String? {
        if let known = types[name] { return known }
        for (prefix, framework) in Self.prefixes where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if let first = rest.first, first.isUppercase { return framework }
        }
        return nil
    }

    /// The frameworks that have a member called `name`, most likely first.
    func frameworks(ofMember name: String) -> [String] { members[name] ?? [] }
}
