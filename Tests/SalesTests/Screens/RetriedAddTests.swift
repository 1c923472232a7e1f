import APIClient
import Foundation
import Locking
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An add whose answer was lost after Salesforce stored it (a gateway's 504, a body no one can read) is tried again
/// from the same form: the retry carries the first try's `Idempotency-Key`, so one record is made, not two.
@MainActor
@Suite struct RetriedAddTests {
    let shrinker = ImageShrinker(resampler: FakeCodec(ImageDimensions(width: 40, height: 30)).resampler)

    /// A transport that lets the first create reach the server and then answers it with `status` and `body` instead
    /// of the server's answer.
    static func losingFirstCreate(_ inner: HTTPTransport, status: Int, body: String) -> HTTPTransport {
        let lost = LockedFlag()
        return HTTPTransport { request in
            let answer = try await inner.send(request)
            guard request.httpMethod == "POST", request.url?.path.contains("/sobjects/") == true, !lost.isSet else {
                return answer
            }
            lost.isSet = true
            let response = HTTPURLResponse(
                url: request.url!, statusCode: status, httpVersion: nil, headerFields: ["Content-Type": "text/html"])!
            return (Data(body.utf8), response)
        }
    }

    func client(_ harness: DevServerHarness, status: Int, body: String) async throws -> SalesforceClient {
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance),
            transport: Self.losingFirstCreate(harness.transport, status: status, body: body), sessions: .inMemory(),
            notificationCenter: NotificationCenter())
        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        return client
    }

    nonisolated static let lostAnswers: [(status: Int, body: String)] = [
        (504, "<html>Gateway Timeout</html>"), (201, "<html>Created</html>"),
    ]

    @Test(arguments: lostAnswers)
    func aNoteSavedAgainAfterALostAnswerIsMadeOnce(lost: (status: Int, body: String)) async throws {
        let harness = try await DevServerHarness.make()
        let client = try await client(harness, status: lost.status, body: lost.body)
        let before = try await client.retrieveAccount(id: DevServerHarness.hospitalID).notes.count
        let form = ItemEditorModel(
            adding: .note, accountID: DevServerHarness.hospitalID, client: client, shrinker: shrinker,
            outbox: try await makeOutbox())
        form.nameEdited("Visit")
        form.textEdited("Gowns for the east wing")
        await form.saveTapped()
        #expect(form.saved == nil)
        #expect(form.errorMessage != nil)

        await form.saveTapped()
        #expect(form.errorMessage == nil)
        let notes = try await client.retrieveAccount(id: DevServerHarness.hospitalID).notes
        #expect(notes.count == before + 1)
        guard case .note(let saved)? = form.saved else {
            Issue.record("no saved note")
            return
        }
        #expect(notes.contains { $0.id == saved.id && $0.text == "Gowns for the east wing" })
    }

    @Test func anAttachmentUploadedAgainAfterALostAnswerIsStoredOnce() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await client(harness, status: 504, body: "<html>Gateway Timeout</html>")
        let before = try await client.retrieveAccount(id: DevServerHarness.hospitalID).attachments.count
        let form = ItemEditorModel(
            adding: .attachment, accountID: DevServerHarness.hospitalID, client: client, shrinker: shrinker,
            outbox: try await makeOutbox())
        form.filePicked(name: "price list.pdf", data: Data("%PDF-1.4 prices".utf8))
        await form.saveTapped()
        #expect(form.saved == nil)
        await form.saveTapped()
        #expect(form.errorMessage == nil)
        #expect(try await client.retrieveAccount(id: DevServerHarness.hospitalID).attachments.count == before + 1)
    }

    /// What the retry sends differs from the first try (the rep changed the text): it is another record, made with
    /// a key of its own, so the new text is never answered with the old record.
    @Test func aChangedRetryIsANewRecord() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await client(harness, status: 504, body: "<html>Gateway Timeout</html>")
        let form = ItemEditorModel(
            adding: .note, accountID: DevServerHarness.hospitalID, client: client, shrinker: shrinker,
            outbox: try await makeOutbox())
        form.nameEdited("Visit")
        form.textEdited("Gowns")
        await form.saveTapped()
        form.textEdited("Gowns and masks")
        await form.saveTapped()
        let keys = harness.wire.requests.filter { $0.httpMethod == "POST" && $0.url?.path.hasSuffix("/Note") == true }
            .map { $0.value(forHTTPHeaderField: "Idempotency-Key") }
        #expect(keys.count == 2 && Set(keys).count == 2)
        guard case .note(let saved)? = form.saved, let id = saved.id else {
            Issue.record("no saved note")
            return
        }
        #expect(try await client.record("Note", id: id)["Body"] == .string("Gowns and masks"))
    }
}
