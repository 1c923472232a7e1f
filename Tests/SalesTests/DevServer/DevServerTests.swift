import DynamicJSON
import Foundation
import HTTPServer
import HTTPTypes
import SalesforceDevServer
import Testing

@Suite struct DevServerOAuthTests {
    let form = ["Content-Type": "application/x-www-form-urlencoded"] as HTTPHeaders

    @Test func passwordGrantAnswersTokensAndInstanceURL() async throws {
        let harness = try await DevServerHarness.make()
        let body = "grant_type=password&client_id=app&username=REP%40quartet.dev&password=quartet-sales"
        let response = try await harness.send(.post, "/services/oauth2/token", body: Data(body.utf8), headers: form)
        #expect(response.status == .ok)
        let token = try JSONDecoder().decode([String: String].self, from: response.bodyData)
        #expect(token["instance_url"] == "http://salesforce.test")
        #expect(token["token_type"] == "Bearer")
        #expect(token["access_token"]?.isEmpty == false)
        #expect(token["refresh_token"]?.isEmpty == false)
        #expect(token["id"]?.contains("/id/") == true)
        #expect(token["issued_at"].flatMap(Int64.init) != nil)
    }

    /// The same keys as a real Salesforce token answer (restforce's fixture), plus the refresh token.
    @Test func tokenAnswerHasTheRealShape() async throws {
        guard let folder = fixturesFolder() else {
            print("skipped: QUARTET_FIXTURES is not set, token shape not compared")
            return
        }
        let real = try JSONDecoder().decode(
            [String: String].self,
            from: Data(contentsOf: folder.appendingPathComponent("restforce__auth_success_response.json")))
        let harness = try await DevServerHarness.make()
        let body = "grant_type=password&client_id=app&username=rep%40quartet.dev&password=quartet-sales"
        let response = try await harness.send(.post, "/services/oauth2/token", body: Data(body.utf8), headers: form)
        let ours = try JSONDecoder().decode([String: String].self, from: response.bodyData)
        #expect(Set(real.keys).isSubset(of: Set(ours.keys)))
    }

    @Test(arguments: [
        ("grant_type=password&client_id=app&username=rep%40quartet.dev&password=wrong", "invalid_grant"),
        ("grant_type=password&client_id=app&username=nobody&password=quartet-sales", "invalid_grant"),
        ("grant_type=password&username=rep%40quartet.dev&password=quartet-sales", "invalid_client_id"),
        ("grant_type=client_credentials&client_id=app", "unsupported_grant_type"),
        ("grant_type=refresh_token&client_id=app&refresh_token=forged", "invalid_grant"),
        ("", "invalid_client_id"),
    ])
    func refusalsAreOAuthErrors(body: String, code: String) async throws {
        let harness = try await DevServerHarness.make()
        let response = try await harness.send(.post, "/services/oauth2/token", body: Data(body.utf8), headers: form)
        #expect(response.status == .badRequest)
        let error = try JSONDecoder().decode([String: String].self, from: response.bodyData)
        #expect(error["error"] == code)
        #expect(error["error_description"]?.isEmpty == false)
    }

    @Test func refreshGrantIssuesANewAccessTokenAndRevokeEndsBoth() async throws {
        let harness = try await DevServerHarness.make()
        let login = try await harness.send(
            .post, "/services/oauth2/token",
            body: Data("grant_type=password&client_id=a&username=rep%40quartet.dev&password=quartet-sales".utf8),
            headers: form)
        let tokens = try JSONDecoder().decode([String: String].self, from: login.bodyData)
        let refresh = try #require(tokens["refresh_token"])
        let refreshed = try await harness.send(
            .post, "/services/oauth2/token",
            body: Data("grant_type=refresh_token&client_id=a&refresh_token=\(refresh)".utf8), headers: form)
        let newTokens = try JSONDecoder().decode([String: String].self, from: refreshed.bodyData)
        let access = try #require(newTokens["access_token"])
        #expect(access != tokens["access_token"])
        #expect(newTokens["refresh_token"] == nil)
        let account = "/services/data/v32.0/sobjects/Account/\(DevServerHarness.hospitalID)"
        #expect(try await harness.send(.get, account, token: access).status == .ok)

        let revoked = try await harness.send(
            .post, "/services/oauth2/revoke", body: Data("token=\(refresh)".utf8), headers: form)
        #expect(revoked.status == .ok)
        #expect(try await harness.send(.get, account, token: access).status == .unauthorized)
        #expect(
            try await harness.send(.post, "/services/oauth2/revoke", body: Data("token=\(refresh)".utf8), headers: form)
                .status == .badRequest)
    }

    @Test(arguments: ["/services/oauth2/token", "/services/oauth2/revoke"])
    func anOversizeFormIsRefusedWithoutBeingDecoded(path: String) async throws {
        let harness = try await DevServerHarness.make()
        let grant = "grant_type=password&client_id=a&username=rep%40quartet.dev&password=quartet-sales&token=x&pad="
        let body = Data((grant + String(repeating: "%41", count: 1 << 20)).utf8)
        let response = try await harness.send(.post, path, body: body, headers: form)
        #expect(response.status == .contentTooLarge)
        #expect(try JSONDecoder().decode([String: String].self, from: response.bodyData)["error"] == "invalid_request")
    }
}

