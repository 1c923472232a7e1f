import Foundation
import SalesCore
import Testing

/// What a Save did and what it may send: the outcome a form reports, Salesforce's field lengths checked before
/// anything is queued, the name a shrunk image goes up under, and ids for items added offline.
@MainActor
@Suite struct EditorRulesTests {
    let shrinker = ImageShrinker(resampler: FakeCodec(ImageDimensions(width: 4000, height: 3000)).resampler)

    /// The hospital's screen, loaded, over a fresh stand-in and outbox.
    func screen(_ harness: DevServerHarness) async throws -> AccountScreenModel {
        let model = AccountScreenModel(
            accountID: DevServerHarness.hospitalID, client: try await harness.client(), outbox: try await makeOutbox(),
            cache: .inMemory())
        await model.appeared()
        return model
    }

    @Test func anOfflineEditSaysItIsQueuedAndAnOnlineOneThatItIsSaved() async throws {
        let harness = try await DevServerHarness.make()
        let model = try await screen(harness)
        let row = try #require(model.items.first { $0.kind == .note })
        model.itemEditTapped(id: row.id)
        let online = try #require(model.editor)
        online.textEdited("Sent at once")
        await model.editorSaveTapped()
        #expect(online.outcome == .saved)

        harness.wire.isDown = true
        model.itemEditTapped(id: row.id)
        let offline = try #require(model.editor)
        offline.textEdited("Sent later")
        await model.editorSaveTapped()
        #expect(offline.outcome == .queued)
        #expect(offline.saved?.id == row.id)

        model.editTapped()
        model.fieldEdited(.numBeds, text: "300")
        await model.saveTapped()
        #expect(model.saveOutcome == .queued)
    }

    @Test func anEditThatChangesNothingSendsNothing() async throws {
        let harness = try await DevServerHarness.make()
        let model = try await screen(harness)
        let row = try #require(model.items.first { $0.kind == .note })
        model.itemEditTapped(id: row.id)
        let editor = try #require(model.editor)
        editor.nameEdited(editor.name)
        await model.editorSaveTapped()
        #expect(editor.outcome == .unchanged)
        #expect(harness.wire.count("PATCH", pathSuffix: row.id) == 0)
    }

