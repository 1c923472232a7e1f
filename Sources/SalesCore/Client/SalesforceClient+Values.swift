import APIClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SalesforceClient {
    /// A signed-in client whose Salesforce answers canned JSON without a network, for previews and `make screens`:
    /// a hospital account (``previewHospitalID``) with a note, an attachment and a Google Doc, its Know · Say ·
    /// Show content, and an account that is not a hospital for any other id.
    public static var preview: SalesforceClient {
        let session = SalesforceSession(
            accessToken: "preview", refreshToken: nil, instanceURL: URL(string: "https://preview.invalid")!)
        return SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: session.instanceURL), transport: previewTransport,
            sessions: .inMemory(session))
    }

    /// A client whose every request fails before it leaves (signed out, and the transport refuses): the starting
    /// point of a test that gives it only the exchanges it expects.
    public static var unimplemented: SalesforceClient {
        SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: URL(string: "https://unimplemented.invalid")!),
            transport: HTTPTransport { request in
                throw APIError.invalidRequest("\(request.url?.absoluteString ?? "a request") is not part of the test.")
            },
            sessions: .inMemory(nil))
    }

    /// The hospital account ``preview`` holds.
    public static let previewHospitalID = "001Q000000Demo1IAB"

    static let previewTransport = HTTPTransport { request in
        let path = request.url?.path ?? ""
        let body: String
        if path.contains("WebContent") {
            body = """
                {"message":"SUCCESS","isSuccess":true,"contentsforSay":[],
                 "contentsforKnow":[{"Id":"068Q000000Demo1IAB","Description":"Infection control facts","ContentDocumentId":"069Q000000Demo1IAB"}],
                 "contentsforShow":[{"Id":"068Q000000Demo4IAB","Description":"Gown comparison sheet","ContentDocumentId":"069Q000000Demo4IAB"}]}
                """
        } else if path.hasSuffix(previewHospitalID) {
            body = """
                {"id":"\(previewHospitalID)","name":"St. Mary's Regional Medical Center","phone":"(415) 555-0142",
                 "isHospital":true,"numBeds":240,"hospitalType":"Short Term Acute Care","currentCleanRating":71.5,
                 "notes":[{"id":"002Q000000Demo1IAB","name":"Visit with Dr. Alvarez","text":"Gowns","lastModifiedDate":"2015-01-15T15:24:02.000Z"}],
                 "attachments":[{"id":"00PQ000000Demo1IAB","name":"#1 FF Execute for Approval.pdf","contentType":"application/pdf","bodyLength":703024,"description":null,"lastModifiedDate":"2015-02-04T03:26:49.000Z"}],
                 "docs":[{"id":"098Q000000Demo1IAB","name":"Icon Swap Challenge","url":"https://docs.google.com/document/d/1/edit","lastModifiedDate":"2015-02-04T03:27:43.000Z"}]}
                """
        } else {
            body =
                #"{"id":"001Q000000Demo3IAB","name":"Acme Products","isHospital":false,"notes":[],"attachments":[],"docs":[]}"#
        }
        let response = HTTPURLResponse(
            url: request.url!, statusCode: 200, httpVersion: nil, headerFields: ["Content-Type": "application/json"]
        )!
        return (Data(body.utf8), response)
    }
}
