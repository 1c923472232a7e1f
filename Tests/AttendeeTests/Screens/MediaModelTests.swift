import APIClient
import AttendeeModels
import Foundation
import Locking
import TestSupport
import Testing

@testable import AttendeeCore

/// Holds a model for a test client to look at while a call runs (read on the main actor only).
final class ModelBox<Model: AnyObject>: @unchecked Sendable {
    var value: Model?
}

/// Sample files and refusals for the media screens.
enum MediaSamples {
    static func file(
        _ id: String, _ purpose: MediaPurpose, type: MediaType = .pdf, bytes: Int = 1_258_291, name: String? = nil,
        width: Int? = nil, height: Int? = nil, thumbnail: Bool = false, canRemove: Bool? = nil
    ) -> MediaFile {
        MediaFile(
            id: id, eventID: "e1", ownerID: "p1", purpose: purpose, type: type, byteCount: bytes, width: width,
            height: height, fileName: name ?? "\(id).\(type.fileExtension)", hasThumbnail: thumbnail,
            createdAt: Date(timeIntervalSince1970: 0), canRemove: canRemove)
    }

    static func refusal(_ status: Int, _ type: MediaRefusal?) -> APIError {
        .http(
            status: status,
            problem: (ProblemDetails(type: type?.rawValue, status: status, detail: "Refused by the server.")))
    }

    static let page = DocumentsPage(
        headerPhoto: file("h1", .gallery, type: .jpeg, thumbnail: true),
        preRead: [file("d1", .preRead, bytes: 812, name: "Reading list.txt", canRemove: true)],
        materials: [
            file("d2", .material, type: .officeDocument, bytes: 48 * 1024 + 10, name: "Slides.pptx", canRemove: true),
            file("d3", .material, bytes: 2048, name: "Handout.pdf", canRemove: false),
        ])

    /// A client whose upload records the state the model showed while it ran, then answers `result`.
    static func galleryClient(
        photos: Recorder<[MediaFile]>, seen: Recorder<[MediaUploadState]>,
        model: @escaping @Sendable () -> GalleryModel?, result: @escaping @Sendable (String) throws -> MediaFile
    ) -> AttendeeMediaClient {
        AttendeeMediaClient(
            gallery: { _ in photos.value },
            uploadPhoto: { _, name, _, _ in
                let state = await MainActor.run { model()?.upload }
                if let state { seen.update { $0.append(state) } }
                let stored = try result(name)
                photos.update { $0.insert(stored, at: 0) }
                return stored
            })
    }
}

/// A value a test client changes while a call runs.
final class Recorder<Value: Sendable>: Sendable {
    private let storage: Locked<Value>
    init(_ value: Value) { storage = Locked(value) }
    var value: Value { storage.withLock { $0 } }
    func update(_ change: (inout Value) -> Void) { storage.withLock { change(&$0) } }
}

/// What the gallery and the Documentation page show, state by state.
@MainActor @Suite struct MediaModelTests {
    typealias S = MediaSamples

    // MARK: - Gallery

    @Test func aPhotoGoesUploadingThenDoneAndTheGridShowsIt() async {
        let photos = Recorder<[MediaFile]>([])
        let seen = Recorder<[MediaUploadState]>([])
        let holder = ModelBox<GalleryModel>()
        let client = S.galleryClient(
            photos: photos, seen: seen, model: { holder.value },
            result: { name in
                S.file(
                    "g1", .gallery, type: .jpeg, bytes: 2_202_010, name: name, width: 4032, height: 3024,
                    thumbnail: true)
            })
        let model = GalleryModel(client: client, eventID: "e1")
        holder.value = model
        await model.appeared()
        #expect(model.tiles.isEmpty)
        #expect(model.emptyMessage == "No photos yet.")
        #expect(model.upload == MediaUploadState.idle)
        #expect(model.uploadMessage == nil)
        #expect(model.uploadTitle == "Add Photo")

        await model.photoPicked(fileName: "stage.jpg", data: Data([0xFF, 0xD8, 0xFF]))
        #expect(seen.value == [MediaUploadState.uploading(fileName: "stage.jpg")])
        #expect(model.upload == MediaUploadState.done(fileName: "stage.jpg"))
        #expect(model.uploadMessage == "Added “stage.jpg”.")
        #expect(model.tiles.map { $0.id } == ["g1"])
        #expect(model.tiles.first?.detail == "JPEG image · 2.1 MB · 4032 × 3024")
        #expect(model.tiles.first?.image.hasThumbnail == true)
        #expect(model.tiles.first?.image.accessibilityLabel == "stage.jpg")
        #expect(model.emptyMessage == nil)
        model.uploadMessageDismissed()
        #expect(model.upload == MediaUploadState.idle)
    }