@Suite struct DevServerSObjectTests {
    static let base = "/services/data/v32.0/sobjects"

    func errorArray(_ response: Response) throws -> [[String: JSONValue]] {
        try JSONDecoder().decode([[String: JSONValue]].self, from: response.bodyData)
    }

    @Test func createAnswers201WithTheRealCreateShape() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let response = try await harness.send(
            .post, "\(Self.base)/Note",
            body: Data(#"{"ParentId":"001Q000000Demo1IAB","Title":"Hello","Body":"World"}"#.utf8), token: token)
        #expect(response.status == .created)
        let body = try JSONDecoder().decode([String: JSONValue].self, from: response.bodyData)
        #expect(body["success"] == true)
        #expect(body["errors"] == [])
        guard case .string(let id)? = body["id"] else {
            Issue.record("no id")
            return
        }
        #expect(id.hasPrefix("002") && SalesforceID.isWellFormed(id))
        if let folder = fixturesFolder() {
            let real = try JSONDecoder().decode(
                [String: JSONValue].self,
                from: Data(
                    contentsOf: folder.appendingPathComponent("sf-fx-runtime-nodejs_response_bodies/create.201.json")))
            #expect(Set(real.keys) == Set(body.keys))
        }

        let read = try await harness.send(.get, "\(Self.base)/Note/\(id)", token: token)
        #expect(read.status == .ok)
        let record = try JSONDecoder().decode([String: JSONValue].self, from: read.bodyData)
        #expect(record["Title"] == "Hello")
        #expect(record["Id"] == .string(id))
        #expect(record["attributes"]?["type"] == "Note")
        #expect(record["LastModifiedDate"] != nil && record["CreatedDate"] != nil)
        // The 15-character form reads the same record.
        #expect(try await harness.send(.get, "\(Self.base)/Note/\(id.prefix(15))", token: token).status == .ok)
    }

    @Test func patchAnswers204AndMovesLastModifiedDate() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let path = "\(Self.base)/Account/\(DevServerHarness.hospitalID)"
        let before = try JSONDecoder().decode(
            [String: JSONValue].self, from: try await harness.send(.get, path, token: token).bodyData)
        harness.clock.advance(by: 60)
        let response = try await harness.send(
            .patch, path, body: Data(#"{"texcellency__DefHC_NumBeds__c": 300, "Id": "001Q000000Demo1"}"#.utf8),
            token: token)
        #expect(response.status == .noContent)
        #expect(response.bodyData.isEmpty)
        let after = try JSONDecoder().decode(
            [String: JSONValue].self, from: try await harness.send(.get, path, token: token).bodyData)
        #expect(after["texcellency__DefHC_NumBeds__c"] == 300)
        #expect(after["LastModifiedDate"] != before["LastModifiedDate"])
        let selective = try JSONDecoder().decode(
            [String: JSONValue].self,
            from: try await harness.send(.get, path + "?fields=LastModifiedDate", token: token).bodyData)
        #expect(Set(selective.keys) == ["attributes", "LastModifiedDate"])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var method: HTTPMethod
        var path: String
        var body: String
        var status: Int
        var code: String
        var fields: [String]
        var testDescription: String { "\(method) \(path) → \(status) \(code)" }
    }

    static let cases: [Case] = [
        Case(
            method: .post, path: "\(base)/Note",
            body: #"{"ParentId":"001Q000000Demo1IAB","Title":"t","FavoritePet__c":"cat"}"#,
            status: 400, code: "INVALID_FIELD", fields: []),
        Case(
            method: .post, path: "\(base)/Note", body: #"{"ParentId":"001Q000000Demo1IAB"}"#,
            status: 400, code: "REQUIRED_FIELD_MISSING", fields: ["Title"]),
        Case(
            method: .post, path: "\(base)/Attachment", body: #"{"ParentId":"001Q000000Demo1IAB","Name":"x"}"#,
            status: 400, code: "REQUIRED_FIELD_MISSING", fields: ["Body"]),
        Case(
            method: .post, path: "\(base)/GoogleDoc", body: #"{"ParentId":"not-an-id","Name":"x"}"#,
            status: 400, code: "MALFORMED_ID", fields: ["Id"]),
        Case(
            method: .post, path: "\(base)/Note", body: #"{"ParentId":"001Q000000Demo9IAB","Title":"x"}"#,
            status: 400, code: "INVALID_CROSS_REFERENCE_KEY", fields: ["ParentId"]),
        Case(method: .post, path: "\(base)/Note", body: "[1,2]", status: 400, code: "JSON_PARSER_ERROR", fields: []),
        Case(method: .post, path: "\(base)/Note", body: "{", status: 400, code: "JSON_PARSER_ERROR", fields: []),
        Case(method: .post, path: "\(base)/Widget__c", body: "{}", status: 404, code: "NOT_FOUND", fields: []),
        Case(
            method: .get, path: "\(base)/Account/a00B000000FSjVUIB1", body: "", status: 400, code: "MALFORMED_ID",
            fields: ["Id"]),
        Case(
            method: .get, path: "\(base)/Account/001Q000000Demo1IAX", body: "", status: 400, code: "MALFORMED_ID",
            fields: ["Id"]),
        Case(
            method: .get, path: "\(base)/Account/001Q000000Demo9IAB", body: "", status: 404, code: "NOT_FOUND",
            fields: []),
        Case(
            method: .patch, path: "\(base)/Note/002Q000000Demo1IAB", body: #"{"ParentId":"001Q000000Demo3IAB"}"#,
            status: 400, code: "INVALID_FIELD_FOR_INSERT_UPDATE", fields: ["ParentId"]),
        Case(
            method: .patch, path: "\(base)/Note/002Q000000Demo1IAB", body: #"{"Id":"002Q000000Demo2IAB"}"#,
            status: 400, code: "MALFORMED_ID", fields: ["Id"]),
        Case(
            method: .patch, path: "\(base)/Account/001Q000000Demo1IAB",
            body: #"{"texcellency__DefHC_NumBeds__c":"many"}"#,
            status: 400, code: "JSON_PARSER_ERROR", fields: ["texcellency__DefHC_NumBeds__c"]),
        Case(
            method: .patch, path: "\(base)/Account/001Q000000Demo1IAB", body: #"{"Name":""}"#,
            status: 400, code: "REQUIRED_FIELD_MISSING", fields: ["Name"]),
        Case(
            method: .get, path: "\(base)/Note/002Q000000Demo1IAB/Body", body: "", status: 404, code: "NOT_FOUND",
            fields: []),
    ]

    @Test(arguments: cases)
    func errorsAreSalesforceArraysWithTheirStatus(_ example: Case) async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let response = try await harness.send(example.method, example.path, body: Data(example.body.utf8), token: token)
        #expect(response.status.rawValue == example.status)
        let errors = try errorArray(response)
        #expect(errors.count == 1)
        #expect(errors.first?["errorCode"] == .string(example.code))
        #expect(errors.first?["fields"] == .array(example.fields.map(JSONValue.string)))
        if case .string(let message)? = errors.first?["message"] {
            #expect(!message.isEmpty)
        } else {
            Issue.record("no message")
        }
    }

