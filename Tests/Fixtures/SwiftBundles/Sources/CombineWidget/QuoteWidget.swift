import Foundation
import Combine
import WidgetKit
import SwiftUI

struct QuoteEntry: TimelineEntry, Encodable {
    let date: Date
    var symbol = "–"
    var price = 0.0
    var network = "–"
}

struct QuoteProvider: TimelineProvider {
    private let store = QuoteStore()
    private let subscriptions = Subscriptions()

    func placeholder(in context: Context) -> QuoteEntry {
        QuoteEntry(date: Date())
    }

    func getSnapshot(in context: Context, completion: @escaping (QuoteEntry) -> Void) {
        completion(QuoteEntry(date: Date()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<QuoteEntry>) -> Void) {
        let cancellable = store.latest()
            .zip(store.unreachable().setFailureType(to: Error.self))
            .map { quote, network in QuoteEntry(date: Date(), symbol: quote.symbol, price: quote.price, network: network) }
            .replaceError(with: QuoteEntry(date: Date(), network: "failed"))
            .sink { entry in completion(Timeline(entries: [entry], policy: .never)) }
        subscriptions.keep(cancellable)
    }
}

/// Keeps a subscription alive until it delivers, as a provider's stored `AnyCancellable` does.
final class Subscriptions: @unchecked Sendable {
    // Unchecked: only ever touched under `lock`.
    private let lock = NSLock()
    private var kept = Set<AnyCancellable>()

    func keep(_ cancellable: AnyCancellable) {
        lock.lock()
        kept.insert(cancellable)
        lock.unlock()
    }
}

struct QuoteWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "CombineQuote", provider: QuoteProvider()) { entry in
            VStack {
                Text(entry.symbol)
                Text(entry.price, format: .number)
                Text(entry.network)
                Ticker()
            }
        }
        .configurationDisplayName("Quote")
        .supportedFamilies([.systemSmall])
    }
}

@main
struct CombineWidgetBundle: WidgetBundle {
    var body: some Widget {
        QuoteWidget()
    }
}