    /// A tile opens the photo's page with the photo itself (not its thumbnail); Share makes the link; Remove
    /// (offered to who may) closes the page and the grid loses the photo; a refusal keeps the page and says why.
    @Test func aTileOpensThePhotoToShareOrRemoveOnceConfirmed() async throws {
        let photos = Locked([
            S.file("g2", .gallery, type: .jpeg, name: "Stage.jpg", thumbnail: true, canRemove: true),
            S.file("g1", .gallery, type: .png, name: "Opening.png", canRemove: false),
        ])
        let refuse = Locked(true)
        let asked = Locked<[String]>([])
        let client = AttendeeMediaClient(
            gallery: { _ in photos.withLock { $0 } },
            download: { id in
                asked.withLock { $0.append("download \(id)") }
                return Data("the whole \(id)".utf8)
            },
            share: { id in MediaShareLink(url: "https://quartet.example/attendee/v1/media/\(id)", fileName: id) },
            remove: { id in
                asked.withLock { $0.append("remove \(id)") }
                if refuse.withLock({ $0 }) { throw S.refusal(403, nil) }
                photos.withLock { $0.removeAll { $0.id == id } }
            })
        let model = GalleryModel(client: client, eventID: "e1")
        await model.appeared()
        #expect(model.tiles.map(\.canRemove) == [true, false])

        await model.tileTapped("g1")
        #expect(model.opened?.data == Data("the whole g1".utf8))
        #expect(model.opened?.tile.fileName == "Opening.png")
        model.removeTapped()
        #expect(model.confirmation == nil)
        #expect(asked.withLock { $0 } == ["download g1"])
        #expect(model.banner == .failure("Only its uploader (or the organizer) can remove “Opening.png”."))
        await model.shareTapped()
        #expect(model.share?.text == "Opening.png: https://quartet.example/attendee/v1/media/g1")
        #expect(model.share?.validity == nil, "a server that does not say when links stop opening")
        model.shareDismissed()
        #expect(model.share == nil)
        model.photoClosed()
        #expect(model.opened == nil)

        await model.tileTapped("g2")
        model.removeTapped()
        let question = try #require(model.confirmation)
        #expect(question.title == "Remove “Stage.jpg” from the Gallery?")
        #expect(question.confirmTitle == "Remove from the Gallery")
        #expect(asked.withLock { $0 } == ["download g1", "download g2"])
        await model.confirmTapped(question.action)
        #expect(model.opened?.id == "g2")
        #expect(model.banner == .failure("Refused by the server."))
        #expect(model.tiles.map(\.id) == ["g2", "g1"])
        refuse.withLock { $0 = false }
        model.removeTapped()
        model.confirmationDismissed()
        #expect(model.confirmation == nil)
        #expect(model.opened?.id == "g2")
        model.removeTapped()
        await model.confirmTapped("g2")
        #expect(model.opened == nil)
        #expect(model.tiles.map(\.id) == ["g1"])
        #expect(model.banner == .confirmation("Removed “Stage.jpg”."))
        #expect(asked.withLock { $0 } == ["download g1", "download g2", "remove g2", "remove g2"])
    }

