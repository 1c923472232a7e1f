import AttendeeModels
import AttendeeTestSupport
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import AttendeeServer

/// An upload sent again with its `Idempotency-Key` (after an answer the connection lost) stores one file: the same
/// account, key, path, name and bytes answer what the first answered; the key with other bytes is refused.
@Suite struct UploadIdempotencyKeyTests {
    /// Every upload route, as the test server sends it.
    enum Upload: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case document, galleryPhoto, attachment

        var testDescription: String { rawValue }

        /// Two different files this route takes.
        func files() throws -> (Data, Data) {
            switch self {
            case .document: (MediaFixtures.text, MediaFixtures.pdf)
            case .galleryPhoto, .attachment:
                (try MediaFixtures.jpeg(width: 64, height: 48), try MediaFixtures.jpeg(width: 48, height: 64))
            }
        }

        /// Sends `data` as `token`, with `key` as its `Idempotency-Key` when there is one.
        func send(_ data: Data, key: String?, token: String, _ server: AttendeeTestServer) async throws -> Response {
            var headers: HTTPHeaders = [:]
            if let key { headers[IdempotencyKeyRules.header] = key }
            let target =
                switch self {
                case .document: "/attendee/v1/events/\(server.eventID)/documents?purpose=pre-read&name=notes.txt"
                case .galleryPhoto: "/attendee/v1/events/\(server.eventID)/gallery?name=photo.jpg"
                case .attachment: "/attendee/v1/events/\(server.eventID)/attachments?name=picture.jpg"
                }
            return try await server.upload(target, data, token: token, headers: headers)
        }
    }

    /// Someone who may upload to every route: the demo event's organizer.
    static func uploader(_ server: AttendeeTestServer) async throws -> String {
        let token = try await server.registeredAttendee("Ines Duarte")
        try await server.makeOrganizer(token)
        return token
    }

    /// A key is kept 24 hours: sent again after that, the upload is a new one, whether or not the old key was
    /// swept yet (the upload looks its key up before anything else).
    @Test(arguments: DatabaseKind.eachDialect)
    func aKeyPastItsDayIsANewUpload(_ kind: DatabaseKind) async throws {
        let clock = TestClock()
        let onTheClock: (inout AttendeeService.Configuration) -> Void = { $0.now = clock.closure }
        try await AttendeeTestServer.with(kind, configure: onTheClock) { server in
            let token = try await Self.uploader(server)
            let (file, _) = try Upload.galleryPhoto.files()
            let key = UUID().uuidString
            let first = try await Upload.galleryPhoto.send(file, key: key, token: token, server)
            #expect(first.status == .created, "\(first.bodyText)")
            let rows = try await server.count("attendee_media")

            clock.advance(by: 24 * 3600 + 1)
            let later = try await Upload.galleryPhoto.send(file, key: key, token: token, server)
            #expect(later.status == .created, "\(later.bodyText)")
            #expect(later.bodyData != first.bodyData, "a new file, with its own id")
            #expect(try await server.count("attendee_media") == rows + 1)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect, Upload.allCases)
    func theSameUploadWithTheSameKeyStoresOneFileAndAnswersTheSame(_ kind: DatabaseKind, _ upload: Upload)
        async throws
    {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await Self.uploader(server)
            let (file, _) = try upload.files()
            let key = UUID().uuidString
            let first = try await upload.send(file, key: key, token: token, server)
            #expect(first.status == .created, "\(first.bodyText)")
            let (rows, files) = (try await server.count("attendee_media"), server.mediaFiles())

            let again = try await upload.send(file, key: key, token: token, server)
            #expect(again.status == first.status)
            #expect(again.bodyText == first.bodyText)
            #expect(again.headers["Location"] == first.headers["Location"])
            #expect(try await server.count("attendee_media") == rows)
            #expect(server.mediaFiles() == files)
            #expect(server.mediaFiles().filter { $0.hasPrefix("staging/") }.isEmpty)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect, Upload.allCases)
    func anotherFileWithTheSameKeyIsRefused(_ kind: DatabaseKind, _ upload: Upload) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await Self.uploader(server)
            let (file, other) = try upload.files()
            let key = UUID().uuidString
            #expect(try await upload.send(file, key: key, token: token, server).status == .created)
            let (rows, files) = (try await server.count("attendee_media"), server.mediaFiles())

            let refused = try await upload.send(other, key: key, token: token, server)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.problem["type"] == IdempotencyKeyRules.reusedType)
            #expect(refused.problem["field"] == IdempotencyKeyRules.header)
            #expect(try await server.count("attendee_media") == rows)
            #expect(server.mediaFiles() == files)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect, Upload.allCases)
    func withoutAKeyEachUploadStoresOneAsBefore(_ kind: DatabaseKind, _ upload: Upload) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await Self.uploader(server)
            let (file, _) = try upload.files()
            let rows = try await server.count("attendee_media")
            #expect(try await upload.send(file, key: nil, token: token, server).status == .created)
            #expect(try await upload.send(file, key: nil, token: token, server).status == .created)
            #expect(try await server.count("attendee_media") == rows + 2)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aMalformedKeyIsA400AndStoresNothing(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await Self.uploader(server)
            let rows = try await server.count("attendee_media")
            let refused = try await Upload.galleryPhoto.send(
                try MediaFixtures.jpeg(width: 64, height: 48), key: "two words", token: token, server)
            #expect(refused.status == .badRequest)
            #expect(refused.problem["type"] == IdempotencyKeyRules.invalidType)
            #expect(try await server.count("attendee_media") == rows)
        }
    }
}
