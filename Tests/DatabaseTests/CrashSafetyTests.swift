import Database
import DatabaseTestSupport
import Foundation
import TestSupport
import Testing

/// A writer process killed with SIGKILL at random moments never loses an acknowledged commit.
@Suite struct CrashSafetyTests {
    static let rounds = 20

    /// `quartet-bench`, built beside the test bundle by `swift build --build-tests` / `swift test`.
    static func writerExecutable() throws -> URL {
        guard let found = BuiltProducts.executable("quartet-bench") else {
            throw DatabaseError(
                .other, code: "test",
                message: "quartet-bench not found beside the test bundle; build it with `swift build --build-tests`")
        }
        return found
    }

    /// Runs the writer against `url`, kills it `delay` after its first acknowledged row, and returns the ids it
    /// acknowledged.
    ///
    /// NB: the delay counts from the first row, not from the start: on a loaded machine a writer killed a fixed time
    /// after its start may not have made its table yet, and the round would prove nothing (or fail reading it).
    static func runAndKill(url: String, after delay: Duration) async throws -> [Int64] {
        let child = try ChildProcess(
            try writerExecutable(), arguments: ["database", "crash-writer", url], output: .pipe)
        // NB: the reads and the wait run on a thread of their own, not on the two-thread cooperative pool that
        // every other test shares (see ``blocking(_:)``).
        var data = try await blocking {
            var data = Data()
            while !data.contains(UInt8(ascii: "\n")) {
                guard let piece = child.output?.readData(ofLength: 1), !piece.isEmpty else { break }
                data.append(piece)
            }
            return data
        }
        try await Task.sleep(for: delay)
        child.send(SIGKILL)
        data.append(
            try await blocking {
                child.wait()
                return child.output?.readDataToEndOfFile() ?? Data()
            })
        let text = String(decoding: data, as: UTF8.self)
        // NB: only complete lines count; a torn last line was never fully acknowledged.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if !text.hasSuffix("\n") { lines.removeLast() }
        return lines.compactMap { Int64($0) }
    }

    @Test func killedSQLiteWriterKeepsEveryAcknowledgedRowAndAnIntactFile() async throws {
        let directory = try TestDatabase.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/crash.sqlite"
        var acknowledged: Set<Int64> = []
        for _ in 0..<Self.rounds {
            acknowledged.formUnion(
                try await Self.runAndKill(url: "sqlite://" + path, after: .milliseconds(Int.random(in: 30...250))))
            let database = try SQLiteDatabase(path: path)
            let (stored, integrity) = try await database.read { db in
                (
                    Set(try db.fetchColumn(Int64.self, "SELECT id FROM crash_row")),
                    try db.fetchColumn(String.self, "PRAGMA integrity_check")
                )
            }
            await database.close()
            #expect(acknowledged.isSubset(of: stored), "lost: \(acknowledged.subtracting(stored).sorted())")
            #expect(integrity == ["ok"])
        }
        #expect(!acknowledged.isEmpty, "the writer never acknowledged a row; the test proved nothing")
    }

    @Test func killedPostgresClientKeepsEveryAcknowledgedRow() async throws {
        let (database, schema, drop) = try await TestDatabase.postgresInFreshSchema()
        defer { Task { await drop() } }
        guard let base = DatabaseKind.postgresURL else { return }
        let separator = base.contains("?") ? "&" : "?"
        let url = base + separator + "options=-csearch_path%3D" + schema
        var acknowledged: Set<Int64> = []
        for _ in 0..<Self.rounds {
            acknowledged.formUnion(try await Self.runAndKill(url: url, after: .milliseconds(Int.random(in: 30...250))))
            let stored = try await database.read { db in Set(try db.fetchColumn(Int64.self, "SELECT id FROM crash_row"))
            }
            #expect(acknowledged.isSubset(of: stored), "lost: \(acknowledged.subtracting(stored).sorted())")
        }
        #expect(!acknowledged.isEmpty, "the writer never acknowledged a row; the test proved nothing")
    }
}
