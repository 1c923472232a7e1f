import APIClient
import Database
import Foundation
import LocalStore
import SalesCore
import SwiftUI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// In-memory data for the previews: a client whose transport answers canned Salesforce JSON.
@MainActor
enum SalesPreview {
    nonisolated static let hospitalID = "001Q000000Demo1IAB"

    static func model(accountID: String) async throws -> AccountScreenModel {
        let session = SalesforceSession(
            accessToken: "preview", refreshToken: nil, instanceURL: URL(string: "https://preview.invalid")!)
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: session.instanceURL), transport: transport,
            sessions: .inMemory(session))
        let store = try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:"))
        return AccountScreenModel(
            accountID: accountID, client: client, outbox: SalesOutbox(store: store), cache: .inMemory())
    }

    static func editor(_ kind: ItemEditorModel.Kind) -> ItemEditorModel {
        let session = SalesforceSession(
            accessToken: "preview", refreshToken: nil, instanceURL: URL(string: "https://preview.invalid")!)
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: session.instanceURL), transport: transport,
            sessions: .inMemory(session))
        let resampler = ImageResampler(
            dimensions: { _ in ImageDimensions(width: 1, height: 1) }, resample: { data, _, _ in data })
        return ItemEditorModel(
            adding: kind, accountID: hospitalID, client: client, shrinker: ImageShrinker(resampler: resampler))
    }

    static let transport = HTTPTransport { request in
        let path = request.url?.path ?? ""
        let body: String
        if path.contains("WebContent") {
            body = """
                {"message":"SUCCESS","isSuccess":true,"contentsforSay":[],
                 "contentsforKnow":[{"Id":"068Q000000Demo1IAB","Description":"Infection control facts","ContentDocumentId":"069Q000000Demo1IAB"}],
                 "contentsforShow":[{"Id":"068Q000000Demo4IAB","Description":"Gown comparison sheet","ContentDocumentId":"069Q000000Demo4IAB"}]}
                """
        } else if path.hasSuffix(hospitalID) {
            body = """
                {"id":"\(hospitalID)","name":"St. Mary's Regional Medical Center","phone":"(415) 555-0142",
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
