/// The sentences the command line prints around its tables, localized like the app's.
public enum QuakeMessages {
    /// `20 of 4711 earthquakes · Updated 12:04` (`1 of 1 earthquake`): `total` is how many quakes the filter
    /// keeps, as many as the list screen shows under the same filter; `shown` is fewer under `--limit`. Both are
    /// written in `numbers` (``QuakeRowFormatter/numbers``), as the rows are.
    public static func summary(shown: Int, total: Int, updated: String, numbers: NumberSymbols) -> String {
        total == 1
            ? Strings.format("quakes.cli.summary.one", numbers.whole(shown), updated)
            : Strings.format("quakes.cli.summary.many", numbers.whole(shown), numbers.whole(total), updated)
    }

    /// `Deleted nc1 (M 4.5 - …) until the next reload.`: the title as its row showed it
    /// (``QuakeRowFormatter/rowTitle(_:)``), cut and with its place read in its own direction.
    public static func deleted(id: String, title: String) -> String {
        Strings.format("quakes.cli.deleted", id, QuakeRowFormatter.rowTitle(title))
    }

    /// An id that is not a row of the list as the screen shows it (under the filter, deleted rows left out).
    public static func notFound(id: String) -> String {
        Strings.format("quakes.cli.notInList", id)
    }

    /// `Wrote 12 earthquakes of magnitude 3.5 or more to quakes.svg.` (`Wrote 1 earthquake …`): `minimum` is the
    /// magnitude the map starts at (``QuakeMapAnnotation/floor(for:)``), as the locale writes it, and `count` is
    /// written in the same `numbers`.
    public static func mapWritten(count: Int, minimum: String, path: String, numbers: NumberSymbols) -> String {
        count == 1
            ? Strings.format("quakes.cli.mapWritten.one", minimum, path)
            : Strings.format("quakes.cli.mapWritten.many", numbers.whole(count), minimum, path)
    }

    /// A `--feed` that is neither a feed name, an http(s) URL nor a file.
    public static func badFeed(_ argument: String) -> String {
        Strings.format("quakes.cli.badFeed", argument)
    }

    /// A `--min-magnitude` that is not a finite number.
    public static func badMagnitude(_ argument: String) -> String {
        Strings.format("quakes.cli.badMagnitude", argument)
    }

    /// A `--since` that is not a duration (`90m`, `24h`, `7d`).
    public static func badDuration(_ argument: String) -> String {
        Strings.format("quakes.cli.badDuration", argument)
    }

    /// A `--limit` that is not a positive number.
    public static func badLimit(_ argument: String) -> String {
        Strings.format("quakes.cli.badLimit", argument)
    }

    /// A `--server` that is not an http(s) URL.
    public static func badServer(_ argument: String) -> String {
        Strings.format("quakes.cli.badServer", argument)
    }

    /// The spinner's label.
    public static var loading: String { Strings.text("quakes.cli.loading") }
}
