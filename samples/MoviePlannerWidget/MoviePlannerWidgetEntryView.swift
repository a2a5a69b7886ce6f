import WidgetKit
import SwiftUI

/// The tutorial's entry view, laid out per family as it suggests: the poster behind the title
/// when small, beside it when medium, above it when large.
struct MoviePlannerWidgetEntryView: View {
    @Environment(\.widgetFamily) var family
    let entry: MovieEntry

    var body: some View {
        switch family {
        case .systemMedium:
            HStack(spacing: 14) {
                Poster(movie: entry.movie)
                    .frame(width: 92)
                    .clipShape(RoundedRectangle(cornerRadius: 10))
                details
                Spacer(minLength: 0)
            }
            .containerBackground(for: .widget) { Color.black }
        case .systemLarge:
            VStack(alignment: .leading, spacing: 10) {
                // minWidth/minHeight 0: a filling image reports its overflowing size, and without
                // them the frame would take that size and push the title out (as in SwiftUI).
                Poster(movie: entry.movie)
                    .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity)
                    .clipShape(RoundedRectangle(cornerRadius: 12))
                Text(entry.movie.name)
                    .font(.title2)
                    .bold()
                    .lineLimit(1)
                    .minimumScaleFactor(0.6)
                nextUp
            }
            .foregroundStyle(.white)
            .containerBackground(for: .widget) { Color.black }
        default:
            VStack(alignment: .leading) {
                Spacer()
                Text(entry.movie.name)
                    .font(.headline)
                    .foregroundColor(.white)
                    .lineLimit(3)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .containerBackground(for: .widget) {
                ZStack {
                    Poster(movie: entry.movie)
                    LinearGradient(
                        stops: [
                            Gradient.Stop(color: .clear, location: 0.35),
                            Gradient.Stop(color: Color.black.opacity(0.9), location: 1),
                        ],
                        startPoint: .top, endPoint: .bottom)
                }
            }
        }
    }

    private var details: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text("NOW SHOWING")
                .font(.caption2)
                .bold()
                .foregroundStyle(.orange)
            Text(entry.movie.name)
                .font(.title3)
                .bold()
                .foregroundColor(.white)
                .lineLimit(3)
            Spacer(minLength: 0)
            // Link needs the room of a medium widget (WidgetKit ignores it when small).
            Link(destination: Self.showtimes) { nextUp }
        }
    }

    private static let showtimes = URL(string: "widgethost-movies://showtimes")!

    private var nextUp: some View {
        HStack(spacing: 4) {
            Image(systemName: "clock")
            Text(entry.date, style: .time)
        }
        .font(.caption)
        .foregroundStyle(.gray)
    }
}

/// A movie's poster filling its frame; a film symbol on a gradient before there is a movie (the
/// placeholder and snapshot entries), so that no asset is ever missing.
private struct Poster: View {
    let movie: Movie

    var body: some View {
        if movie.movieImageName.isEmpty {
            ZStack {
                LinearGradient(colors: [.indigo, .purple], startPoint: .topLeading, endPoint: .bottomTrailing)
                Image(systemName: "film")
                    .font(.largeTitle)
                    .foregroundStyle(.white.opacity(0.7))
            }
        } else {
            Image(movie.movieImageName)
                .resizable()
                .scaledToFill()
        }
    }
}
