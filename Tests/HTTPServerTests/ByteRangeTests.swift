import Foundation
import TestSupport
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
        ("bytes=0-1,5-6", .multiple([0...1, 5...6])),
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

    @Test(arguments: [
        // Kept in the order asked, each within the representation; a suffix among them.
        ("bytes=0-9,20-29", ByteRange.multiple([0...9, 20...29])),
        ("bytes=50-59, 0-4 ,-5", .multiple([50...59, 0...4, 95...99])),
        ("bytes=0-1,,5-6,", .multiple([0...1, 5...6])),
        // Overlapping and adjacent ranges become one; a single one left is a plain 206.
        ("bytes=0-9,5-14", .partial(0...14)),
        ("bytes=0-9,10-19", .partial(0...19)),
        ("bytes=30-39,0-4,35-44,5-6", .multiple([30...44, 0...6])),
        // Unsatisfiable ranges are dropped; none left is 416.
        ("bytes=0-9,200-300", .partial(0...9)),
        ("bytes=200-300,400-", .unsatisfiable),
        // One bad range spoils the header: the whole representation.
        ("bytes=0-9,x-y", .whole),
        ("bytes=0-9,9-3", .whole),
    ])
    func parsesSeveralRangesOfAHundredBytes(header: String, expected: ByteRange) {
        #expect(ByteRange.parse(header, length: 100) == expected)
    }

    @Test func abusiveRangeHeadersGetTheWholeRepresentation() {
        let sixteen = (0..<16).map { "\($0 * 6)-\($0 * 6 + 1)" }.joined(separator: ",")
        #expect(ByteRange.parse("bytes=" + sixteen, length: 100) == .multiple((0..<16).map { ($0 * 6)...($0 * 6 + 1) }))
        // A seventeenth range, or ranges asking for more bytes than there are (overlaps), are not served apart.
        #expect(ByteRange.parse("bytes=" + sixteen + ",98-99", length: 100) == .whole)
        #expect(ByteRange.parse("bytes=0-60,40-99", length: 100) == .whole)
        #expect(ByteRange.parse("bytes=0-,0-,0-", length: 100) == .whole)
        #expect(ByteRange.parse("bytes=0-99", length: 100) == .partial(0...99))
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

    /// RFC 9110 §13.2.2: `If-Match` is evaluated first; a file it does not name (strongly) is 412, never its bytes,
    /// whatever `Range` or `If-None-Match` say.
    @Test func ifMatchThatNamesAnotherFileIs412() throws {
        let path = try FileBodyTests.file(Self.data)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for condition in ["\"other\"", "W/\(Self.etag)", "\"x\", \"y\""] {
            #expect(throws: HTTPError.self, "\(condition)") {
                try Self.answer(["If-Match": condition, "Range": "bytes=0-9"], path: path)
            }
            do {
                _ = try Self.answer(["If-Match": condition, "If-None-Match": "*"], path: path)
            } catch let error as HTTPError {
                #expect(error.status == .preconditionFailed)
            }
        }
        let named = try Self.answer(["If-Match": "\"other\", \(Self.etag)", "Range": "bytes=0-9"], path: path)
        #expect(named.status == .partialContent)
        #expect(named.bodyData == Self.data.prefix(10))
        #expect(try Self.answer(["If-Match": "*"], path: path).status == .ok)
        #expect(try Self.answer(["If-Match": "*", "If-None-Match": Self.etag], path: path).status == .notModified)
    }

    /// The parts of a `multipart/byteranges` body: each part's headers and bytes, split on `boundary`.
    static func parts(_ body: Data, boundary: String) -> [(headers: [String: String], body: Data)] {
        let opening = Data("--\(boundary)\r\n".utf8)
        let delimiter = Data("\r\n--\(boundary)\r\n".utf8)
        let closing = Data("\r\n--\(boundary)--\r\n".utf8)
        guard body.starts(with: opening), body.suffix(closing.count).elementsEqual(closing) else { return [] }
        var rest = Data(body.dropFirst(opening.count).dropLast(closing.count))
        var chunks: [Data] = []
        while let next = rest.range(of: delimiter) {
            chunks.append(Data(rest[..<next.lowerBound]))
            rest = Data(rest[next.upperBound...])
        }
        chunks.append(rest)
        return chunks.compactMap { chunk in
            guard let split = chunk.range(of: Data("\r\n\r\n".utf8)) else { return nil }
            var headers: [String: String] = [:]
            for line in String(decoding: chunk[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n") {
                let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2 { headers[pair[0]] = pair[1] }
            }
            return (headers, Data(chunk[split.upperBound...]))
        }
    }

    static let text = Data("The quick brown fox jumps over the lazy dog; 0123456789 and more text after it.".utf8)

    @Test func severalRangesAreAnsweredAsMultipartByteranges() throws {
        let path = try FileBodyTests.file(Self.text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let answer = try FileResponse.make(
            for: Request(method: .get, path: "/f", headers: ["Range": "bytes=0-8,40-43,-5"]), path: path,
            etag: Self.etag, headers: ["Content-Type": "text/plain", "Content-Disposition": "inline"])
        #expect(answer.status == .partialContent)
        let type = try #require(answer.headers["Content-Type"])
        #expect(type.hasPrefix("multipart/byteranges; boundary=quartet-"))
        #expect(answer.headers["Content-Range"] == nil)
        #expect(answer.headers["Content-Disposition"] == "inline")
        let boundary = String(type.dropFirst("multipart/byteranges; boundary=".count))
        let parts = Self.parts(answer.bodyData, boundary: boundary)
        #expect(
            parts.map(\.headers) == [
                ["Content-Type": "text/plain", "Content-Range": "bytes 0-8/\(Self.text.count)"],
                ["Content-Type": "text/plain", "Content-Range": "bytes 40-43/\(Self.text.count)"],
                [
                    "Content-Type": "text/plain",
                    "Content-Range": "bytes \(Self.text.count - 5)-\(Self.text.count - 1)/\(Self.text.count)",
                ],
            ])
        #expect(parts.map(\.body) == [Self.text[0..<9], Self.text[40..<44], Self.text.suffix(5)].map { Data($0) })
        if case .file(let file) = answer.body { #expect(file.count == answer.bodyData.count) }

        let abusive = try FileResponse.make(
            for: Request(method: .get, path: "/f", headers: ["Range": "bytes=0-,0-"]), path: path, etag: Self.etag)
        #expect(abusive.status == .ok)
        #expect(abusive.bodyData == Self.text)
        let none = try FileResponse.make(
            for: Request(method: .get, path: "/f", headers: ["Range": "bytes=500-,600-700"]), path: path,
            etag: Self.etag)
        #expect(none.status == .rangeNotSatisfiable)
        #expect(none.headers["Content-Range"] == "bytes */\(Self.text.count)")
    }

    @Test func aSegmentedBodyIsReadPieceByPieceFromAnyPosition() throws {
        let path = try FileBodyTests.file(Self.data)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try FileBody(
            path: path, segments: [.bytes(Data("<".utf8)), .range(10...19), .bytes(Data(">".utf8)), .range(995...2000)])
        #expect(file.count == 1 + 10 + 1 + 5)
        let whole = Data("<".utf8) + Self.data[10..<20] + Data(">".utf8) + Self.data[995...]
        #expect(try file.readAll() == whole)
        // As the engine reads it: buffers of 3 bytes from each position in turn.
        var collected = Data()
        var buffer = [UInt8](repeating: 0, count: 3)
        while true {
            let got = try buffer.withUnsafeMutableBytes { try file.read(at: collected.count, into: $0) }
            guard got > 0 else { break }
            collected += buffer.prefix(got)
        }
        #expect(collected == whole)
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
            // Several ranges: one multipart body, its length announced, on the same connection.
            try await connection.sendAsync("GET /file HTTP/1.1\r\nHost: x\r\nRange: bytes=0-9,20-29\r\n\r\n")
            let multipart = try await blocking { try connection.readResponse() }
            #expect(multipart.status == 206)
            let type = try #require(multipart.header("Content-Type"))
            let boundary = String(type.dropFirst("multipart/byteranges; boundary=".count))
            #expect(multipart.header("Content-Length") == String(multipart.body.count))
            let parts = Self.parts(multipart.body, boundary: boundary)
            #expect(parts.map(\.body) == [Self.data[0..<10], Self.data[20..<30]].map { Data($0) })
            #expect(parts.map { $0.headers["Content-Range"] } == ["bytes 0-9/1000", "bytes 20-29/1000"])
        }
    }
}
