import APIClient
import AttendeeCore
import AttendeeServer
import Database
import Foundation
import HTTPServer
import SwiftUI
import Synchronization
import Testing
import TokenVerifier

@testable import AttendeeUI

/// The Attendee server code in process on a fresh, migrated, seeded in-memory database, and the app's live
/// clients over it: what every view test of the app starts from.
@MainActor
struct InProcessAttendee {
    /// Tokens kept in memory, as the Keychain keeps them on a phone.
    final class MemoryTokens: Sendable {
        let token = Mutex<String?>(nil)
        var store: TokenStore {
            TokenStore(load: { self.token.withLock { $0 } }, save: { value in self.token.withLock { $0 = value } })
        }
    }

    /// The server's database, for a test that arranges what the API cannot (an organizer).
    let database: any SQLDatabase
    /// The server, for a second person's requests.
    let server: TestClient
    /// The base URL the clients use.
    let base: URL
    /// The app's client.
    var client: AttendeeClient
    /// The app's documents and gallery client.
    var mediaClient: AttendeeMediaClient

    /// A new server and the app's clients over it.
    ///
    /// NB: the in-process transport answers a stream as one finished body, which the live client would retry for
    /// half a minute, so the wall's, discussions' and inbox's live updates end at once here; they are tested in
    /// the core and against the server instead.
    static func make() async throws -> InProcessAttendee {
        let database = try SQLiteDatabase(url: "sqlite::memory:")
        var migrator = Migrator()
        AttendeeService.registerMigrations(in: &migrator)
        try await migrator.migrate(database)
        let service = try AttendeeService(
            database: database,
            configuration: .init(passwordHasher: PasswordHasher(algorithm: .pbkdf2SHA256(iterations: 1000))))
        try await service.loadSeedIfNeeded()
        var router = Router()
        service.register(on: &router)
        let server = TestClient(router: router)
        let base = try #require(URL(string: "http://attendee.test"))
        let tokens = MemoryTokens().store
        let transport = HTTPTransport.inProcess(server)
        var client = AttendeeClient.live(baseURL: base, transport: transport, tokens: tokens)
        client.wallUpdates = { _ in AsyncThrowingStream { $0.finish() } }
        client.discussionUpdates = { _ in AsyncThrowingStream { $0.finish() } }
        client.inboxUpdates = { AsyncThrowingStream { $0.finish() } }
        client.threadUpdates = { _ in AsyncThrowingStream { $0.finish() } }
        return InProcessAttendee(
            database: database, server: server, base: base, client: client,
            mediaClient: AttendeeMediaClient.live(baseURL: base, transport: transport, tokens: tokens))
    }

    /// The app's root view over these clients, settled on its first page.
    func host() async -> ViewHost<AttendeeRootView> {
        let host = ViewHost(AttendeeRootView(client: client, shareBaseURL: base, mediaClient: mediaClient))
        await host.settle()
        return host
    }
}
