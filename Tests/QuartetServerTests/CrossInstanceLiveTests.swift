import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import QuartetServer
import Testing

/// Several Quartet instances on one PostgreSQL database: a change made on one reaches the live streams of
/// every other, through the outbox's notifications and each instance's listener.
@Suite struct CrossInstanceLiveTests {
    @Test func anAnswerPostedToOneInstanceReachesAStreamOfAnother() async throws {
        let test = try await TestDatabase.make(.postgres)
        let url = try DatabaseKind.requirePostgresURL()
        let separator = url.contains("?") ? "&" : "?"
        let shared = url + separator + "options=-csearch_path%3D" + test.location
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-live-\(UUID())")
        func instance() async throws -> Application {
            try await buildApplication(
                ServerConfiguration(port: 0, dataDirectory: directory, databaseURL: shared, version: "test"))
        }
        let first = try await instance()
        let second = try await instance()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let onFirst = TestClient(router: first.router)
            let onSecond = TestClient(router: second.router)
            let eventID = try #require(try await onFirst.get("/attendee/v1/events").decode([Event].self).first?.id)
            let organizer = try await Self.signUp("Olga Organizer", onFirst)
            _ = try await first.database.write { db in
                try db.execute("UPDATE attendee_event SET organizer_id = \(organizer.id) WHERE id = \(eventID)")
            }
            let attendee = try await Self.signUp("Ada Lovelace", onSecond)
            let registered = try await onSecond.request(
                .post, "/attendee/v1/events/\(eventID)/registration", headers: Self.auth(attendee.token))
            #expect(registered.status == .created)
            let draft = PollDraft(questions: [PollQuestionDraft(text: "Lunch?", options: ["Now", "Later"])])
            let poll = try await onFirst.post(
                "/attendee/v1/events/\(eventID)/polls", json: draft, headers: Self.auth(organizer.token)
            ).decode(Poll.self)
            _ = try await onFirst.request(
                .post, "/attendee/v1/polls/\(poll.id)/open", headers: Self.auth(organizer.token))

            let response = try await onSecond.get(
                "/attendee/v1/events/\(eventID)/live", headers: Self.auth(attendee.token))
            guard case .eventStream(let stream) = response.body else {
                Issue.record("not an event stream: \(response.status)")
                throw EventStreamError.closed
            }
            let (events, continuation) = AsyncThrowingStream.makeStream(of: ServerSentEvent.self)
            let reader = Task {
                do {
                    try await stream.producer(EventStreamWriter { continuation.yield($0) })
                    continuation.finish()
                } catch { continuation.finish(throwing: error) }
            }
            defer { reader.cancel() }
            var heard = events.makeAsyncIterator()
            #expect(try await heard.next()?.event == "ready")

            let answered = try await onFirst.put(
                "/attendee/v1/polls/\(poll.id)/answer", json: PollAnswer(choices: ["1": ["1-2"]]),
                headers: Self.auth(attendee.token))
            #expect(answered.status == .ok)
            var update: PollUpdate?
            let deadline = Task {
                try await Task.sleep(for: .seconds(20))
                continuation.finish(throwing: EventStreamError.closed)
            }
            defer { deadline.cancel() }
            // NB: the notification of the opening may reach the second instance after its stream started.
            while update == nil, let event = try await heard.next() {
                if event.event == PollUpdate.Kind.results.rawValue {
                    update = try JSONDecoder().decode(PollUpdate.self, from: Data(event.data.utf8))
                }
            }
            #expect(update?.pollID == poll.id)
            #expect(update?.results.questions.first?.counts == ["1-1": 0, "1-2": 1])
        } catch {
            await first.close()
            await second.close()
            await test.close()
            throw error
        }
        await first.close()
        await second.close()
        await test.close()
    }

    static func auth(_ token: String) -> HTTPHeaders {
        ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
    }

    static func signUp(_ name: String, _ client: TestClient) async throws -> (token: String, id: String) {
        let email = name.lowercased().replacingOccurrences(of: " ", with: ".") + "@example.com"
        let session = try await client.post(
            "/attendee/v1/auth/signup", json: SignUpRequest(email: email, password: "correct horse", name: name)
        ).decode(AuthSession.self)
        return (session.token, session.profile.person.id)
    }
}
