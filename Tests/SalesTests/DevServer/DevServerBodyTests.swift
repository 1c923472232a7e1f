import DynamicJSON
import Foundation
import HTTPServer
import SalesforceDevServer
import Testing

/// Write bodies as clients really send them: long strings, escapes, escaped slashes in base64, garbage.
@Suite struct DevServerBodyTests {
    static let base = "/services/data/v32.0/sobjects"

    func createNote(_ body: String) async throws -> (DevServerHarness, String, Response) {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let response = try await harness.send(.post, "\(Self.base)/Note", body: Data(body.utf8), token: token)
        return (harness, token, response)
    }

    @Test(arguments: [
        String(repeating: "plain ascii ", count: 1000),
        String(repeating: "é ✓ 漢字 ", count: 1000),
        String(repeating: "quote \" backslash \\ newline \n tab \t ", count: 300),
        "short \" with escapes",
    ])
    func longAndEscapedStringsAreStoredExactly(text: String) async throws {
        let encoded = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        let (harness, token, response) = try await createNote(
            #"{"ParentId": "001Q000000Demo1IAB", "Title": "t", "Body": \#(encoded)}"#)
        #expect(response.status == .created)
        guard case .string(let id)? = try JSONDecoder().decode([String: JSONValue].self, from: response.bodyData)["id"]
        else {
            Issue.record("no id")
            return
        }
        let record = try JSONDecoder().decode(
            [String: JSONValue].self,
            from: try await harness.send(.get, "\(Self.base)/Note/\(id)", token: token).bodyData)
        #expect(record["Body"] == .string(text))
    }

    @Test func base64WithEscapedSlashesDecodes() async throws {
        let bytes = Data((0..<9000).map { UInt8(truncatingIfNeeded: $0 * 13) })
        // JSONEncoder's default output escapes "/" as "\/", which is still valid JSON.
        let encoded = String(decoding: try JSONEncoder().encode(bytes.base64EncodedString()), as: UTF8.self)
        #expect(encoded.contains("\\/"))
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let response = try await harness.send(
            .post, "\(Self.base)/Attachment",
            body: Data(#"{"ParentId":"001Q000000Demo1IAB","Name":"b.bin","Body":\#(encoded)}"#.utf8), token: token)
        guard case .string(let id)? = try JSONDecoder().decode([String: JSONValue].self, from: response.bodyData)["id"]
        else {
            Issue.record("no id: \(String(decoding: response.bodyData, as: UTF8.self))")
            return
        }
        #expect(try await harness.send(.get, "\(Self.base)/Attachment/\(id)/Body", token: token).bodyData == bytes)
    }

    @Test(arguments: [
        #"{"Title":"x""#, #"{"Title":"x"} trailing"#, #"{"Title" "x"}"#, #"{"Title":"unterminated}"#, "", "   ",
        #"{"Title":"x",}"#, #"{"Title":[1,2}"#, "null", #"{"ParentId":"001Q000000Demo1IAB","Title":tru}"#,
    ])
    func malformedBodiesAreJSONParserErrors(body: String) async throws {
        let (_, _, response) = try await createNote(body)
        #expect(response.status == .badRequest)
        let errors = try JSONDecoder().decode([[String: JSONValue]].self, from: response.bodyData)
        #expect(errors.first?["errorCode"] == "JSON_PARSER_ERROR")
    }

    @Test func aNonBase64BodyIsRefused() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let response = try await harness.send(
            .post, "\(Self.base)/Attachment",
            body: Data(#"{"ParentId":"001Q000000Demo1IAB","Name":"x","Body":"not base64 at all!"}"#.utf8), token: token)
        #expect(response.status == .badRequest)
        let numeric = try await harness.send(
            .post, "\(Self.base)/Attachment",
            body: Data(#"{"ParentId":"001Q000000Demo1IAB","Name":"x","Body":5}"#.utf8),
            token: token)
        #expect(numeric.status == .badRequest)
    }
}
