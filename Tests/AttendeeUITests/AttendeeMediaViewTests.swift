import APIClient
import AttendeeCore
import AttendeeModels
import AttendeeServer
import Database
import Foundation
import HTTPServer
import ImageSamples
import Locking
import SwiftUI
import Testing
import TokenVerifier

@testable import AttendeeUI

/// The gallery and the Documentation page, reached from the dashboard, against the real server in process.
@MainActor
struct AttendeeMediaViewTests {
    static func host() async throws -> ViewHost<AttendeeRootView> {
        try await InProcessAttendee.make().host()
    }

    @Test func aPhotoAddedInTheGalleryHeadsTheDocumentationPageAndOpensTheGallery() async throws {
        let host = try await AttendeeRootViewTests.registered(InProcessAttendee.make())

        try host.tap("Gallery")
        try await host.waitUntil("the gallery") { $0.texts.contains("No photos yet.") }
        #expect(host.tree.visibleNavigationTitle == "Gallery")
        let html = Data("<html>not a photo</html>".utf8)
        try host.pickPhoto(html, in: "Add Photo")
        try await host.waitUntil("refused") {
            $0.texts.contains("Only JPEG, PNG, GIF, WebP and HEIC photos can be added.")
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        png += Data([0, 0, 2, 128, 0, 0, 1, 224, 8, 6, 0, 0, 0]) + Data(count: 100)
        try host.pickPhoto(png, in: "Add Photo")
        try await host.waitUntil("added") { $0.texts.contains("Added “Photo.png”.") }
        #expect(host.tree.find(.button, "Photo.png") != nil, "the new photo's cell")
        try host.tap("Dismiss")
        #expect(!host.tree.texts.contains("Added “Photo.png”."))
        // Its pixels cannot be read, so the server made no thumbnail: the tile draws the file itself.
        try await host.waitUntil("the tile's picture") { Self.picture($0, "Photo.png") == "129 bytes" }
        try host.back()

        try host.tap("Documentation")
        try await host.waitUntil("the documents") { $0.find(.button, "Open the Gallery") != nil }
        #expect(host.tree.visibleNavigationTitle == "Documentation")
        for title in ["Pre-Read", "Post-Read", "Session Materials"] { #expect(host.tree.texts.contains(title)) }
        try await host.waitUntil("the header photo") { Self.picture($0, "Photo.png") == "129 bytes" }
        try host.tap("Open the Gallery")
        try await host.waitUntil("the gallery sheet") { $0.topPresentation?.find(.button, "Photo.png") != nil }
    }

    /// The gallery is a grid of square thumbnails, newest first, as many columns of at least 100 points as fit a
    /// hairline apart (three on an iPhone); a cell is named for a screen reader by its file and opens the photo's
    /// page, where its name and details are.
    @Test func theGalleryIsAGridOfSquareThumbnailsThatOpenTheirPhotos() async throws {
        let app = try await InProcessAttendee.make()
        let host = try await AttendeeRootViewTests.registered(app)
        let bo = try await app.registeredPerson("Bo Chen", email: "bo@example.com")
        let event = try await app.eventID()
        let photo = try ImageSamples.png(ImageSamples.gradient(width: 1200, height: 900))
        for name in ["Bo.png", "Stage.png"] {
            let uploaded = try await app.server.post(
                "/attendee/v1/events/\(event)/gallery?name=\(name)", body: photo, headers: bo.auth)
            try #require(uploaded.status == .created, "\(uploaded.bodyText)")
        }

        try host.tap("Gallery")
        try await host.waitUntil("the cells' thumbnails") { tree in
            ["Stage.png", "Bo.png"].allSatisfy { Self.picture(tree, $0) != nil }
        }
        let grid = try #require(host.tree.first { $0.kind == .grid })
        guard case .adaptive(let minimum, _) = grid.gridColumns.first?.size else {
            Issue.record("the gallery's columns are not adaptive: \(grid.gridColumns)")
            return
        }
        #expect(minimum == 100 && grid.gridColumns.count == 1)
        #expect(grid.gridColumns.first?.spacing == 2 && grid.style.spacing == 2)
        #expect(grid.children.map(\.kind) == [.button, .button])
        #expect(grid.children.map(\.accessibilityLabel) == ["Stage.png", "Bo.png"], "newest first")
        for cell in grid.children {
            let picture = try #require(cell.first { $0.kind == .image })
            #expect(picture.style.aspectRatio == 1 && picture.style.isClipped && picture.style.styleName == "fill")
        }
        #expect(grid.texts.isEmpty, "a cell is its picture alone")
        #expect(!host.tree.texts.contains { $0.hasPrefix("PNG image") })

        try await host.tapAndSettle("Bo.png")
        try await host.waitUntil("Bo's photo page") { $0.topPresentation?.visibleNavigationTitle == "Bo.png" }
        let page = try #require(host.tree.topPresentation)
        #expect(page.texts.contains { $0.hasPrefix("PNG image · ") && $0.hasSuffix(" · 1200 × 900") })
    }

    /// A tile opens its photo on a page of its own: Share for everyone, Remove only on the person's own photo,
    /// which closes the page and takes the photo off the grid.
    @Test func aPhotoOpensOnItsPageAndOnlyItsUploaderRemovesIt() async throws {
        let app = try await InProcessAttendee.make()
        let host = try await AttendeeRootViewTests.registered(app)
        let bo = try await app.registeredPerson("Bo Chen", email: "bo@example.com")
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        png += Data([0, 0, 2, 128, 0, 0, 1, 224, 8, 6, 0, 0, 0]) + Data(count: 100)
        let event = try await app.eventID()
        let uploaded = try await app.server.post(
            "/attendee/v1/events/\(event)/gallery?name=Bo.png", body: png, headers: bo.auth)
        try #require(uploaded.status == .created, "\(uploaded.bodyText)")

        try host.tap("Gallery")
        try await host.waitUntil("Bo's photo") { $0.find(.button, "Bo.png") != nil }
        try host.pickPhoto(png, in: "Add Photo")
        try await host.waitUntil("added") { $0.texts.contains("Added “Photo.png”.") }

        try await host.tapAndSettle("Bo.png")
        try await host.waitUntil("Bo's photo page") { $0.topPresentation?.visibleNavigationTitle == "Bo.png" }
        var page = try #require(host.tree.topPresentation)
        #expect(page.find(.button, "Share") != nil)
        #expect(page.find(.button, "Remove from the Gallery") == nil)
        #expect(Self.picture(page, "Bo.png") == "129 bytes")
        try await host.tapAndSettle("Share")
        try await host.waitUntil("the share sheet") { $0.topPresentation?.visibleNavigationTitle == "Share" }
        let link = try #require(host.tree.topPresentation?.first { $0.kind == .shareLink })
        // The signed link anyone can open: `…/media/ID?expires=…&signature=…`.
        #expect(
            link.value?.contains("/attendee/v1/media/\(try uploaded.decode(MediaFile.self).id)?expires=") == true)
        try host.tap("Done")
        #expect(host.tree.topPresentation?.visibleNavigationTitle == "Bo.png")
        try host.tap("Done")
        #expect(host.tree.topPresentation == nil)

        try await host.tapAndSettle("Photo.png")
        try await host.waitUntil("my photo page") { $0.topPresentation?.visibleNavigationTitle == "Photo.png" }
        page = try #require(host.tree.topPresentation)
        try #require(page.find(.button, "Remove from the Gallery") != nil)
        try host.tap("Remove from the Gallery")
        #expect(host.tree.topPresentation?.text == "Remove “Photo.png” from the Gallery?")
        try await host.tapAndSettle("Remove from the Gallery")
        try await host.waitUntil("removed") { $0.topPresentation == nil && $0.texts.contains("Removed “Photo.png”.") }
        #expect(host.tree.find(.button, "Photo.png") == nil)
        #expect(host.tree.find(.button, "Bo.png") != nil)
    }

    /// Share on a document asks the server for its link and offers it in a share sheet, which Done closes.
    @Test func aDocumentIsSharedFromASheet() async throws {
        let model = DocumentsModel(client: AttendeeMediaClient.preview, eventID: "preview")
        let host = ViewHost(
            NavigationStack {
                DocumentsView(
                    model: model, gallery: GalleryModel(client: AttendeeMediaClient.preview, eventID: "preview"))
            })
        try await host.waitUntil("the documents") { $0.texts.contains("Programme.pdf") }
        #expect(host.tree.topPresentation == nil)
        try host.tap("Share")
        try await host.waitUntil("the share sheet") { $0.topPresentation != nil }
        let sheet = try #require(host.tree.topPresentation)
        #expect(sheet.visibleNavigationTitle == "Share")
        let link = try #require(sheet.first { $0.kind == .shareLink })
        #expect(link.value?.contains("https://quartet.example/attendee/v1/media/") == true)
        try host.tap("Done")
        #expect(host.tree.topPresentation == nil)
        #expect(model.share == nil)
    }

    /// Download on a document saves it on the device and offers the file to Save to Files or another app; Done
    /// closes the sheet.
    @Test func aDownloadedDocumentIsOfferedToSaveOrOpen() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = DocumentsModel(client: AttendeeMediaClient.preview, eventID: "preview", filesFolder: folder)
        let host = ViewHost(
            NavigationStack {
                DocumentsView(
                    model: model, gallery: GalleryModel(client: AttendeeMediaClient.preview, eventID: "preview"))
            })
        try await host.waitUntil("the documents") { $0.texts.contains("Programme.pdf") }
        try host.tap("Download")
        try await host.waitUntil("the download sheet") { $0.topPresentation != nil }
        let sheet = try #require(host.tree.topPresentation)
        #expect(sheet.visibleNavigationTitle == "Download")
        let name = try #require(model.download?.fileName)
        #expect(sheet.texts.contains(name))
        let link = try #require(sheet.first { $0.kind == .shareLink })
        #expect(link.text == "Save or Open")
        let saved = folder.appendingPathComponent(name)
        #expect(link.value == saved.absoluteString)
        #expect(FileManager.default.fileExists(atPath: saved.path))
        try host.tap("Done")
        #expect(host.tree.topPresentation == nil)
        #expect(model.download == nil)
    }

