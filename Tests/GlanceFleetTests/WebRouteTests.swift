import Foundation
@testable import GlanceFleet
import Testing

/// The web server's route table (`WebRoute`) is the one list of routes: docs/web.md's
/// table and the browser check's mock server are read here and held to it, and the
/// 404 and 405 answers come from it.
@Suite struct WebRouteTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// `METHOD path` of each row of docs/web.md's route table, the query left off.
    static func documentedRoutes() throws -> [(method: String, path: String)] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/web.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> (String, String)? in
            guard line.hasPrefix("| `GET ") || line.hasPrefix("| `POST ") else { return nil }
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            let parts = cell.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (String(parts[0]), String(parts[1].prefix { $0 != "?" }))
        }
    }

    @Test func docsListEveryRouteWithItsMethod() throws {
        let documented = try Self.documentedRoutes()
        var found: Set<String> = []
        for (method, path) in documented {
            let route = WebRoute.routes(at: path).first { $0.method == method }
            #expect(route != nil, "docs/web.md has \(method) \(path), which no route answers")
            if let route { found.insert("\(route)") }
        }
        #expect(found == Set(WebRoute.allCases.map { "\($0)" }), "routes missing from docs/web.md: \(Set(WebRoute.allCases.map { "\($0)" }).subtracting(found).sorted())")
    }

    /// The mock answers every route the server has, by its method.
    @Test func theMockServesEveryRoute() throws {
        let mock = try String(contentsOf: Self.root.appendingPathComponent("Tests/Web/mock_server.py"), encoding: .utf8)
        func handler(_ method: String) -> Substring {
            let start = mock.range(of: "def do_\(method)(self):")!.upperBound
            let rest = mock[start...]
            return rest.prefix(upTo: rest.range(of: "\n    def ")?.lowerBound ?? rest.endIndex)
        }
        for route in WebRoute.allCases {
            let body = handler(route.method)
            let served = route.paths.contains { path in
                path.hasSuffix("/") && path != "/" ? body.contains("re.fullmatch(r\"\(path)") : body.contains("\"\(path)\"")
            }
            #expect(served, "Tests/Web/mock_server.py's do_\(route.method) does not answer \(route) (\(route.paths))")
        }
    }

    @Test func methodsComeFromTheTable() {
        #expect(WebRoute.methods(of: "/ui/state") == ["GET"])
        #expect(WebRoute.methods(of: "/ui/set") == ["POST"])
        #expect(WebRoute.methods(of: "/ui/gallery") == ["GET"])
        #expect(WebRoute.methods(of: "/ui/gallery/clock/systemSmall.png") == ["GET"])
        #expect(WebRoute.methods(of: "/ui/gallery/") == nil)
        #expect(WebRoute.methods(of: "/ui/nothing") == nil)
        #expect(WebRoute.methods(of: "/index.html") == ["GET"])
        #expect(WebRoute.methods(of: "/etc/passwd") == nil)
        // Each path is one route's: no method is answered twice.
        for route in WebRoute.allCases {
            for path in route.paths where !path.hasSuffix("/") || path == "/" {
                #expect(WebRoute.routes(at: path) == [route], "\(path)")
            }
        }
    }

    /// The page served is the files in Sources/GlanceFleet/Web/Page, byte for byte.
    @Test func thePageIsItsFiles() throws {
        let folder = Self.root.appendingPathComponent("Sources/GlanceFleet/Web/Page")
        #expect(WebPage.html == Array(try Data(contentsOf: folder.appendingPathComponent("index.html"))))
        #expect(WebPage.javascript == Array(try Data(contentsOf: folder.appendingPathComponent("app.js"))))
        #expect(WebPage.css == Array(try Data(contentsOf: folder.appendingPathComponent("app.css"))))
    }
}
