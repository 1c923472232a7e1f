import Foundation
import Locking
import Testing

@testable import APIClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `HTTPTransport(send:)` shorthand that tests across the package build on.
@Suite struct StubTransportTests {
    @Test func progressRoutesBodiesToUploadAndTheRestToDownload() async throws {
        let server = StubServer(statuses: [200], body: #"{"ok": true}"#)
        let client = APIClient.test(server.transport)
        let sent = Locked<[TransferProgress]>([])
        let upload = Endpoint<[String: Bool]>(
            method: .post, path: ["files"], body: .data(Data(count: 1000), contentType: "image/jpeg"), response: .json()
        )
        #expect(try await client.send(upload) { progress in sent.withLock { $0.append(progress) } } == ["ok": true])
        #expect(sent.withLock { $0 } == [TransferProgress(completed: 1000, total: 1000)])
        #expect(server.requests.first?.httpBody?.count == 1000)

        let received = Locked<[TransferProgress]>([])
        let download = Endpoint<Data>(method: .get, path: ["files", "1"], response: .data)
        _ = try await client.send(download) { progress in received.withLock { $0.append(progress) } }
        #expect(received.withLock { $0 } == [TransferProgress(completed: 12, total: 12)])
    }

    @Test func streamShorthandDeliversTheWholeBodyAsEvents() async throws {
        let server = StubServer { _, index in
            index == 0
                ? (200, ["Content-Type": "text/event-stream"], Data("data: a\n\ndata: b\n\n".utf8)) : (204, [:], Data())
        }
        let client = APIClient.test(server.transport)
        var events: [String] = []
        for try await event in client.events(Endpoint(method: .get, path: ["live"], response: .none)) {
            events.append(event.data)
        }
        #expect(events == ["a", "b"])
        #expect(server.requests.count == 2)
        #expect(server.requests.first?.value(forHTTPHeaderField: "Accept") == "text/event-stream")
    }

    @Test func progressFraction() {
        #expect(TransferProgress(completed: 5, total: 20).fraction == 0.25)
        #expect(TransferProgress(completed: 5, total: nil).fraction == nil)
        #expect(TransferProgress(completed: 5, total: 0).fraction == nil)
        #expect(TransferProgress(completed: 30, total: 20).fraction == 1)
    }
}
