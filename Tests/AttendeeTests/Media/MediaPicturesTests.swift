import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Locking
import TestSupport
import Testing

/// The pictures the screens draw: fetched once with the person's token, the file itself where there is no
/// thumbnail, the photo symbol where nothing comes, and no more kept than the capacity.
@MainActor
struct MediaPicturesTests {
    /// A client that records each call (`thumbnail a1`, `download a1`) and answers from `thumbnails` and `files`
    /// (a missing id is a 404).
    final class Server: Sendable {
        let calls = Locked<[String]>([])
        let thumbnails: [String: Data]
        let files: [String: Data]
        let failure: APIError?

        init(thumbnails: [String: Data] = [:], files: [String: Data] = [:], failure: APIError? = nil) {
            self.thumbnails = thumbnails
            self.files = files
            self.failure = failure
        }

        var client: AttendeeMediaClient {
            AttendeeMediaClient(
                download: { id in try self.answer("download", id, self.files) },
                thumbnail: { id in try self.answer("thumbnail", id, self.thumbnails) })
        }

        private func answer(_ call: String, _ id: String, _ answers: [String: Data]) throws -> Data {
            calls.withLock { $0.append("\(call) \(id)") }
            if let failure { throw failure }
            guard let data = answers[id] else { throw APIError.http(status: 404, problem: nil) }
            return data
        }
    }

