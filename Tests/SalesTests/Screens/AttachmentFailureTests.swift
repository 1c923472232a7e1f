import APIClient
import Foundation
import Locking
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sales attachments as a rep meets them when the server fails them: every failure says in a sentence what failed,
/// names the attachment as its row does, and loses nothing the rep picked or typed.
@MainActor
@Suite struct AttachmentFailureTests {
    /// The next answer the stand-in does not give: a status and a body, once, to the first request it matches.
    final class Fault: Sendable {
        let pending = Locked<(matches: @Sendable (URLRequest) -> Bool, status: Int, body: String)?>(nil)

        func once(_ status: Int, _ body: String, when matches: @escaping @Sendable (URLRequest) -> Bool) {
            pending.withLock { $0 = (matches, status, body) }
        }

        func answer(_ request: URLRequest, _ standIn: HTTPTransport) async throws -> (Data, HTTPURLResponse) {
            let fault = pending.withLock { pending -> (status: Int, body: String)? in
                guard let fault = pending, fault.matches(request) else { return nil }
                pending = nil
                return (fault.status, fault.body)
            }
            guard let fault else { return try await standIn.send(request) }
            let response = HTTPURLResponse(
                url: request.url!, statusCode: fault.status, httpVersion: nil,
                headerFields: ["Content-Type": "application/json"])!
            return (Data(fault.body.utf8), response)
        }
    }

    static let isUpload: @Sendable (URLRequest) -> Bool = {
        $0.httpMethod == "POST" && $0.url?.path.hasSuffix("/sobjects/Attachment") == true
    }

    /// The hospital's screen over a client whose requests pass `fault` first, loaded, its attachment form open with
    /// a PDF picked and a name typed.
    func screenAdding(_ harness: DevServerHarness, fault: Fault) async throws -> AccountScreenModel {
        let client = try await harness.client(relay: fault.answer)
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        model.addTapped(.attachment)
        let editor = try #require(model.editor)
        editor.filePicked(name: "scan.pdf", data: AttachmentViewingTypeTests.pdf)
        editor.nameEdited("Site plan, “north” wing/2.pdf")
        return model
    }

    /// What the upload sheet says after `Could not upload the attachment Site plan, “north” wing/2.pdf`: Salesforce's
    /// refusals in the rep's words (no error code, no status number), the app's own reason otherwise.
    @Test(arguments: [
        (
            400, #"[{"message":"Name: data value too large","errorCode":"STRING_TOO_LONG","fields":["Name"]}]"#,
            ". The name is longer than Salesforce keeps (255 characters at most). Shorten it, then try again."
        ),
        (
            413, #"{"title":"Content Too Large","status":413}"#,
            ". It is larger than Salesforce takes. Choose a smaller file."
        ),
        (
            500, #"[{"message":"An unexpected error occurred","errorCode":"UNKNOWN_EXCEPTION"}]"#,
            ". Salesforce is busy or down. Try again in a moment."
        ),
        (201, #"{"id": "#, ": the answer could not be read (unexpected JSON)."),
    ])
    func aRefusedOrUnreadableUploadSaysWhyAndKeepsTheFormToSaveAgain(status: Int, body: String, reason: String)
        async throws
    {
        let harness = try await DevServerHarness.make()
        let fault = Fault()
        let model = try await screenAdding(harness, fault: fault)
        let editor = try #require(model.editor)
        fault.once(status, body, when: Self.isUpload)
        await model.editorSaveTapped()

        #expect(editor.errorMessage == "Could not upload the attachment Site plan, “north” wing/2.pdf\(reason)")
        #expect(model.editor === editor, "the form stays open")
        #expect(editor.name == "Site plan, “north” wing/2.pdf")
        #expect(editor.canSave)
        #expect(model.pendingEditCount == 0, "nothing waits to be sent behind the rep's back")

        await model.editorSaveTapped()
        #expect(model.editor == nil)
        let uploaded = model.items.filter { $0.title == "Site plan, “north” wing/2.pdf" }
        #expect(uploaded.count == 1)
        #expect(harness.wire.bodies("POST", path: "/sobjects/Attachment").last?["Name"] == .string(editor.name))
    }

    /// The body of an attachment the server cannot return (a 500, not a deletion): the row stays, and the sentence
    /// names the attachment as the row shows it, not by its record id.
    @Test func anAttachmentWhoseBodyTheServerCannotReturnIsNamedAndStays() async throws {
        let harness = try await DevServerHarness.make()
        let fault = Fault()
        let client = try await harness.client(relay: fault.answer)
        let attachment = try await client.createAttachment(
            name: "Site plan.pdf", data: AttachmentViewingTypeTests.pdf, contentType: "application/pdf",
            accountID: DevServerHarness.hospitalID)
        let id = try #require(attachment.id)
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        fault.once(500, #"[{"message":"An unexpected error occurred","errorCode":"UNKNOWN_EXCEPTION"}]"#) {
            $0.url?.path.hasSuffix("/\(id)/Body") == true
        }
        await model.itemTapped(id: id)

        #expect(
            model.banner
                == .failure(
                    "Could not download the attachment Site plan.pdf. Salesforce is busy or down. Try again in a moment."
                ))
        #expect(model.openedDocument == nil)
        #expect(model.items.contains { $0.id == id })
        await model.itemTapped(id: id)
        #expect(model.openedDocument?.data == AttachmentViewingTypeTests.pdf)
    }
}
