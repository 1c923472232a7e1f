import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import AttendeeServer

/// A share link (`GET /media/{id}/share`) opens the file for anyone, without an account, until it expires; nothing
/// else opens without signing in.
@Suite struct MediaShareLinkTests {
    /// A share link opens for someone with no account until it expires; an altered one, one for another file and
    /// an expired one are 403; without a link the route still wants a sign-in.
    @Test(arguments: DatabaseKind.eachDialect)
    func aShareLinkOpensForAnyoneUntilItExpires(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let alice = try await server.registeredAttendee("Alice")
            let photo = try MediaFixtures.jpeg(width: 64, height: 48)
            let file = try await server.uploadPhoto(photo, name: "p.jpg", token: alice).decode(MediaFile.self)
            let other = try await server.uploadPhoto(
                try MediaFixtures.jpeg(width: 32, height: 32), name: "q.jpg", token: alice
            ).decode(MediaFile.self)
            var headers = AttendeeTestServer.auth(alice)
            headers["Host"] = "quartet.test"
            let link = try await server.client.get("/attendee/v1/media/\(file.id)/share", headers: headers)
                .decode(MediaShareLink.self)
            let target = try #require(URL(string: link.url)).path + "?" + (try #require(URL(string: link.url)?.query))

            let opened = try await server.client.get(target)
            #expect(opened.status == .ok, "\(opened.bodyText)")
            #expect(opened.bodyData == photo)
            #expect(try await server.client.get("/attendee/v1/media/\(file.id)").status == .unauthorized)
            #expect(try await server.client.get("/attendee/v1/media/\(file.id)/thumbnail").status == .unauthorized)

            let query = try #require(URL(string: link.url)?.query)
            let signature = String(
                try #require(query.split(separator: "&").first { $0.hasPrefix("signature=") }).dropFirst(10))
            let expires = String(
                try #require(query.split(separator: "&").first { $0.hasPrefix("expires=") }).dropFirst(8))
            var flipped = Array(signature)
            flipped[0] = flipped[0] == "A" ? "B" : "A"
            let refused = [
                "/attendee/v1/media/\(file.id)?expires=\(expires)&signature=\(String(flipped))",
                "/attendee/v1/media/\(file.id)?expires=\(Int64(expires)! + 1)&signature=\(signature)",
                "/attendee/v1/media/\(other.id)?expires=\(expires)&signature=\(signature)",
                "/attendee/v1/media/\(file.id)?expires=\(expires)",
                "/attendee/v1/media/\(file.id)?signature=\(signature)",
                "/attendee/v1/media/\(file.id)?expires=soon&signature=\(signature)",
                "/attendee/v1/media/no-such-file?expires=\(expires)&signature=\(signature)",
            ]
            for path in refused { #expect(try await server.client.get(path).status == .forbidden, "\(path)") }

            // Signed with the server's key, but past its time.
            let past = Int64(Date().timeIntervalSince1970) - 1
            let expired = try server.service.linkSigner.signature(
                for: MediaController.shareMessage(file.id, expires: past))
            #expect(
                try await server.client.get("/attendee/v1/media/\(file.id)?expires=\(past)&signature=\(expired)").status
                    == .forbidden)

            // A removed file's link opens nothing.
            _ = try await server.client.request(
                .delete, "/attendee/v1/media/\(file.id)", headers: AttendeeTestServer.auth(alice))
            #expect(try await server.client.get(target).status == .notFound)
        }
    }
}
