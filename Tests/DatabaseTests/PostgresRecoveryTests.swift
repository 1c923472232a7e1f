import Database
import DatabasePostgres
import DatabaseTestSupport
import Foundation
import TestSupport
import Testing

/// The pool survives a PostgreSQL restart without restarting the process, and says clearly when the server is down.
///
/// NB: the test stops and starts a private cluster of its own (initdb from QUARTET_TEST_POSTGRES_BIN), not the
/// shared server of scripts/with-postgres, so that the other PostgreSQL tests running in parallel are not hit.
@Suite struct PostgresRecoveryTests {
    /// A throwaway cluster: initdb in a temporary folder, loopback only.
    struct Cluster {
        let bin: String
        let root: String
        let port: Int
        var url: String { "postgres://postgres@127.0.0.1:\(port)/postgres" }

        static func create() throws -> Cluster {
            guard let bin = ProcessInfo.processInfo.environment["QUARTET_TEST_POSTGRES_BIN"], !bin.isEmpty else {
                try Test.cancel("PostgreSQL binaries not configured: run under scripts/with-postgres")
            }
            let root = try TestDatabase.temporaryDirectory()
            if getuid() == 0 { try run("/bin/chown", ["postgres", root]) }
            let cluster = Cluster(bin: bin, root: root, port: try freePortOutsideTheEphemeralRange())
            try cluster.postgres(
                "initdb", ["-D", root + "/data", "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
            try cluster.start()
            return cluster
        }

        /// Starts the server and waits up to three minutes for it to take connections (a loaded machine is slow).
        func start() throws {
            do {
                try postgres(
                    "pg_ctl",
                    [
                        "-D", root + "/data", "-l", root + "/server.log", "-w", "-t", "180", "-o",
                        "-k \(root) -p \(port) -c listen_addresses=127.0.0.1 -c fsync=off", "start",
                    ])
            } catch {
                // NB: pg_ctl only says "could not start server"; why is in the server's log.
                let log = (try? String(contentsOfFile: root + "/server.log", encoding: .utf8)) ?? "(no log)"
                throw DatabaseError(
                    .other, code: "test", message: "\(error)\nserver.log:\n\(log.suffix(2_000))")
            }
        }

        func stop() throws {
            try postgres("pg_ctl", ["-D", root + "/data", "-m", "fast", "-w", "stop"])
        }

        func destroy() {
            try? stop()
            try? FileManager.default.removeItem(atPath: root)
        }

        /// Runs a PostgreSQL program as the `postgres` user when we are root (initdb refuses root).
        private func postgres(_ program: String, _ arguments: [String]) throws {
            if getuid() == 0 {
                try Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", bin + "/" + program] + arguments)
            } else {
                try Self.run(bin + "/" + program, arguments)
            }
        }

        private static func run(_ executable: String, _ arguments: [String]) throws {
            try ChildProcess.run(URL(fileURLWithPath: executable), arguments: arguments)
        }

        /// A loopback port nothing listens on, below the range the kernel hands out to outgoing connections.
        ///
        /// NB: not a random port anywhere: one in the ephemeral range may be taken, before the first start or while
        /// the server is down for the restart, by any of the connections the tests running beside this one open.
        static func freePortOutsideTheEphemeralRange() throws -> Int {
            let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
                .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            let lowest = range?.first.map { max($0, 11_000) } ?? 32_768
            for _ in 0..<50 {
                let port = Int.random(in: 10_000..<lowest)
                if canBind(port) { return port }
            }
            throw DatabaseError(.other, code: "test", message: "no free loopback port below \(lowest)")
        }

        private static func canBind(_ port: Int) -> Bool {
            #if os(Linux)
                let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
                let descriptor = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
        }
    }

    @Test func thePoolRecoversAfterAServerRestartAndReportsADownServerClearly() async throws {
        let cluster = try Cluster.create()
        defer { cluster.destroy() }
        var configuration = PostgresDatabase.Configuration(url: cluster.url)
        configuration.maximumConnections = 3
        // NB: the stopped server refuses connections at once, so this bound only matters once it is back, where a
        // loaded machine may take more than a second or two to start a backend and sign in (it was 2 s).
        configuration.connectTimeoutSeconds = 30
        let database = try PostgresDatabase(configuration)
        try await database.write { db in
            try db.executeScript("CREATE TABLE survivor (id BIGINT PRIMARY KEY)")
            try db.execute("INSERT INTO survivor (id) VALUES (\(1))")
        }
        // Fill the pool with several idle connections, all of which the restart will break.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask { _ = try await database.read { db in try db.query("SELECT pg_sleep(0.05)") } }
            }
            try await group.waitForAll()
        }

        try cluster.stop()
        do {
            _ = try await database.read { db in try db.fetchValue(Int.self, "SELECT COUNT(*) FROM survivor") }
            Issue.record("a read must fail while the server is down")
        } catch let error as DatabaseError {
            #expect(error.kind == .connectionLost)
            #expect(error.publicMessage == "The database is unavailable. Please try again later.")
        }