    @Test func deletedRecordsAnswerEntityIsDeletedOnWritesAndNotFoundOnReads() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let path = "\(Self.base)/Note/002Q000000Demo1IAB"
        #expect(try await harness.send(.delete, path, token: token).status == .noContent)
        let again = try await harness.send(.delete, path, token: token)
        #expect(again.status == .notFound)
        #expect(try errorArray(again).first?["errorCode"] == "ENTITY_IS_DELETED")
        let patch = try await harness.send(.patch, path, body: Data(#"{"Title":"x"}"#.utf8), token: token)
        #expect(try errorArray(patch).first?["errorCode"] == "ENTITY_IS_DELETED")
        #expect(try errorArray(try await harness.send(.get, path, token: token)).first?["errorCode"] == "NOT_FOUND")
        if let folder = fixturesFolder() {
            let real = try Data(
                contentsOf: folder.appendingPathComponent(
                    "sf-fx-runtime-nodejs_response_bodies/delete-already-deleted.404.json"))
            #expect(try JSONDecoder().decode([[String: JSONValue]].self, from: real) == errorArray(again))
        }
    }

    @Test(arguments: [nil, "Bearer forged", "Basic abc", "Bearer"])
    func missingOrBadTokensAreInvalidSessionWithWWWAuthenticate(header: String?) async throws {
        let harness = try await DevServerHarness.make()
        var headers = HTTPHeaders()
        if let header { headers["Authorization"] = header }
        for target in [
            "\(Self.base)/Account/\(DevServerHarness.hospitalID)",
            "/services/apexrest/Account/RetrieveAccount/\(DevServerHarness.hospitalID)",
            "/services/apexrest/2.0/WebContent/\(DevServerHarness.hospitalID)",
        ] {
            let response = try await harness.send(.get, target, headers: headers)
            #expect(response.status == .unauthorized)
            #expect(response.headers["WWW-Authenticate"] == "Token")
            let errors = try errorArray(response)
            #expect(errors.first?["errorCode"] == "INVALID_SESSION_ID")
            #expect(errors.first?["message"] == "Session expired or invalid")
        }
    }

    @Test func expiredAccessTokensAreInvalidSessions() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let token = try await harness.accessToken()
        let path = "\(Self.base)/Account/\(DevServerHarness.hospitalID)"
        #expect(try await harness.send(.get, path, token: token).status == .ok)
        harness.clock.advance(by: 61)
        #expect(try await harness.send(.get, path, token: token).status == .unauthorized)
    }

