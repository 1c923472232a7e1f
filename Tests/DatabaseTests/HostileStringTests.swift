import Database
import DatabaseTestSupport
import Foundation
import Testing

@Suite struct HostileStringTests {
    static let hostile: [String] = [
        "O'Brien", "\"double\"", "'; DROP TABLE note; --", "Robert'); DROP TABLE note;--", "?1 $1 :name @x",
        "back\\slash \\x00", "emoji 👩‍👩‍👧‍👦🇫🇷", "right-to-left \u{202E}abc", "", " ", "\n\r\t",
        "%_% LIKE wildcards", String(repeating: "é", count: 1 << 19),
    ]

    @Test(arguments: DatabaseKind.allCases)
    func hostileStringsRoundTripUnchanged(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let stored = try await test.database.write { db in
                try db.executeScript("CREATE TABLE note (id BIGINT PRIMARY KEY, body TEXT NOT NULL)")
                for (index, text) in Self.hostile.enumerated() {
                    try db.execute("INSERT INTO note (id, body) VALUES (\(index), \(text))")
                }
                return try db.fetchColumn(String.self, "SELECT body FROM note ORDER BY id")
            }
            #expect(stored == Self.hostile)
            let found = try await test.database.read { db in
                try Self.hostile.map { text in
                    try db.fetchValue(Int.self, "SELECT id FROM note WHERE body = \(text)")
                }
            }
            #expect(found == Array(Self.hostile.indices))
            #expect(Self.hostile.last?.utf8.count == 1 << 20)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func nulCharactersRoundTripInSQLiteAndAreRefusedCleanlyByPostgres(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let text = "before\u{0}after"
            let result = await Result {
                try await test.database.write { db in
                    try db.executeScript("CREATE TABLE nul (body TEXT)")
                    try db.execute("INSERT INTO nul (body) VALUES (\(text))")
                    return try db.fetchValue(String.self, "SELECT body FROM nul")
                }
            }
            switch (test.database.dialect, result) {
            case (.sqlite, .success(let stored)):
                #expect(stored == text)
            case (.postgres, .failure(let error as DatabaseError)):
                // NB: PostgreSQL text cannot hold NUL; silently truncating would corrupt data.
                #expect(error.kind == .invalidValue)
            default:
                Issue.record("unexpected outcome \(result) on \(test.database.dialect)")
            }
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func blobsKeepEveryByte(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let stored = try await test.database.write { db in
                try db.executeScript("CREATE TABLE file (body \(db.dialect.blobType))")
                try db.execute("INSERT INTO file (body) VALUES (\(bytes))")
                return try db.fetchValue(Data.self, "SELECT body FROM file")
            }
            #expect(stored == bytes)
        }
    }
}

extension Result where Failure == any Error {
    /// Captures the outcome of an async throwing call.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
