import FishGoData
import WidgetKit
import SwiftUI

/// The verdict at a glance (🟢 go, 🟡 caution, 🔴 no go) with the spot, wind and waves; a
/// lock-screen line-up for `accessoryRectangular`. The verdict is the accent group; where the
/// system tints or desaturates the widget, a colour emoji cannot follow, so it is left out.
struct FishGoWidgetView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.widgetRenderingMode) var renderingMode
    let entry: FishGoEntry

    private var data: WidgetFishingData { entry.data }
    private var showsEmoji: Bool { renderingMode == .fullColor }

    var body: some View {
        switch family {
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 1) {
                Text(showsEmoji ? "\(data.verdict.emoji) \(data.verdict.title)" : data.verdict.title)
                    .font(.headline)
                    .widgetAccentable()
                Text(data.spotName)
                    .font(.caption)
                    .lineLimit(1)
                Text("\(Measure.oneDecimal(data.windSpeed)) m/s · \(Measure.oneDecimal(data.waveHeight)) m")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .containerBackground(for: .widget) { Color.clear }
        case .systemMedium:
            HStack(spacing: 16) {
                VStack(spacing: 4) {
                    if showsEmoji {
                        Text(data.verdict.emoji)
                            .font(.system(size: 52))
                    }
                    Text(data.verdict.title)
                        .font(.headline)
                        .widgetAccentable()
                }
                .frame(width: 100)
                VStack(alignment: .leading, spacing: 6) {
                    Text(data.spotName)
                        .font(.headline)
                        .lineLimit(1)
                    conditions
                    ConditionRow(symbol: "drop.fill", text: "Tide: \(data.tideType)")
                    Spacer(minLength: 0)
                    updated
                }
                Spacer(minLength: 0)
            }
            .containerBackground(for: .widget) { data.verdict.background }
        default:
            VStack(alignment: .leading, spacing: 4) {
                HStack(spacing: 6) {
                    if showsEmoji {
                        Text(data.verdict.emoji)
                            .font(.title)
                    }
                    Text(data.verdict.title)
                        .font(.headline)
                        .widgetAccentable()
                }
                Text(data.spotName)
                    .font(.subheadline)
                    .lineLimit(1)
                Spacer(minLength: 0)
                conditions
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .containerBackground(for: .widget) { data.verdict.background }
        }
    }

    private var conditions: some View {
        VStack(alignment: .leading, spacing: 4) {
            ConditionRow(symbol: "wind", text: "\(Measure.oneDecimal(data.windSpeed)) m/s \(data.windDirection)")
            ConditionRow(symbol: "water.waves", text: "\(Measure.oneDecimal(data.waveHeight)) m")
        }
    }

    @ViewBuilder private var updated: some View {
        if !entry.isPlaceholder {
            HStack(spacing: 3) {
                // After a refresh (RefreshSpotIntent) the time it looked again; until then how
                // old the app's data is.
                if let refreshedAt = data.refreshedAt {
                    Text("Refreshed")
                    Text(refreshedAt, style: .time)
                } else {
                    Text("Updated")
                    Text(data.updatedAt, style: .relative)
                    Text("ago")
                }
                // Only a widget showing a chosen spot can name the spot to refresh.
                if let spot = entry.spot {
                    Button(intent: RefreshSpotIntent(spot: spot)) {
                        Image(systemName: "arrow.clockwise")
                    }
                }
            }
            .font(.caption2)
            .foregroundStyle(.secondary)
        }
    }
}

/// A symbol and a short text, as SwiftUI's `Label` draws them.
private struct ConditionRow: View {
    let symbol: String
    let text: String

    var body: some View {
        HStack(spacing: 4) {
            Image(systemName: symbol)
                .frame(width: 16)
            Text(text)
                .lineLimit(1)
        }
        .font(.caption)
    }
}

extension WidgetFishingData.Verdict {
    var emoji: String {
        switch self {
        case .go: "🟢"
        case .caution: "🟡"
        case .noGo: "🔴"
        }
    }

    var title: String {
        switch self {
        case .go: "Go"
        case .caution: "Caution"
        case .noGo: "No go"
        }
    }

    /// A wash of the verdict's colour, light enough for primary text in either appearance.
    var background: LinearGradient {
        let tint: Color = switch self {
        case .go: .green
        case .caution: .yellow
        case .noGo: .red
        }
        return LinearGradient(colors: [tint.opacity(0.35), tint.opacity(0.1)], startPoint: .top, endPoint: .bottom)
    }
}

/// Numbers as the widget shows them; FoundationEssentials has no number formatting.
enum Measure {
    /// "3.2": one decimal, rounded.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
