import APIClient
import Foundation
import HTTPTypes
import Locking
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A save based on a version sends `If-Unmodified-Since`, so a real org refuses (412) to write over a save that
/// landed between the client's check and its PATCH; the client reads that as a conflict.
@Suite struct ConditionalUpdateTests {
    /// The harness's transport, answering every PATCH `412 Precondition Failed` when `refuse` is set, as an org
    /// does when the record changed after the header's date; the PATCH requests are kept.
    func client(_ harness: DevServerHarness, refuse: Bool) async throws
        -> (SalesforceClient, Locked<[URLRequest]>)
    {
        let patches = Locked([URLRequest]())
        let inner = harness.transport
        let transport = HTTPTransport { request in
            guard request.httpMethod == "PATCH" else { return try await inner.send(request) }
            patches.withLock { $0.append(request) }
            guard refuse else { return try await inner.send(request) }
            let body = #"[{"message":"The requested resource has been modified","errorCode":"PRECONDITION_FAILED"}]"#
            let response = HTTPURLResponse(
                url: request.url!, statusCode: 412, httpVersion: nil, headerFields: ["Content-Type": "application/json"]
            )!
            return (Data(body.utf8), response)
        }
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance), transport: transport,
            sessions: .inMemory())
        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        return (client, patches)
    }

    @Test func aSaveBasedOnAVersionSendsItRoundedUpToTheSecond() async throws {
        let harness = try await DevServerHarness.make()
        let (client, patches) = try await client(harness, refuse: false)
        var account = try await client.retrieveAccount(id: DevServerHarness.hospitalID).account
        let seen = try #require(account.lastModifiedDate)
        account.numBeds = 250
        try await client.saveAccount(account, fields: [.numBeds])
        let header = try #require(patches.withLock { $0.first }?.value(forHTTPHeaderField: "If-Unmodified-Since"))
        let date = try #require(HTTPDate.date(from: header))
        #expect(date >= seen)
        #expect(date.timeIntervalSince(seen) < 1)
        #expect(date.timeIntervalSince1970 == date.timeIntervalSince1970.rounded())

        // Send Mine: no version, no condition.
        account.lastModifiedDate = nil
        try await client.saveAccount(account, fields: [.numBeds])
        #expect(patches.withLock { $0.last }?.value(forHTTPHeaderField: "If-Unmodified-Since") == nil)
    }

    @Test func aPreconditionFailedIsAConflictAndTheOutboxKeepsTheEdit() async throws {
        let harness = try await DevServerHarness.make()
        let (client, _) = try await client(harness, refuse: true)
        var account = try await client.retrieveAccount(id: DevServerHarness.hospitalID).account
        account.numBeds = 250
        await #expect {
            try await client.saveAccount(account, fields: [.numBeds])
        } throws: { error in
            guard case .conflict(_, "Account", DevServerHarness.hospitalID, let modified)? = error as? SalesforceError
            else { return false }
            return modified == account.lastModifiedDate
        }

        let outbox = try await makeOutbox()
        try await outbox.enqueue(
            .saving(account, fields: [.numBeds], id: DevServerHarness.hospitalID, basedOn: account.lastModifiedDate))
        let report = try await outbox.flush(using: client)
        #expect(report.sent.isEmpty)
        #expect(report.conflicts.count == 1)
        #expect(try await outbox.unsent().map(\.reason) == [.conflict])
    }
}
