import Foundation
import GlanceTime
import Testing
@testable import Charts

/// Category axes: one band per name, in the order the chart first shows it.
@Suite struct BandScaleTests {
    typealias F = ScaleFixture

    func band(_ names: [String], domain: ExplicitDomain? = nil) -> ResolvedScale {
        ScaleResolver.resolve(names.map { .category($0) }, includesZero: true, domain: domain, desiredTicks: 5,
                              zone: .utc, locale: F.english)
    }

    @Test func categoriesKeepTheirFirstSeenOrder() {
        let scale = band(["Tue", "Mon", "Tue", "Wed", "Mon"])
        #expect(scale.kind == .band)
        #expect(scale.categories == ["Tue", "Mon", "Wed"])
        #expect(scale.ticks.map(\.label) == ["Tue", "Mon", "Wed"])
    }

    @Test func anExplicitDomainSetsTheOrder() {
        let scale = band(["Tue", "Mon"], domain: .categories(["Mon", "Tue", "Wed", "Mon"]))
        #expect(scale.categories == ["Mon", "Tue", "Wed"])
        #expect(abs((scale.fraction(of: .category("Mon")) ?? 1) - 0.5 / 3) < 1e-12)
    }

    @Test func ticksSitAtBandCentres() {
        let scale = band(["a", "b", "c", "d"])
        #expect(scale.ticks.map(\.fraction) == [0.125, 0.375, 0.625, 0.875])
        #expect(scale.fraction(of: .category("c")) == 0.625)
        #expect(scale.fraction(of: .category("z")) == nil)
        #expect(scale.fraction(of: .number(0)) == nil)
    }

    @Test func bandsLeaveAGapBetweenBars() {
        let scale = band(["a", "b", "c", "d"])
        #expect(scale.bandWidth == 0.25 * 0.8)
        #expect(band([]).bandWidth == 0)
    }

    @Test func changingTheCategoriesMovesTheBands() {
        var scale = band(["a", "b"])
        scale.categories = ["b", "a", "c"]
        #expect(abs((scale.fraction(of: .category("c")) ?? 0) - 2.5 / 3) < 1e-12)
        #expect(abs((scale.fraction(of: .category("b")) ?? 1) - 0.5 / 3) < 1e-12)
    }

    @Test func valuesOfAnotherKindAreLeftOffTheAxis() {
        let scale = ScaleResolver.resolve([.number(1), .category("a"), .number(9), .date(Date(timeIntervalSince1970: 1e9))],
                                          includesZero: false, domain: nil, desiredTicks: 5, zone: .utc, locale: F.english)
        #expect(scale.kind == .linear)
        #expect(scale.domain == 0...10)
        #expect(scale.fraction(of: .category("a")) == nil)
    }

    @Test func noCategoriesGiveNoTicks() {
        let scale = band([], domain: .categories([]))
        #expect(scale.categories.isEmpty)
        #expect(scale.ticks.isEmpty)
    }

    /// The time limit is a hang guard, not a speed claim: a quadratic pass over 100,000
    /// values takes minutes.
    @Test(.timeLimit(.minutes(1))) func aHundredThousandCategoriesResolveAndPlaceQuickly() {
        let values: [PlotValue] = (0..<100_000).map { .category("c\($0 % 10_000)") }
        do {
            let scale = ScaleResolver.resolve(values, includesZero: false, domain: nil, desiredTicks: 5, zone: .utc,
                                              locale: F.english)
            #expect(scale.categories.count == 10_000)
            #expect(values.allSatisfy { scale.fraction(of: $0) != nil })
        }
    }
}
