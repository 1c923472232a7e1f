import DatabaseTestSupport
import Foundation
import Testing

@testable import DatabasePostgres

/// Every connection asks the kernel to notice a server that vanished without closing it (a host gone, a network
/// cut): keepalives and a TCP user timeout, which the URL's own parameters may override.
@Suite struct PostgresKeepaliveTests {
    func connection(_ url: String) throws -> PostgresConnection {
        try PostgresConnection(
            configuration: PostgresDatabase.Configuration(url: url), schema: PostgresSchemaGeneration())
    }

    @Test func aPooledConnectionNoticesAVanishedServerWithinAMinute() throws {
        guard let url = DatabaseKind.postgresURL else {
            try Test.cancel("PostgreSQL not configured: run under scripts/with-postgres")
        }
        let pooled = try connection(url)
        #expect(pooled.option("keepalives") == "1")
        #expect(pooled.option("keepalives_idle") == "30")
        #expect(pooled.option("keepalives_interval") == "10")
        #expect(pooled.option("keepalives_count") == "3")
        #expect(pooled.option("tcp_user_timeout") == "60000")
        #expect(pooled.option("application_name") == "quartet")
    }

    @Test func theURLsOwnParametersWin() throws {
        guard let url = DatabaseKind.postgresURL else {
            try Test.cancel("PostgreSQL not configured: run under scripts/with-postgres")
        }
        let separator = url.contains("?") ? "&" : "?"
        let tuned = try connection(url + separator + "keepalives_idle=5&tcp_user_timeout=9000")
        #expect(tuned.option("keepalives_idle") == "5")
        #expect(tuned.option("tcp_user_timeout") == "9000")
        #expect(tuned.option("keepalives_interval") == "10")
    }
}
