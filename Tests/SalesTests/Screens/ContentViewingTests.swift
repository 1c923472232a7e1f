import APIClient
import DynamicJSON
import Foundation
import HTTPTypes
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Know · Say · Show documents open in the web view with a type it can show: Salesforce answers every `VersionData`
/// as `application/octetstream`, so the type comes from the document's `FileType`.
@MainActor
@Suite struct ContentViewingTests {
    static let base = "/services/data/v32.0/sobjects"

    /// A file put under Show for the hospital, as a ContentVersion uploaded from `path`; its version's `FileType`.
    static func addShowContent(_ harness: DevServerHarness, path: String, title: String) async throws -> String? {
        let token = try await harness.accessToken()
        let body: JSONValue = [
            "Title": .string(title), "PathOnClient": .string(path), "VersionData": "UEsDBBQ=",
            "Content_Section__c": "Show", "Account__c": .string(DevServerHarness.hospitalID),
        ]
        let created = try await harness.send(
            .post, "\(base)/ContentVersion", body: try JSONEncoder().encode(body), token: token)
        let id = try JSONDecoder().decode([String: JSONValue].self, from: created.bodyData)["id"]
        guard case .string(let versionID)? = id else { return nil }
        let version = try JSONDecoder().decode(
            [String: JSONValue].self,
            from: try await harness.send(.get, "\(base)/ContentVersion/\(versionID)", token: token).bodyData)
        guard case .string(let fileType)? = version["FileType"] else { return nil }
        return fileType
    }

    @Test(arguments: [
        ("Q3 deck.pptx", "POWER_POINT_X", "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
        ("Price list.xlsx", "EXCEL_X", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        ("Talk track.docx", "WORD_X", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        ("Old deck.ppt", "POWER_POINT", "application/vnd.ms-powerpoint"),
        ("Banner.gif", "GIF", "image/gif"),
    ])
    func anOfficeFileOrImageOpensWithItsType(path: String, fileType: String, mimeType: String) async throws {
        let harness = try await DevServerHarness.make()
        #expect(try await Self.addShowContent(harness, path: path, title: path) == fileType)
        let client = try await harness.client()
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        let row = try #require(model.contentSections.first { $0.kind == .show }?.rows.first { $0.text == path })
        await model.contentRowTapped(id: row.id)
        #expect(model.openedDocument?.title == path)
        #expect(model.openedDocument?.contentType == mimeType)
        #expect(model.openedDocument?.data == Data([0x50, 0x4B, 0x03, 0x04, 0x14]))
    }

    /// The org answers the Know · Say · Show Apex endpoint with Salesforce's 404 (the class is not deployed there):
    /// the account, which loaded, stays on the screen and on the device; only the content says it failed.
    @Test func knowSayShowAnswering404LeavesTheAccountShownAndSaved() async throws {
        let harness = try await DevServerHarness.make()
        let cache = AccountCache.inMemory()
        let client = try await harness.client(cache: cache) { request, standIn in
            guard let url = request.url, url.path.contains("/apexrest/2.0/WebContent/") else {
                return try await standIn.send(request)
            }
            let body = #"[{"errorCode":"NOT_FOUND","message":"Could not find a match for URL"}]"#
            let response = HTTPURLResponse(
                url: url, statusCode: 404, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json;charset=UTF-8"])!
            return (Data(body.utf8), response)
        }
        let model = try await DevServerHarness.hospitalScreen(client, cache: cache)
        await model.appeared()

        #expect(model.phase == .loaded)
        #expect(!model.accountIsGone)
        #expect(model.title == "St. Mary's Regional Medical Center")
        #expect(model.items.count == 5)
        #expect(model.banner?.text.hasSuffix(". Salesforce does not have it; it may have been deleted.") == true)
        #expect(model.banner?.text.contains("NOT_FOUND") == false)
        #expect(await cache.load(DevServerHarness.hospitalID) != nil)
    }
}
