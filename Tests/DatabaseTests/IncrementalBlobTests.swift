import Database
import Foundation
import Testing

/// SQLite's incremental blob I/O: fill a zeroblob piece by piece, read it back, refuse what lies outside.
@Suite struct IncrementalBlobTests {
    static func database() async throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(url: "sqlite::memory:")
        try await database.write { db in
            try db.executeScript("CREATE TABLE file (name TEXT NOT NULL, content BLOB, note TEXT)")
        }
        return database
    }

    @Test func writesPiecesIntoAZeroblobAndReadsThemBack() async throws {
        let database = try await Self.database()
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let rowID = try await database.write { db -> Int64? in
            let rowID = try db.fetchValue(
                Int64.self,
                "INSERT INTO file (name, content, note) VALUES ('a', zeroblob(\(bytes.count)), 'after') RETURNING rowid"
            )
            guard let blobs = db as? any IncrementalBlobConnection, let rowID else { return nil }
            try blobs.withBlob(table: "file", column: "content", rowID: rowID, writable: true) { blob in
                #expect(blob.count == bytes.count)
                try bytes.withUnsafeBytes { all in
                    for start in stride(from: 0, to: all.count, by: 4096) {
                        let piece = UnsafeRawBufferPointer(rebasing: all[start..<min(all.count, start + 4096)])
                        try blob.write(piece, at: start)
                    }
                }
            }
            return rowID
        }
        let row = try #require(rowID)
        let read = try await database.read { db in
            try (db as? any IncrementalBlobConnection)?.withBlob(
                table: "file", column: "content", rowID: row, writable: false
            ) { try $0.readAll() }
        }
        #expect(read == bytes)
        #expect(try await database.read { db in try db.fetchValue(Data.self, "SELECT content FROM file") } == bytes)
        #expect(try await database.read { db in try db.fetchValue(String.self, "SELECT note FROM file") } == "after")
    }

    @Test func refusesRangesOutsideTheBlobAndMissingRows() async throws {
        let database = try await Self.database()
        await #expect(throws: DatabaseError.self) {
            try await database.write { db in
                _ = try db.execute("INSERT INTO file (name, content) VALUES ('a', zeroblob(10))")
                try (db as? any IncrementalBlobConnection)?.withBlob(
                    table: "file", column: "content", rowID: 1, writable: true
                ) { blob in
                    try Data(count: 4).withUnsafeBytes { try blob.write($0, at: 8) }
                }
            }
        }
        await #expect(throws: DatabaseError.self) {
            try await database.read { db in
                try (db as? any IncrementalBlobConnection)?.withBlob(
                    table: "file", column: "content", rowID: 99, writable: false
                ) { try $0.readAll() }
            }
        }
    }

    @Test func aFailedFillRollsTheRowBack() async throws {
        let database = try await Self.database()
        struct Stop: Error {}
        await #expect(throws: Stop.self) {
            try await database.write { db in
                _ = try db.execute("INSERT INTO file (name, content) VALUES ('a', zeroblob(10))")
                try (db as? any IncrementalBlobConnection)?.withBlob(
                    table: "file", column: "content", rowID: 1, writable: true
                ) { _ in throw Stop() }
            }
        }
        #expect(try await database.read { db in try db.fetchValue(Int.self, "SELECT COUNT(*) FROM file") } == 0)
    }
}
