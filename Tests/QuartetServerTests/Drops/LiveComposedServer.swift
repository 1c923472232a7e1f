import Foundation
import HTTPServer
import QuartetServer
import TestSupport
import Testing

/// The whole Quartet server (every domain, its body receivers, its refusals) on a loopback port, over a SQLite file
/// in a folder of its own, with a signed-in Attendee member and a Salesforce session; set up in process through
/// the same application, so the sockets carry only what a test means them to.
final class LiveComposedServer: Sendable {
    let application: Application
    let server: Server
    /// Drives the same application in process (setting up records, checking them).
    let client: TestClient
    let directory: URL
    let attendeeToken: String
    let salesforceToken: String
    let eventID: String

    /// The demo Account every Attachment below hangs off.
    static let parentID = "001Q000000Demo1IAB"
    static let sobjects = "/services/data/v32.0/sobjects"

    private init(
        application: Application, server: Server, client: TestClient, directory: URL, attendeeToken: String,
        salesforceToken: String, eventID: String
    ) {
        self.application = application
        self.server = server
        self.client = client
        self.directory = directory
        self.attendeeToken = attendeeToken
        self.salesforceToken = salesforceToken
        self.eventID = eventID
    }

    /// Runs `body` with a fresh server, stopping it and removing its folder afterwards even when `body` throws.
    static func with(_ body: (LiveComposedServer) async throws -> Void) async throws {
        let live = try await make()
        do {
            try await body(live)
        } catch {
            await live.close()
            throw error
        }
        await live.close()
    }

    private static func make() async throws -> LiveComposedServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-drops-\(UUID())")
        let application = try await buildApplication(
            ServerConfiguration(
                port: 0, dataDirectory: directory,
                databaseURL: "sqlite://" + directory.appendingPathComponent("quartet.sqlite").path, rateLimit: 0))
        // NB: a short idle timeout ends a half-closed connection the server is stuck writing to; a short heartbeat
        // lets an event stream notice its client left.
        var configuration = Server.Configuration(
            port: 0, threadPoolSize: 2, idleTimeout: .seconds(3), headerTimeout: nil,
            maxBodySize: application.configuration.maxBodySize, eventStreamHeartbeat: .milliseconds(100),
            log: .discard)
        configuration.shapeRefusal = application.shapeRefusal
        let server = Server(
            configuration: configuration, handler: application.handler(log: .discard),
            bodyReceivers: application.bodyReceivers(), bodyLimits: application.bodyLimits())
        let client = TestClient(handler: application.handler(log: .discard))
        do {
            try server.start()
            let signUp = try await client.post(
                "/attendee/v1/auth/signup",
                json: ["email": "leaver@example.com", "password": "correct horse battery", "name": "Lee Ver"])
            let attendeeToken = try #require(
                try Self.object(signUp.bodyData)["token"] as? String, "\(signUp.bodyText)")
            let events = try #require(
                try JSONSerialization.jsonObject(with: await client.get("/attendee/v1/events").bodyData)
                    as? [[String: Any]])
            let eventID = try #require(events.first?["id"] as? String)
            _ = try await client.request(
                .post, "/attendee/v1/events/\(eventID)/registration",
                headers: ["Authorization": "Bearer \(attendeeToken)"])
            let salesforceToken = try await OwnershipWorld.salesforce(client)
            return LiveComposedServer(
                application: application, server: server, client: client, directory: directory,
                attendeeToken: attendeeToken, salesforceToken: salesforceToken, eventID: eventID)
        } catch {
            await server.shutdown(gracePeriod: .zero)
            await application.close()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    func close() async {
        await server.shutdown(gracePeriod: .seconds(1))
        await application.close()
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: - What is on disk

    /// Every file (not folder) under `folder` of the data directory, relative to it.
    func files(under folder: String) -> [String] {
        let root = directory.appendingPathComponent(folder).path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }.filter { relative in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    /// Uploads still arriving (or left behind): the Attendee media's and the Salesforce bodies' staging folders.
    var staged: [String] {
        files(under: "media/staging").map { "media/staging/" + $0 }
            + files(under: "salesforce-bodies/staging").map { "salesforce-bodies/staging/" + $0 }
    }

    /// The size of the largest staged file (0 when there is none).
    var largestStaged: Int {
        staged.compactMap { path in
            (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(path).path))?[.size]
                as? Int
        }.max() ?? 0
    }

    /// Descriptors of this process open on a file under the data directory (a body being sent, an upload).
    var openFilesInDataDirectory: [String] {
        let prefix = directory.resolvingSymlinksInPath().path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { name in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name)
            else { return nil }
            // NB: the database and its lock stay open while the server runs; only bodies and media count here.
            return target.hasPrefix(prefix) && (target.contains("/media/") || target.contains("/salesforce-bodies/"))
                ? target : nil
        }
    }

    // MARK: - Over the socket

    /// A fresh request over a new connection: the server still answers.
    func answersAFreshRequest() async throws -> Bool {
        let port = server.port
        return try await blocking {
            let connection = try RawConnection(port: port, timeoutSeconds: 30)
            try connection.send("GET /health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return try connection.readResponse().status == 200
        }
    }

    /// Sends `wire` on a new connection and reads the whole response.
    func exchange(_ wire: Data) async throws -> RawConnection.Reply {
        let port = server.port
        return try await blocking {
            let connection = try RawConnection(port: port, timeoutSeconds: 30)
            try connection.send(wire)
            return try connection.readResponse()
        }
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}

extension RawConnection {
    /// Bytes sent that the peer has not acknowledged yet (SIOCOUTQ): 0 once the server's kernel holds them all.
    var unacknowledged: Int {
        var count: Int32 = 0
        // NB: SIOCOUTQ is TIOCOUTQ (0x5411) on Linux, which Glibc's module does not export by name.
        return ioctl(fd, 0x5411, &count) == 0 ? Int(count) : 0
    }

    /// Leaves as the test says: abortively (RST) or with a FIN both ways.
    func leave(reset: Bool) {
        if reset { self.reset() } else { close() }
    }
}