    @Test func attachmentBodyDownloadsAsRawBytesWithItsType() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        let created = try await harness.send(
            .post, "\(Self.base)/Attachment",
            body: Data(
                #"{"ParentId":"001Q000000Demo1IAB","Name":"p.png","ContentType":"image/png","Body":"\#(png.base64EncodedString())"}"#
                    .utf8),
            token: token)
        let id = try JSONDecoder().decode([String: JSONValue].self, from: created.bodyData)["id"]
        guard case .string(let attachmentID)? = id else {
            Issue.record("no id")
            return
        }
        let body = try await harness.send(.get, "\(Self.base)/Attachment/\(attachmentID)/Body", token: token)
        #expect(body.status == .ok)
        #expect(body.bodyData == png)
        #expect(body.headers["Content-Type"] == "image/png")
        let record = try JSONDecoder().decode(
            [String: JSONValue].self,
            from: try await harness.send(.get, "\(Self.base)/Attachment/\(attachmentID)", token: token).bodyData)
        #expect(record["Body"] == .string("/services/data/v32.0/sobjects/Attachment/\(attachmentID)/Body"))
        #expect(record["BodyLength"] == 11)
    }

    @Test func contentVersionCreatesItsDocumentAndServesVersionData() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let created = try await harness.send(
            .post, "\(Self.base)/ContentVersion",
            body: Data(
                #"{"Title":"Deck","PathOnClient":"deck.pdf","VersionData":"JVBERi0=","Content_Section__c":"Show"}"#.utf8
            ),
            token: token)
        #expect(created.status == .created)
        guard
            case .string(let versionID)? = try JSONDecoder().decode([String: JSONValue].self, from: created.bodyData)[
                "id"]
        else {
            Issue.record("no id")
            return
        }
        #expect(versionID.hasPrefix("068"))
        let version = try JSONDecoder().decode(
            [String: JSONValue].self,
            from: try await harness.send(.get, "\(Self.base)/ContentVersion/\(versionID)", token: token).bodyData)
        guard case .string(let documentID)? = version["ContentDocumentId"] else {
            Issue.record("no document")
            return
        }
        #expect(documentID.hasPrefix("069"))
        #expect(version["FileType"] == "PDF")
        let document = try JSONDecoder().decode(
            [String: JSONValue].self,
            from: try await harness.send(.get, "\(Self.base)/ContentDocument/\(documentID)", token: token).bodyData)
        #expect(document["LatestPublishedVersionId"] == .string(versionID))
        let data = try await harness.send(.get, "\(Self.base)/ContentVersion/\(versionID)/VersionData", token: token)
        #expect(data.bodyData == Data("%PDF-".utf8))
        #expect(data.headers["Content-Type"] == "application/octetstream")
        let refused = try await harness.send(.post, "\(Self.base)/ContentDocument", body: Data("{}".utf8), token: token)
        #expect(refused.status == .methodNotAllowed)
    }

    @Test func aReplayedCreateWithTheSameIdempotencyKeyMakesOneRecord() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let body = Data(#"{"ParentId":"001Q000000Demo1IAB","Title":"Once","Body":"x"}"#.utf8)
        let first = try await harness.send(
            .post, "\(Self.base)/Note", body: body, token: token, headers: ["Idempotency-Key": "k1"])
        let second = try await harness.send(
            .post, "\(Self.base)/Note", body: body, token: token, headers: ["Idempotency-Key": "k1"])
        #expect(first.bodyData == second.bodyData)
        let account = try await harness.send(
            .get, "/services/apexrest/Account/RetrieveAccount/001Q000000Demo1IAB", token: token)
        let notes = try JSONDecoder().decode([String: JSONValue].self, from: account.bodyData)["notes"]
        guard case .array(let list)? = notes else {
            Issue.record("no notes")
            return
        }
        #expect(list.filter { $0["name"] == "Once" }.count == 1)
    }
}

