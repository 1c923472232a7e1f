import Database
import DatabaseTestSupport
import Foundation
import Testing

@Suite struct ValueRoundTripTests {
    struct Address: Codable, Equatable, Sendable {
        var street: String
        var tags: [String]
    }

    struct Record: Codable, Equatable, Sendable {
        var id: Int64
        var count: Int
        var ratio: Double
        var flag: Bool
        var title: String
        var payload: Data
        var createdAt: Date
        var token: UUID
        var note: String?
        var address: Address
    }

    private static func createTable(_ db: any DatabaseConnection) throws {
        try db.executeScript(
            """
            CREATE TABLE record (
                id BIGINT PRIMARY KEY, count BIGINT NOT NULL, ratio DOUBLE PRECISION NOT NULL,
                flag \(db.dialect.booleanType) NOT NULL, title TEXT NOT NULL, payload \(db.dialect.blobType) NOT NULL,
                createdAt BIGINT NOT NULL, token TEXT NOT NULL, note TEXT, address \(db.dialect.jsonType) NOT NULL
            )
            """)
    }

    @Test(arguments: DatabaseKind.allCases)
    func everyMappedTypeRoundTrips(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let created = Date(timeIntervalSince1970: 1_700_000_000.123)
            let record = Record(
                id: Int64.max, count: -42, ratio: 0.1 + 0.2, flag: true, title: "Grüße 👋", payload: Data([0, 1, 255]),
                createdAt: created, token: UUID(), note: nil, address: Address(street: "1 Main St", tags: ["a", "b"]))
            try await test.database.write { db in
                try Self.createTable(db)
                try db.execute(
                    """
                    INSERT INTO record (id, count, ratio, flag, title, payload, createdAt, token, note, address)
                    VALUES (\(record.id), \(record.count), \(record.ratio), \(record.flag), \(record.title),
                            \(record.payload), \(record.createdAt), \(record.token), \(record.note), \(json: record.address))
                    """)
            }
            let row = try #require(try await test.database.read { db in try db.queryOne("SELECT * FROM record") })
            let decoded = try row.decode(Record.self)
            #expect(decoded == record)
            #expect(row["flag"] as Bool? == true)
            #expect(try row.decode(Int64.self, "id") == Int64.max)
            #expect(try row.decode(String?.self, "note") == nil)
            #expect(try row.decodeJSON(Address.self, "address") == record.address)
            #expect(row["createdAt"] as Date? == Date(timeIntervalSince1970: 1_700_000_000.123))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func optionalsBindNullAndReadBackAsNil(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let values = try await test.database.write { db -> [DatabaseValue] in
                try db.executeScript(
                    "CREATE TABLE maybe (i BIGINT, d DOUBLE PRECISION, b \(db.dialect.booleanType), s TEXT, x \(db.dialect.blobType))"
                )
                let i: Int? = nil
                let d: Double? = nil
                let b: Bool? = false
                let s: String? = ""
                let x: Data? = Data()
                try db.execute("INSERT INTO maybe VALUES (\(i), \(d), \(b), \(s), \(x))")
                return try #require(try db.queryOne("SELECT * FROM maybe")).values
            }
            #expect(values == [.null, .null, .integer(0), .text(""), .blob(Data())])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func dateKeepsMillisecondsAndDropsFinerPrecision(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let date = Date(timeIntervalSince1970: 1_234.567_89)
            let read = try await test.database.write { db in
                try db.fetchValue(Date.self, "SELECT \(date) + 0")
            }
            #expect(read == Date(timeIntervalSince1970: 1_234.567))
        }
    }

    @Test func aPostgresTimestampColumnReadsAsADate() async throws {
        let (database, _, drop) = try await TestDatabase.postgresInFreshSchema()
        let date = try await database.read { db in
            try db.fetchValue(Date.self, "SELECT TIMESTAMPTZ '2024-05-06 09:08:09.25+02'")
        }
        await drop()
        #expect(date == Date(timeIntervalSince1970: 1_714_979_289.25))
    }

    @Test func conversionsRefuseLossyReads() {
        #expect(Int(databaseValue: .real(1.5)) == nil)
        #expect(Int(databaseValue: .real(2)) == 2)
        #expect(Int32(databaseValue: .integer(Int64(Int32.max) + 1)) == nil)
        #expect(Bool(databaseValue: .text("yes")) == nil)
        #expect(UUID(databaseValue: .text("not a uuid")) == nil)
        #expect(String(databaseValue: .blob(Data([0xFF, 0xFE]))) == nil)
        #expect(Date(databaseValue: .text("2024-05-06T07:08:09.250Z")) == Date(timeIntervalSince1970: 1_714_979_289.25))
        #expect(
            Date(databaseValue: .text("2024-05-06 07:08:09.25+00")) == Date(timeIntervalSince1970: 1_714_979_289.25))
        #expect(Date(databaseValue: .text("2024-05-06 09:08:09+02")) == Date(timeIntervalSince1970: 1_714_979_289))
        #expect(Date(databaseValue: .text("yesterday")) == nil)
        #expect(String?(databaseValue: .null) == .some(nil))
        #expect(String?(databaseValue: .integer(1)) == nil)
    }
}