    nonisolated static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])
    nonisolated static let photo = Data([0x89, 0x50, 0x4E, 0x47, 9, 9, 9, 9])

    static func row(_ id: String) -> RowImage { RowImage(id, author: "Ada Lovelace")! }

    static func file(_ id: String, thumbnail: Bool) -> RowImage {
        RowImage(
            MediaFile(
                id: id, eventID: "e1", ownerID: "p1", purpose: .gallery, type: .png, byteCount: 8, width: 2,
                height: 2, fileName: "\(id).png", hasThumbnail: thumbnail, createdAt: Date(timeIntervalSince1970: 0)))
    }

    @Test func aRowsPictureIsItsThumbnailFetchedOnceHoweverOftenItAppears() async {
        let server = Server(thumbnails: ["a1": Self.jpeg])
        let pictures = MediaPictures(client: server.client)
        #expect(pictures.picture(Self.row("a1")) == nil)
        await pictures.appeared(Self.row("a1"))
        await pictures.appeared(Self.row("a1"))
        #expect(pictures.picture(Self.row("a1")) == .loaded(Self.jpeg))
        #expect(server.calls.withLock { $0 } == ["thumbnail a1"])
        #expect(Self.row("a1").accessibilityLabel == "Photo from Ada Lovelace")
    }

    /// A tapped picture opens whole: the file itself, not the thumbnail the row drew, and not kept; a file that
    /// cannot be fetched says so; a page closed while the file comes stays closed.
    @Test func aTappedPictureOpensWholeFromTheFileItself() async {
        let server = Server(thumbnails: ["a1": Self.jpeg], files: ["a1": Self.photo])
        let pictures = MediaPictures(client: server.client)
        await pictures.appeared(Self.row("a1"))
        await pictures.openTapped(Self.row("a1"))
        #expect(pictures.opened?.image == Self.row("a1"))
        #expect(pictures.opened?.picture == .loaded(Self.photo))
        #expect(pictures.picture(Self.row("a1")) == .loaded(Self.jpeg))
        pictures.openedClosed()
        #expect(pictures.opened == nil)
        await pictures.openTapped(Self.row("gone"))
        #expect(pictures.opened?.picture == .unavailable)
        #expect(pictures.unavailableMessage == "The photo could not be loaded.")
        #expect(server.calls.withLock { $0 } == ["thumbnail a1", "download a1", "download gone"])

        let gate = Gate(isOpen: false)
        let slow = MediaPictures(
            client: AttendeeMediaClient(download: { _ in
                await gate.pass()
                return Self.photo
            }))
        let opening = Task { await slow.openTapped(Self.row("a1")) }
        await gate.arrived(1)
        #expect(slow.opened?.picture == .loading)
        slow.openedClosed()
        await gate.open()
        await opening.value
        #expect(slow.opened == nil)
    }

    @Test func withoutAThumbnailTheFileItselfIsDrawn() async {
        let server = Server(files: ["a1": Self.photo, "g1": Self.photo])
        let pictures = MediaPictures(client: server.client)
        // A row knows only the id: the thumbnail's 404 sends it to the file.
        await pictures.appeared(Self.row("a1"))
        #expect(pictures.picture(Self.row("a1")) == .loaded(Self.photo))
        // A gallery tile knows there is none, and asks for the file at once.
        await pictures.appeared(Self.file("g1", thumbnail: false))
        #expect(pictures.picture(Self.file("g1", thumbnail: false)) == .loaded(Self.photo))
        #expect(server.calls.withLock { $0 } == ["thumbnail a1", "download a1", "download g1"])
    }

    @Test func aListedThumbnailThatIsGoneIsNotReplacedByTheWholeFile() async {
        // NB: a gallery photo listed with a thumbnail whose thumbnail is missing is a server fault; a 25 MB
        // download in its place would be worse than the symbol.
        let server = Server(files: ["g1": Self.photo])
        let pictures = MediaPictures(client: server.client)
        await pictures.appeared(Self.file("g1", thumbnail: true))
        #expect(pictures.picture(Self.file("g1", thumbnail: true)) == .unavailable)
        #expect(server.calls.withLock { $0 } == ["thumbnail g1"])
    }

    @Test func offlineThePictureIsUnavailableAndAskedForAgainWhenItNextAppears() async {
        let offline = Server(failure: .offline)
        let pictures = MediaPictures(client: offline.client)
        await pictures.appeared(Self.row("a1"))
        #expect(pictures.picture(Self.row("a1")) == .unavailable)
        await pictures.appeared(Self.row("a1"))
        #expect(offline.calls.withLock { $0 } == ["thumbnail a1", "thumbnail a1"])
    }

    @Test func aFetchTheViewGaveUpOnLeavesNothingBehind() async {
        let server = Server(failure: .cancelled)
        let pictures = MediaPictures(client: server.client)
        await pictures.appeared(Self.row("a1"))
        #expect(pictures.picture(Self.row("a1")) == nil)
    }

    @Test func whileAPictureIsOnItsWayAnotherViewOfItWaitsForTheSameFetch() async {
        let gate = AsyncStream<Void>.makeStream()
        let calls = Locked(0)
        let client = AttendeeMediaClient(thumbnail: { _ in
            calls.withLock { $0 += 1 }
            for await _ in gate.stream { break }
            return Self.jpeg
        })
        let pictures = MediaPictures(client: client)
        let first = Task { await pictures.appeared(Self.row("a1")) }
        while calls.withLock({ $0 }) == 0 { await Task.yield() }
        #expect(pictures.picture(Self.row("a1")) == .loading)
        await pictures.appeared(Self.row("a1"))
        gate.continuation.yield()
        await first.value
        #expect(pictures.picture(Self.row("a1")) == .loaded(Self.jpeg))
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func onlyTheMostRecentlyDrawnAreKept() async {
        let ids = (0...MediaPictures.capacity).map { "a\($0)" }
        let server = Server(thumbnails: Dictionary(uniqueKeysWithValues: (ids + ["b"]).map { ($0, Self.jpeg) }))
        let pictures = MediaPictures(client: server.client)
        for id in ids { await pictures.appeared(Self.row(id)) }
        #expect(pictures.picture(Self.row("a0")) == nil, "the least recently drawn was let go")
        #expect(pictures.picture(Self.row("a1")) == .loaded(Self.jpeg))
        // Drawing a1 again makes a2 the oldest: one more picture lets a2 go and keeps a1.
        await pictures.appeared(Self.row("a1"))
        await pictures.appeared(Self.row("b"))
        #expect(pictures.picture(Self.row("a1")) == .loaded(Self.jpeg))
        #expect(pictures.picture(Self.row("a2")) == nil)
        #expect(server.calls.withLock { $0 }.count == ids.count + 1)
    }
}
