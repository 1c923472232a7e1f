import Foundation
import HTTPServer
import ImageCodec
import TestSupport
import Testing

/// A client that leaves (a FIN both ways, or a reset) at every stage of a request, against the whole server over
/// real sockets: before its head is complete, right after it, inside the body (in the first piece, across the
/// receivers' chunk boundaries, inside a base64 quantum), while the handler runs, and while a large body or an
/// event stream is being sent. After each, nothing is left staged or open, no connection lingers, and the server
/// answers the next request: one client leaving costs the server nothing but that request.
@Suite("Clients that leave midway", .timeLimit(.minutes(5)))
struct ClientDropTests {
    /// The routes that take their bodies as they arrive (`Router.on(_:_:receiving:handler:)`).
    enum Upload: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case gallery, documents, attachments, salesforceCreate, salesforceUpdate

        var testDescription: String { rawValue }
        var isSalesforce: Bool { self == .salesforceCreate || self == .salesforceUpdate }
    }

    /// Where the client leaves an upload.
    enum Stage: String, CaseIterable, Sendable {
        /// Part of the request line and headers.
        case partialHead
        /// The whole head, no body byte.
        case headOnly
        /// A few hundred bytes of the body: inside the first piece the receiver gets.
        case insideFirstPiece
        /// Past the first 1 MiB: the Attendee upload has written a buffer out, the Salesforce upload has handed a
        /// whole chunk to its decoding thread (a chunk that ends inside a base64 quantum).
        case acrossChunks
        /// A Salesforce body small enough to be decoded inline, cut inside a base64 quantum.
        case insideQuantum
        /// The whole body: the client leaves while the handler runs.
        case whileHandling
    }

    // MARK: - Uploads

    @Test(arguments: Upload.allCases)
    func anUploadLeftAtAnyStageLeavesNothingAndTheServerAnswers(_ upload: Upload) async throws {
        try await LiveComposedServer.with { live in
            let target = try await Self.target(upload, live)
            for stage in Stage.allCases where stage != .insideQuantum || upload.isSalesforce {
                for reset in [true, false] {
                    let before = Self.stored(live)
                    try await Self.leave(upload, target: target, at: stage, reset: reset, live)
                    let cell = "\(upload) \(stage) \(reset ? "reset" : "FIN")"
                    // NB: the connection first: once the server has closed it, it has read all the client sent
                    // (and staged what it was going to), so an empty staging folder means cleaned up, not not yet.
                    #expect(await eventually { live.server.openConnections == 0 }, "\(cell): a connection lingers")
                    #expect(await eventually { live.staged.isEmpty }, "\(cell): left staged \(live.staged)")
                    #expect(
                        await eventually { live.openFilesInDataDirectory.isEmpty },
                        "\(cell): still open \(live.openFilesInDataDirectory)")
                    if stage != .whileHandling {
                        // NB: a handler that ran may keep what arrived whole; an upload cut off keeps nothing.
                        #expect(Self.stored(live) == before, "\(cell): kept \(Self.stored(live))")
                    }
                    #expect(try await live.answersAFreshRequest(), "\(cell): the server no longer answers")
                }
            }
            #expect(await eventually { live.staged.isEmpty }, "\(upload): left staged \(live.staged)")
        }
    }

    /// Sends `upload` up to `stage`, waits until the server has taken what was sent, and leaves.
    private static func leave(
        _ upload: Upload, target: String, at stage: Stage, reset: Bool, _ live: LiveComposedServer
    ) async throws {
        let (head, body) = try wire(upload, target: target, stage: stage, live)
        let sent: Data
        switch stage {
        case .partialHead: sent = Data(head.prefix(head.count / 2))
        case .headOnly: sent = head
        case .insideFirstPiece: sent = head + body.prefix(700)
        case .acrossChunks: sent = head + body.prefix((1 << 20) + 5_000)
        case .insideQuantum:
            // NB: two characters into a quantum of four: the decoder holds half a group when the client goes.
            let start = try #require(body.range(of: Data(#""Body":""#.utf8))).upperBound
            sent = head + body.prefix(start + 4 * 50_000 + 2)
        case .whileHandling: sent = head + body
        }
        // NB: the last cell's fresh request may still be closing; this cell's connection is then the only one, and
        // the server has taken it once it counts one. Until then every check after leaving would hold vacuously
        // (CI once saw a staged file appear after the staging folder had been found empty).
        _ = await eventually { live.server.openConnections == 0 }
        let connection = try RawConnection(port: live.server.port, timeoutSeconds: 30)
        try await connection.sendAsync(sent)
        _ = await eventually { live.server.openConnections > 0 }
        // NB: a reset throws away what the server has not read yet, so the stage is reached only once it has: the
        // staged file says so where there is one, and the kernel's acknowledgement of every byte elsewhere. A FIN
        // comes after the bytes, which the server reads first. Waiting is not what is tested: on a starved machine
        // a cell may leave a little earlier than it meant to, and must clean up all the same.
        if reset {
            _ = await eventually { connection.unacknowledged == 0 }
            switch (stage, upload.isSalesforce) {
            case (.headOnly, false), (.insideFirstPiece, false):
                _ = await eventually { !live.staged.isEmpty }
            case (.acrossChunks, false):
                _ = await eventually { live.largestStaged >= 1 << 20 }
            case (.acrossChunks, true), (.insideQuantum, true):
                _ = await eventually { !live.staged.isEmpty }
            default:
                break
            }
        }
        connection.leave(reset: reset)
    }

    /// The head (declaring the whole body's length) and the whole body of `upload`.
    private static func wire(_ upload: Upload, target: String, stage: Stage, _ live: LiveComposedServer) throws
        -> (head: Data, body: Data)
    {
        let body: Data
        switch (upload.isSalesforce, stage) {
        case (false, .whileHandling): body = try smallJPEG
        case (false, _): body = Data([0xFF, 0xD8, 0xFF]) + Data(count: (8 << 20) - 3)
        case (true, .whileHandling): body = salesforceBody(base64Count: 400_000)
        case (true, .insideQuantum): body = salesforceBody(base64Count: 600_000)
        case (true, _): body = salesforceBody(base64Count: 8 << 20)
        }
        let method = upload == .salesforceUpdate ? "PATCH" : "POST"
        let token = upload.isSalesforce ? live.salesforceToken : live.attendeeToken
        let type = upload.isSalesforce ? "application/json" : "image/jpeg"
        let head =
            "\(method) \(target) HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Type: \(type)\r\n"
            + "Content-Length: \(body.count)\r\n\r\n"
        return (Data(head.utf8), body)
    }

    /// An Attachment body whose base64 string is `base64Count` characters long, padded so that the first 1 MiB of
    /// the body (the pipelined receiver's first chunk) ends two characters into a base64 quantum.
    static func salesforceBody(base64Count: Int) -> Data {
        func prefix(_ name: String) -> String {
            #"{"ParentId":"\#(LiveComposedServer.parentID)","Name":"\#(name)","Body":""#
        }
        var name = "left.bin"
        while ((1 << 20) - prefix(name).utf8.count) % 4 != 2 { name = "x" + name }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var text = [UInt8](repeating: 0, count: base64Count / 4 * 4)
        for index in text.indices { text[index] = alphabet[(index &* 7 &+ index >> 5) & 63] }
        return Data(prefix(name).utf8) + Data(text) + Data(#""}"#.utf8)
    }

    /// Where `upload` goes: for an update, an Attachment made first.
    private static func target(_ upload: Upload, _ live: LiveComposedServer) async throws -> String {
        let event = "/attendee/v1/events/\(live.eventID)"
        switch upload {
        case .gallery: return event + "/gallery?name=left.jpg"
        case .documents: return event + "/documents?purpose=pre-read&name=left.pdf"
        case .attachments: return event + "/attachments?name=left.jpg"
        case .salesforceCreate: return LiveComposedServer.sobjects + "/Attachment"
        case .salesforceUpdate:
            let id = try await createAttachment(live, bytes: 3_000)
            return LiveComposedServer.sobjects + "/Attachment/\(id)"
        }
    }

    /// Every file kept under the media folder and the Salesforce bodies folder, staged ones aside (``LiveComposedServer/staged``
    /// is checked on its own).
    ///
    /// NB: the Salesforce upload decodes on a queue of its own, which may stage a chunk handed over just before the
    /// client left after the connection is gone, and then removes the file as the abandoned upload is released: a
    /// staged file may come and go after the staging folder was found empty. A file that stayed would be found by the
    /// next cell's wait for an empty staging folder, and the last cell's by the wait after the loop.
    private static func stored(_ live: LiveComposedServer) -> [String] {
        (live.files(under: "media") + live.files(under: "salesforce-bodies")).filter { !$0.contains("staging/") }
    }

    // MARK: - Responses being sent

    /// A client that stops reading a large body (a file sent whole, one range of it, several ranges read from disk
    /// a buffer at a time) and leaves: the file is closed and the connection goes.
    @Test(arguments: [true, false])
    func aClientThatLeavesADownloadMidwayCostsNothing(reset: Bool) async throws {
        try await LiveComposedServer.with { live in
            let photo = try await Self.uploadPhoto(live)
            let attachment = try await Self.createAttachment(live, bytes: 12 << 20)
            let media =
                "GET /attendee/v1/media/\(photo) HTTP/1.1\r\nHost: x\r\n"
                + "Authorization: Bearer \(live.attendeeToken)"
            let body =
                "GET \(LiveComposedServer.sobjects)/Attachment/\(attachment)/Body HTTP/1.1\r\nHost: x\r\n"
                + "Authorization: Bearer \(live.salesforceToken)"
            let requests = [
                ("media whole", media, 200),
                ("media one range", media + "\r\nRange: bytes=100-", 206),
                ("media two ranges", media + "\r\nRange: bytes=0-99,1000-", 206),
                ("attachment body", body, 200),
                ("attachment body with a range", body + "\r\nRange: bytes=100-", 200),
            ]
            for (name, request, status) in requests {
                let port = live.server.port
                let connection = try RawConnection(port: port, receiveBufferSize: 4096, timeoutSeconds: 30)
                try await connection.sendAsync(request + "\r\n\r\n")
                let head = try await blocking { try connection.readHead() }
                #expect(head.status == status, "\(name)")
                _ = try await blocking { try connection.readBytes(2_000) }
                connection.leave(reset: reset)
                #expect(await eventually { live.server.openConnections == 0 }, "\(name): a connection lingers")
                #expect(
                    await eventually { live.openFilesInDataDirectory.isEmpty },
                    "\(name): still open \(live.openFilesInDataDirectory)")
                #expect(try await live.answersAFreshRequest(), "\(name): the server no longer answers")
            }
        }
    }

    /// A client that leaves an event stream: the stream's producer stops and the connection goes.
    @Test(arguments: [true, false])
    func aClientThatLeavesAnEventStreamCostsNothing(reset: Bool) async throws {
        try await LiveComposedServer.with { live in
            let connection = try RawConnection(port: live.server.port, timeoutSeconds: 30)
            try await connection.sendAsync(
                "GET /attendee/v1/events/\(live.eventID)/live HTTP/1.1\r\nHost: x\r\n"
                    + "Authorization: Bearer \(live.attendeeToken)\r\n\r\n")
            let head = try await blocking { try connection.readHead() }
            #expect(head.status == 200)
            #expect(await eventually { live.server.openEventStreams == 1 })
            connection.leave(reset: reset)
            #expect(await eventually { live.server.openEventStreams == 0 }, "the stream outlived its client")
            #expect(await eventually { live.server.openConnections == 0 }, "a connection lingers")
            #expect(try await live.answersAFreshRequest())
        }
    }

    // MARK: - Records to work on

    /// A JPEG the gallery keeps (the handler recompresses it, which takes it a moment).
    static var smallJPEG: Data {
        get throws {
            let size = PixelSize(width: 640, height: 480)
            let pixels = (0..<(size.width * size.height * 3)).map { UInt8(truncatingIfNeeded: $0 &* 31 >> 3) }
            return try TurboJPEG.encode(RGBImage(size: size, pixels: pixels), quality: 90)
        }
    }

    /// A photo too large to fit the socket buffers between server and client, in the gallery; answers its id.
    private static func uploadPhoto(_ live: LiveComposedServer) async throws -> String {
        let size = PixelSize(width: 2400, height: 1800)
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 3)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        pixels.withUnsafeMutableBufferPointer { bytes in
            for index in bytes.indices {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                bytes[index] = UInt8(truncatingIfNeeded: state)
            }
        }
        let jpeg = try TurboJPEG.encode(RGBImage(size: size, pixels: pixels), quality: 95)
        let response = try await live.client.request(
            .post, "/attendee/v1/events/\(live.eventID)/gallery?name=noise.jpg",
            headers: ["Authorization": "Bearer \(live.attendeeToken)", "Content-Type": "image/jpeg"], body: jpeg)
        #expect(response.status == .created, "\(response.bodyText)")
        return try #require(try LiveComposedServer.object(response.bodyData)["id"] as? String)
    }

    /// An Attachment of `bytes` bytes on the demo Account; answers its id.
    private static func createAttachment(_ live: LiveComposedServer, bytes: Int) async throws -> String {
        let content = Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let json =
            #"{"ParentId":"\#(LiveComposedServer.parentID)","Name":"kept.bin","#
            + #""Body":"\#(content.base64EncodedString())"}"#
        let response = try await live.client.request(
            .post, LiveComposedServer.sobjects + "/Attachment",
            headers: ["Authorization": "Bearer \(live.salesforceToken)", "Content-Type": "application/json"],
            body: Data(json.utf8))
        #expect(response.status == .created, "\(response.bodyText)")
        return try #require(try LiveComposedServer.object(response.bodyData)["id"] as? String)
    }
}
