import SwiftUI

/// A view written as an app's: it imports SwiftUI alone, which brings Combine on iOS, and takes a
/// timer's publisher, whose ticks a widget's view never receives.
struct Ticker: View {
    @State private var ticks = 0

    var body: some View {
        Text("\(ticks)")
            .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in
                ticks += 1
            }
    }
}
