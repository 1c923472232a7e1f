/// The sentences the command line prints around its tables, localized like the app's.
public enum QuakeMessages {
    /// `20 of 4711 earthquakes · Updated 12:04`.
    public static func summary(shown: Int, total: Int, updated: String) -> String {
        Strings.format("quakes.cli.summary", String(shown), String(total), updated)
    }

    /// `Deleted nc1 (M 4.5 - …) until the next reload.`
    public static func deleted(id: String, title: String) -> String {
        Strings.format("quakes.cli.deleted", id, title)
    }

    /// An unknown id, in the refreshed list or (`cached`) in the device's copy.
    public static func notFound(id: String, cached: Bool) -> String {
        Strings.format(cached ? "quakes.cli.notInCache" : "quakes.cli.notInList", id)
    }

    /// `Wrote 12 earthquakes of magnitude 3.5 or more to quakes.svg.`
    public static func mapWritten(count: Int, path: String) -> String {
        Strings.format("quakes.cli.mapWritten", String(count), path)
    }

    /// The spinner's label.
    public static var loading: String { Strings.text("quakes.cli.loading") }
}