    @Test func aNoteTitleLongerThanSalesforceKeepsIsRefusedBeforeItIsQueued() async throws {
        let harness = try await DevServerHarness.make()
        let outbox = try await makeOutbox()
        let form = ItemEditorModel(
            adding: .note, accountID: DevServerHarness.hospitalID, client: try await harness.client(),
            shrinker: shrinker, outbox: outbox)
        harness.wire.isDown = true
        form.nameEdited(String(repeating: "t", count: 81))
        #expect(!form.canSave)
        #expect(form.saveRefusal == "The title is 81 characters long; Salesforce keeps at most 80. Shorten it to save.")
        await form.saveTapped()
        #expect(form.saved == nil)
        #expect(try await outbox.pending().isEmpty)

        form.nameEdited(String(repeating: "t", count: 80))
        form.textEdited(String(repeating: "b", count: 32_001))
        #expect(
            form.saveRefusal
                == "The text is 32,001 characters long; Salesforce keeps at most 32,000. Shorten it to save."
        )
        form.textEdited(String(repeating: "b", count: 32_000))
        #expect(form.canSave)
    }

    /// Hospital Type, GPO Affiliations and Health Care System are custom Text fields of 255 characters: longer text
    /// is refused as it is typed, and a Save (offline here) queues nothing that sync could only discard.
    @Test func aHealthCareTextLongerThanSalesforceKeepsIsRefusedBeforeItIsQueued() async throws {
        let harness = try await DevServerHarness.make()
        let outbox = try await makeOutbox()
        let model = AccountScreenModel(
            accountID: DevServerHarness.hospitalID, client: try await harness.client(), outbox: outbox,
            cache: .inMemory())
        await model.appeared()
        harness.wire.isDown = true
        model.editTapped()
        model.fieldEdited(.hcSystemName, text: String(repeating: "s", count: 256))
        let refusal = "Health Care System is 256 characters long; Salesforce keeps at most 255. Shorten it to save."
        #expect(model.form?.errors[.hcSystemName] == refusal)
        await model.saveTapped()
        #expect(model.saveOutcome == nil)
        #expect(model.banner == .failure(refusal))
        #expect(try await outbox.pending().isEmpty)

        // Salesforce counts UTF-16 code units: 128 emoji are 256 of them.
        model.fieldEdited(.gpoAffiliations, text: String(repeating: "😀", count: 128))
        #expect(model.form?.errors[.gpoAffiliations]?.hasPrefix("GPO Affiliations is 256 characters long") == true)
        model.fieldEdited(.gpoAffiliations, text: "Premier")
        // What is sent is trimmed, so spaces around 255 characters do not count.
        model.fieldEdited(.hcSystemName, text: "  " + String(repeating: "s", count: 255) + " \n")
        #expect(model.form?.isValid == true)
        await model.saveTapped()
        #expect(model.saveOutcome == .queued)
        #expect(model.details?.account.hcSystemName == String(repeating: "s", count: 255))
    }

    @Test func docAndAttachmentNamesAndLinksAreHeldToSalesforcesLengths() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let doc = ItemEditorModel(
            adding: .doc, accountID: DevServerHarness.hospitalID, client: client, shrinker: shrinker)
        // The Field Reference's GoogleDoc table gives Name 80 and Url 255 (the name was held to 255).
        doc.nameEdited(String(repeating: "n", count: 81))
        doc.urlEdited("https://docs.google.com/d/x")
        #expect(doc.saveRefusal == "The name is 81 characters long; Salesforce keeps at most 80. Shorten it to save.")
        doc.nameEdited(String(repeating: "n", count: 80))
        #expect(doc.canSave)
        doc.nameEdited("Plan")
        doc.urlEdited("https://docs.google.com/d/" + String(repeating: "x", count: 230))
        #expect(doc.saveRefusal == "The link is 256 characters long; Salesforce keeps at most 255. Shorten it to save.")

        let attachment = ItemEditorModel(
            adding: .attachment, accountID: DevServerHarness.hospitalID, client: client, shrinker: shrinker)
        attachment.filePicked(name: String(repeating: "a", count: 252) + ".txt", data: Data("x".utf8))
        #expect(attachment.saveRefusal?.hasPrefix("The name is 256 characters long") == true)
    }

    /// A PNG of 30 MB, which goes up only once it is shrunk.
    static let pngOverTheLimit = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 30_000_000)

    /// A New Attachment form whose shrinker reads every image as 4000 × 3000.
    static func attachmentForm(_ harness: DevServerHarness) async throws -> ItemEditorModel {
        let codec = FakeCodec(ImageDimensions(width: 4000, height: 3000))
        let resampler = ImageResampler(dimensions: { _ in codec.original }, resample: codec.resampler.resample)
        return ItemEditorModel(
            adding: .attachment, accountID: DevServerHarness.hospitalID, client: try await harness.client(),
            shrinker: ImageShrinker(resampler: resampler))
    }

    @Test func aNameTypedOverAShrunkImageTakesTheJPEGsExtension() async throws {
        let harness = try await DevServerHarness.make()
        let png = Self.pngOverTheLimit
        let form = try await Self.attachmentForm(harness)
        form.filePicked(name: "big.png", data: png)
        form.nameEdited("Site photo.png")
        await form.saveTapped()
        let inserts = harness.wire.bodies("POST", path: "/sobjects/Attachment")
        #expect(inserts.first?["ContentType"] == .string("image/jpeg"))
        #expect(inserts.first?["Name"] == .string("Site photo.jpg"))
        #expect(form.saved?.name == "Site photo.jpg")
    }

    /// A refused second pick once reset the shrink of the first while keeping its JPEG bytes: the line about
    /// shrinking went, and the JPEG went up under the picked name's `.png`.
    @Test func aFileRefusedAfterAShrunkImageLeavesTheImageAsItWas() async throws {
        let harness = try await DevServerHarness.make()
        let png = Self.pngOverTheLimit
        let form = try await Self.attachmentForm(harness)
        form.filePicked(name: "big.png", data: png)
        form.nameEdited("Site photo.png")
        let shrunkLine = try #require(form.shrunkMessage)
        let shown = form.image

        form.filePicked(name: "scan.pdf", data: Data("%PDF-1.7".utf8) + Data(count: 27_000_000))
        #expect(form.errorMessage?.contains("scan.pdf") == true)
        #expect(form.shrunkMessage == shrunkLine)
        #expect(form.image == shown)

        await form.saveTapped()
        let inserts = harness.wire.bodies("POST", path: "/sobjects/Attachment")
        #expect(inserts.count == 1)
        #expect(inserts.first?["ContentType"] == .string("image/jpeg"))
        #expect(inserts.first?["Name"] == .string("Site photo.jpg"))
    }

    @Test func notesAddedOfflineHaveTheirOwnIdsAndOpen() async throws {
        let harness = try await DevServerHarness.make()
        let model = try await screen(harness)
        harness.wire.isDown = true
        for text in ["first", "second"] {
            model.addTapped(.note)
            let editor = try #require(model.editor)
            editor.nameEdited("Offline note")
            editor.textEdited(text)
            await model.editorSaveTapped()
            #expect(editor.outcome == .queued)
        }
        let waiting = model.items.filter { $0.waiting != nil }
        #expect(waiting.count == 2)
        #expect(Set(waiting.map(\.id)).count == 2)
        #expect(waiting.allSatisfy { $0.id.hasPrefix(AccountItem.localIDPrefix) })
        for (row, text) in zip(waiting, ["first", "second"].sorted()) {
            await model.itemTapped(id: row.id)
            let opened = try #require(model.editor)
            #expect(opened.name == "Offline note")
            #expect(["first", "second"].contains(opened.text), "\(text)")
            #expect(opened.canSave)
            #expect(opened.saveRefusal == nil)
            model.editorDismissed()
        }
        // Sent, the notes are the server's, under their Salesforce ids.
        harness.wire.isDown = false
        await model.refreshPulled()
        #expect(model.items.filter { $0.title == "Offline note" }.count == 2)
        #expect(model.items.allSatisfy { $0.waiting == nil })
    }

    /// A note added offline is edited while it waits as a sent one is, from its row's Edit: the waiting addition
    /// takes the new title and text (it could not be changed at all), and the sync sends the latest text, once.
    @Test func aNoteEditedWhileItWaitsIsSentOnceWithTheLatestText() async throws {
        let harness = try await DevServerHarness.make()
        let model = try await screen(harness)
        harness.wire.isDown = true
        model.addTapped(.note)
        let editor = try #require(model.editor)
        editor.nameEdited("Visit")
        editor.textEdited("first draft")
        await model.editorSaveTapped()
        let row = try #require(model.items.first { $0.waiting != nil })

        model.itemEditTapped(id: row.id)
        let opened = try #require(model.editor)
        #expect(opened.text == "first draft")
        #expect(opened.canSave)
        opened.nameEdited("Visit notes")
        opened.textEdited("final text")
        await model.editorSaveTapped()
        #expect(opened.errorMessage == nil)
        #expect(opened.outcome == .queued)
        #expect(model.editor == nil)
        #expect(model.pendingEditCount == 1)
        #expect(model.items.filter { $0.waiting != nil }.map(\.title) == ["Visit notes"])
        await model.itemTapped(id: row.id)
        #expect(model.editor?.text == "final text")
        model.editorDismissed()

        harness.wire.isDown = false
        await model.networkReturned()
        let inserts = harness.wire.bodies("POST", path: "/sobjects/Note")
        #expect(inserts.count == 1)
        #expect(inserts.first?["Title"] == .string("Visit notes"))
        #expect(inserts.first?["Body"] == .string("final text"))
        #expect(model.pendingEditCount == 0)
        let sent = model.items.filter { $0.title == "Visit notes" }
        #expect(sent.count == 1)
        #expect(sent.allSatisfy { $0.waiting == nil })
        await model.itemTapped(id: try #require(sent.first).id)
        #expect(model.editor?.text == "final text")
    }
}

/// The lines `quartet sales sync` prints about edits it could not send.
@Suite struct SyncLineTests {
    @Test func aRefusalCarriesSalesforcesReason() {
        let reason = "The title is longer than Salesforce keeps (80 characters at most)."
        #expect(SalesCommandText.refused("add the note T", reason: reason) == "refused: 'add the note T': \(reason)")
        #expect(SalesCommandText.refused("add the note T", reason: nil) == "refused: 'add the note T'")
    }

    @Test func aStoppedSyncEndsEachSentenceOnce() {
        let reason = "Could not save the note N: you are signed out; sign in again."
        #expect(
            SalesCommandText.stopped(reason, waiting: 2)
                == "stopped: Could not save the note N: you are signed out; sign in again. 2 edits wait.")
        #expect(
            SalesCommandText.stopped("the network went away", waiting: 1)
                == "stopped: the network went away. 1 edit waits.")
    }
}
