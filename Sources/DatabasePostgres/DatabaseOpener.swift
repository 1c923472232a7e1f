import Database

/// Opens a database from a URL, choosing the driver by scheme: the factory servers use for `--database`.
///
/// ```swift
/// let database = try DatabaseOpener.open("sqlite:///var/lib/quartet/quartet.sqlite")
/// let shared = try DatabaseOpener.open("postgres://quartet@db.internal/quartet")
/// ```
///
/// It lives here, not in `Database`, so that app cores using SQLite never link libpq.
public enum DatabaseOpener {
    /// Opens `sqlite:///abs/path`, `sqlite:relative/path`, `sqlite::memory:`, `postgres://…` or `postgresql://…`.
    public static func open(_ url: String) throws -> any SQLDatabase {
        if url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
            return try PostgresDatabase(url: url)
        }
        if url.hasPrefix("sqlite:") {
            return try SQLiteDatabase(url: url)
        }
        throw DatabaseError(
            .other, code: "url",
            message: "unknown database URL scheme \(scheme(of: url)) (expected sqlite: or postgres://)")
    }

    /// The scheme of `url` for error messages; the rest may hold a password, so it is never echoed.
    static func scheme(of url: String) -> String {
        let scheme = url.prefix { $0 != ":" }
        return scheme.count < url.count && scheme.count <= 20 ? "\"\(scheme):\"" : "(none)"
    }
}
