import ChangeJarCore
import Foundation
import TestSupport
import Testing

/// An error answer's exception is read as the AWS JSON 1.1 protocol says: botocore's own protocol tests (in the
/// fixtures) give the header, `code` and `__type` forms, with and without a namespace and a URI.
@Suite struct CognitoIdentityWireTests {
    struct ErrorCase {
        var id: String
        var header: String?
        var body: Data
        var expected: String
    }

    static func errorCases() throws -> [ErrorCase]? {
        guard let data = try Fixtures("cognito").data("botocore_protocol_tests_output_json_1_1.json") else {
            return nil
        }
        let suites = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return suites.flatMap { ($0["cases"] as? [[String: Any]]) ?? [] }.compactMap { testCase in
            guard let expected = testCase["errorCode"] as? String,
                let response = testCase["response"] as? [String: Any]
            else { return nil }
            let headers = (response["headers"] as? [String: String]) ?? [:]
            let header = headers.first { $0.key.lowercased() == "x-amzn-errortype" }?.value
            return ErrorCase(
                id: testCase["id"] as? String ?? "", header: header,
                body: Data(((response["body"] as? String) ?? "").utf8), expected: expected)
        }
    }

    @Test func everyErrorFormOfTheProtocolTestsIsRead() throws {
        guard let cases = try Self.errorCases() else {
            print(Fixtures("cognito").missingMessage)
            return
        }
        #expect(cases.count >= 10)
        for testCase in cases {
            let body = try? JSONDecoder().decode(CognitoIdentityWire.ErrorBody.self, from: testCase.body)
            #expect(
                CognitoIdentityWire.exceptionName(header: testCase.header, body: body) == testCase.expected,
                "\(testCase.id)")
        }
    }

    @Test func theHeaderWinsAndNothingNamedIsNil() {
        let body = CognitoIdentityWire.ErrorBody(type: "ResourceNotFoundException", message: "gone")
        #expect(
            CognitoIdentityWire.exceptionName(header: "NotAuthorizedException:", body: body) == "NotAuthorizedException"
        )
        #expect(CognitoIdentityWire.exceptionName(header: nil, body: body) == "ResourceNotFoundException")
        #expect(CognitoIdentityWire.exceptionName(header: "", body: nil) == nil)
        #expect(CognitoIdentityWire.exceptionName(header: nil, body: nil) == nil)
    }
}
