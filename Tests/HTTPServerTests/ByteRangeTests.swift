import Foundation
import Testing

@testable import HTTPServer

/// `Range` parsing (RFC 9110 §14) and stored files answered with validators and ranges.
@Suite("Byte ranges")
struct ByteRangeTests {
    @Test(arguments: [
        ("bytes=0-9", ByteRange.partial(0...9)),
        ("bytes=10-", .partial(10...99)),
        ("bytes=-10", .partial(90...99)),
        ("bytes=-500", .partial(0...99)),
        ("bytes=95-200", .partial(95...99)),
        ("BYTES = 5-5", .partial(5...5)),
        ("bytes=100-", .unsatisfiable),
        ("bytes=100-200", .unsatisfiable),
        ("bytes=-0", .unsatisfiable),
        ("bytes=9-3", .whole),
        ("bytes=0-1,5-6", .whole),
        ("items=0-5", .whole),
        ("bytes=a-b", .whole),
        ("bytes=-", .whole),
        ("bytes=0-99999999999999999999999", .partial(0...99)),
        // Found by scripts/fuzz (byte-range): digits with a combining mark are no digits.
        ("bytes=0-4\u{301}9", .whole),
        ("bytes=1\u{301}-5", .whole),
        ("bytes=-\u{FF15}", .whole),
    ])
    func parsesOneRangeOfAHundredBytes(header: String, expected: ByteRange) {
        #expect(ByteRange.parse(header, length: 100) == expected)
    }

    @Test func noHeaderIsTheWholeAndAnEmptyFileSatisfiesNoRange() {
        #expect(ByteRange.parse(nil, length: 100) == .whole)
        #expect(ByteRange.parse("bytes=0-", length: 0) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-5", length: 0) == .unsatisfiable)
    }

    @Test func contentRangeNamesTheBytesOrTheLength() {
        #expect(ByteRange.partial(0...9).contentRange(length: 100) == "bytes 0-9/100")
        #expect(ByteRange.unsatisfiable.contentRange(length: 100) == "bytes */100")
        #expect(ByteRange.whole.contentRange(length: 100) == nil)
    }

    static let data = Data((0..<1000).map { UInt8($0 % 251) })
    static let etag = "\"abc123\""

    static func answer(_ headers: HTTPHeaders, path: String) throws -> Response {
        try FileResponse.make(
            for: Request(method: .get, path: "/f", headers: headers), path: path, etag: etag,
            headers: ["Content-Type": "application/pdf"])
    }

    @Test func aFileIsAnsweredWholeInPartNotModifiedOrUnsatisfiable() throws {
        let path = try FileBodyTests.file(Self.data)
        defer { try? FileManager.default.removeItem(atPath: path) }

        let whole = try Self.answer([:], path: path)
        #expect(whole.status == .ok)
        #expect(whole.bodyData == Self.data)
        #expect(whole.headers["ETag"] == Self.etag)
        #expect(whole.headers["Accept-Ranges"] == "bytes")

        let part = try Self.answer(["Range": "bytes=100-199"], path: path)
        #expect(part.status == .partialContent)
        #expect(part.headers["Content-Range"] == "bytes 100-199/1000")
        #expect(part.bodyData == Self.data[100..<200])

        let suffix = try Self.answer(["Range": "bytes=-3"], path: path)
        #expect(suffix.bodyData == Self.data.suffix(3))
        #expect(suffix.headers["Content-Range"] == "bytes 997-999/1000")

        let unchanged = try Self.answer(["If-None-Match": "\"other\", \(Self.etag)"], path: path)
        #expect(unchanged.status == .notModified)
        #expect(unchanged.bodyData.isEmpty)
        #expect(unchanged.headers["ETag"] == Self.etag)
        #expect(try Self.answer(["If-None-Match": "W/\(Self.etag)"], path: path).status == .notModified)
        #expect(try Self.answer(["If-None-Match": "*"], path: path).status == .notModified)
        #expect(try Self.answer(["If-None-Match": "\"other\""], path: path).status == .ok)

        let beyond = try Self.answer(["Range": "bytes=1000-"], path: path)
        #expect(beyond.status == .rangeNotSatisfiable)
        #expect(beyond.headers["Content-Range"] == "bytes */1000")
        #expect(beyond.bodyData.isEmpty)
    }

    @Test func ifRangeKeepsTheRangeOnlyForTheSameRepresentation() throws {
        let path = try FileBodyTests.file(Self.data)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let same = try Self.answer(["Range": "bytes=0-9", "If-Range": Self.etag], path: path)
        #expect(same.status == .partialContent)
        #expect(same.bodyData.count == 10)
        let changed = try Self.answer(["Range": "bytes=0-9", "If-Range": "\"older\""], path: path)
        #expect(changed.status == .ok)
        #expect(changed.bodyData == Self.data)
        // If-Range compares strongly: a weak tag never matches.
        #expect(try Self.answer(["Range": "bytes=0-9", "If-Range": "W/\(Self.etag)"], path: path).status == .ok)
    }

    @Test func aRangeOfAFileIsReadFromItsOffset() throws {
        let path = try FileBodyTests.file(Self.data)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try FileBody(path: path, range: 990...5000)
        #expect(file.offset == 990)
        #expect(file.count == 10)
        #expect(try file.readAll() == Self.data.suffix(10))
    }

    @Test func overRealSocketsOnlyTheRangeIsSent() async throws {
        let path = try FileBodyTests.file(Self.data)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var router = Router()
        router.get("/file") { request in
            try FileResponse.make(for: request, path: path, etag: Self.etag, headers: ["Content-Type": "text/plain"])
        }
        try await withServer(router: router) { server in
            let connection = try RawConnection(port: server.port, timeoutSeconds: 30)
            defer { connection.close() }
            try await connection.sendAsync("GET /file HTTP/1.1\r\nHost: x\r\nRange: bytes=500-509\r\n\r\n")
            let reply = try await blocking { try connection.readResponse() }
            #expect(reply.status == 206)
            #expect(reply.header("Content-Length") == "10")
            #expect(reply.header("Content-Range") == "bytes 500-509/1000")
            #expect(reply.body == Self.data[500..<510])
            try await connection.sendAsync("GET /file HTTP/1.1\r\nHost: x\r\n\r\n")
            let whole = try await blocking { try connection.readResponse() }
            #expect(whole.status == 200)
            #expect(whole.body == Self.data)
        }
    }
}
