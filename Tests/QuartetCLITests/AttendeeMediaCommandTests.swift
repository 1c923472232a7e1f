import APIClient
import AttendeeModels
import AttendeeServer
import Database
import Foundation
import HTTPServer
import TestSupport
import Testing
import TokenVerifier

@testable import QuartetCLI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `quartet attendee docs …` and `gallery …` end to end: the command line, URLSession, and a real server whose
/// uploads stream to disk as they arrive.
@Suite(.serialized) struct AttendeeMediaCommandTests {
    typealias Harness = AttendeeCommandTests.Harness

    struct Sections: Decodable {
        struct Section: Decodable {
            struct Row: Decodable {
                var id: String
                var title: String
                var detail: String
            }
            var kind: String
            var rows: [Row]
            var canAdd: Bool
        }
        var sections: [Section]
        var share: String?
    }

    struct Tiles: Decodable {
        struct Tile: Decodable {
            var id: String
            var fileName: String
        }
        var tiles: [Tile]
    }

    @Test func anOrganizerAddsListsDownloadsSharesAndRemovesDocuments() async throws {
        try await Harness.with { harness in
            let events = try await harness.json([Event].self, "events")
            let event = try #require(events.first)
            #expect(
                await harness.run(
                    "signup", "--email", "org@example.com", "--password", "correct horse", "--name", "Org"
                ).code == 0)
            _ = try await harness.database.write { db in
                try db.execute(
                    "UPDATE attendee_event SET organizer_id = (SELECT id FROM attendee_user WHERE email = 'org@example.com')"
                )
            }
            let pdf = Data("%PDF-1.7\nhello\n%%EOF\n".utf8) + Data(count: 3 << 20)
            let path = try harness.write("Programme.pdf", pdf)

            let added = await harness.run("docs", event.id, "add", "--kind", "pre-read", path)
            #expect(added.code == 0, "\(added.errors)")
            #expect(added.output == "Added “Programme.pdf”.\n")

            let list = await harness.run("docs", event.id)
            #expect(list.output.contains("Pre-Read\n  "))
            // The organizer may remove every document; the line says so, as the screen offers Remove.
            #expect(list.output.contains("Programme.pdf  — PDF · 3.0 MB · you may remove it\n"))
            #expect(list.output.contains("Post-Read\n  Nothing here yet.\n"))

            let page = try await harness.json(Sections.self, "docs", event.id, "list")
            let id = try #require(page.sections.first { $0.kind == "preRead" }?.rows.first?.id)
            let output = harness.directory + "/downloaded.pdf"
            let download = await harness.run("docs", event.id, "download", id, "--output", output)
            #expect(download.output == "Downloaded “Programme.pdf”.\n", "\(download.errors)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == pdf)
            // An existing folder takes the file under its own name, as `cp` does.
            let folder = harness.directory + "/downloads"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let intoFolder = await harness.run("docs", event.id, "download", id, "--output", folder + "/")
            #expect(intoFolder.code == 0, "\(intoFolder.errors)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/Programme.pdf")) == pdf)
            #expect(await harness.run("docs", event.id, "download", id, "--output", folder).code == 0)

            // Session materials belong to a session: the event's page takes none, and says so before uploading.
            let eventPage = try await harness.json(Sections.self, "docs", event.id)
            #expect(eventPage.sections.map(\.canAdd) == [true, true, false])
            let stored = harness.mediaFiles()
            let noSession = await harness.run("docs", event.id, "add", "--kind", "material", path)
            #expect(noSession.code == 2)
            #expect(noSession.errors.hasPrefix("quartet: Session materials need a session.\n"))
            #expect(harness.mediaFiles() == stored)

            let shared = try await harness.json(Sections.self, "docs", event.id, "share", id)
            let link = try #require(shared.share)
            #expect(link.hasPrefix("http://127.0.0.1:\(harness.server.port)/attendee/v1/media/\(id)?expires="))
            // The link opens for someone with no account: Mail and Messages send no token.
            let (opened, response) = try await URLSession.shared.data(from: try #require(URL(string: link)))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(opened == pdf)

            let wrongType = try harness.write("virus.pdf", Data([0x4D, 0x5A, 0x90, 0x00, 0x03]))
            let refused = await harness.run("docs", event.id, "add", "--kind", "post-read", wrongType)
            #expect(refused.code == 1)
            #expect(refused.errors.contains("Only PDF, text, Office, OpenDocument and image files can be added."))
            #expect(await harness.run("docs", event.id, "add", "--kind", "slides", path).code == 2)

            let sessions = try await harness.json([Session].self, "agenda", event.id)
            let session = try #require(sessions.first)
            let notes = try harness.write("Keynote notes.txt", Data("Slides follow.\n".utf8))
            let material = await harness.run(
                "docs", event.id, "--session", session.id, "add", "--kind", "material", notes)
            #expect(material.output == "Added “Keynote notes.txt”.\n", "\(material.errors)")
            let sessionPage = try await harness.json(Sections.self, "docs", event.id, "--session", session.id)
            #expect(sessionPage.sections.first { $0.kind == "materials" }?.rows.map(\.title) == ["Keynote notes.txt"])
            #expect(sessionPage.sections.first { $0.kind == "preRead" }?.rows.isEmpty == true)
            let other = try #require(sessions.last)
            let otherPage = try await harness.json(Sections.self, "docs", event.id, "--session", other.id)
            #expect(otherPage.sections.allSatisfy { $0.rows.isEmpty })
            if let materialID = sessionPage.sections.first(where: { $0.kind == "materials" })?.rows.first?.id {
                _ = await harness.run("docs", event.id, "--session", session.id, "remove", materialID)
            }

            let removed = await harness.run("docs", event.id, "remove", id)
            #expect(removed.output == "Removed “Programme.pdf”.\n", "\(removed.errors)")
            #expect(harness.mediaFiles().isEmpty)
        }
    }

