import ChangeJarServer
import Database
import Foundation
import HTTPServer
import TokenVerifier
import USGSReplay

/// `quartet-bench changejar …`: the Change Jar figures of `make bench`.
///
/// - `search [COUNT]`: fills a SQLite file with COUNT actions (100,000 by default), then prints the p50 of
///   ranked full-text search (the index the API uses) and of a `LIKE` scan over the same rows, as
///   `name | quartet | peer | ratio` rows.
/// - `serve PORT DIR`: fills a database, writes the first page of `GET /changejar/v1/actions` to
///   `DIR/changejar/v1/actions` for nginx, and serves the Change Jar API on PORT until killed.
enum ChangeJarBench {
    static func run(_ arguments: [String]) async throws {
        switch arguments.first {
        case "search":
            let count = arguments.count > 1 ? Int(arguments[1]) : 100_000
            guard let count, count > 0 else { throw BenchError(description: "usage: changejar search [COUNT]") }
            try await search(count: count)
        case "serve":
            guard arguments.count == 3, let port = UInt16(arguments[1]) else {
                throw BenchError(description: "usage: changejar serve PORT DIR")
            }
            try await serve(port: port, directory: URL(fileURLWithPath: arguments[2]))
        default:
            throw BenchError(description: "usage: quartet-bench changejar search [COUNT] | serve PORT DIR")
        }
    }

    struct BenchError: Error, CustomStringConvertible {
        var description: String
    }

    // MARK: - Data

    static let common = [
        "walk", "cycle", "recycle", "plant", "call", "cook", "read", "share", "save", "repair", "donate", "learn",
        "water", "energy", "neighbour", "family", "friend", "garden", "bus", "train", "local", "food", "waste",
        "every", "week", "morning", "evening", "more", "less", "together",
    ]

    /// A rare word for index `n`: five letters, 5,000 of them, so each appears in a few dozen actions.
    static func rareWord(_ n: Int) -> String {
        let letters = Array("bcdfghjklmnpqrstvwxz")
        var value = n
        var word = ""
        for _ in 0..<3 {
            word.append(letters[value % letters.count])
            value /= letters.count
        }
        return "q" + word + "o"
    }

    /// A fresh migrated database holding `count` generated actions.
    static func populate(count: Int, path: String) async throws -> any SQLDatabase {
        try? FileManager.default.removeItem(atPath: path)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let database = try SQLiteDatabase(path: path)
        var migrator = Migrator()
        ChangeJarService.registerMigrations(&migrator)
        try await migrator.migrate(database)
        var generator = SeededGenerator(seed: 42)
        let start = Int64(1_780_000_000_000)
        let batch = 5_000
        for first in stride(from: 0, to: count, by: batch) {
            var rows: [(String, String, String, Int64)] = []
            for index in first..<min(first + batch, count) {
                let title = (0..<4).map { _ in common[generator.below(common.count)] }.joined(separator: " ")
                var words = (0..<24).map { _ in common[generator.below(common.count)] }
                words.insert(rareWord(generator.below(5_000)), at: generator.below(words.count))
                rows.append(
                    (
                        String(format: "%08x-0000-4000-8000-%012x", index, index), title, words.joined(separator: " "),
                        start + Int64(index) * 1_000
                    ))
            }
            let batchRows = rows
            try await database.write { db in
                // NB: names live in changejar_author, one per person; the listings join it in.
                try db.execute(
                    """
                    INSERT INTO changejar_author (auth_source, provider_user_id, display_name, name_key, named_at)
                    VALUES ('google', 'bench', 'Bench', 'bench', \(start))
                    ON CONFLICT DO NOTHING
                    """)
                for (id, title, content, created) in batchRows {
                    try db.execute(
                        """
                        INSERT INTO changejar_action (public_id, title, content, auth_source, provider_user_id,
                            identity_id, created_at, updated_at)
                        VALUES (\(id), \(title), \(content), 'google', 'bench', 'us-east-1:bench',
                            \(created), \(created))
                        """)
                }
            }
        }
        return database
    }

    // MARK: - Search vs LIKE

    static func search(count: Int) async throws {
        let path = NSTemporaryDirectory() + "quartet-bench-changejar-\(getpid()).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let database = try await populate(count: count, path: path)
        let index = FullTextIndex(table: "changejar_action", columns: ["title", "content"])
        var generator = SeededGenerator(seed: 7)
        let queries = (0..<200).map { _ in rareWord(generator.below(5_000)) }

        func p50(_ body: @escaping @Sendable (String, any DatabaseConnection) throws -> Int) async throws -> (
            Double, Int
        ) {
            var samples: [Double] = []
            var found = 0
            for query in queries {
                let started = ContinuousClock.now
                found += try await database.read { db in try body(query, db) }
                let elapsed = ContinuousClock.now - started
                samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
            }
            samples.sort()
            return (samples[samples.count / 2], found)
        }

        // Ranked full-text search, as GET /changejar/v1/actions/search runs it: top 20 ids, then the rows.
        let (ftsP50, ftsFound) = try await p50 { query, db in
            let ids = try index.search(query, limit: 20, in: db)
            guard !ids.isEmpty else { return 0 }
            return try db.query("SELECT id, title, content FROM changejar_action WHERE id IN (\(list: ids))").count
        }
        // The same question as a substring scan: newest 20 rows whose title or content contains the word.
        let (likeP50, likeFound) = try await p50 { query, db in
            let pattern = "%" + query + "%"
            return try db.query(
                """
                SELECT id, title, content FROM changejar_action
                WHERE title LIKE \(pattern) OR content LIKE \(pattern)
                ORDER BY created_at DESC LIMIT 20
                """
            ).count
        }
        await database.close()
        guard ftsFound == likeFound else {
            throw BenchError(description: "search found \(ftsFound) rows but LIKE found \(likeFound)")
        }
        print("figure | quartet | peer | ratio")
        print(
            String(
                format:
                    "changejar search p50 ms over %d actions (FTS5 vs LIKE scan, lower is better) | %.3f | %.3f | %.4f",
                count, ftsP50, likeP50, ftsP50 / likeP50))
    }

    // MARK: - First page under wrk

    static func serve(port: UInt16, directory: URL) async throws {
        let path = NSTemporaryDirectory() + "quartet-bench-changejar-serve-\(getpid()).sqlite"
        let database = try await populate(count: 1_000, path: path)
        let service = try ChangeJarService(
            database: database,
            configuration: ChangeJarConfiguration(
                identityPoolID: "us-east-1:00000000-0000-4000-8000-000000000000",
                keys: JWKSFetcher { Data(#"{"keys":[]}"#.utf8) }))
        var router = Router()
        service.register(on: &router)
        let page = try await router.respond(to: Request(method: .get, target: "/changejar/v1/actions"))
        let file = directory.appendingPathComponent("changejar/v1/actions")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        try page.bodyData.write(to: file)
        let server = Server(
            configuration: Server.Configuration(port: port, requestTimeout: nil, log: .discard),
            handler: router.handler())
        try server.start()
        FileHandle.standardError.write(Data("changejar bench: listening on 127.0.0.1:\(server.port)\n".utf8))
        await server.runUntilSignal(gracePeriod: .seconds(1))
        await database.close()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

extension SeededGenerator {
    /// A number in `0 ..< bound` (the same rows on every run; the slight modulo bias does not matter here).
    fileprivate mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
