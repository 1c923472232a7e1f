import Database
import Testing

/// A connection with no executeMany of its own: it records what the protocol's fallback runs.
private final class RecordingConnection: DatabaseConnection {
    var executed: [(text: String, arguments: [DatabaseValue])] = []

    var dialect: SQLDialect { .postgres }

    func execute(_ sql: SQL) throws -> Int {
        executed.append(sql.rendered(for: dialect))
        return 1
    }

    func query(_ sql: SQL) throws -> [Row] { [] }

    func executeScript(_ script: String) throws {}

    func transaction<T>(_ body: () throws -> T) throws -> T { try body() }
}

@Suite struct ExecuteManyDefaultTests {
    @Test func theFallbackRunsOneExecutePerRowWithTheSlotsFilledInOrder() throws {
        let connection = RecordingConnection()
        let changed = try connection.executeMany(
            "UPDATE note SET body = \(SQL.parameter) WHERE id = \(SQL.parameter)",
            rows: [[.text("a'; --"), .integer(1)], [.null, .integer(2)]])
        #expect(changed == 2)
        #expect(
            connection.executed.map(\.text) == Array(repeating: "UPDATE note SET body = $1 WHERE id = $2", count: 2))
        #expect(connection.executed.map(\.arguments) == [[.text("a'; --"), .integer(1)], [.null, .integer(2)]])
    }

    @Test func theFallbackRefusesRowsOfTheWrongLengthAndMixedTemplates() {
        let connection = RecordingConnection()
        let template: SQL = "DELETE FROM note WHERE id = \(SQL.parameter)"
        #expect(throws: DatabaseError.self) { try connection.executeMany(template, rows: [[]]) }
        #expect(throws: DatabaseError.self) {
            try connection.executeMany(template, rows: [[.integer(1), .integer(2)]])
        }
        #expect(throws: DatabaseError.self) {
            try connection.executeMany("DELETE FROM note WHERE id = \(SQL.parameter) AND x = \(1)", rows: [])
        }
        #expect(connection.executed.isEmpty)
    }

    @Test func aSlotRendersAsANumberedPlaceholder() {
        let sql: SQL = "INSERT INTO t (a, b) VALUES (\(SQL.parameter), \(SQL.parameter))"
        #expect(sql.rendered(for: .sqlite).text == "INSERT INTO t (a, b) VALUES (?1, ?2)")
        #expect(sql.arguments.isEmpty)
    }
}
