import APIClient
import Foundation
import HTTPServer
import HTTPTypes
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An image attachment's picture that does not load says why (the network, Salesforce busy, the session ended, the
/// file gone, bytes that are no picture), and offers Retry only where trying again may bring it.
@MainActor
@Suite struct PictureFailureTests {
    let shrinker = ImageShrinker(resampler: FakeCodec(ImageDimensions(width: 4000, height: 3000)).resampler)

    /// The form of the hospital's first image attachment over `client`.
    func photoForm(_ client: SalesforceClient) async throws -> ItemEditorModel {
        let details = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        let photo = try #require(details.attachments.first { $0.isImage })
        return ItemEditorModel(
            editing: .attachment(photo), accountID: DevServerHarness.hospitalID, client: client, shrinker: shrinker)
    }

    /// A client whose download of an attachment's body is answered by `body` instead of the stand-in.
    func client(_ harness: DevServerHarness, body: @escaping @Sendable (URLRequest) throws -> (Data, HTTPURLResponse))
        async throws -> SalesforceClient
    {
        try await harness.client { request, standIn in
            guard request.url?.path.hasSuffix("/Body") == true else { return try await standIn.send(request) }
            return try body(request)
        }
    }

    /// The answer `status` with `body` of `type`, to `request`.
    nonisolated static func answer(_ request: URLRequest, _ status: Int, _ body: String, type: String)
        -> (Data, HTTPURLResponse)
    {
        let head = HTTPURLResponse(
            url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": type])!
        return (Data(body.utf8), head)
    }

    @Test func noConnectionSaysSoAndOffersRetry() async throws {
        let harness = try await DevServerHarness.make()
        let form = try await photoForm(try await harness.client())
        harness.wire.isDown = true
        await form.appeared()
        #expect(form.image == nil)
        #expect(
            form.imageFailure
                == "The picture could not be loaded: this device has no connection. Retry when the network is back.")
        #expect(form.canRetryImage)

        harness.wire.isDown = false
        await form.imageRetryTapped()
        #expect(form.imageFailure == nil)
        #expect(!form.canRetryImage)
        #expect(form.image?.starts(with: [0xFF, 0xD8]) == true)
    }

    @Test func anUnreachableServerSaysSoAndOffersRetry() async throws {
        let harness = try await DevServerHarness.make()
        let form = try await photoForm(try await client(harness) { _ in throw URLError(.cannotConnectToHost) })
        await form.appeared()
        #expect(
            form.imageFailure
                == "The picture could not be loaded: the server could not be reached. Retry when the network is back.")
        #expect(form.canRetryImage)
    }

    @Test func salesforceBusySaysSoAndOffersRetry() async throws {
        let harness = try await DevServerHarness.make()
        let form = try await photoForm(
            try await client(harness) { Self.answer($0, 503, "", type: "text/plain") })
        await form.appeared()
        #expect(
            form.imageFailure == "The picture could not be loaded: Salesforce is busy or down. Retry in a moment.")
        #expect(form.canRetryImage)
    }

    /// Deleted in Salesforce since the list was read: no Retry, which would only meet the same 404.
    @Test func aFileNoLongerInSalesforceSaysSoWithoutRetry() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let form = try await photoForm(client)
        let details = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        let photo = try #require(details.attachments.first { $0.isImage }?.id)
        let deleted = try await harness.send(
            .delete, "/services/data/v32.0/sobjects/Attachment/\(photo)", token: try await harness.accessToken())
        #expect(deleted.status == .noContent)

        await form.appeared()
        #expect(form.image == nil)
        #expect(form.imageFailure == "The file is no longer in Salesforce, so there is no picture to show.")
        #expect(!form.canRetryImage)
    }

    /// Stored as `image/jpeg` by another tool, holding a page of text: said to be no picture, with no Retry.
    @Test func bytesThatAreNoPictureSaySoWithoutRetry() async throws {
        let harness = try await DevServerHarness.make()
        let form = try await photoForm(
            try await client(harness) { Self.answer($0, 200, "<html>Sign in</html>", type: "image/jpeg") })
        await form.appeared()
        #expect(form.image == nil)
        #expect(form.imageFailure == "The file is not a picture this device can show.")
        #expect(!form.canRetryImage)
    }

    /// The session ended as the picture was asked for: the app goes back to its sign-in form, saying so, as for
    /// any other call, and the form says the same, with no Retry.
    @Test func anEndedSessionGoesToSignInWithoutRetry() async throws {
        let device = try await SalesDevice.signedIn()
        let screen = try #require(device.app.account)
        await screen.appeared()
        let photo = try #require(screen.details?.attachments.first { $0.isImage }?.id)
        screen.itemEditTapped(id: photo)
        let form = try #require(screen.editor)
        try await device.harness.revokeElsewhereAndExpire(device.client)

        await form.appeared()

        #expect(device.app.account == nil)
        #expect(device.app.banner == .notice("Your session ended. Sign in again."))
        #expect(form.imageFailure == "Your session ended. Sign in again.")
        #expect(!form.canRetryImage)
    }
}