    @Test func aPhotoThatCannotBeFetchedOpensNoPageAndSaysWhy() async {
        let client = AttendeeMediaClient(
            gallery: { _ in [S.file("g1", .gallery, type: .jpeg, canRemove: true)] },
            download: { _ in throw APIError.offline })
        let model = GalleryModel(client: client, eventID: "e1")
        await model.appeared()
        await model.tileTapped("g1")
        #expect(model.opened == nil)
        #expect(model.banner?.failure != nil)
        #expect(!model.isBusy)
    }

    /// A photo removed on another device since the grid was read: the tap says so in the app's words (not the
    /// server's), and the grid loses it; Share on a page whose photo went meanwhile closes the page.
    @Test func aPhotoTheServerNoLongerHasSaysSoAndLeavesTheGrid() async {
        let removed = Locked(false)
        let client = AttendeeMediaClient(
            gallery: { _ in
                [S.file("g1", .gallery, type: .jpeg, name: "Stage.jpg")]
                    + (removed.withLock { $0 } ? [] : [S.file("g2", .gallery, type: .jpeg, name: "Crowd.jpg")])
            },
            download: { id in
                guard id == "g1" else { throw S.refusal(404, nil) }
                return Data([1])
            },
            share: { _ in throw S.refusal(404, nil) })
        let model = GalleryModel(client: client, eventID: "e1")
        await model.appeared()
        removed.withLock { $0 = true }
        await model.tileTapped("g2")
        #expect(model.opened == nil)
        #expect(model.banner == .failure("“Crowd.jpg” is no longer on the server."))
        #expect(model.tiles.map(\.id) == ["g1"])
        #expect(!model.isBusy)

        await model.tileTapped("g1")
        #expect(model.opened?.id == "g1")
        #expect(model.banner == nil)
        await model.shareTapped()
        #expect(model.share == nil)
        #expect(model.banner == .failure("“Stage.jpg” is no longer on the server."))
        #expect(model.opened?.id == "g1", "still listed: the page stays")
    }

    @Test func anyOtherFailureToOpenAPhotoKeepsItsOwnSentence() async {
        let client = AttendeeMediaClient(
            gallery: { _ in [S.file("g1", .gallery, type: .jpeg, name: "Stage.jpg")] },
            download: { _ in throw S.refusal(403, nil) })
        let model = GalleryModel(client: client, eventID: "e1")
        await model.appeared()
        await model.tileTapped("g1")
        #expect(model.banner == .failure("Refused by the server."))
        #expect(model.tiles.map(\.id) == ["g1"])
    }

    @Test func overTwentyFiveMegabytesIsTooLargeWithoutSendingIt() async {
        let sent = Locked(0)
        let client = AttendeeMediaClient(
            gallery: { _ in [] },
            uploadPhoto: { _, _, _, _ in
                sent.withLock { $0 += 1 }
                throw AttendeeClient.callNotInTest
            })
        let model = GalleryModel(client: client, eventID: "e1")
        await model.photoPicked(fileName: "raw.heic", data: Data(count: MediaLimits.maxBytes + 1))
        #expect(model.upload == .tooLarge(fileName: "raw.heic"))
        #expect(model.uploadMessage == "“raw.heic” is larger than 25 MB.")
        await model.photoPicked(fileName: "blank.jpg", data: Data())
        #expect(model.uploadMessage == "“blank.jpg” is empty.")
        let attachment = PhotoAttachment(eventID: "e1") { _, _, _, _ in
            sent.withLock { $0 += 1 }
            throw AttendeeClient.callNotInTest
        }
        await attachment.photoPicked(fileName: "blank.jpg", data: Data())
        #expect(attachment.message == "“blank.jpg” is empty.")
        #expect(sent.withLock { $0 } == 0)
    }

