import Database
import Foundation
import HTTPServer
import SalesCore
import SalesforceDevServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The core over real sockets: URLSession → libmicrohttpd → the dev server → SQLite.
@Suite struct LoopbackTests {
    @Test func theCoreWorksAgainstTheDevServerOnLoopback() async throws {
        let service = try await SalesforceDevService.start(store: try await DevServerHarness.migratedStore())
        var router = Router()
        service.register(on: &router)
        let server = Server(
            configuration: Server.Configuration(port: 0, threadPoolSize: 2, maxBodySize: 40 << 20, log: .discard),
            handler: router.handler(), bodyReceivers: router.bodyReceivers())
        try server.start()
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        let center = NotificationCenter()
        let messages = ErrorMessages(center)
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: base),
            transport: .live(configuration: .ephemeral), sessions: .inMemory(),
            notificationCenter: center)

        let session = try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        #expect(session.instanceURL == base)
        let details = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        #expect(details.account.isHospital == true)
        #expect(details.items.count == 5)

        let bytes = Data((0..<1_500_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let attachment = try await client.createAttachment(
            name: "big.bin", data: bytes, contentType: nil, accountID: DevServerHarness.hospitalID)
        let downloaded = try await client.downloadAttachment(id: attachment.id ?? "")
        #expect(downloaded.data == bytes)

        var account = details.account
        account.cleanRatingStateAvg = 69.5
        try await client.saveAccount(account)
        #expect(try await client.retrieveAccount(id: DevServerHarness.hospitalID).account.cleanRatingStateAvg == 69.5)

        await #expect(throws: SalesforceError.self) { try await client.record("Note", id: "002Q000000Demo9IAB") }
        #expect(messages.all.count == 1)
        #expect(messages.all.first?.hasSuffix(". Salesforce does not have it; it may have been deleted.") == true)
        await server.shutdown(gracePeriod: .seconds(1))
    }
}