    /// What a page did is said with a check mark, and what went wrong in red with a warning sign; the same page
    /// draws both.
    @Test func aConfirmationAndAFailureAreDrawnApart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        var client = AttendeeMediaClient.preview
        client.remove = { _ in throw APIError.offline }
        let model = DocumentsModel(client: client, eventID: "preview", filesFolder: folder)
        let host = ViewHost(
            NavigationStack {
                DocumentsView(model: model, gallery: GalleryModel(client: client, eventID: "preview"))
            })
        try await host.waitUntil("the documents") { $0.texts.contains("Programme.pdf") }
        try host.tap("Download")
        try await host.waitUntil("the download sheet") { $0.topPresentation != nil }
        let name = try #require(model.download?.fileName)
        try host.tap("Done")
        let confirmation = try #require(host.tree.find(.label, "Downloaded “\(name)”."))
        #expect(confirmation.systemImage == "checkmark.circle")
        #expect(confirmation.style.iconForeground?.name == "green")

        try host.tap("Remove")
        #expect(host.tree.topPresentation?.kind == .confirmationDialog)
        try await host.tapAndSettle("Remove")
        let failure = try #require(host.tree.find(.label, APIError.offline.message))
        #expect(failure.systemImage == "exclamationmark.triangle")
        #expect(failure.style.iconForeground?.name == "red")
        #expect(host.tree.find(.label, "Downloaded “\(name)”.") == nil)
    }

    /// A speaker's session page has Add on each list: it opens the Files picker (which Cancel closes), and the
    /// chosen file is added to that list and shown in it.
    @Test func aSpeakerAddsADocumentFromTheFilesPicker() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let slides = folder.appendingPathComponent("Slides.pdf")
        try Data("%PDF-1.4".utf8).write(to: slides)
        let page = Locked(DocumentsPage(canAdd: true))
        let client = AttendeeMediaClient(
            documents: { _, _ in page.withLock { $0 } },
            addDocument: { eventID, sessionID, purpose, name, data, _ in
                let file = MediaFile(
                    id: "m1", eventID: eventID, sessionID: sessionID, ownerID: "me", purpose: purpose, type: .pdf,
                    byteCount: data.count, fileName: name, createdAt: Date())
                page.withLock { $0.materials.append(file) }
                return file
            })
        let host = ViewHost(
            NavigationStack {
                DocumentsView(
                    model: DocumentsModel(client: client, eventID: "e1", sessionID: "s1"),
                    gallery: GalleryModel(client: client, eventID: "e1"))
            })
        try await host.waitUntil("the lists") { tree in
            let adds: [ViewNode] = tree.all(.button).filter { $0.text == "Add Document" }
            return adds.count == 3
        }
        try host.tap("Add a document to Session Materials")
        #expect(host.tree.topPresentation?.kind == .fileImporter)
        try host.dismiss()
        #expect(host.tree.topPresentation == nil)

        try host.tap("Add a document to Session Materials")
        try host.chooseFile(slides)
        try await host.waitUntil("the added file") { $0.texts.contains("Slides.pdf") }
        #expect(host.tree.texts.contains("Added “Slides.pdf”."))
        #expect(page.withLock { $0.materials.map(\.sessionID) } == ["s1"])
    }

    /// The event's own page takes no session materials (they belong to a session): the organizer finds Add on
    /// the pre-read and post-read lists only.
    @Test func theEventsPageOffersNoAddUnderSessionMaterials() async throws {
        let client = AttendeeMediaClient(documents: { _, _ in DocumentsPage(canAdd: true) })
        let host = ViewHost(
            NavigationStack {
                DocumentsView(
                    model: DocumentsModel(client: client, eventID: "e1"),
                    gallery: GalleryModel(client: client, eventID: "e1"))
            })
        try await host.waitUntil("the lists") { tree in
            tree.all(.button).contains { $0.text == "Add Document" }
        }
        let adds = host.tree.all(.button).filter { $0.text == "Add Document" }.map(\.accessibilityLabel)
        #expect(adds == ["Add a document to Pre-Read", "Add a document to Post-Read"])
        #expect(host.tree.texts.contains("Session Materials"))
    }

    @Test func photosAreDrawnFromTheirThumbnailsInTheGalleryAndOnTheWall() async throws {
        let app = try await InProcessAttendee.make()
        let host = try await AttendeeRootViewTests.registered(app)
        let photo = try ImageSamples.png(ImageSamples.gradient(width: 1200, height: 900))

        try host.tap("Gallery")
        try await host.waitUntil("the gallery") { $0.texts.contains("No photos yet.") }
        try host.pickPhoto(photo, in: "Add Photo")
        try await host.waitUntil("added") { $0.texts.contains("Added “Photo.png”.") }
        let listed = try #require(try await app.mediaClient.gallery(app.eventID()).first)
        #expect(listed.hasThumbnail)
        let thumbnail = try await app.mediaClient.thumbnail(listed.id)
        #expect(thumbnail.count < photo.count)
        try await host.waitUntil("the tile's thumbnail") { Self.picture($0, "Photo.png") == "\(thumbnail.count) bytes" }
        try host.back()

        // The same photo on the wall: the row asks for the thumbnail by the post's image id alone.
        try host.tap("Wall")
        try await host.waitUntil("the wall") { $0.texts.contains("No posts yet. Be the first to write something.") }
        try host.pickPhoto(photo, in: "Attach Photo")
        try await host.waitUntil("attached") { $0.texts.contains("“Photo.png” attached.") }
        // The composer shows the photo, small, before it is posted: from its thumbnail, as the row will.
        try await host.waitUntil("the composer's thumbnail") {
            Self.picture($0, "Your photo") == "\(thumbnail.count) bytes"
        }
        try host.type("From the back row", into: "Write on the wall")
        try host.tap("Post")
        try await host.waitUntil("the post's thumbnail") {
            $0.texts.contains("From the back row")
                && Self.picture($0, "Photo from Ana Ferreira") == "\(thumbnail.count) bytes"
        }
    }

    /// What the image a screen reader calls `label` draws: `N bytes` for a fetched picture, `nil` while it shows
    /// the photo symbol (or is not there).
    static func picture(_ tree: ViewNode, _ label: String) -> String? {
        tree.first { $0.kind == .image && $0.accessibilityLabel == label && $0.systemImage == nil }?.value
    }
}
