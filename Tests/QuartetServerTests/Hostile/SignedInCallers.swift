import ChangeJarModels
import Foundation
import HTTPServer
import Testing

/// A signed-in caller for every domain of a composed server, and real ids to put in route patterns, so a
/// request reaches the code that reads its body instead of stopping at 401 or 404.
struct SignedInCallers: Sendable {
    var attendeeToken: String
    var changeJarToken: String
    var salesforceToken: String
    /// Pattern parameter → a real value (`eventID` → the demo event, …).
    var parameters: [String: String]

    /// The demo Cognito identity pool of the in-process stand-in.
    static let identityPool = "us-east-1:5d8b7c2e-0f3a-4c1e-9a6b-2f4d8e1c7a90"

    /// Signs up, signs in and looks up ids through `client`.
    static func make(_ client: TestClient, password: String = "correct horse battery") async throws
        -> SignedInCallers
    {
        let signUp = try await client.post(
            "/attendee/v1/auth/signup",
            json: ["email": "hostile@example.com", "password": password, "name": "Hostile Tester"])
        let attendeeToken = try #require(try object(signUp)["token"] as? String, "\(signUp.bodyText)")
        let events = try #require(
            try JSONSerialization.jsonObject(with: await client.get("/attendee/v1/events").bodyData) as? [[String: Any]]
        )
        let eventID = try #require(events.first?["id"] as? String)
        _ = try await client.request(
            .post, "/attendee/v1/events/\(eventID)/registration", headers: ["Authorization": "Bearer \(attendeeToken)"])
        let agenda = try #require(
            try JSONSerialization.jsonObject(with: await client.get("/attendee/v1/events/\(eventID)/agenda").bodyData)
                as? [[String: Any]])
        let sessionID = try #require(agenda.first?["id"] as? String)
        let speakers = try #require(
            try JSONSerialization.jsonObject(with: await client.get("/attendee/v1/events/\(eventID)/speakers").bodyData)
                as? [[String: Any]])
        let personID = try #require(speakers.first?["id"] as? String)

        let changeJarToken = try await ChangeJarTokenTests.token(client, pool: identityPool, .google, "hostile-1")
        let created = try await client.request(
            .post, "/changejar/v1/actions",
            headers: ["Authorization": "Bearer \(changeJarToken)", "Content-Type": "application/json"],
            body: JSONEncoder().encode(
                NewAction(
                    title: "Cycle more", content: "Twice a week.", authSource: .google, providerUserID: "hostile-1"))
        )
        let actionID = try #require(try object(created)["id"].map { "\($0)" }, "\(created.bodyText)")

        let salesforceToken = try await OwnershipWorld.salesforce(client)

        return SignedInCallers(
            attendeeToken: attendeeToken, changeJarToken: changeJarToken, salesforceToken: salesforceToken,
            parameters: [
                "eventID": eventID, "sessionID": sessionID, "personID": personID, "id": actionID,
                "sobject": "Note", "field": "Body", "feed": "all_month.geojson", "file": "us7000abcd.geojson",
            ])
    }

    /// The operation's path with every parameter filled in.
    func target(_ path: String) -> String {
        "/"
            + path.split(separator: "/").map { part -> String in
                guard part.hasPrefix(":") || part.hasPrefix("*") else { return String(part) }
                return parameters[String(part.dropFirst())] ?? "unknown-id"
            }.joined(separator: "/")
    }

    /// The bearer token the operation's domain accepts.
    func authorization(for path: String) -> String? {
        if path.hasPrefix("/attendee/") { return "Bearer \(attendeeToken)" }
        if path.hasPrefix("/changejar/") { return "Bearer \(changeJarToken)" }
        if path.hasPrefix("/services/") { return "Bearer \(salesforceToken)" }
        return nil
    }

    private static func object(_ response: Response) throws -> [String: Any] {
        (try JSONSerialization.jsonObject(with: response.bodyData) as? [String: Any]) ?? [:]
    }
}
