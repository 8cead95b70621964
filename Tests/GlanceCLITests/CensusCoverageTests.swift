import Foundation
import Testing

/// The coverage table (`Tests/Census/coverage.tsv`, written by `scripts/census check --record`)
/// against the census and the no-ops the project documents: every documented no-op is a
/// shape the census found and the type checker compiled; the table has exactly the shapes
/// the census found (none added by hand, none left out); the generated page says the
/// table's figure.
@Suite struct CensusCoverageTests {
    static let census = PublicSurfaceTests.root.appendingPathComponent("Tests/Census")

    static func table(_ name: String) throws -> [[String: String]] {
        let text = try String(contentsOf: census.appendingPathComponent(name), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = lines.removeFirst()
        return lines.map { Dictionary(uniqueKeysWithValues: zip(header, $0 + Array(repeating: "", count: max(0, header.count - $0.count)))) }
    }

    @Test func everyDocumentedNoOpIsACompilingShapeOfTheTable() throws {
        let coverage = try Self.table("coverage.tsv")
        let noops = try Self.table("noops.tsv")
        #expect(!noops.isEmpty)
        for noop in noops {
            let rows = coverage.filter { $0["kind"] == noop["kind"] && $0["shape"] == noop["shape"] }
            #expect(!rows.isEmpty, "\(noop["shape"] ?? "") is documented as a no-op but the census did not find it")
            for row in rows {
                #expect(row["compiles"] == "yes" && row["class"] == "no-op on a wall", "\(row)")
            }
        }
        // And nothing is called a no-op that is not documented with its reason.
        let documented = Set(noops.map { "\($0["kind"]!) \($0["shape"]!)" })
        for row in coverage where row["class"] == "no-op on a wall" {
            #expect(documented.contains("\(row["kind"]!) \(row["shape"]!)"), "\(row)")
        }
    }

    @Test func theTableHasExactlyTheShapesTheCensusFound() throws {
        let usage = try Self.table("usage.tsv").filter { $0["framework"] != "import" && $0["framework"] != "?" }
        let coverage = try Self.table("coverage.tsv")
        func key(_ row: [String: String]) -> String { [row["framework"], row["kind"], row["shape"], row["context"], row["repositories"]].map { $0 ?? "" }.joined(separator: "|") }
        #expect(coverage.count == usage.count)
        let missing = Set(usage.map(key)).subtracting(coverage.map(key))
        let extra = Set(coverage.map(key)).subtracting(usage.map(key))
        #expect(missing.isEmpty, "in the census, not in the table (run scripts/census check --record): \(missing.prefix(5))")
        #expect(extra.isEmpty, "in the table, not in the census: \(extra.prefix(5))")
        for row in coverage {
            #expect(["yes", "no"].contains(row["compiles"]), "\(row)")
            #expect(row["compiles"] == "no" ? row["class"] == "not provided" : row["class"] != "not provided", "\(row)")
        }
    }

    @Test func theCoveragePageIsGeneratedFromTheTable() throws {
        let coverage = try Self.table("coverage.tsv")
        let pairs = coverage.reduce(0) { $0 + Int($1["repositories"]!)! }
        let compiling = coverage.filter { $0["compiles"] == "yes" }.reduce(0) { $0 + Int($1["repositories"]!)! }
        let page = try String(contentsOf: PublicSurfaceTests.root.appendingPathComponent("docs/swiftui-coverage.md"), encoding: .utf8)
        #expect(page.contains("**\(compiling) of \(pairs) (repository, shape) pairs compile"))
        #expect(page.contains(String(format: "%.2f %%**", 100 * Double(compiling) / Double(pairs))))
    }
}
