// swift-tools-version: 6.0
// The census of real widget code (issue 43): not part of Glance's build. It reads fetched
// repositories (bare git folders), finds their widget extensions and writes which Apple
// names and shapes they use to Tests/Census. Only facts are kept, never code.
import PackageDescription

let package = Package(
    name: "census",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        .executableTarget(name: "census", dependencies: [
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
    ]
)
