import AttendeeModels
import Foundation
import HTTPServer
import ImageCodec
import ImageSamples
import Testing
import TokenVerifier

@testable import AttendeeServer

/// Files the media tests upload, written here (nothing is copied into the repository), and helpers to make
/// people speakers or organizers.
enum MediaFixtures {
    /// A real JPEG of `width × height` (a colour gradient), encoded by libjpeg-turbo.
    static func jpeg(width: Int = 800, height: Int = 600) throws -> Data {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 3
                pixels[index] = UInt8(x * 255 / max(1, width - 1))
                pixels[index + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[index + 2] = 128
            }
        }
        return try TurboJPEG.encode(
            RGBImage(size: PixelSize(width: width, height: height), pixels: pixels), quality: 80)
    }

    /// A real image of `type` (PNG, GIF, WebP or HEIC) of `width × height`, a gradient, encoded by its library.
    static func image(_ type: MediaType, width: Int, height: Int) throws -> Data {
        let pixels = ImageSamples.gradient(width: width, height: height)
        switch type {
        case .png: return try ImageSamples.png(pixels)
        case .gif: return try ImageSamples.gif([pixels])
        case .webp: return try ImageSamples.webp(pixels, lossless: false)
        case .heic: return try ImageSamples.heic(pixels)
        default: return try jpeg(width: width, height: height)
        }
    }

    /// A PNG's signature and header chunk claiming `width × height` (no pixel data follows; nothing decodes it).
    static func pngHeader(width: Int, height: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data.append(contentsOf: Array("IHDR".utf8))
        data.append(contentsOf: bigEndian(width) + bigEndian(height))
        data.append(contentsOf: [8, 6, 0, 0, 0, 0xDE, 0xAD, 0xBE, 0xEF])
        data.append(contentsOf: [UInt8](repeating: 0, count: 64))
        return data
    }

    /// A JPEG whose frame header claims `width × height`, with a JFIF segment before it and nothing decodable.
    static func jpegHeader(width: Int, height: Int) -> Data {
        var data = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        data.append(contentsOf: Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        data.append(contentsOf: [0xFF, 0xC0, 0x00, 0x11, 0x08])
        data.append(contentsOf: bigEndian(height).suffix(2) + bigEndian(width).suffix(2))
        data.append(contentsOf: [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9])
        return data
    }

    static let pdf = Data("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)
    static let text = Data("Read chapters 1 to 3 before the workshop.\nBring a laptop.\n".utf8)

    /// A zip's first local header naming `name`, followed by `body` stored as is.
    static func zip(_ entries: [(String, Data)]) -> Data {
        var data = Data()
        for (name, body) in entries {
            data.append(contentsOf: [0x50, 0x4B, 0x03, 0x04, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
            data.append(contentsOf: littleEndian(body.count, 4) + littleEndian(body.count, 4))
            data.append(contentsOf: littleEndian(name.utf8.count, 2) + [0, 0])
            data.append(contentsOf: Array(name.utf8))
            data.append(body)
        }
        return data
    }

    static func sha256(_ data: Data) throws -> String {
        let hasher = SHA256Hasher()
        hasher.update(data)
        return try hasher.finalizeHex()
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        [
            UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
        ]
    }

    private static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}

extension AttendeeTestServer {
    /// The media folder of this server.
    var mediaFolder: MediaFolder { service.media.folder }

    /// Every file under the media folder, as paths relative to it.
    func mediaFiles() -> [String] {
        let root = mediaFolder.url.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        for case let relative as String in walker {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files.append(relative)
            }
        }
        return files.sorted()
    }

    /// The id of the person signed in with `token`.
    func userID(_ token: String) async throws -> String {
        try await client.get("/attendee/v1/me", headers: Self.auth(token)).decode(MyProfile.self).person.id
    }

    // NB: `makeOrganizer(_:)` is the wall tests' (WallTestSupport.swift); it does the same for every test.

    /// Makes the person signed in with `token` a speaker of `sessionID`.
    func makeSpeaker(_ token: String, of sessionID: String) async throws {
        let id = try await userID(token)
        _ = try await database.write { db in
            try db.execute(
                "INSERT INTO attendee_session_speaker (session_id, user_id, position) VALUES (\(sessionID), \(id), 9)")
        }
    }

    /// `POST` a raw upload to `path` (with its query) as `token`.
    func upload(_ target: String, _ body: Data, token: String?, headers: HTTPHeaders = [:]) async throws -> Response {
        var all = headers
        if let token { all["Authorization"] = "Bearer \(token)" }
        all["Content-Type"] = "application/octet-stream"
        return try await client.request(.post, target, headers: all, body: body)
    }

    /// Uploads a picture to attach to a post, message or note as the person signed in with `token` and answers
    /// its id.
    func photoID(_ token: String) async throws -> String {
        let response = try await uploadAttachment(try MediaFixtures.jpeg(width: 64, height: 48), token: token)
        try #require(response.status == .created, "\(response.bodyText)")
        return try response.decode(MediaFile.self).id
    }

    /// Uploads a photo to the demo event's gallery.
    func uploadPhoto(_ data: Data, name: String = "photo.jpg", token: String?) async throws -> Response {
        try await upload(
            "/attendee/v1/events/\(eventID)/gallery?name=\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")",
            data, token: token)
    }

    /// Uploads a picture to attach to a post, message or note of the demo event (listed nowhere).
    func uploadAttachment(_ data: Data, name: String = "picture.jpg", token: String?) async throws -> Response {
        try await upload(
            "/attendee/v1/events/\(eventID)/attachments?name=\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")",
            data, token: token)
    }

    /// Adds a document to the demo event.
    func addDocument(
        _ data: Data, purpose: String, sessionID: String? = nil, name: String = "notes.txt", token: String?
    ) async throws -> Response {
        var target =
            "/attendee/v1/events/\(eventID)/documents?purpose=\(purpose)&name=\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        if let sessionID { target += "&sessionID=\(sessionID)" }
        return try await upload(target, data, token: token)
    }

    /// The demo event's Documentation page as `token` sees it.
    func documents(_ token: String, sessionID: String? = nil) async throws -> Response {
        try await client.get(
            "/attendee/v1/events/\(eventID)/documents" + (sessionID.map { "?sessionID=\($0)" } ?? ""),
            headers: Self.auth(token))
    }
}