    @Test func aMemberUploadsPhotosThatStreamToDiskAndOversizeOnesAreRefused() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first)
            _ = await harness.run("signup", "--email", "m@example.com", "--password", "correct horse", "--name", "M")
            _ = await harness.run("register", event.id, "--later")
            let png =
                Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
                + Data([0, 0, 2, 128, 0, 0, 1, 224, 8, 6, 0, 0, 0]) + Data(count: 2 << 20)
            let photo = try harness.write("Stage.png", png)
            let uploaded = await harness.run("gallery", event.id, "upload", photo)
            #expect(uploaded.output == "Added “Stage.png”.\n", "\(uploaded.errors)")
            let tiles = try await harness.json(Tiles.self, "gallery", event.id)
            #expect(tiles.tiles.map(\.fileName) == ["Stage.png"])
            let list = await harness.run("gallery", event.id)
            #expect(list.output.contains("Stage.png  — PNG image · 2.0 MB · 640 × 480 · you may remove it\n"))
            let id = try #require(tiles.tiles.first?.id)

            // The photo itself, its share link, and its removal: only by its uploader.
            let output = harness.directory + "/opened.png"
            let opened = await harness.run("gallery", event.id, "open", id, "--output", output)
            #expect(
                opened.output == "Stage.png  — PNG image · 2.0 MB · 640 × 480 · you may remove it\n",
                "\(opened.errors)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == png)
            let shared = await harness.run("gallery", event.id, "share", id)
            #expect(
                shared.output.hasPrefix(
                    "Stage.png: http://127.0.0.1:\(harness.server.port)/attendee/v1/media/\(id)?expires="))
            #expect(shared.output.contains("\nAnyone with the link can open it until "), "\(shared.output)")
            #expect(await harness.run("gallery", event.id, "open", "nope", "--output", output).code == 2)
            #expect(await harness.run("gallery", event.id, "open", id).code == 2)
            _ = await harness.run("signup", "--email", "n@example.com", "--password", "correct horse", "--name", "N")
            _ = await harness.run("register", event.id, "--later")
            // Another member sees the photo without the mark, and is refused when removing it all the same.
            let othersList = await harness.run("gallery", event.id)
            #expect(othersList.output.contains("Stage.png  — PNG image · 2.0 MB · 640 × 480\n"))
            let refused = await harness.run("gallery", event.id, "remove", id)
            #expect(refused.code == 1)
            #expect(refused.errors.contains("Only its uploader (or the organizer) can remove “Stage.png”."))
            _ = await harness.run("signin", "--email", "m@example.com", "--password", "correct horse")
            let removed = await harness.run("gallery", event.id, "remove", id)
            #expect(removed.output == "Removed “Stage.png”.\n", "\(removed.errors)")
            #expect(try await harness.json(Tiles.self, "gallery", event.id).tiles.isEmpty)

            let big = try harness.write("Big.png", png + Data(count: MediaLimits.maxBytes))
            let tooLarge = await harness.run("gallery", event.id, "upload", big)
            #expect(tooLarge.code == 1)
            #expect(tooLarge.errors.contains("“Big.png” is larger than 25 MB."))
            #expect(harness.mediaFiles().isEmpty)
        }
    }

    /// Signs a person up through the command line and registers them for the first event: the event, and the
    /// bearer token the command line kept, for requests sent over a raw socket.
    static func registeredWithToken(_ harness: Harness) async throws -> (event: Event, token: String) {
        let event = try #require(try await harness.json([Event].self, "events").first)
        _ = await harness.run("signup", "--email", "m@example.com", "--password", "correct horse", "--name", "M")
        _ = await harness.run("register", event.id, "--later")
        let token = try #require(
            CredentialStore<String>.file(URL(fileURLWithPath: harness.directory + "/client/attendee/token")).load())
        return (event, token)
    }

    @Test func anUploadCutOffMidwayLeavesNothingOnDisk() async throws {
        // NB: a short idle timeout only for the raw-socket tests; with URLSession it let a keep-alive connection
        // expire between a command's requests on a loaded machine.
        try await Harness.with(idleTimeout: .seconds(1)) { harness in
            let (event, token) = try await Self.registeredWithToken(harness)
            let connection = try RawConnection(port: harness.server.port)
            let head =
                "POST /attendee/v1/events/\(event.id)/gallery?name=cut.jpg HTTP/1.1\r\nHost: x\r\n"
                + "Authorization: Bearer \(token)\r\nContent-Length: 5000000\r\n\r\n"
            try await connection.sendAsync(Data(head.utf8) + Data([0xFF, 0xD8, 0xFF]) + Data(count: 400_000))
            var staged = false
            for _ in 0..<200 where !staged {
                staged = harness.mediaFiles().contains { $0.hasPrefix("staging/") }
                if !staged { try await Task.sleep(for: .milliseconds(25)) }
            }
            #expect(staged)
            connection.close()
            var gone = false
            for _ in 0..<400 where !gone {
                gone = harness.mediaFiles().isEmpty
                if !gone { try await Task.sleep(for: .milliseconds(25)) }
            }
            #expect(gone)
        }
    }

    @Test func overRealSocketsOneByteOverTheLimitIs413AndNothingStays() async throws {
        // NB: a short idle timeout, as for the cut-off upload: the raw socket's sends block a thread of the test
        // pool, and a connection the server stopped reading must not hold it for a minute.
        try await Harness.with(idleTimeout: .seconds(1)) { harness in
            let (event, token) = try await Self.registeredWithToken(harness)
            let body = Data([0xFF, 0xD8, 0xFF]) + Data(count: MediaLimits.maxBytes + 1 - 3)
            for declared in [true, false] {
                let connection = try RawConnection(port: harness.server.port)
                let length = declared ? "Content-Length: \(body.count)\r\n" : "Transfer-Encoding: chunked\r\n"
                let head =
                    "POST /attendee/v1/events/\(event.id)/gallery?name=big.jpg HTTP/1.1\r\nHost: x\r\n"
                    + "Authorization: Bearer \(token)\r\n\(length)Connection: close\r\n\r\n"
                var wire = Data(head.utf8)
                if declared {
                    wire += body
                } else {
                    wire += Data((String(body.count, radix: 16) + "\r\n").utf8) + body + Data("\r\n0\r\n\r\n".utf8)
                }
                try await connection.sendAsync(wire)
                let reply = try await blocking { try connection.readHead() }
                #expect(reply.status == 413, "\(reply.status) \(reply.text)")
                #expect(harness.mediaFiles().isEmpty)
            }
        }
    }
}