    @Test(arguments: [
        (413, MediaRefusal.tooLarge, MediaUploadState.tooLarge(fileName: "x.jpg"), "“x.jpg” is larger than 25 MB."),
        (415, .unsupportedType, .refusedType, "Only JPEG, PNG, GIF, WebP and HEIC photos can be added."),
        (422, .tooManyPixels, .tooManyPixels(fileName: "x.jpg"), "“x.jpg” has too many pixels."),
    ])
    func theServersRefusalsBecomeTheirStates(
        status: Int, refusal: MediaRefusal, state: MediaUploadState, message: String
    ) async {
        let client = AttendeeMediaClient(
            gallery: { _ in [] }, uploadPhoto: { _, _, _, _ in throw S.refusal(status, refusal) })
        let model = GalleryModel(client: client, eventID: "e1")
        await model.photoPicked(fileName: "x.jpg", data: Data([1, 2, 3]))
        #expect(model.upload == state)
        #expect(model.uploadMessage == message)
        #expect(model.canUpload)
    }

    @Test func aRefusalWithoutAProblemTypeFallsBackToItsStatusThenToTheMessage() async {
        let untyped = GalleryModel(
            client: AttendeeMediaClient(gallery: { _ in [] }, uploadPhoto: { _, _, _, _ in throw S.refusal(415, nil) }),
            eventID: "e1")
        await untyped.photoPicked(fileName: "x.jpg", data: Data([1]))
        #expect(untyped.upload == .refusedType)
        let forbidden = GalleryModel(
            client: AttendeeMediaClient(gallery: { _ in [] }, uploadPhoto: { _, _, _, _ in throw S.refusal(403, nil) }),
            eventID: "e1")
        await forbidden.photoPicked(fileName: "x.jpg", data: Data([1]))
        #expect(forbidden.upload == .failed("Refused by the server."))
    }

    // MARK: - Documents

