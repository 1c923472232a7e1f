import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Testing

/// A thread or a poll the server does not have (a wrong id, deleted, or not the caller's) is said in the app's
/// words, where the server's English used to reach the person. Each refusal is the one the live client throws for
/// the server's 404: an `APIError.http` carrying the problem document.
@MainActor @Suite struct NotOnServerTests {
    nonisolated static func notFound(_ detail: String) -> APIError {
        .http(status: 404, problem: ProblemDetails(status: 404, detail: detail))
    }

    @Test func aThreadTheServerDoesNotHaveIsSaidInTheAppsWords() async {
        var client = AttendeeClient()
        client.thread = { _ in throw Self.notFound("There is no thread with this id.") }
        let opened = ConversationModel(client: client, threadID: "gone")
        await opened.appeared()
        #expect(opened.banner == .failure("This conversation is no longer on the server."))

        // A message sent to it: not sent, and the line says why in the same words.
        client.sendMessage = { _, _, _ in throw Self.notFound("There is no thread with this id.") }
        let sending = ConversationModel(client: client, threadID: "gone")
        sending.draftChanged("Hi")
        await sending.sendTapped()
        #expect(sending.rows.map(\.delivery) == [.failed])
        #expect(sending.banner == .failure("This conversation is no longer on the server."))

        // Any other refusal keeps the server's reason.
        client.thread = { _ in
            throw APIError.http(status: 403, problem: ProblemDetails(status: 403, detail: "Server words."))
        }
        let refused = ConversationModel(client: client, threadID: "t")
        await refused.appeared()
        #expect(refused.banner == .failure("Server words."))
    }

    @Test func aPollTheServerDoesNotHaveIsSaidInTheAppsWords() async {
        var client = AttendeeClient()
        client.poll = { _ in throw Self.notFound("There is no poll with this id.") }
        let model = LivePollModel(client: client, pollID: "gone")
        await model.appeared()
        #expect(model.banner == .failure("This poll is no longer on the server."))
        #expect(model.phase == .unavailable)

        client.poll = { _ in
            throw APIError.http(status: 403, problem: ProblemDetails(status: 403, detail: "Server words."))
        }
        let refused = LivePollModel(client: client, pollID: "p")
        await refused.appeared()
        #expect(refused.banner == .failure("Server words."))
    }
}
