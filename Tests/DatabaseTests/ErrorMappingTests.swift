import Database
import DatabaseTestSupport
import Foundation
import Testing

@Suite struct ErrorMappingTests {
    private static func failure(
        _ database: any SQLDatabase, _ body: @escaping @Sendable (any DatabaseConnection) throws -> Void
    ) async -> DatabaseError? {
        do {
            try await database.write(body)
            return nil
        } catch {
            return error as? DatabaseError
        }
    }

    private static func schema(_ database: any SQLDatabase) async throws {
        try await database.write { db in
            try db.executeScript(
                """
                CREATE TABLE parent (id BIGINT PRIMARY KEY, email TEXT NOT NULL UNIQUE);
                CREATE TABLE child (id BIGINT PRIMARY KEY, parent_id BIGINT NOT NULL REFERENCES parent (id),
                    age BIGINT CHECK (age >= 0));
                INSERT INTO parent (id, email) VALUES (1, 'a@example.com');
                """)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func constraintViolationsAreClassified(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.schema(test.database)
            let unique = await Self.failure(test.database) { db in
                try db.execute("INSERT INTO parent (id, email) VALUES (\(2), \("a@example.com"))")
            }
            #expect(unique?.kind == .uniqueViolation)
            let primaryKey = await Self.failure(test.database) { db in
                try db.execute("INSERT INTO parent (id, email) VALUES (\(1), \("b@example.com"))")
            }
            #expect(primaryKey?.kind == .uniqueViolation)
            let foreignKey = await Self.failure(test.database) { db in
                try db.execute("INSERT INTO child (id, parent_id) VALUES (\(1), \(99))")
            }
            #expect(foreignKey?.kind == .foreignKeyViolation)
            let stillReferenced = await Self.failure(test.database) { db in
                try db.execute("INSERT INTO child (id, parent_id) VALUES (\(1), \(1))")
                try db.execute("DELETE FROM parent WHERE id = \(1)")
            }
            #expect(stillReferenced?.kind == .foreignKeyViolation)
            let notNull = await Self.failure(test.database) { db in
                let missing: String? = nil
                try db.execute("INSERT INTO parent (id, email) VALUES (\(3), \(missing))")
            }
            #expect(notNull?.kind == .notNullViolation)
            let check = await Self.failure(test.database) { db in
                try db.execute("INSERT INTO child (id, parent_id, age) VALUES (\(2), \(1), \(-1))")
            }
            #expect(check?.kind == .checkViolation)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func malformedSQLAndMissingTablesAreSyntaxErrors(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let malformed = await Self.failure(test.database) { db in try db.execute("SELEKT 1") }
            #expect(malformed?.kind == .syntax)
            let missing = await Self.failure(test.database) { db in _ = try db.query("SELECT * FROM nowhere") }
            #expect(missing?.kind == .syntax)
            #expect(missing?.sql == "SELECT * FROM nowhere")
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func engineDetailsGoToLogsButNotToThePublicMessage(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.schema(test.database)
            let secret = "secret@example.com"
            let error = await Self.failure(test.database) { db in
                try db.execute("INSERT INTO parent (id, email) VALUES (\(1), \(secret))")
            }
            let unwrapped = try #require(error)
            #expect(unwrapped.description.contains(unwrapped.code))
            #expect(unwrapped.description.contains("INSERT INTO parent"))
            #expect(!unwrapped.publicMessage.contains("parent"))
            #expect(!unwrapped.publicMessage.contains(secret))
            #expect(unwrapped.publicMessage == "This record already exists.")
        }
    }
}
