import Combine
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GlanceTestSupport
import SwiftUI
import Testing

/// A class a widget's file declares with SwiftUI and Combine both imported: one
/// `ObservableObject` and one `@Published`, as on iOS.
final class Forecast: ObservableObject {
    @Published var temperature = 21
}

/// `import Combine` is OpenCombine under Apple's name: what widget code writes with it
/// (subjects, operators, `sink`, `AnyCancellable`, URLSession's publisher) works on a wall.
@Suite struct CombineTests {
    /// Keeps the subscription alive until the test ends (touched on one thread at a time).
    final class Keeper: @unchecked Sendable {
        var cancellable: AnyCancellable?
    }

    @Test func subjectsOperatorsAndCancellablesWorkAsOnIOS() {
        var bag = Set<AnyCancellable>()
        let subject = PassthroughSubject<Int, Never>()
        var seen: [String] = []
        subject.filter { $0 > 0 }.map { "\($0)°" }.removeDuplicates().eraseToAnyPublisher()
            .sink { seen.append($0) }
            .store(in: &bag)
        for value in [-1, 21, 21, 19] { subject.send(value) }
        #expect(seen == ["21°", "19°"])
        bag.removeAll()
        subject.send(30)
        #expect(seen == ["21°", "19°"])
        let current = CurrentValueSubject<String, Never>("Seoul")
        var cities: [String] = []
        let kept = current.sink { cities.append($0) }
        current.value = "Busan"
        kept.cancel()
        current.value = "Jeju"
        #expect(cities == ["Seoul", "Busan"])
        #expect(Forecast().temperature == 21)
    }

    /// `URLSession.shared.dataTaskPublisher(for:)` with `decode`, `receive(on:)` and
    /// `sink(receiveCompletion:receiveValue:)`, against a server on loopback.
    @Test func urlSessionsPublisherFetchesAndDecodes() async throws {
        struct Answer: Decodable, Sendable { let temperature: Double }
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/forecast", .json(#"{"temperature": 21.5}"#))
        let queue = DispatchQueue(label: "widget")
        let keeper = Keeper()
        let result = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Double, any Error>) in
            keeper.cancellable = URLSession.shared.dataTaskPublisher(for: URL(string: server.baseURL + "/forecast")!)
                .map(\.data)
                .decode(type: Answer.self, decoder: JSONDecoder())
                .receive(on: queue)
                .sink(receiveCompletion: { completion in
                    if case .failure(let error) = completion { continuation.resume(throwing: error) }
                }, receiveValue: { answer in
                    continuation.resume(returning: answer.temperature)
                })
        }
        #expect(result == 21.5)
        #expect(server.requests(to: "/forecast").count == 1)
    }
}
