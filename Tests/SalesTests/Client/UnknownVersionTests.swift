import APIClient
import Foundation
import Locking
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A save whose new `LastModifiedDate` could not be read back (the connection dropped just after the PATCH): the
/// item keeps the version it was based on, so the rep's next save is still checked. Before, it came back with no
/// version at all, and the next save (or delete) wrote over whatever a colleague had saved meanwhile, unasked.
@Suite struct UnknownVersionTests {
    @Test func aSaveWhoseNewVersionIsUnknownKeepsTheNextSaveChecked() async throws {
        let harness = try await DevServerHarness.make()
        let dropReadBack = LockedFlag()
        let inner = harness.transport
        let transport = HTTPTransport { request in
            if dropReadBack.isSet, request.httpMethod == "GET",
                request.url?.query?.contains("fields=LastModifiedDate") == true
            {
                // NB: only the read after the PATCH; the check before it goes through.
                let patched = harness.wire.requests.last?.httpMethod == "PATCH"
                if patched { throw URLError(.networkConnectionLost) }
            }
            return try await inner.send(request)
        }
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance), transport: transport,
            sessions: .inMemory(), notificationCenter: NotificationCenter())
        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        let note = try #require(try await client.retrieveAccount(id: DevServerHarness.hospitalID).notes.first)
        let id = try #require(note.id)

        harness.clock.advance(by: 1)
        dropReadBack.isSet = true
        var mine = note
        mine.text = "First visit went well"
        let saved = try await client.save(mine, changedFrom: note)
        dropReadBack.isSet = false
        #expect(saved.lastModifiedDate != nil)

        // A colleague saves the note after it.
        harness.clock.advance(by: 1)
        var theirs = try await client.record(Note.self, id: id)
        let read = theirs
        theirs.text = "The colleague's account of it"
        _ = try await client.save(theirs, changedFrom: read)

        harness.clock.advance(by: 1)
        var again = saved
        again.text = "First visit went well; order next week"
        await #expect(throws: SalesforceError.self) { _ = try await client.save(again, changedFrom: saved) }
        #expect(try await client.record("Note", id: id)["Body"] == .string("The colleague's account of it"))
    }
}