@Suite struct DevServerApexTests {
    @Test func retrieveAccountAnswersTheIssueShape() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let response = try await harness.send(
            .get, "/services/apexrest/Account/RetrieveAccount/\(DevServerHarness.hospitalID)", token: token)
        #expect(response.status == .ok)
        let body = try JSONDecoder().decode([String: JSONValue].self, from: response.bodyData)
        #expect(body["isHospital"] == true)
        #expect(body["numBeds"] == 240)
        #expect(body["currentCleanRating"] == .number(71.5))
        guard case .array(let notes)? = body["notes"], case .array(let attachments)? = body["attachments"],
            case .array(let docs)? = body["docs"]
        else {
            Issue.record("missing arrays")
            return
        }
        #expect(notes.allSatisfy { Set($0.objectValue.keys) == ["text", "name", "lastModifiedDate", "id"] })
        #expect(
            attachments.allSatisfy {
                Set($0.objectValue.keys) == [
                    "name", "lastModifiedDate", "id", "description", "contentType", "bodyLength",
                ]
            })
        #expect(docs.allSatisfy { Set($0.objectValue.keys) == ["url", "name", "lastModifiedDate", "id"] })
        #expect(docs.first?["name"] == "Icon Swap Challenge")
        #expect(attachments.contains { $0["lastModifiedDate"] == "2015-02-04T03:26:49.000Z" })
    }

    @Test func webContentAnswersThreeListsOfContentVersions() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let hospital = try JSONDecoder().decode(
            [String: JSONValue].self,
            from: try await harness.send(
                .get, "/services/apexrest/2.0/WebContent/\(DevServerHarness.hospitalID)", token: token
            ).bodyData)
        #expect(Set(hospital.keys) == ["message", "isSuccess", "contentsforShow", "contentsforSay", "contentsforKnow"])
        #expect(hospital["message"] == "SUCCESS")
        guard case .array(let show)? = hospital["contentsforShow"], case .array(let know)? = hospital["contentsforKnow"]
        else {
            Issue.record("missing lists")
            return
        }
        #expect(know.count == 2)
        #expect(show.count == 2)
        #expect(show.allSatisfy { $0["ContentDocumentId"] != nil && $0["Description"] != nil })
        // Content tied to another account is not offered.
        let other = try JSONDecoder().decode(
            [String: JSONValue].self,
            from: try await harness.send(
                .get, "/services/apexrest/2.0/WebContent/\(DevServerHarness.nonHospitalID)", token: token
            ).bodyData)
        guard case .array(let otherShow)? = other["contentsforShow"] else { return }
        #expect(otherShow.count == 1)
    }

    @Test func unknownAccountsAreNotFound() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let response = try await harness.send(
            .get, "/services/apexrest/Account/RetrieveAccount/001Q000000Demo9IAB", token: token)
        #expect(response.status == .notFound)
        let malformed = try await harness.send(.get, "/services/apexrest/2.0/WebContent/xyz", token: token)
        #expect(malformed.status == .badRequest)
    }

    @Test func everyRegisteredRouteIsDocumented() throws {
        var router = Router()
        SalesforceDevService(store: try .inMemory(), users: []).register(on: &router)
        let routed = Set(router.endpoints.map { "\($0.method.rawValue) \($0.pattern)" })
        let documented = Set(SalesforceDevService.operations.map { "\($0.method.rawValue) \($0.path)" })
        #expect(routed == documented)
        #expect(routed.count == 9)
    }
}

extension JSONValue {
    fileprivate var objectValue: [String: JSONValue] {
        if case .object(let members) = self { return members }
        return [:]
    }
}
