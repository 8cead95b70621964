import Foundation
import GlanceTime
import Testing
@testable import Charts

/// Number axes: Swift Charts' automatic scale rounds the data out to "nice" numbers and
/// ticks in steps of 1, 2 or 5 × 10^k.
@Suite struct LinearScaleTests {
    typealias F = ScaleFixture

    @Test(arguments: [
        // values, desired ticks, nice domain, ticks
        ([3.0, 97], 5, 0.0...100, [0.0, 20, 40, 60, 80, 100]),
        ([3.0, 97], 10, 0.0...100, [0.0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]),
        ([3.0, 97], 2, 0.0...100, [0.0, 50, 100]),
        ([0.1, 0.9], 5, 0.0...1, [0.0, 0.2, 0.4, 0.6, 0.8, 1]),
        ([-7.0, 13], 5, -10.0...15, [-10.0, -5, 0, 5, 10, 15]),
        ([-97.0, -3], 5, -100.0...0, [-100.0, -80, -60, -40, -20, 0]),
        ([1_234.0, 9_876], 4, 0.0...10_000, [0.0, 2_000, 4_000, 6_000, 8_000, 10_000]),
        ([0.0012, 0.0047], 4, 0.001...0.005, [0.001, 0.002, 0.003, 0.004, 0.005]),
    ])
    func niceDomainAndTicksFollowTheOneTwoFiveRule(values: [Double], desired: Int, domain: ClosedRange<Double>,
                                                     ticks: [Double]) {
        let scale = F.linear(values, ticks: desired)
        #expect(scale.kind == .linear)
        #expect(scale.domain == domain)
        #expect(F.numbers(scale) == ticks)
    }

    @Test func barsStretchTheDomainDownToZero() {
        #expect(F.linear([40, 90], includesZero: true).domain == 0...100)
        #expect(F.linear([40, 90], includesZero: false).domain == 40...90)
    }

    @Test func negativeBarsStretchTheDomainUpToZero() {
        #expect(F.linear([-40, -90], includesZero: true).domain == -100...0)
    }

    @Test func ticksAreLabelledWithoutBinaryNoise() {
        #expect(NiceNumbers.label(0.1 + 0.2, step: 0.1, locale: F.english) == "0.3")
        let labels = F.linear([0, 0.3], ticks: 3).ticks.map(\.label)
        #expect(labels == ["0", "0.1", "0.2", "0.3"])
    }

    @Test func tickValuesAreTheDoublesNearestTheirDecimals() {
        #expect(F.numbers(F.linear([0, 0.3], ticks: 3)) == [0, 0.1, 0.2, 0.3])
    }

