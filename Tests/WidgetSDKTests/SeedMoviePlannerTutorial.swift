import FoundationEssentials
import WidgetSDK

// seeds/004_fe22583814f9f5fa.txt: the MoviePlanner tutorial, verbatim but for two details.
// Compiled against the SDK with only its imports changed (and `@main` dropped: a bundle exports
// through `wk_bundle_entry`); SeedCodeTests evaluates it. In an enum of its own, since the seeds
// reuse names (`Provider`) and this target already has a `MovieEntry`.

enum MoviePlannerTutorial {
    struct Movie {
        let name: String
        let movieImageName: String
        static var empty: Movie {
            Movie(name: "", movieImageName: "")
        }
    }

    // The tutorial's `class MovieUpdater` is a struct here: Swift 6 requires a provider to be
    // Sendable, which a class with `var`s is not.
    struct MovieUpdater {
        var movie: Movie = Movie.empty
        var movies: [Movie] = [
            Movie(name: "Avengers: Infinity War",
                  movieImageName: "infinity"),
            Movie(name: "Avengers: End Game",
                  movieImageName: "endgame"),
            Movie(name: "Guardians of the Galaxy Volume 3",
                  movieImageName: "gog3")
        ]
    }

    struct MovieEntry: TimelineEntry {
        public let date: Date
        public let movie: Movie
    }

    struct MoviePlannerWidget: Widget {
        private let kind: String = "MoviePlannerwidget"
        public var body: some WidgetConfiguration {
            StaticConfiguration(kind: kind,
                                provider: Provider()) { entry in
                MoviePlannerWidgetEntryView(entry: entry)
            }
            .configurationDisplayName("My Widget")
            .description("This is an example widget.")
        }
    }

    struct Provider: TimelineProvider {
        typealias Entry = MovieEntry
        var movieUpdater: MovieUpdater = MovieUpdater()
        func placeholder(in context: Context) -> MovieEntry {
            return MovieEntry(date: Date(), movie: Movie.empty)
        }
        func getTimeline(in context: Context,
                         completion: @escaping (Timeline<Entry>) -> Void) {
            var entries = [MovieEntry]()
            var nextUpdateDate = Date()
            for (i, movie) in movieUpdater.movies.enumerated() {
                // The page breaks this line after `current.`, which Swift does not allow.
                nextUpdateDate = Calendar.current.date(byAdding: .minute,
                                                       value: 1 * i, to: Date())!
                let entry = MovieEntry(date: nextUpdateDate, movie: movie)
                entries.append(entry)
            }
            let timeline = Timeline(
                entries: entries,
                policy: .atEnd
            )
            completion(timeline)
        }
        func getSnapshot(in context: Context,
                         completion: @escaping (Entry) -> Void) {
            let date = Date()
            let entry = MovieEntry(date: date, movie: Movie.empty)
            completion(entry)
        }
    }

    struct MoviePlannerWidgetEntryView: View {
        var entry: Provider.Entry
        var gradient: Gradient {
            Gradient(stops:
                [Gradient.Stop(color: .clear, location: 0),
                 Gradient.Stop(color: Color.black.opacity(0.95),
                               location: 0.6)])
        }
        var body: some View {
            ZStack {
                Image(entry.movie.movieImageName)
                    .resizable()
                    .aspectRatio(contentMode: .fill)
                    .mask(
                        RoundedRectangle(cornerRadius: 10)
                            .frame(minWidth: 0, maxWidth: .infinity)
                            .frame(minHeight: 0, maxHeight: .infinity)
                    )
                    .frame(minWidth: 0, maxWidth: .infinity)
                    .frame(minHeight: 0, maxHeight: .infinity)
                VStack {
                    Spacer()
                    LinearGradient(gradient: gradient,
                                   startPoint: .top,
                                   endPoint: .bottom)
                        .frame(height: 100)
                }
                VStack(alignment: .leading) {
                    Spacer()
                    Text(entry.movie.name)
                        .padding(.all, 10)
                        .font(.headline)
                        .foregroundColor(.white)
                }
            }
        }
    }
}
