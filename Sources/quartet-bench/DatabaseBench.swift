import Database
import DatabasePostgres
import Foundation

/// `quartet-bench database …`: the Swift side of scripts/bench.d/database.sh, and the crash-test writer.
///
/// - `insert URL TSV`: inserts every row of TSV (`id<TAB>title<TAB>body`) in one transaction through
///   ``DatabaseConnection/insertMany(into:columns:rows:)``, three times; prints the fastest as `insert_seconds`.
/// - `search URL TSV QUERIES`: loads TSV into an indexed table, then times each word of QUERIES through
///   ``FullTextIndex`` (top 20, ranked) and through a `LIKE '%word%'` scan (every match: what a LIKE search must
///   read before it can rank); prints `fts_p50_ms` and `like_p50_ms`.
/// - `crash-writer URL`: commits rows one at a time and prints each id once its commit returned, until killed.
enum DatabaseBench {
    static func run(_ arguments: [String]) async throws {
        switch arguments.first {
        case "insert" where arguments.count == 3:
            try await insert(url: arguments[1], tsv: arguments[2])
        case "search" where arguments.count == 4:
            try await search(url: arguments[1], tsv: arguments[2], queries: arguments[3])
        case "crash-writer" where arguments.count == 2:
            try await crashWriter(url: arguments[1])
        default:
            throw DatabaseError(
                .other, code: "usage",
                message: "usage: quartet-bench database insert URL TSV | search URL TSV QUERIES | crash-writer URL")
        }
    }

    private struct Document: Sendable {
        var id: Int64
        var title: String
        var body: String
    }

    private static func documents(_ path: String) throws -> [Document] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, let id = Int64(fields[0]) else { return nil }
            return Document(id: id, title: String(fields[1]), body: String(fields[2]))
        }
    }

    private static func open(_ url: String) throws -> any SQLDatabase {
        try DatabaseOpener.open(url)
    }

    private static func createTable(_ database: any SQLDatabase, indexed: Bool) async throws {
        try await database.write { db in
            try db.executeScript("DROP TABLE IF EXISTS bench_item")
            try db.executeScript(
                "CREATE TABLE bench_item (id BIGINT PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL)")
            if db.dialect == .sqlite {
                try db.executeScript("DROP TABLE IF EXISTS bench_item_fts")
            }
            if indexed { try index.create(in: db) }
        }
    }

    private static let index = FullTextIndex(table: "bench_item", columns: ["title", "body"])

    private static func load(_ documents: [Document], into database: any SQLDatabase) async throws -> Double {
        // NB: the rows are built before the clock starts, as the peer builds its list of tuples before its timer.
        let rows: [[DatabaseValue]] = documents.map { [.integer($0.id), .text($0.title), .text($0.body)] }
        let start = ContinuousClock.now
        try await database.write { db in
            // NB: on SQLite this is executeMany with an INSERT, like Python's executemany (one statement prepared
            // once, every row bound and run); on PostgreSQL it is one COPY FROM STDIN.
            try db.insertMany(into: "bench_item", columns: ["id", "title", "body"], rows: rows)
        }
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The fastest of three loads (each into a fresh table): commits wait on fsync, which other work on
    /// the machine makes noisy, and the peer is measured the same way.
    private static func insert(url: String, tsv: String) async throws {
        let documents = try documents(tsv)
        let database = try open(url)
        var best = Double.infinity
        for _ in 0..<3 {
            try await createTable(database, indexed: false)
            best = min(best, try await load(documents, into: database))
            let count = try await database.read { db in
                try db.fetchValue(Int.self, "SELECT COUNT(*) FROM bench_item")
            }
            guard count == documents.count else {
                throw DatabaseError(
                    .other, code: "bench", message: "inserted \(count ?? -1) of \(documents.count) rows")
            }
        }
        print("insert_seconds \(best)")
        await database.close()
    }

    private static func search(url: String, tsv: String, queries: String) async throws {
        let documents = try documents(tsv)
        let words = queries.split(separator: " ").map(String.init)
        let database = try open(url)
        try await createTable(database, indexed: true)
        _ = try await load(documents, into: database)
        if database.dialect == .postgres {
            try await database.write { db in try db.executeScript("ANALYZE bench_item") }
        }
        var ftsTimes: [Double] = []
        var likeTimes: [Double] = []
        var ftsHits = 0
        var likeHits = 0
        // NB: all searches first, then all scans: interleaved, each scan would evict the index from the page cache.
        for _ in 0..<3 {
            for word in words {
                let start = ContinuousClock.now
                let ids = try await database.read { db in try index.search(word, limit: 20, in: db) }
                ftsTimes.append(milliseconds(ContinuousClock.now - start))
                ftsHits += ids.count
            }
        }
        for word in words {
            let start = ContinuousClock.now
            let pattern = "%\(word)%"
            let scanned = try await database.read { db in
                try db.fetchColumn(
                    Int64.self,
                    "SELECT id FROM bench_item WHERE title LIKE \(pattern) OR body LIKE \(pattern)")
            }
            likeTimes.append(milliseconds(ContinuousClock.now - start))
            likeHits += scanned.count
        }
        var emptyReads: [Double] = []
        for _ in 0..<200 {
            let start = ContinuousClock.now
            _ = try await database.read { _ in 0 }
            emptyReads.append(milliseconds(ContinuousClock.now - start))
        }
        print("empty_read_p50_ms \(median(emptyReads))")
        print("fts_p50_ms \(median(ftsTimes))")
        print("like_p50_ms \(median(likeTimes))")
        print("fts_hits \(ftsHits) like_hits \(likeHits)")
        await database.close()
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    private static func crashWriter(url: String) async throws {
        let database = try open(url)
        try await database.write { db in
            try db.executeScript("CREATE TABLE IF NOT EXISTS crash_row (id BIGINT PRIMARY KEY, payload TEXT NOT NULL)")
        }
        var next = try await database.read { db in
            try db.fetchValue(Int64.self, "SELECT COALESCE(MAX(id), 0) FROM crash_row") ?? 0
        }
        let payload = String(repeating: "x", count: 512)
        while true {
            next += 1
            let id = next
            try await database.write { db in
                try db.execute("INSERT INTO crash_row (id, payload) VALUES (\(id), \(payload))")
            }
            // NB: one write(2) per id, unbuffered: the parent must see exactly what was acknowledged.
            FileHandle.standardOutput.write(Data("\(id)\n".utf8))
        }
    }
}
