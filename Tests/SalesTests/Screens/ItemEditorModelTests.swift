import Foundation
import SalesCore
import Testing

@MainActor
@Suite struct ItemEditorModelTests {
    let shrinker = ImageShrinker(resampler: FakeCodec(ImageDimensions(width: 4000, height: 3000)).resampler)

    /// A form adding an attachment to the hospital, signed in to a fresh stand-in.
    func attachmentForm(_ harness: DevServerHarness, shrinker: ImageShrinker? = nil) async throws -> ItemEditorModel {
        ItemEditorModel(
            adding: .attachment, accountID: DevServerHarness.hospitalID, client: try await harness.client(),
            shrinker: shrinker ?? self.shrinker)
    }

    /// A form editing the hospital's first image attachment, signed in to `harness`.
    func photoForm(_ harness: DevServerHarness) async throws -> (photo: SalesCore.Attachment, form: ItemEditorModel) {
        let client = try await harness.client()
        let details = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        let photo = try #require(details.attachments.first { $0.isImage })
        let form = ItemEditorModel(
            editing: .attachment(photo), accountID: DevServerHarness.hospitalID, client: client, shrinker: shrinker)
        return (photo, form)
    }

    @Test func addingANoteAttachesTheNewIdSoItCanBeEditedAtOnce() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let form = ItemEditorModel(
            adding: .note, accountID: DevServerHarness.hospitalID, client: client, shrinker: shrinker)
        #expect(!form.canSave)
        #expect(!form.showsAddAttachmentButton)
        form.nameEdited("Visit")
        form.textEdited("Went well")
        await form.saveTapped()
        guard case .note(let note)? = form.saved, let id = note.id else {
            Issue.record("no saved note: \(String(describing: form.errorMessage))")
            return
        }
        let edit = ItemEditorModel(
            editing: .note(note), accountID: DevServerHarness.hospitalID, client: client, shrinker: shrinker)
        edit.textEdited("Went very well")
        await edit.saveTapped()
        #expect(edit.errorMessage == nil)
        #expect(try await client.record("Note", id: id)["Body"] == .string("Went very well"))
    }

    @Test func anExistingAttachmentCanOnlyBeRenamedButItsImageIsShown() async throws {
        let harness = try await DevServerHarness.make()
        let (photo, form) = try await photoForm(harness)
        #expect(!form.showsAddAttachmentButton)
        #expect(form.image == nil)
        await form.appeared()
        #expect(form.image?.starts(with: [0xFF, 0xD8]) == true)
        form.filePicked(name: "other.jpg", data: Data([0xFF, 1]))
        form.nameEdited("Dock, north side.jpg")
        await form.saveTapped()
        #expect(
            harness.wire.bodies("PATCH", path: "/Attachment/") == [
                ["Id": .string(photo.id ?? ""), "Name": .string("Dock, north side.jpg")]
            ])
    }

    @Test func aPdfAttachmentShowsNoImage() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let pdf = try #require(
            try await client.retrieveAccount(id: DevServerHarness.hospitalID).attachments.first { !$0.isImage })
        let form = ItemEditorModel(
            editing: .attachment(pdf), accountID: DevServerHarness.hospitalID, client: client, shrinker: shrinker)
        await form.appeared()
        #expect(form.image == nil)
        #expect(harness.wire.count("GET", pathSuffix: "/Body") == 0)
    }

    @Test func addingAnAttachmentOffersThePickerAndShrinksABigImage() async throws {
        let harness = try await DevServerHarness.make()
        let form = try await attachmentForm(harness)
        #expect(form.showsAddAttachmentButton)
        #expect(!form.canSave)
        form.filePicked(name: "site.jpg", data: Data([0xFF, 0xD8, 0xFF]) + Data(count: 30_000_000))
        #expect(form.name == "site.jpg")
        #expect(try #require(form.image).count < 25 * 1024 * 1024)
        await form.saveTapped()
        guard case .attachment(let attachment)? = form.saved else {
            Issue.record("not saved: \(String(describing: form.errorMessage))")
            return
        }
        #expect(attachment.id?.hasPrefix("00P") == true)
        #expect(attachment.contentType == "image/jpeg")
        let inserts = harness.wire.bodies("POST", path: "/sobjects/Attachment")
        #expect(inserts.map { Set($0.keys) } == [["ParentId", "Name", "Body", "ContentType"]])
        // Real Salesforce guesses no type from the bytes: the client says what it uploads.
        #expect(inserts.first?["ContentType"] == .string("image/jpeg"))
    }

    /// The name typed over a shrunk photo goes up whole, as `.jpg`: a dot in it is no extension.
    @Test func aNameTypedWithADotOverAShrunkImageGoesUpWhole() async throws {
        let harness = try await DevServerHarness.make()
        let form = try await attachmentForm(harness)
        form.filePicked(name: "IMG_0042.jpg", data: Data([0xFF, 0xD8, 0xFF]) + Data(count: 30_000_000))
        form.nameEdited("St. Mary's lobby")
        await form.saveTapped()
        #expect(form.saved?.name == "St. Mary's lobby.jpg")
        let inserts = harness.wire.bodies("POST", path: "/sobjects/Attachment")
        #expect(inserts.first?["Name"] == .string("St. Mary's lobby.jpg"))
    }

    @Test func aFileOverTheLimitThatIsNoImageIsRefusedWithTheLimitNamed() async throws {
        let harness = try await DevServerHarness.make()
        let form = try await attachmentForm(harness)
        form.filePicked(name: "scan.pdf", data: Data("%PDF".utf8) + Data(count: 30_000_000))
        #expect(form.errorMessage == "scan.pdf is 28.6 MB; attachments are limited to 25 MB (26,214,400 bytes).")
        #expect(!form.canSave)
        #expect(harness.wire.bodies("POST", path: "/sobjects/Attachment").isEmpty)
    }

    @Test func aPhotoFromTheLibraryIsTypedByItsBytes() async throws {
        let harness = try await DevServerHarness.make()
        let form = try await attachmentForm(harness, shrinker: ImageShrinker(resampler: .unavailable))
        form.photoPicked(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]))
        #expect(form.name == "Photo.png")
        await form.saveTapped()
        let inserts = harness.wire.bodies("POST", path: "/sobjects/Attachment")
        #expect(inserts.first?["ContentType"] == .string("image/png"))
    }

    @Test func aSmallFileGoesUpAsItIsWithoutTheImageCodec() async throws {
        let harness = try await DevServerHarness.make()
        // NB: FakeCodec refuses anything that does not start with 0xFF, as a real codec refuses a PDF.
        let form = try await attachmentForm(harness)
        form.filePicked(name: "scan.pdf", data: Data("%PDF-1.4 tiny".utf8))
        #expect(form.errorMessage == nil)
        #expect(form.image == nil)
        form.filePicked(name: "minutes.txt", data: Data("Agreed.".utf8))
        #expect(form.errorMessage == nil)
        #expect(form.name == "scan.pdf")
        await form.saveTapped()
        let inserts = harness.wire.bodies("POST", path: "/sobjects/Attachment")
        #expect(inserts.first?["ContentType"] == .string("text/plain"))
    }

    /// The Files picker's answer: a file is read from its URL (a large one is refused by its size, not read into
    /// memory), a file that is gone and a picker that failed are told in words.
    @Test func aFileFromTheFilesPickerIsReadOrItsFailureTold() async throws {
        struct PickerFailure: Error {}
        let harness = try await DevServerHarness.make()
        let form = try await attachmentForm(harness)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        form.fileChosen(.failure(PickerFailure()))
        #expect(form.errorMessage == "The file could not be opened.")
        form.fileChosen(.success(folder.appendingPathComponent("gone.pdf")))
        #expect(form.errorMessage == "gone.pdf could not be read.")

        let big = folder.appendingPathComponent("archive.zip")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 30 * 1_048_576)
        try handle.close()
        form.fileChosen(.success(big))
        #expect(form.errorMessage == "archive.zip is 30.0 MB; attachments are limited to 25 MB (26,214,400 bytes).")
        #expect(!form.canSave)

        // An empty file would make an attachment nobody can open.
        let empty = folder.appendingPathComponent("blank.txt")
        try Data().write(to: empty)
        form.fileChosen(.success(empty))
        #expect(form.errorMessage == "blank.txt is empty; choose a file with something in it.")
        #expect(!form.canSave)

        let minutes = folder.appendingPathComponent("minutes.txt")
        try Data("Agreed.".utf8).write(to: minutes)
        form.fileChosen(.success(minutes))
        #expect(form.errorMessage == nil)
        #expect(form.name == "minutes.txt")
        await form.saveTapped()
        let inserts = harness.wire.bodies("POST", path: "/sobjects/Attachment")
        #expect(inserts.first?["ContentType"] == .string("text/plain"))
    }

    @Test func aBigImageGoesUpAsTheJPEGItBecame() async throws {
        let harness = try await DevServerHarness.make()
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 30_000_000)
        let codec = FakeCodec(ImageDimensions(width: 4000, height: 3000))
        // NB: FakeCodec reads only what starts like a JPEG; this one reads the PNG too.
        let resampler = ImageResampler(dimensions: { _ in codec.original }, resample: codec.resampler.resample)
        let form = try await attachmentForm(harness, shrinker: ImageShrinker(resampler: resampler))
        form.filePicked(name: "floor plan.png", data: png)
        let shrunk = try #require(form.shrunk)
        #expect(shrunk.data.count < SalesforceClient.maximumAttachmentBytes)
        let smaller = String(format: "%.1f", Double(shrunk.data.count) / 1_048_576)
        #expect(
            form.shrunkMessage
                == "Made smaller to fit under 25 MB: 28.6 MB → \(smaller) MB, "
                + "\(shrunk.dimensions.width) × \(shrunk.dimensions.height).")
        await form.saveTapped()
        let inserts = harness.wire.bodies("POST", path: "/sobjects/Attachment")
        #expect(inserts.first?["ContentType"] == .string("image/jpeg"))
        #expect(inserts.first?["Name"] == .string("floor plan.jpg"))
    }

    @Test func aBigFileNamedLikeAnImageIsRefusedBeforeTheCodecSeesIt() async throws {
        let harness = try await DevServerHarness.make()
        let codec = FakeCodec(ImageDimensions(width: 4000, height: 3000))
        let form = try await attachmentForm(harness, shrinker: ImageShrinker(resampler: codec.resampler))
        form.filePicked(name: "photo.jpg", data: Data("<html>".utf8) + Data(count: 30_000_000))
        #expect(form.errorMessage == "photo.jpg is 28.6 MB; attachments are limited to 25 MB (26,214,400 bytes).")
        #expect(codec.requests.isEmpty)
        #expect(!form.canSave)
    }

    @Test func aBigImageTheCodecCannotReadIsToldInWords() async throws {
        struct CodecFailure: Error { let detail = "tjDecompressHeader3 returned -1" }
        let harness = try await DevServerHarness.make()
        let unreadable = ImageResampler(dimensions: { _ in throw CodecFailure() }, resample: { _, _, _ in Data() })
        let form = try await attachmentForm(harness, shrinker: ImageShrinker(resampler: unreadable))
        form.filePicked(name: "broken.jpg", data: Data([0xFF, 0xD8, 0xFF]) + Data(count: 30_000_000))
        #expect(
            form.errorMessage == "broken.jpg is over 25 MB and could not be read as an image to make it smaller.")
        #expect(!form.canSave)
    }

    @Test func aDocNeedsAURLAndSavesWithTheExactFields() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let form = ItemEditorModel(
            adding: .doc, accountID: DevServerHarness.hospitalID, client: client, shrinker: shrinker)
        form.nameEdited("Plan")
        form.urlEdited("not a url")
        #expect(!form.canSave)
        form.urlEdited("https://docs.google.com/document/d/9/edit")
        #expect(form.canSave)
        await form.saveTapped()
        guard case .doc(let doc)? = form.saved else {
            Issue.record("not saved")
            return
        }
        #expect(doc.id?.hasPrefix("098") == true)
    }

    /// A Google Doc row opens its link: only a web page (http or https, any case, with a host) is one.
    @Test(arguments: [
        ("javascript:alert(1)", false), ("ftp://docs.example.com/plan", false), ("file:///etc/passwd", false),
        ("mailto:rep@quartet.dev", false), ("https://", false), ("data:text/html,<b>x</b>", false),
        ("https://docs.google.com/d/1", true), ("HTTP://docs.google.com/d/1", true),
        ("Https://docs.google.com/d/1", true), ("docs.google.com/d/1", true), ("proposal", false),
        ("localhost:8080/plan", false),
    ])
    func aDocLinkMustBeAWebPage(link: String, saves: Bool) async throws {
        let harness = try await DevServerHarness.make()
        let form = ItemEditorModel(
            adding: .doc, accountID: DevServerHarness.hospitalID, client: try await harness.client(),
            shrinker: shrinker)
        form.nameEdited("Plan")
        form.urlEdited(link)
        #expect(form.canSave == saves)
        guard !saves else { return }
        #expect(
            form.saveRefusal == "“\(link)” is not a web link. Give the Google Doc’s address (https://…) to save it.")
        await form.saveTapped()
        #expect(harness.wire.bodies("POST", path: "/sobjects/GoogleDoc").isEmpty)
    }

    /// A link pasted with spaces around it, or typed as an address bar takes one, is saved as the page's link.
    @Test func aLinkWithoutASchemeIsSavedAsHTTPS() async throws {
        let harness = try await DevServerHarness.make()
        let form = ItemEditorModel(
            adding: .doc, accountID: DevServerHarness.hospitalID, client: try await harness.client(),
            shrinker: shrinker)
        form.nameEdited("Plan")
        form.urlEdited("  docs.google.com/document/d/9/edit \n")
        #expect(form.canSave)
        await form.saveTapped()
        #expect(
            harness.wire.bodies("POST", path: "/sobjects/GoogleDoc").first?["Url"]
                == .string("https://docs.google.com/document/d/9/edit"))
    }

    @Test func aFileOfExactlyTheLimitIsTakenAndOneByteMoreIsRefused() async throws {
        let harness = try await DevServerHarness.make()
        let limit = SalesforceClient.maximumAttachmentBytes
        #expect(limit == 26_214_400)
        let codec = FakeCodec(ImageDimensions(width: 4000, height: 3000))
        let form = try await attachmentForm(harness, shrinker: ImageShrinker(resampler: codec.resampler))
        form.filePicked(name: "scan.pdf", data: Data("%PDF".utf8) + Data(count: limit - 4))
        #expect(form.errorMessage == nil)
        #expect(form.canSave)
        await form.saveTapped()
        guard case .attachment(let saved)? = form.saved else {
            Issue.record("not saved: \(form.errorMessage ?? "")")
            return
        }
        #expect(saved.bodyLength == limit)

        let over = try await attachmentForm(harness, shrinker: ImageShrinker(resampler: codec.resampler))
        over.filePicked(name: "scan.pdf", data: Data("%PDF".utf8) + Data(count: limit - 3))
        #expect(
            over.errorMessage == "scan.pdf is 26,214,401 bytes; attachments are limited to 25 MB (26,214,400 bytes).")
        #expect(!over.canSave)
        #expect(codec.requests.isEmpty)
    }

    @Test func anImageOfExactlyTheLimitGoesUpAsItIs() async throws {
        let harness = try await DevServerHarness.make()
        let codec = FakeCodec(ImageDimensions(width: 4000, height: 3000))
        let form = try await attachmentForm(harness, shrinker: ImageShrinker(resampler: codec.resampler))
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(count: SalesforceClient.maximumAttachmentBytes - 4)
        form.filePicked(name: "photo.jpg", data: jpeg)
        #expect(form.errorMessage == nil)
        #expect(form.shrunk == nil)
        #expect(form.canSave)
    }

    @Test func aRefusedSizeIsSaidWithOneDecimal() async throws {
        let harness = try await DevServerHarness.make()
        let form = try await attachmentForm(harness)
        form.filePicked(name: "scan.pdf", data: Data("%PDF".utf8) + Data(count: 26_843_546 - 4))
        #expect(form.errorMessage == "scan.pdf is 25.6 MB; attachments are limited to 25 MB (26,214,400 bytes).")
    }

    @Test func theFormSaysWhySaveIsNotYetPossible() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let id = DevServerHarness.hospitalID
        let doc = ItemEditorModel(adding: .doc, accountID: id, client: client, shrinker: shrinker)
        #expect(doc.saveRefusal == "Give it a name to save it.")
        doc.nameEdited("Plan")
        #expect(doc.saveRefusal == "Give the Google Doc a link (https://…) to save it.")
        doc.urlEdited("the plan doc")
        #expect(
            doc.saveRefusal == "“the plan doc” is not a web link. Give the Google Doc’s address (https://…) to save it."
        )
        doc.urlEdited("https://docs.google.com/d/1")
        #expect(doc.saveRefusal == nil)
        let attachment = try await attachmentForm(harness)
        attachment.nameEdited("Floor plan")
        #expect(attachment.saveRefusal == "Pick a file to attach.")
        let note = ItemEditorModel(adding: .note, accountID: id, client: client, shrinker: shrinker)
        note.nameEdited("  ")
        #expect(note.saveRefusal == "Give it a name to save it.")
        note.nameEdited("Visit")
        #expect(note.saveRefusal == nil)
    }

    /// An empty New Attachment form asks for the file first: picking one names the attachment, so "Give it a name"
    /// sent the person to the wrong field. With a file picked and its name cleared, the name is what is missing.
    @Test func anEmptyAttachmentFormAsksForTheFileFirst() async throws {
        let harness = try await DevServerHarness.make()
        let attachment = try await attachmentForm(harness)
        #expect(attachment.saveRefusal == "Pick a file to attach.")
        attachment.filePicked(name: "scan.pdf", data: Data("%PDF-1.4".utf8))
        #expect(attachment.name == "scan.pdf")
        #expect(attachment.saveRefusal == nil)
        attachment.nameEdited(" ")
        #expect(attachment.saveRefusal == "Give it a name to save it.")
    }

    @Test func aRefusedSaveShowsWhatFailed() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let form = ItemEditorModel(adding: .note, accountID: "001Q000000Demo9IAB", client: client, shrinker: shrinker)
        form.nameEdited("Orphan")
        await form.saveTapped()
        #expect(form.saved == nil)
        #expect(
            form.errorMessage
                == "Could not add the note Orphan. The account it belongs to is no longer in Salesforce. Copy what you "
                + "want to keep.")
    }
}
