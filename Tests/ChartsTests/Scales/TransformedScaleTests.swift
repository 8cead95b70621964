import Foundation
import GlanceTime
import Testing
@testable import Charts

/// `chartYScale(type:)`: numbers spaced by a logarithm, a square root, a symmetric
/// logarithm or a power, the domain and the tick labels staying in the data's units.
@Suite struct TransformedScaleTests {
    typealias F = ScaleFixture

    func scale(_ values: [Double], _ type: ScaleType, domain: ExplicitDomain? = nil, ticks: Int = 5) -> ResolvedScale {
        ScaleResolver.resolve(values.map { .number($0) }, includesZero: true, domain: domain, desiredTicks: ticks,
                              zone: .utc, locale: F.english, type: type.kind)
    }

    @Test func aLogAxisSpansWholeDecadesWithATickAtEach() throws {
        let log = scale([3, 40, 900, 0, -5], .log)
        #expect(log.domain == 1...1000)
        #expect(log.ticks.map(\.label) == ["1", "10", "100", "1,000"])
        for (tick, expected) in zip(log.ticks, [0.0, 1.0 / 3, 2.0 / 3, 1] as [Double]) { #expect(abs(tick.fraction - expected) < 1e-12) }
        // Zero and negatives have no place on it; 31.6 is half way up.
        #expect(log.fraction(of: .number(0)) == nil && log.fraction(of: .number(-5)) == nil)
        #expect(abs(try #require(log.fraction(of: .number(1000.squareRoot()))) - 0.5) < 1e-12)
    }

    @Test func aNarrowLogAxisAddsTwosAndFives() {
        let log = scale([2, 30], .log)
        #expect(log.domain == 1...100)
        #expect(log.ticks.map(\.label) == ["1", "2", "5", "10", "20", "50", "100"])
        let wide = scale([1e-3, 1e12], .log, ticks: 4)
        #expect(wide.ticks.count <= 5 && wide.ticks.count >= 3)
        #expect(wide.ticks.first?.label == "0.001")
    }

    @Test func anExplicitLogDomainIsKept() {
        let log = scale([5], .log, domain: .numbers(2...2000))
        #expect(log.domain == 2...2000)
        #expect(log.ticks.map(\.label) == ["10", "100", "1,000"])
    }

    @Test func squareRootPowerAndSymmetricLogKeepTheLinearTicks() throws {
        let root = scale([0, 100], .squareRoot)
        #expect(root.domain == 0...100)
        #expect(abs(try #require(root.fraction(of: .number(25))) - 0.5) < 1e-12)
        #expect(root.ticks.map(\.label) == scale([0, 100], .linear).ticks.map(\.label))
        let power = scale([0, 100], .power(exponent: 2))
        #expect(abs(try #require(power.fraction(of: .number(50))) - 0.25) < 1e-12)
        let symmetric = scale([-100, 100], .symmetricLog)
        #expect(abs(try #require(symmetric.fraction(of: .number(0))) - 0.5) < 1e-12)
        #expect(try #require(symmetric.fraction(of: .number(10))) > 0.5 + 0.25)
    }

    @Test func typesThatAreNotNumericLeaveDatesAndCategoriesAlone() {
        let dates = ScaleResolver.resolve([.date(Date(timeIntervalSince1970: 0)), .date(Date(timeIntervalSince1970: 86_400))], includesZero: false,
                                          domain: nil, desiredTicks: 4, zone: .utc, locale: F.english, type: ScaleType.log.kind)
        #expect(dates.kind == .date && dates.transform == .identity)
        let bands = ScaleResolver.resolve([.category("a")], includesZero: false, domain: nil, desiredTicks: 4, zone: .utc, locale: F.english, type: ScaleType.log.kind)
        #expect(bands.kind == .band)
    }
}
