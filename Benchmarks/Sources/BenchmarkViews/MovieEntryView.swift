import FoundationEssentials
@_spi(Measurement) import WidgetSDK
import WidgetPayload

// The MoviePlanner sample's systemMedium entry view, for the view benchmarks: the SDK's
// encoding of an entry's view, and the host's drawing of it.

public struct BenchmarkMovie: Sendable {
    public let name: String
    public let imageName: String
}

struct MovieMediumView: View {
    let movie: BenchmarkMovie
    let date: Date

    var body: some View {
        HStack(spacing: 14) {
            Image(movie.imageName)
                .resizable()
                .scaledToFill()
                .frame(width: 92)
                .clipShape(RoundedRectangle(cornerRadius: 10))
            VStack(alignment: .leading, spacing: 4) {
                Text("NOW SHOWING")
                    .font(.caption2)
                    .bold()
                    .foregroundStyle(.orange)
                Text(movie.name)
                    .font(.title3)
                    .bold()
                    .foregroundColor(.white)
                    .lineLimit(3)
                Spacer(minLength: 0)
                HStack(spacing: 4) {
                    Image(systemName: "clock")
                    Text(date, style: .time)
                }
                .font(.caption)
                .foregroundStyle(.gray)
            }
            Spacer(minLength: 0)
        }
        .containerBackground(for: .widget) { Color.black }
    }
}

public enum BenchmarkViews {
    public static let movie = BenchmarkMovie(name: "Avengers: Infinity War", imageName: "infinity")

    /// The entry's view as the SDK evaluates it, not yet JSON.
    public static func movieTree(date: Date) -> ViewTree {
        EntryViewMeasurement.tree(family: .systemMedium) { MovieMediumView(movie: movie, date: date) }
    }

    /// The whole of the SDK's work on an entry's view: evaluated, then made JSON.
    public static func movieJSON(date: Date) -> JSONValue {
        movieTree(date: date).jsonValue
    }
}
