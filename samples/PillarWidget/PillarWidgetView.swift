import WidgetKit
import SwiftUI

/// The pillars traversed: the total, big, and how far the player is towards the next hundred.
struct PillarWidgetView: View {
    let entry: PillarEntry

    private var towardsNextHundred: Int { entry.pillarsTraversed % 100 }

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack(spacing: 4) {
                Image(systemName: "flag.fill")
                Text("Pillar Valley")
                    .font(.caption)
                    .bold()
            }
            .foregroundStyle(.white.opacity(0.85))
            Spacer(minLength: 0)
            Text("\(entry.pillarsTraversed)")
                .font(.system(size: 46, weight: .heavy, design: .rounded))
                .lineLimit(1)
                .minimumScaleFactor(0.5)
            Text(entry.pillarsTraversed == 1 ? "pillar traversed" : "pillars traversed")
                .font(.caption)
                .foregroundStyle(.white.opacity(0.85))
            ProgressView(value: Double(towardsNextHundred), total: 100)
        }
        .foregroundStyle(.white)
        .frame(maxWidth: .infinity, alignment: .leading)
        .containerBackground(for: .widget) {
            LinearGradient(
                colors: [Color(red: 0.98, green: 0.45, blue: 0.35), Color(red: 0.55, green: 0.2, blue: 0.6)],
                startPoint: .topLeading, endPoint: .bottomTrailing)
        }
    }
}
