import APIClient
import AttendeeCore
import AttendeeModels
import AttendeeServer
import AttendeeTestSupport
import Database
import Foundation
import HTTPServer
import Locking
import SwiftUI
import TestSupport
import Testing

@testable import AttendeeUI

/// The Attendee server code in process on a fresh, migrated, seeded in-memory database, and the app's live
/// clients over it: what every view test of the app starts from.
@MainActor
struct InProcessAttendee {
    /// Tokens kept in memory, as the Keychain keeps them on a phone.
    final class MemoryTokens: Sendable {
        let token = Locked<String?>(nil)
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
    /// The live streams the app has open through the in-process transport.
    let streams: InProcessStreams
    /// Where the app keeps its session token.
    let tokens: TokenStore
    /// The clock of the server's programme rules and of the app's pages.
    let now: @Sendable () -> Date

    /// A new server and the app's clients over it.
    ///
    /// Live streams stream through the in-process transport as they would from the engine, so a screen shows
    /// what a second person does through ``server`` without a reload.
    /// `now` is the clock of the server's programme rules (`eventNow`) and of the app's pages: a few days before
    /// the demo event (``demoConferenceAhead``) unless a test stands at a moment of it, never today's date. The
    /// server's other clock (tokens, share links) is the real one.
    static func make(
        now: @escaping @Sendable () -> Date = runningClock(from: demoConferenceAhead)
    ) async throws -> InProcessAttendee {
        let database = try SQLiteDatabase(url: "sqlite::memory:")
        let clock: @Sendable (inout AttendeeService.Configuration) -> Void = { configuration in
            configuration.eventNow = now
        }
        let server = TestClient(router: try await seededAttendee(database, configure: clock).router)
        let base = try #require(URL(string: "http://attendee.test"))
        let tokens = MemoryTokens().store
        let streams = InProcessStreams()
        let transport = HTTPTransport.inProcess(server, streams: streams)
        let sessionEnd = SessionEndSignal()
        return InProcessAttendee(
            database: database, server: server, base: base,
            client: AttendeeClient.live(baseURL: base, transport: transport, tokens: tokens, sessionEnd: sessionEnd),
            mediaClient: AttendeeMediaClient.live(
                baseURL: base, transport: transport, tokens: tokens, sessionEnd: sessionEnd),
            streams: streams, tokens: tokens, now: now)
    }

    /// The app's root view over these clients, settled on its first page, writing dates as `locale` does (the
    /// British English the tests' `Wed 10 Mar, 09:00` was written in). Its settling does not wait for the
    /// screens' live streams, only for their other work.
    func host(locale: Locale = Locale(identifier: "en_GB")) async -> ViewHost<AttendeeRootView> {
        let streams = streams
        let host = ViewHost(
            AttendeeRootView(
                client: client, shareBaseURL: base, mediaClient: mediaClient, locale: locale, now: now),
            listeners: { streams.waitingReaders })
        await host.settle()
        return host
    }

    /// The demo event's id.
    func eventID() async throws -> String {
        try #require(try await server.get("/attendee/v1/events").decode([Event].self).first?.id)
    }

    /// A second person, signed up and registered for the demo event through the server (their own phone).
    func registeredPerson(_ name: String, email: String) async throws -> Person {
        let session = try await server.post(
            "/attendee/v1/auth/signup", json: SignUpRequest(email: email, password: "correct horse", name: name)
        ).decode(AuthSession.self)
        let person = Person(session: session)
        let event = try await eventID()
        let registered = try await server.request(
            .post, "/attendee/v1/events/\(event)/registration", headers: person.auth)
        try #require(registered.status.rawValue < 300, "registration: \(registered.bodyText)")
        return person
    }

    /// Someone acting through the server rather than through the views.
    struct Person {
        let session: AuthSession
        var id: String { session.profile.person.id }
        var auth: HTTPHeaders { ["Authorization": "Bearer \(session.token)", "Content-Type": "application/json"] }
    }
}

extension ViewHost where Root == AttendeeRootView {
    /// The demo event's opening keynote, opened from the dashboard through the agenda, as a person taps to it.
    func openKeynoteFromTheAgenda() async throws {
        try tap("Agenda")
        try await waitUntil("the agenda") { $0.texts.contains("Opening keynote: one codebase, four apps") }
        try tap("Opening keynote: one codebase, four apps")
        try await waitUntil("the session") { $0.find(.button, "Get Directions") != nil }
    }
}
