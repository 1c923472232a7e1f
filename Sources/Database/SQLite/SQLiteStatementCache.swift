import CSQLite
import Foundation

/// A prepared statement and the column names of its result.
final class SQLiteStatement {
    let handle: OpaquePointer
    private var columns: RowColumns?
    private var cNames: [ContiguousArray<CChar>] = []
    var lastUse: UInt64 = 0

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The result's column names, rebuilt only when they changed (a schema change re-prepares the statement
    /// during a step, so call this after stepping).
    func resultColumns() -> RowColumns {
        let count = Int(sqlite3_column_count(handle))
        if let columns, columns.names.count == count, cNames.indices.allSatisfy(isUnchanged) {
            return columns
        }
        let names = (0..<count).map { index in
            sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? "column\(index)"
        }
        let fresh = RowColumns(names)
        columns = fresh
        cNames = names.map { ContiguousArray($0.utf8CString) }
        return fresh
    }

    private func isUnchanged(_ index: Int) -> Bool {
        guard let current = sqlite3_column_name(handle, Int32(index)) else { return false }
        return cNames[index].withUnsafeBufferPointer { cached in
            cached.baseAddress.map { strcmp($0, current) == 0 } ?? false
        }
    }
}

/// Prepared statements by SQL text, least recently used evicted first.
struct SQLiteStatementCache {
    private var statements: [String: SQLiteStatement] = [:]
    private var clock: UInt64 = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The cached statement for `text`, marked as just used.
    mutating func statement(for text: String) -> SQLiteStatement? {
        guard let statement = statements[text] else { return nil }
        clock += 1
        statement.lastUse = clock
        return statement
    }

    /// Caches `statement`, evicting the least recently used one when full.
    mutating func insert(_ statement: SQLiteStatement, for text: String) {
        guard capacity > 0 else { return }
        if statements.count >= capacity,
            let oldest = statements.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        {
            statements[oldest] = nil
        }
        clock += 1
        statement.lastUse = clock
        statements[text] = statement
    }

    /// Finalizes every statement (before the connection closes).
    mutating func removeAll() {
        statements = [:]
    }

    /// The number of cached statements.
    var count: Int { statements.count }
}
