import CZlib
import Foundation
import Testing

@testable import HTTPServer

/// gzip for the clients that accept it: which requests, which responses, and what the headers then say.
@Suite struct CompressionMiddlewareTests {
    /// 2.6 KB of JSON, as a feed's or an agenda's answers are made of.
    static let json = Data(String(repeating: #"{"id":"s-1","title":"Opening keynote","seats":40},"#, count: 50).utf8)

    private func client() -> TestClient {
        var router = Router()
        router.group("", middleware: [CompressionMiddleware()]) { api in
            func route(_ path: String, _ headers: HTTPHeaders, body: Data = Self.json, status: HTTPStatus = .ok) {
                api.get(path) { _ in Response(status: status, headers: headers, body: body) }
            }
            route("/json", ["Content-Type": "application/json; charset=utf-8", "ETag": #""v7""#])
            route("/problem", ["Content-Type": "application/problem+json"], status: .notFound)
            route("/svg", ["Content-Type": "image/svg+xml", "Vary": "Origin"])
            route("/small", ["Content-Type": "application/json"], body: Data(#"{"ok":true}"#.utf8))
            route("/png", ["Content-Type": "image/png"])
            route("/untyped", [:])
            route("/events", ["Content-Type": "text/event-stream"])
            route("/ranged", ["Content-Type": "text/plain", "Accept-Ranges": "bytes"])
            route(
                "/partial", ["Content-Type": "text/plain", "Content-Range": "bytes 0-2599/9000"],
                status: .partialContent)
            route("/encoded", ["Content-Type": "application/json", "Content-Encoding": "br"])
            route("/kept", ["Content-Type": "application/json", "Cache-Control": "public, no-transform"])
        }
        return TestClient(router: router)
    }

    private let gzip: HTTPHeaders = ["Accept-Encoding": "gzip, deflate, br"]

    @Test func gzipRoundTripsAndShrinksJSON() throws {
        let compressed = try Gzip.compress(Self.json)
        #expect(compressed.prefix(2) == Data([0x1F, 0x8B]))
        #expect(compressed.count * 5 < Self.json.count)
        #expect(try gunzip(compressed) == Self.json)
        #expect(try gunzip(try Gzip.compress(Data())) == Data())
        let noise = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        #expect(try gunzip(try Gzip.compress(noise, level: 1)) == noise)
    }

    @Test func acceptEncodingIsReadAsRFC9110WritesIt() {
        let accepted = [
            "gzip", "GZIP", "x-gzip", "br, gzip;q=0.5", "gzip ; q=0.001", "gzip;q=1.0", "*", "deflate, *;q=0.1",
            "gzip;q=0, x-gzip", " \tGZip\t ;\tq=0.5 ",
        ]
        let refused = [
            "", "identity", "deflate, br", "gzip;q=0", "gzip; Q=0.000", "*;q=0", "gzip;q=0, *", "gzip;q=2",
            "gzip;q=abc", "gzip;q=1.5", "gzip;q=0.0001", "gzipped", ",;,",
        ]
        for value in accepted { #expect(CompressionMiddleware.acceptsGzip(value), "\(value)") }
        for value in refused { #expect(!CompressionMiddleware.acceptsGzip(value), "\(value)") }
        #expect(!CompressionMiddleware.acceptsGzip(nil))
    }

    @Test func varyGainsAcceptEncodingOnce() {
        #expect(CompressionMiddleware.varying(nil) == "Accept-Encoding")
        #expect(CompressionMiddleware.varying(" ") == "Accept-Encoding")
        #expect(CompressionMiddleware.varying("Origin") == "Origin, Accept-Encoding")
        #expect(CompressionMiddleware.varying("Origin, ACCEPT-encoding") == "Origin, ACCEPT-encoding")
        #expect(CompressionMiddleware.varying("*") == "*")
    }

    @Test func mediaTypesAreReadByTheirEssence() {
        let compressible = [
            "application/json", "Application/JSON; charset=utf-8", " text/html ;charset=utf-8", "text/calendar",
            "application/problem+json", "application/geo+json", "image/svg+xml", "application/xml",
            "application/javascript",
        ]
        let not = ["image/png", "application/pdf", "text/event-stream; charset=utf-8", "application/zip", "", ";"]
        for type in compressible { #expect(CompressionMiddleware.isCompressible(mediaType: type), "\(type)") }
        for type in not { #expect(!CompressionMiddleware.isCompressible(mediaType: type), "\(type)") }
    }

    @Test func jsonIsCompressedForAClientThatAcceptsGzip() async throws {
        let response = try await client().get("/json", headers: gzip)
        #expect(response.headers["Content-Encoding"] == "gzip")
        #expect(response.headers["Vary"] == "Accept-Encoding")
        #expect(response.headers["ETag"] == #"W/"v7""#)
        #expect(try gunzip(response.bodyData) == Self.json)
        #expect(response.bodyData.count < Self.json.count / 5)
        // Problem details and SVG too; a Vary of the route's own keeps its names.
        let problem = try await client().get("/problem", headers: ["Accept-Encoding": "x-gzip"])
        #expect(problem.status == .notFound)
        #expect(try gunzip(problem.bodyData) == Self.json)
        let svg = try await client().get("/svg", headers: gzip)
        #expect(svg.headers["Content-Encoding"] == "gzip")
        #expect(svg.headers["Vary"] == "Origin, Accept-Encoding")
    }

    @Test func aClientThatDoesNotAcceptGzipGetsTheBytesAsTheyAreWithVary() async throws {
        for headers: HTTPHeaders in [[:], ["Accept-Encoding": "identity"], ["Accept-Encoding": "gzip;q=0"]] {
            let response = try await client().get("/json", headers: headers)
            #expect(response.headers["Content-Encoding"] == nil)
            #expect(response.headers["ETag"] == #""v7""#)
            #expect(response.headers["Vary"] == "Accept-Encoding", "a cache must not hand these bytes to gzip")
            #expect(response.bodyData == Self.json)
        }
    }

    @Test func whatIsSmallCompressedAlreadyStreamedOrRangedIsLeftAlone() async throws {
        let client = client()
        for path in ["/small", "/png", "/untyped", "/events", "/ranged", "/partial", "/encoded", "/kept"] {
            let response = try await client.get(path, headers: gzip)
            #expect(response.headers["Content-Encoding"] == (path == "/encoded" ? "br" : nil), "\(path)")
            #expect(response.headers["Vary"] == nil, "\(path)")
            #expect(response.bodyData.count == (path == "/small" ? 11 : Self.json.count), "\(path)")
        }
    }

    @Test func headSaysWhatGetWouldSend() async throws {
        let get = try await client().get("/json", headers: gzip)
        let head = try await client().head("/json", headers: gzip)
        #expect(head.headers["Content-Encoding"] == "gzip")
        #expect(head.headers["ETag"] == get.headers["ETag"])
        #expect(head.headers["Vary"] == get.headers["Vary"])
    }

    /// The body of a gzip member, read back with zlib.
    private func gunzip(_ data: Data) throws -> Data {
        var stream = z_stream()
        try #require(quartet_inflate_init_gzip(&stream) == Z_OK)
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var result = Z_OK
        try data.withUnsafeBytes { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            repeat {
                let written = chunk.withUnsafeMutableBufferPointer { buffer -> Int in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    result = inflate(&stream, Z_NO_FLUSH)
                    return buffer.count - Int(stream.avail_out)
                }
                output.append(contentsOf: chunk[..<written])
                try #require(result == Z_OK || result == Z_STREAM_END, "inflate returned \(result)")
            } while result != Z_STREAM_END
        }
        return output
    }
}