    /// Once loaded the three lists always show, an empty one saying so; before (loading, or not loaded) there are
    /// none, since nothing is known of them.
    @Test func theThreeListsShowWithTheirRowsOnceLoaded() async {
        let model = DocumentsModel(client: AttendeeMediaClient(documents: { _, _ in S.page }), eventID: "e1")
        #expect(model.sections.isEmpty)
        await model.appeared()
        #expect(model.sections.map(\.title) == ["Pre-Read", "Post-Read", "Session Materials"])
        #expect(model.sections.map(\.kind) == [.preRead, .postRead, .materials])
        #expect(
            model.sections[0].rows == [
                DocumentsModel.Row(id: "d1", title: "Reading list.txt", detail: "PDF · 812 bytes", canRemove: true)
            ])
        #expect(model.sections[1].rows.isEmpty)
        #expect(model.sections[1].emptyMessage == "Nothing here yet.")
        #expect(model.sections[2].rows.first?.detail == "Office document · 48 KB")
        #expect(model.sections[0].emptyMessage == nil)
        #expect(model.headerPhotoID == "h1")
        #expect(model.headerPhoto?.hasThumbnail == true)
        #expect(!model.showsGallery)
        model.headerPhotoTapped()
        #expect(model.showsGallery)
        model.galleryClosed()
        #expect(!model.showsGallery)
    }

    @Test func downloadAndShareHandTheScreenWhatItNeeds() async throws {
        let client = AttendeeMediaClient(
            documents: { _, _ in S.page },
            download: { id in Data("bytes of \(id)".utf8) },
            share: { id in
                MediaShareLink(
                    url: "https://quartet.example/attendee/v1/media/\(id)", fileName: "x",
                    expiresAt: Demo.at("2027-03-17T14:30", "Europe/Lisbon"))
            })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = DocumentsModel(
            client: client, eventID: "e1", filesFolder: folder, timeZone: TimeZone(identifier: "Europe/Berlin")!,
            locale: Locale(identifier: "en_GB"))
        await model.appeared()
        await model.downloadTapped("d1")
        let saved = folder.appendingPathComponent("Reading list.txt")
        #expect(
            model.download
                == DocumentsModel.Download(
                    fileName: "Reading list.txt", data: Data("bytes of d1".utf8), fileURL: saved))
        #expect(try Data(contentsOf: saved) == Data("bytes of d1".utf8))
        #expect(model.banner == .confirmation("Downloaded “Reading list.txt”."))
        model.downloadHandled()
        #expect(model.download == nil)
        await model.shareTapped("d2")
        #expect(model.share?.url == "https://quartet.example/attendee/v1/media/d2")
        #expect(model.share?.text == "Slides.pptx: https://quartet.example/attendee/v1/media/d2")
        // The person sharing learns when the link stops opening, in their own zone.
        #expect(model.share?.validity == "Anyone with the link can open it until 17 Mar at 15:30.")
        model.shareDismissed()
        #expect(model.share == nil)
        await model.downloadTapped("unknown")
        #expect(model.download == nil)
    }

    /// A document removed elsewhere since the lists were read: Download and Share say so in the app's words, and the
    /// row goes.
    @Test func aDocumentTheServerNoLongerHasSaysSoAndLeavesItsList() async {
        let removed = Locked(Set<String>())
        let client = AttendeeMediaClient(
            documents: { _, _ in
                var page = S.page
                let gone = removed.withLock { $0 }
                page.preRead.removeAll { gone.contains($0.id) }
                page.materials.removeAll { gone.contains($0.id) }
                return page
            },
            download: { _ in throw S.refusal(404, nil) },
            share: { _ in throw S.refusal(404, nil) })
        let model = DocumentsModel(client: client, eventID: "e1")
        await model.appeared()
        removed.withLock { $0 = ["d1"] }
        await model.downloadTapped("d1")
        #expect(model.download == nil)
        #expect(model.banner == .failure("“Reading list.txt” is no longer on the server."))
        #expect(model.sections[0].rows.isEmpty)
        #expect(model.sections[0].emptyMessage == "Nothing here yet.")
        removed.withLock { $0 = ["d1", "d2"] }
        await model.shareTapped("d2")
        #expect(model.share == nil)
        #expect(model.banner == .failure("“Slides.pptx” is no longer on the server."))
        #expect(model.sections[2].rows.map(\.id) == ["d3"])
        #expect(!model.isBusy)
    }

    /// Only the row tapped last is offered: an earlier, slower download lands without replacing its sheet, and
    /// after the sheet was closed it opens none.
    @Test func aSlowerDownloadTappedFirstIsNotOfferedOverTheOneTappedLast() async throws {
        let gate = Gate(isOpen: false)
        let client = AttendeeMediaClient(
            documents: { _, _ in S.page },
            download: { id in
                // NB: only d1 waits, so the test cannot hang whatever the model does.
                if id == "d1" { await gate.pass() }
                return Data("bytes of \(id)".utf8)
            })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = DocumentsModel(client: client, eventID: "e1", filesFolder: folder)
        await model.appeared()

        let first = Task { await model.downloadTapped("d1") }
        await gate.arrived(1)
        await model.downloadTapped("d2")
        #expect(model.download?.fileName == "Slides.pptx")
        await gate.open()
        await first.value
        #expect(model.download?.fileName == "Slides.pptx")
        #expect(model.banner == .confirmation("Downloaded “Slides.pptx”."))

        await gate.close()
        let again = Task { await model.downloadTapped("d1") }
        await gate.arrived(2)
        model.downloadHandled()
        await gate.open()
        await again.value
        #expect(model.download == nil)
        #expect(!model.isBusy)
    }

    /// A download that cannot be written on the device says so, and offers nothing to save.
    @Test func aDownloadThatCannotBeSavedSaysSo() async throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try Data("a file where the folder should be".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let model = DocumentsModel(
            client: AttendeeMediaClient(documents: { _, _ in S.page }, download: { _ in Data([1, 2, 3]) }),
            eventID: "e1", filesFolder: blocker.appendingPathComponent("Downloads"))
        await model.appeared()
        await model.downloadTapped("d1")
        #expect(model.download == nil)
        #expect(model.banner == .failure("“Reading list.txt” could not be saved on this device."))
        #expect(!model.isBusy)
    }

    @Test func aRefusedRemovalKeepsTheRowAndSaysWhy() async throws {
        let current = Locked(S.page)
        let client = AttendeeMediaClient(
            documents: { _, _ in current.withLock { $0 } },
            remove: { id in
                guard id == "d2" else { throw S.refusal(403, nil) }
                current.withLock { $0.materials.removeAll { $0.id == id } }
            })
        let model = DocumentsModel(client: client, eventID: "e1", sessionID: "s1")
        await model.appeared()
        model.removeTapped("d1")
        #expect(model.confirmation?.title == "Remove “Reading list.txt”?")
        await model.confirmTapped("d1")
        #expect(model.banner == .failure("Refused by the server."))
        #expect(model.sections[0].rows.map(\.id) == ["d1"])
        model.removeTapped("d2")
        await model.confirmTapped(try #require(model.confirmation).action)
        #expect(model.banner == .confirmation("Removed “Slides.pptx”."))
        #expect(model.sections[2].rows.map(\.id) == ["d3"])
    }

    /// Remove is offered only where the server said the person may; a tap on any other row sends nothing.
    @Test func removeIsOfferedOnlyWhereThePersonMay() async {
        let removed = Locked<[String]>([])
        let client = AttendeeMediaClient(
            documents: { _, _ in S.page }, remove: { id in removed.withLock { $0.append(id) } })
        let model = DocumentsModel(client: client, eventID: "e1")
        await model.appeared()
        #expect(model.sections[2].rows.map(\.canRemove) == [true, false])
        model.removeTapped("d3")
        #expect(model.confirmation == nil)
        #expect(removed.withLock { $0 }.isEmpty)
        #expect(model.banner == .failure("Only its uploader (or the organizer) can remove “Handout.pdf”."))
    }

    @Test func aSpeakersDocumentGoesUploadingThenDoneOrRefused() async {
        let added = Locked<[(String?, MediaPurpose, String)]>([])
        let client = AttendeeMediaClient(
            documents: { _, _ in S.page },
            addDocument: { _, session, purpose, name, data, _ in
                added.withLock { $0.append((session, purpose, name)) }
                if data.first == 0 { throw S.refusal(415, .unsupportedType) }
                return S.file("d9", purpose, name: name)
            })
        let model = DocumentsModel(client: client, eventID: "e1", sessionID: "s1")
        await model.documentPicked(.materials, fileName: "Code.pdf", data: Data([0x25]))
        #expect(model.upload == .done(fileName: "Code.pdf"))
        #expect(added.withLock { $0.map(\.1) } == [.material])
        #expect(added.withLock { $0.map(\.0) } == ["s1"])
        await model.documentPicked(.postRead, fileName: "virus.exe", data: Data([0]))
        #expect(model.upload == .refusedType)
        #expect(model.uploadMessage == "Only PDF, text, Office, OpenDocument and image files can be added.")
        await model.documentPicked(.preRead, fileName: "big.pdf", data: Data(count: MediaLimits.maxBytes + 1))
        #expect(model.upload == .tooLarge(fileName: "big.pdf"))
        // An empty file is said to be empty, not of the wrong type, and is not sent.
        await model.documentPicked(.preRead, fileName: "blank.pdf", data: Data())
        #expect(model.upload == .empty(fileName: "blank.pdf"))
        #expect(model.uploadMessage == "“blank.pdf” is empty.")
        #expect(added.withLock { $0.count } == 2)
    }

    /// A file the server stored is said to be added even when the list read after it fails: "failed" would have
    /// the person send it again. The list shown stays, and the banner says why it could not be read.
    @Test func anUploadThatWentStaysDoneWhenTheListAfterItCannotBeRead() async {
        let reads = Locked(0)
        let uploads = Locked(0)
        let failure = APIError.http(status: 500, problem: nil)
        let documents = DocumentsModel(
            client: AttendeeMediaClient(
                documents: { _, _ in
                    let read = reads.next()
                    if read > 1 { throw failure }
                    return S.page
                },
                addDocument: { _, _, purpose, name, _, _ in
                    uploads.withLock { $0 += 1 }
                    return S.file("d9", purpose, name: name)
                }),
            eventID: "e1", sessionID: "s1")
        await documents.appeared()
        await documents.documentPicked(.preRead, fileName: "Agenda.pdf", data: Data([0x25]))
        #expect(documents.upload == .done(fileName: "Agenda.pdf"))
        #expect(documents.banner == .failure(failure.message))
        #expect(documents.sections[0].rows.map(\.id) == ["d1"])

        let gallery = GalleryModel(
            client: AttendeeMediaClient(
                gallery: { _ in
                    let read = reads.next()
                    if read > 3 { throw APIError.connectionLost }
                    return [S.file("g1", .gallery, type: .jpeg)]
                },
                uploadPhoto: { _, name, _, _ in
                    uploads.withLock { $0 += 1 }
                    return S.file("g2", .gallery, type: .jpeg, name: name)
                }),
            eventID: "e1")
        await gallery.appeared()
        await gallery.photoPicked(fileName: "stage.jpg", data: Data([0xFF, 0xD8, 0xFF]))
        #expect(gallery.upload == .done(fileName: "stage.jpg"))
        #expect(gallery.banner == .failure(APIError.connectionLost.message))
        #expect(gallery.tiles.map(\.id) == ["g1"])
        #expect(uploads.withLock { $0 } == 2)
    }

    /// Add opens the Files picker only for someone the server lets add; the chosen file goes to the list whose
    /// Add was tapped, and a file that cannot be read, or a picker that failed, is told in the banner.
    @Test func addOpensTheFilesPickerAndTheChosenFileGoesToItsList() async throws {
        struct PickerFailure: Error {}
        let mayAdd = Locked(false)
        let added = Locked<[(MediaPurpose, String, Data)]>([])
        let client = AttendeeMediaClient(
            documents: { _, _ in
                var page = S.page
                page.canAdd = mayAdd.withLock { $0 }
                return page
            },
            addDocument: { _, _, purpose, name, data, _ in
                added.withLock { $0.append((purpose, name, data)) }
                return S.file("d9", purpose, name: name)
            })
        let model = DocumentsModel(client: client, eventID: "e1", sessionID: "s1")
        await model.appeared()
        #expect(!model.canAdd)
        model.addTapped(.postRead)
        #expect(!model.showsFilePicker)

        mayAdd.withLock { $0 = true }
        await model.appeared()
        #expect(model.canAdd)
        model.addTapped(.postRead)
        #expect(model.showsFilePicker && model.addingTo == .postRead)
        model.filePickerClosed()
        #expect(!model.showsFilePicker)
        await model.fileChosen(.failure(PickerFailure()))
        #expect(model.banner == .failure("The file could not be opened."))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        await model.fileChosen(.success(folder.appendingPathComponent("Gone.pdf")))
        #expect(model.banner == .failure("“Gone.pdf” could not be read."))
        #expect(added.withLock { $0.isEmpty })

        let handout = folder.appendingPathComponent("Handout.txt")
        try Data("Read this after.".utf8).write(to: handout)
        model.addTapped(.postRead)
        await model.fileChosen(.success(handout))
        #expect(model.banner == nil)
        #expect(model.upload == .done(fileName: "Handout.txt"))
        #expect(added.withLock { $0.map(\.0) } == [.postRead])
        #expect(added.withLock { $0.map(\.1) } == ["Handout.txt"])
        #expect(added.withLock { $0.map(\.2) } == [Data("Read this after.".utf8)])
    }

    @Test(arguments: [(0, "0 bytes"), (1023, "1023 bytes"), (1024, "1 KB"), (5 << 20, "5.0 MB"), (25 << 20, "25 MB")])
    func sizesReadInWords(bytes: Int, text: String) {
        #expect(MediaText.size(bytes) == text)
    }

    /// Remove confirmed twice while the first is on its way removes once and says it was removed, on the gallery and
    /// the Documentation page; a file the server no longer has (removed elsewhere) is gone, as the person wanted.
    @Test func aRemovalConfirmedTwiceIsSentOnceAndOneAlreadyGoneCountsAsRemoved() async {
        let gate = Gate(isOpen: false)
        let removed = Locked<[String]>([])
        let photos = Locked([
            S.file("g2", .gallery, type: .jpeg, name: "Stage.jpg", canRemove: true),
            S.file("g1", .gallery, type: .png, name: "Opening.png", canRemove: true),
        ])
        let documents = Locked(S.page)
        let client = AttendeeMediaClient(
            documents: { _, _ in documents.withLock { $0 } },
            gallery: { _ in photos.withLock { $0 } },
            remove: { id in
                let first = removed.withLock { list in
                    defer { list.append(id) }
                    return list.isEmpty
                }
                // NB: only the first waits, so a second one sent (the defect) cannot hang the test.
                if first { await gate.pass() }
                let gone = photos.withLock { list in
                    defer { list.removeAll { $0.id == id } }
                    return !list.contains { $0.id == id }
                }
                documents.withLock { $0.preRead.removeAll { $0.id == id } }
                if gone && id.hasPrefix("g") { throw S.refusal(404, nil) }
                if id == "d2" { throw S.refusal(404, nil) }
            })
        let gallery = GalleryModel(client: client, eventID: "e1")
        await gallery.appeared()
        let first = Task { await gallery.confirmTapped("g2") }
        await gate.arrived(1)
        await gallery.confirmTapped("g2")
        await gate.open()
        await first.value
        #expect(removed.withLock { $0 } == ["g2"])
        #expect(gallery.tiles.map(\.id) == ["g1"])
        #expect(gallery.banner == .confirmation("Removed “Stage.jpg”."))

        // Removed elsewhere meanwhile: the server says 404, and the tile goes without a failure.
        photos.withLock { $0.removeAll { $0.id == "g1" } }
        await gallery.confirmTapped("g1")
        #expect(gallery.tiles.isEmpty)
        #expect(gallery.banner == .confirmation("Removed “Opening.png”."))

        let page = DocumentsModel(client: client, eventID: "e1", sessionID: nil)
        await page.appeared()
        await gate.close()
        removed.withLock { $0 = [] }
        let removing = Task { await page.confirmTapped("d1") }
        await gate.arrived(2)
        await page.confirmTapped("d1")
        await gate.open()
        await removing.value
        #expect(removed.withLock { $0 } == ["d1"])
        #expect(page.banner == .confirmation("Removed “Reading list.txt”."))
        await page.confirmTapped("d2")
        #expect(page.banner == .confirmation("Removed “Slides.pptx”."))
    }
}

extension MediaModelTests {
    /// A photo tapped, then another while the first is still on its way: the second opens, and the first, landing
    /// after, does not take its place, nor open again once the person closed the page.
    @Test func aSlowerPhotoTappedFirstDoesNotOpenOverTheOneTappedLast() async {
        let gate = Gate(isOpen: false)
        let client = AttendeeMediaClient(
            gallery: { _ in
                [S.file("g2", .gallery, type: .jpeg), S.file("g1", .gallery, type: .jpeg)]
            },
            download: { id in
                // NB: only g1 waits, so the test cannot hang whatever the model does.
                if id == "g1" { await gate.pass() }
                return Data("the whole \(id)".utf8)
            })
        let model = GalleryModel(client: client, eventID: "e1")
        await model.appeared()

        let first = Task { await model.tileTapped("g1") }
        await gate.arrived(1)
        await model.tileTapped("g2")
        #expect(model.opened?.id == "g2")
        await gate.open()
        await first.value
        #expect(model.opened?.id == "g2")

        await gate.close()
        let again = Task { await model.tileTapped("g1") }
        await gate.arrived(2)
        model.photoClosed()
        await gate.open()
        await again.value
        #expect(model.opened == nil)
    }
}