    @Test func largeNumbersAreGroupedAsTheLanguageWritesThem() {
        #expect(F.linear([0, 12_000], ticks: 2, locale: F.english).ticks.map(\.label) == ["0", "10,000", "20,000"])
        #expect(F.linear([0, 12_000], ticks: 2, locale: F.korean).ticks.map(\.label) == ["0", "10,000", "20,000"])
        #expect(F.linear([0, 12_000], ticks: 2, locale: DisplayLocale(identifier: "de_DE")).ticks.map(\.label)
            == ["0", "10.000", "20.000"])
    }

    @Test func decimalsFollowTheLanguage() {
        #expect(F.linear([0, 1], ticks: 2, locale: DisplayLocale(identifier: "de_DE")).ticks.map(\.label)
            == ["0", "0,5", "1"])
    }

    @Test func fractionPlacesAValueAlongTheDomain() throws {
        let scale = F.linear([0, 100])
        #expect(scale.fraction(of: .number(50)) == 0.5)
        #expect(scale.fraction(of: .number(150)) == 1.5)
        #expect(scale.fraction(of: .number(-50)) == -0.5)
        #expect(scale.fraction(of: .number(.nan)) == nil)
        #expect(scale.fraction(of: .number(.infinity)) == nil)
        #expect(scale.fraction(of: .date(Date(timeIntervalSince1970: 50))) == nil)
        #expect(scale.fraction(of: .category("50")) == nil)
        #expect(scale.bandWidth == 0)
        #expect(scale.ticks.map(\.fraction) == [0, 0.2, 0.4, 0.6, 0.8, 1])
    }

    @Test func anExplicitDomainIsKeptAsGiven() {
        let scale = ScaleResolver.resolve([.number(3), .number(97)], includesZero: true, domain: .numbers(0...120),
                                          desiredTicks: 6, zone: .utc, locale: F.english)
        #expect(scale.domain == 0...120)
        #expect(F.numbers(scale) == [0, 20, 40, 60, 80, 100, 120])
    }

    @Test func aStrideGivesTicksEveryStrideInsideTheDomain() {
        let ticks = ScaleResolver.numberTicks(domain: 0...0.3, stride: 0.1)
        #expect(F.numbers(ticks) == [0, 0.1, 0.2, 0.3])
        #expect(ticks.map(\.label) == ["0", "0.1", "0.2", "0.3"])
        #expect(ScaleResolver.numberTicks(domain: -25...25, stride: 10).map(\.label) == ["-20", "-10", "0", "10", "20"])
        #expect(ScaleResolver.numberTicks(domain: 0...1, stride: 0).isEmpty)
        #expect(ScaleResolver.numberTicks(domain: 0...1, stride: .nan).isEmpty)
        #expect(ScaleResolver.numberTicks(domain: 0...1e300, stride: 1e-300).isEmpty)
        // Past 2^53 the doubles cannot count in ones: no ticks rather than a loop that never ends.
        #expect(ScaleResolver.numberTicks(domain: 0x1p53 - 10...0x1p53 + 10, stride: 1).isEmpty)
        #expect(F.numbers(ScaleResolver.numberTicks(domain: 0...1, stride: 0.3)) == [0, 0.3, 0.6, 0.9])
    }

    @Test func explicitTickValuesArePlacedOnTheScale() {
        let scale = F.linear([0, 100])
        let ticks = ScaleResolver.ticks(at: [.number(25), .number(.nan), .category("x"), .number(100), .number(2.5),
                                             .number(0.1 + 0.2)], scale: scale)
        #expect(ticks.map(\.fraction).prefix(3) == [0.25, 1, 0.025])
        #expect(ticks.map(\.label) == ["25", "100", "2.5", "0.3"])
    }

    // MARK: Bad input

    @Test func noValuesGiveTheUnitDomain() {
        let scale = F.linear([])
        #expect(scale.domain == 0...1)
        #expect(F.numbers(scale) == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(F.linear([], includesZero: true).domain == 0...1)
    }

    @Test(arguments: [(5.0, 4.0...6), (0, -1...1), (300, 200...400), (-5, -6...(-4))])
    func aSingleValueIsWidenedAroundIt(value: Double, domain: ClosedRange<Double>) {
        let scale = F.linear([value, value, value])
        #expect(scale.domain == domain)
        #expect(scale.fraction(of: .number(value)) == 0.5)
        #expect(F.isWellFormed(scale))
    }

    @Test func notANumberAndInfinityAreLeftOutOfTheDomain() {
        #expect(F.linear([.nan, 3, .infinity, 97, -.infinity]).domain == 0...100)
        #expect(F.linear([.nan, .infinity]).domain == 0...1)
    }

    @Test(arguments: [
        [1e-308, 5e-308], [5e-324], [0, 5e-324], [-1e308, 1e308], [1e308, 1.7e308],
        [Double.greatestFiniteMagnitude], [-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude],
        [1e300, 1e300 + 1e285], [1e20, 1e20 + 1], [-1e-300, 1e-300], [1e15, 3e15], [1e17, 1e17 + 1_000],
        [1e-320, 3e-320],
    ])
    func extremeMagnitudesNeverTrap(values: [Double]) {
        for ticks in [1, 5, 100, 0, -3, Int.max, Int.min] {
            let scale = F.linear(values, ticks: ticks)
            #expect(F.isWellFormed(scale), "\(values), \(ticks) ticks: \(scale.domain) \(scale.ticks)")
            for value in values { #expect(scale.fraction(of: .number(value)) != nil) }
        }
    }

    @Test func hugeNumbersAreLabelledScientifically() {
        let labels = F.linear([0, 3e20], ticks: 3).ticks.map(\.label)
        #expect(labels == ["0", "1E20", "2E20", "3E20"])
    }

    /// The time limit is a hang guard, not a speed claim: a quadratic pass over 100,000
    /// values takes minutes.
    @Test(.timeLimit(.minutes(1))) func aHundredThousandValuesResolveQuickly() {
        let values: [PlotValue] = (0..<100_000).map { .number(Double($0 % 977) * 1.5 - 200) }
        do {
            let scale = ScaleResolver.resolve(values, includesZero: false, domain: nil, desiredTicks: 5,
                                              zone: .utc, locale: F.english)
            #expect(scale.domain == -500...1_500)
        }
    }
}
