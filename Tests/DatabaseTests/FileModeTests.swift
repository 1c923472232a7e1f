import Database
import Foundation
import Testing

/// A database file SQLite makes is readable by its user alone, and so are its `-wal` and `-shm` files (they take
/// the database file's mode); a file that was there keeps the mode its owner gave it.
@Suite struct FileModeTests {
    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-mode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aNewDatabaseAndItsLogsAreTheUsersAlone() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("new.sqlite").path
        let database = try SQLiteDatabase(path: path)
        try await database.write { db in
            _ = try db.execute("CREATE TABLE secrets (value TEXT)")
            _ = try db.execute("INSERT INTO secrets VALUES (\("token"))")
        }
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(try Self.mode(file) == 0o600, "\(file)")
        }
        await database.close()
    }

    @Test func aDatabaseThatIsThereKeepsItsMode() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("shared.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o640]))
        let database = try SQLiteDatabase(path: path)
        _ = try await database.write { db in try db.execute("CREATE TABLE t (x INTEGER)") }
        #expect(try Self.mode(path) == 0o640)
        await database.close()
    }
}
