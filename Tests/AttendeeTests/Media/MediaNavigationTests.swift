import AttendeeCore
import AttendeeModels
import Foundation
import Testing

/// Where the session page's Documents link goes.
@MainActor @Suite struct MediaNavigationTests {
    @Test func aSessionLinksToItsOwnDocumentsOnceLoaded() async throws {
        try await AttendeeTestServer.with { server in
            let client = try LiveScreenTests.client(server, LiveScreenTests.MemoryTokens())
            _ = try await client.signUp(SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
            _ = try await client.register(server.eventID)
            let session = try #require(try await client.agenda(server.eventID).first)

            let details = SessionDetailsModel(client: client, shareBaseURL: try #require(URL(string: "https://q.test")))
            #expect(details.documentsDestination == nil)
            await details.appeared(sessionID: session.id)
            #expect(details.documentsDestination == .documents(eventID: server.eventID, sessionID: session.id))
            #expect(details.documentsLinkTitle == "Documents")
        }
    }
}
