import DynamicJSON
import Foundation
import HTTPServer
import HTTPTypes
import SalesforceDevServer
import Testing

/// The stand-in answers an id that is not 15 or 18 letters and digits as Salesforce does, on every route that
/// takes one, whatever the method: the sObject routes 404 NOT_FOUND (Salesforce reads the segment as an external ID
/// field's name), the Apex routes 400 MALFORMED_ID; the record the id spells out a path to is untouched.
@Suite struct MalformedIDTests {
    static let base = "/services/data/\(SalesforceDevService.apiVersion)/sobjects"
    static let account = "001Q000000Demo4IAB"
    static let notIDs = ["..%2FAccount%2F\(account)", "a%2Fb", "002Q000000Demo1I", ".."]

    @Test(arguments: notIDs)
    func everyRouteWithAnIDAnswersMalformedID(id: String) async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let requests: [(HTTPMethod, String)] = [
            (.get, "\(Self.base)/Note/\(id)"), (.patch, "\(Self.base)/Note/\(id)"),
            (.delete, "\(Self.base)/Note/\(id)"), (.get, "\(Self.base)/Attachment/\(id)/Body"),
            (.get, "/services/apexrest/Account/RetrieveAccount/\(id)"),
            (.get, "/services/apexrest/2.0/WebContent/\(id)"),
        ]
        for (method, target) in requests {
            let body = method == .patch ? Data(#"{"Title":"x"}"#.utf8) : Data()
            let response = try await harness.send(method, target, body: body, token: token)
            let isSObject = target.hasPrefix(Self.base)
            #expect(response.status == (isSObject ? .notFound : .badRequest), "\(method) \(target)")
            let errors = try JSONDecoder().decode([[String: JSONValue]].self, from: response.bodyData)
            #expect(errors.first?["errorCode"] == (isSObject ? "NOT_FOUND" : "MALFORMED_ID"), "\(method) \(target)")
        }
        let kept = try await harness.send(.get, "\(Self.base)/Account/\(Self.account)", token: token)
        #expect(kept.status == .ok)
    }
}
