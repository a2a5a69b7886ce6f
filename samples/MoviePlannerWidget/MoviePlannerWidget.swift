import WidgetKit
import SwiftUI

// The MoviePlanner tutorial's widget: three movies, one a minute, then ask again. Its posters
// are the bundle's own SVG files (Assets/), which the host finds beside the .so.

struct Movie: Codable {
    let name: String
    let movieImageName: String

    static let empty = Movie(name: "", movieImageName: "")
}

struct MovieEntry: TimelineEntry, Encodable {
    let date: Date
    let movie: Movie

    // The movie's fields are the entry's content: {"name", "movieImageName"}.
    func encode(to encoder: any Encoder) throws {
        try movie.encode(to: encoder)
    }
}

struct MovieProvider: TimelineProvider {
    let movies = [
        Movie(name: "Avengers: Infinity War", movieImageName: "infinity"),
        Movie(name: "Avengers: End Game", movieImageName: "endgame"),
        Movie(name: "Guardians of the Galaxy Volume 3", movieImageName: "gog3"),
    ]

    func placeholder(in context: Context) -> MovieEntry {
        MovieEntry(date: context.now, movie: .empty)
    }

    func getSnapshot(in context: Context, completion: @escaping (MovieEntry) -> Void) {
        completion(MovieEntry(date: context.now, movie: .empty))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<MovieEntry>) -> Void) {
        let entries = movies.enumerated().map { index, movie in
            MovieEntry(date: context.now.addingTimeInterval(60 * Double(index)), movie: movie)
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct MoviePlannerWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "MoviePlannerWidget", provider: MovieProvider()) { entry in
            MoviePlannerWidgetEntryView(entry: entry)
        }
            .configurationDisplayName("Movie Planner")
            .description("Shows a new movie every minute.")
            .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}

// The bundle's entry, as in an Xcode widget extension: its name is the type's, its version
// the SDK's default until the host reads the extension's Info.plist.
@main
struct MoviePlanner: WidgetBundle {
    var body: some Widget {
        MoviePlannerWidget()
    }
}

// What Xcode's canvas shows, and here `widgethost preview` and the gallery's previews.
#Preview("Now showing", as: .systemMedium) {
    MoviePlannerWidget()
} timeline: {
    MovieEntry(date: .now, movie: Movie(name: "Avengers: End Game", movieImageName: "endgame"))
    MovieEntry(date: .now, movie: Movie(name: "Guardians of the Galaxy Volume 3", movieImageName: "gog3"))
}
