import APIClient
import AttendeeModels
import Foundation
import HTTPTypes

/// The Attendee media API as a value (documents, gallery, downloads, share links): one closure per call, a
/// `live` value over `APIClient`, test values in tests.
///
/// NB: a struct of its own rather than more closures on ``AttendeeClient``, so the documents and gallery
/// screens depend on what they use only.
public struct AttendeeMediaClient: Sendable {
    /// `GET /events/:eventID/documents?sessionID=`.
    public var documents: @Sendable (_ eventID: String, _ sessionID: String?) async throws -> DocumentsPage
    /// `POST /events/:eventID/documents?purpose=&sessionID=&name=` with the file as the body and the pick's
    /// `Idempotency-Key` (the same for every retry of it).
    public var addDocument:
        @Sendable (
            _ eventID: String, _ sessionID: String?, MediaPurpose, _ fileName: String, Data, _ idempotencyKey: String
        ) async throws -> MediaFile
    /// `GET /events/:eventID/gallery`.
    public var gallery: @Sendable (_ eventID: String) async throws -> [MediaFile]
    /// `POST /events/:eventID/gallery?name=` with the image as the body and the pick's `Idempotency-Key`.
    public var uploadPhoto:
        @Sendable (_ eventID: String, _ fileName: String, Data, _ idempotencyKey: String) async throws -> MediaFile
    /// `GET /media/:mediaID`: the file's bytes.
    public var download: @Sendable (_ mediaID: String) async throws -> Data
    /// `GET /media/:mediaID/thumbnail`.
    public var thumbnail: @Sendable (_ mediaID: String) async throws -> Data
    /// `GET /media/:mediaID/share`.
    public var share: @Sendable (_ mediaID: String) async throws -> MediaShareLink
    /// `DELETE /media/:mediaID`.
    public var remove: @Sendable (_ mediaID: String) async throws -> Void

    /// Creates a client from closures; every call not given fails with ``AttendeeClient/callNotInTest``.
    public init(
        documents: @escaping @Sendable (String, String?) async throws -> DocumentsPage = { _, _ in
            throw AttendeeClient.callNotInTest
        },
        addDocument:
            @escaping @Sendable (String, String?, MediaPurpose, String, Data, String) async throws ->
            MediaFile = { _, _, _, _, _, _ in throw AttendeeClient.callNotInTest },
        gallery: @escaping @Sendable (String) async throws -> [MediaFile] = { _ in throw AttendeeClient.callNotInTest },
        uploadPhoto: @escaping @Sendable (String, String, Data, String) async throws -> MediaFile = { _, _, _, _ in
            throw AttendeeClient.callNotInTest
        },
        download: @escaping @Sendable (String) async throws -> Data = { _ in throw AttendeeClient.callNotInTest },
        thumbnail: @escaping @Sendable (String) async throws -> Data = { _ in throw AttendeeClient.callNotInTest },
        share: @escaping @Sendable (String) async throws -> MediaShareLink = { _ in
            throw AttendeeClient.callNotInTest
        },
        remove: @escaping @Sendable (String) async throws -> Void = { _ in throw AttendeeClient.callNotInTest }
    ) {
        self.documents = documents
        self.addDocument = addDocument
        self.gallery = gallery
        self.uploadPhoto = uploadPhoto
        self.download = download
        self.thumbnail = thumbnail
        self.share = share
        self.remove = remove
    }
}

extension AttendeeMediaClient {
    /// A client whose every call fails with ``AttendeeClient/callNotInTest``: the starting point of a test that
    /// replaces only the calls it expects.
    public static var unimplemented: AttendeeMediaClient { AttendeeMediaClient() }
}

extension AttendeeMediaClient {
    /// The real server, through `APIClient` (error reporting, bearer token from `tokens`; an upload is repeated on a dropped connection only with its
    /// `Idempotency-Key`, which the server answers once).
    /// Give it the ``AttendeeClient``'s `sessionEnd`, so a refused token on a media page also ends the session.
    public static func live(
        baseURL: URL, transport: HTTPTransport, tokens: TokenStore, sessionEnd: SessionEndSignal = SessionEndSignal()
    ) -> AttendeeMediaClient {
        let api = APIClient.attendee(baseURL: baseURL, transport: transport, tokens: tokens, sessionEnd: sessionEnd)
        @Sendable func upload(
            _ route: Route, _ eventID: String, query: [URLQueryItem], _ data: Data, idempotencyKey: String
        ) async throws -> MediaFile {
            try await api.send(
                Endpoint<MediaFile>(
                    route, [eventID], query: query, body: .data(data, contentType: "application/octet-stream"),
                    idempotencyKey: idempotencyKey, response: .json()))
        }
        return AttendeeMediaClient(
            documents: { eventID, sessionID in
                try await api.send(
                    Endpoint<DocumentsPage>(
                        AttendeeRoute.documents, [eventID],
                        query: sessionID.map { [URLQueryItem(name: "sessionID", value: $0)] } ?? [],
                        response: .json()))
            },
            addDocument: { eventID, sessionID, purpose, fileName, data, key in
                var query = [
                    URLQueryItem(name: "purpose", value: purpose.rawValue), URLQueryItem(name: "name", value: fileName),
                ]
                if let sessionID { query.append(URLQueryItem(name: "sessionID", value: sessionID)) }
                return try await upload(AttendeeRoute.addDocument, eventID, query: query, data, idempotencyKey: key)
            },
            gallery: { eventID in
                try await api.send(Endpoint<[MediaFile]>(AttendeeRoute.gallery, [eventID], response: .json()))
            },
            uploadPhoto: { eventID, fileName, data, key in
                try await upload(
                    AttendeeRoute.uploadPhoto, eventID, query: [URLQueryItem(name: "name", value: fileName)], data,
                    idempotencyKey: key)
            },
            download: { mediaID in
                try await api.send(Endpoint<Data>(AttendeeRoute.media, [mediaID], response: .data))
            },
            thumbnail: { mediaID in
                try await api.send(Endpoint<Data>(AttendeeRoute.mediaThumbnail, [mediaID], response: .data))
            },
            share: { mediaID in
                try await api.send(Endpoint<MediaShareLink>(AttendeeRoute.mediaShare, [mediaID], response: .json()))
            },
            remove: { mediaID in
                try await api.send(Endpoint<Void>(AttendeeRoute.removeMedia, [mediaID], response: .none))
            })
    }
}
