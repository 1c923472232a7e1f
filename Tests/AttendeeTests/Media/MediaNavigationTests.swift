import AttendeeCore
import AttendeeModels
import Foundation
import Testing

/// Where the session page's Documents link goes.
@MainActor @Suite struct MediaNavigationTests {
    @Test func aSessionLinksToItsOwnDocumentsOnceLoaded() async throws {
        let session = Demo.session("s1", "2027-03-10T10:00", "2027-03-10T10:45")
        let details = SessionDetailsModel(
            client: SessionDetailsModelTests.client(session), shareBaseURL: try #require(URL(string: "https://q.test")))
        #expect(details.documentsDestination == nil)
        await details.appeared(sessionID: session.id)
        #expect(details.documentsDestination == .documents(eventID: session.eventID, sessionID: session.id))
        #expect(details.documentsLinkTitle == "Documentation")
    }
}
