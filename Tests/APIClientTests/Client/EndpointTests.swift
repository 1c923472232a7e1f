import Foundation
import Testing

@testable import APIClient

@Suite struct EndpointTests {
    private let client = APIClient.test(StubServer(statuses: [200]).transport)

    @Test func pathSegmentsArePercentEncodedOneByOne() throws {
        let endpoint = Endpoint<Data>(
            method: .get, path: ["users", "a/b?c#d", "x y%", "é"], query: [URLQueryItem(name: "q", value: "1+1&b=2")],
            response: .data)
        let url = try client.url(for: endpoint)
        #expect(url.absoluteString == "http://api.test/v1/users/a%2Fb%3Fc%23d/x%20y%25/%C3%A9?q=1%2B1%26b%3D2")
    }

    @Test(arguments: ["", ".", ".."])
    func dotAndEmptySegmentsAreRefused(segment: String) {
        let endpoint = Endpoint<Data>(method: .get, path: ["users", segment], response: .data)
        #expect(throws: APIError.self) { try client.url(for: endpoint) }
    }

    @Test func requestCarriesMethodHeadersBodyAndIdempotencyKey() throws {
        struct Note: Encodable, Sendable { var title: String }
        let endpoint = Endpoint<Data>(
            method: .post, path: ["notes"], headers: ["X-Trace": "1"], body: .json(Note(title: "Hi")),
            idempotencyKey: "key-1", response: .data)
        let request = try client.urlRequest(for: endpoint)
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Idempotency-Key") == "key-1")
        #expect(request.value(forHTTPHeaderField: "X-Trace") == "1")
        #expect(request.httpBody == Data(#"{"title":"Hi"}"#.utf8))
    }

    @Test func idempotencyFollowsMethodOrKey() {
        #expect(Endpoint<Data>(method: .get, path: [], response: .data).isIdempotent)
        #expect(Endpoint<Data>(method: .put, path: [], response: .data).isIdempotent)
        #expect(!Endpoint<Data>(method: .post, path: [], response: .data).isIdempotent)
        #expect(!Endpoint<Data>(method: .patch, path: [], response: .data).isIdempotent)
        #expect(Endpoint<Data>(method: .patch, path: [], idempotencyKey: "k", response: .data).isIdempotent)
    }

    @Test func rawBodyKeepsItsContentType() throws {
        let endpoint = Endpoint<Void>(
            method: .put, path: ["photo"], body: .data(Data([1, 2]), contentType: "image/jpeg"), response: .none)
        let request = try client.urlRequest(for: endpoint)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "image/jpeg")
        #expect(request.httpBody == Data([1, 2]))
    }
}

extension EndpointTests {
    @Test func shorthandsSetMethodAndDecoding() throws {
        struct Row: Codable, Sendable { var id: Int }
        #expect(Endpoint<Row>.put("rows", "1", body: .json(Row(id: 1))).method == .put)
        let patch = Endpoint<Row>.patch("rows", "1", body: .json(Row(id: 1)), idempotencyKey: "k")
        #expect(patch.method == .patch && patch.isIdempotent)
        let delete = Endpoint<Void>.delete("rows", "1")
        #expect(delete.method == .delete && delete.path == ["rows", "1"] && delete.isIdempotent)
    }
}