        try cluster.start()
        for _ in 0..<4 {  // more reads than pooled connections: every stale one is replaced
            let count = try await database.read { db in try db.fetchValue(Int.self, "SELECT COUNT(*) FROM survivor") }
            #expect(count == 1)
        }
        try await database.write { db in try db.execute("INSERT INTO survivor (id) VALUES (\(2))") }
        await database.close()
    }

    @Test func anUnreachableServerIsAConnectionLostErrorNotAHang() async throws {
        var configuration = PostgresDatabase.Configuration(url: "postgres://postgres@127.0.0.1:1/postgres")
        configuration.connectTimeoutSeconds = 1
        let database = try PostgresDatabase(configuration)
        do {
            try await database.write { _ in }
            Issue.record("connecting to a closed port must fail")
        } catch let error as DatabaseError {
            #expect(error.kind == .connectionLost)
            #expect(error.message.contains("127.0.0.1"))
        }
    }

    @Test func onlyPostgresURLsAreAccepted() {
        #expect(throws: DatabaseError.self) { try PostgresDatabase(url: "mysql://x") }
        #expect(throws: DatabaseError.self) { try DatabaseOpener.open("ftp://x") }
        #expect((try? DatabaseOpener.open("sqlite::memory:"))?.dialect == .sqlite)
        #expect((try? DatabaseOpener.open("postgresql://u@h/db"))?.dialect == .postgres)
    }
}

extension PostgresRecoveryTests {
    @Test func urlErrorsNeverEchoCredentials() {
        for url in ["mysql://admin:hunter2@db/x", "hunter2", "postgress://u:hunter2@h/db"] {
            do {
                _ = try DatabaseOpener.open(url)
                Issue.record("\(url) must be refused")
            } catch {
                #expect(!"\(error)".contains("hunter2"))
            }
        }
    }
}

/// Connections that die under a running pool: a backend an administrator ends, and a `COMMIT` whose answer is lost.
extension PostgresRecoveryTests {
    @Test func backendsEndedByAnAdministratorAreReplacedAndAStatementCutShortIsNotCommitted() async throws {
        try await withTestDatabase(.postgres, maximumConnections: 2) { test in
            let database = test.database
            try await database.write { db in try db.executeScript("CREATE TABLE kept (id BIGINT PRIMARY KEY)") }
            let pids = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        try await database.read { db in
                            try db.fetchValue(Int.self, "SELECT pg_backend_pid() FROM pg_sleep(0.05)") ?? 0
                        }
                    }
                }
                return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
            }
            let admin = try test.reopen()
            for pid in pids {
                try await admin.write { db in _ = try db.query("SELECT pg_terminate_backend(\(pid))") }
            }
            // Both idle connections are gone: each is replaced before the work runs.
            for id in 1...3 {
                try await database.write { db in try db.execute("INSERT INTO kept (id) VALUES (\(id))") }
            }

            // A write whose connection ends during its statements fails, says it did not commit, and commits nothing.
            do {
                try await database.write { db in
                    try db.execute("INSERT INTO kept (id) VALUES (\(100))")
                    // NB: the sleep is where the server acts on its own termination, inside the statement.
                    try db.executeScript(
                        "DO $$ BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(5); END $$")
                }
                Issue.record("a write whose connection ended must fail")
            } catch let error as DatabaseError {
                #expect(error.kind == .connectionLost)
                #expect(!error.mayHaveCommitted)
            }
            let count = try await admin.read { db in try db.fetchValue(Int.self, "SELECT COUNT(*) FROM kept") }
            #expect(count == 3)
            await admin.close()
        }
    }

    @Test func aCommitWhoseAnswerIsLostSaysItMayHaveCommitted() async throws {
        try await withTestDatabase(.postgres) { test in
            // NB: the server takes its time over each COMMIT (a deferred trigger), as it does under load: the client
            // hears of the cut long before the row is committed.
            try await test.database.write { db in
                try db.executeScript(
                    """
                    CREATE TABLE kept (id BIGINT PRIMARY KEY);
                    CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS
                        $$ BEGIN PERFORM pg_sleep(0.3); RETURN NULL; END $$;
                    CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON kept
                        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit();
                    """)
            }
            let cutter = try CommitCutter()
            defer { cutter.stop() }
            let relayed = try cutter.database(on: test)
            try await relayed.write { db in try db.execute("INSERT INTO kept (id) VALUES (\(1))") }

            cutter.arm()
            do {
                try await relayed.write { db in try db.execute("INSERT INTO kept (id) VALUES (\(2))") }
                Issue.record("a COMMIT whose answer is lost must not succeed")
            } catch let error as DatabaseError {
                #expect(error.kind == .connectionLost)
                #expect(error.mayHaveCommitted)
                #expect(error.publicMessage == "The database is unavailable. Please try again later.")
            }
            #expect(cutter.cutCount == 1)
            await cutter.serverEndedCutConnections()
            // The server did commit it; and the pool's next write reconnects.
            let ids = try await test.database.read { db in try db.query("SELECT id FROM kept ORDER BY id") }
            #expect(try ids.map { try $0.decode(Int.self, "id") } == [1, 2])
            try await relayed.write { db in try db.execute("INSERT INTO kept (id) VALUES (\(3))") }
            await relayed.close()
        }
    }
}
