import Foundation
import Combine

// An app's data layer as widget extensions share it: Combine publishers, with no SwiftUI.

struct Quote: Decodable {
    let symbol: String
    let price: Double
}

enum QuoteError: Error {
    case unreachable
}

final class QuoteStore {
    /// What the app left in the group, as JSON; `Just` stands in for the network here.
    private let cached = Data(#"{"symbol": "WKIT", "price": 41.5}"#.utf8)

    func latest() -> AnyPublisher<Quote, Error> {
        Just(cached)
            .decode(type: Quote.self, decoder: JSONDecoder())
            .map { Quote(symbol: $0.symbol, price: $0.price + 1) }
            .receive(on: DispatchQueue.global())
            .eraseToAnyPublisher()
    }

    /// A request to a port nothing listens on: the publisher fails, and `catch` keeps a value.
    func unreachable() -> AnyPublisher<String, Never> {
        URLSession.shared.dataTaskPublisher(for: URL(string: "http://127.0.0.1:9/quote")!)
            .map { _ in "reached" }
            .mapError { _ in QuoteError.unreachable }
            .catch { _ in Just("offline") }
            .eraseToAnyPublisher()
    }
}
