import AttendeeModels
import ChangeJarModels
import Foundation
import HTTPServer
import HTTPTypes
import ImageCodec
import Testing

/// The people and the things they own on one composed server, for ``OwnershipMatrixTests``.
///
/// Olga organizes an event she imported; she, Ada and Ben are signed up to it; Cleo has an account but is not
/// signed up. Everything Ada writes carries ``marker``, so a response that leaks any of it is easy to spot. Ada's
/// message to Olga and her note each carry a picture uploaded as an attachment.
struct OwnershipWorld: Sendable {
    let client: TestClient
    /// A string in every text Ada writes and nothing else.
    let marker: String

    let olga: String
    let ada: String
    let ben: String
    let cleo: String
    let olgaID: String
    let adaID: String

    let eventID: String
    let sessionID: String
    let speakerID: String
    /// A quake of the USGS replay's month feed.
    let quakeID: String
    let postID: String
    let replyID: String
    let discussionMessageID: String
    let threadID: String
    let messageID: String
    let noteID: String
    let photoID: String
    /// Ada's private pictures: one in her message to Olga, one in her note.
    let messagePictureID: String
    let notePictureID: String
    let documentID: String
    let pollID: String

    /// Ada's Change Jar session and action, and Ben's session.
    let adaChangeJar: String
    let benChangeJar: String
    let actionID: String
    let adaIdentityID: String
    let benLogins: [String: String]

    let salesforceToken: String
    let revokedSalesforceToken: String

    static func make(_ client: TestClient) async throws -> OwnershipWorld {
        let marker = "ada-private-\(UUID().uuidString.prefix(8))"
        func signUp(_ name: String) async throws -> String {
            let response = try await client.post(
                "/attendee/v1/auth/signup",
                json: SignUpRequest(
                    email: name.lowercased() + "@example.com", password: "correct horse battery", name: name))
            try #require(response.status == .created, "\(response.bodyText)")
            return try response.decode(AuthSession.self).token
        }
        let olga = try await signUp("Olga")
        let ada = try await signUp("Ada")
        let ben = try await signUp("Ben")
        let cleo = try await signUp("Cleo")

        let start = Date(timeIntervalSince1970: 1_900_000_000)
        let programme = ConferenceProgramme(
            event: ProgrammeEvent(
                externalID: "ownership:conf", name: "Ownership Days", startsAt: start,
                endsAt: start.addingTimeInterval(86_400), timeZone: "Europe/Lisbon", venue: Venue(name: "Hall")),
            speakers: [ProgrammeSpeaker(externalID: "ownership:sp", name: "Grace Hopper")],
            sessions: [
                ProgrammeSession(
                    externalID: "ownership:s1", title: "Keynote", startsAt: start,
                    endsAt: start.addingTimeInterval(3600), capacity: 50, speakerIDs: ["ownership:sp"])
            ])
        let imported = try await client.request(
            .post, "/attendee/v1/import", headers: auth(olga), body: AttendeeCoding.encoder().encode(programme))
        try #require(imported.status == .created, "\(imported.bodyText)")
        let eventID = try imported.decode(ImportSummary.self).eventID
        for token in [olga, ada, ben] {
            let registered = try await client.request(
                .post, "/attendee/v1/events/\(eventID)/registration", headers: auth(token))
            try #require(registered.status == .created, "\(registered.bodyText)")
        }
        let session = try #require(
            try await client.get("/attendee/v1/events/\(eventID)/agenda").decode([Session].self).first)
        let sessionID = session.id
        let speakerID = try #require(session.speakers.first?.id)
        let feed = try await client.get("/usgs/feed/v1.0/summary/all_month.geojson")
        let quakeID = try #require(
            ((try JSONSerialization.jsonObject(with: feed.bodyData) as? [String: Any])?["features"] as? [[String: Any]])?
                .first?["id"] as? String)
        func personID(_ token: String) async throws -> String {
            try await client.get("/attendee/v1/me", headers: auth(token)).decode(MyProfile.self).person.id
        }
        let olgaID = try await personID(olga)
        let adaID = try await personID(ada)

        func created<T: Decodable>(_ response: Response, _ type: T.Type) throws -> T {
            try #require(response.status == .created || response.status == .ok, "\(response.bodyText)")
            return try response.decode(T.self)
        }
        let photo = try created(
            try await client.post(
                "/attendee/v1/events/\(eventID)/gallery?name=ada.jpg", body: try jpeg(),
                headers: ["Authorization": "Bearer \(ada)", "Content-Type": "image/jpeg"]), MediaFile.self)
        func attachment(_ name: String) async throws -> MediaFile {
            try created(
                try await client.post(
                    "/attendee/v1/events/\(eventID)/attachments?name=\(name)", body: try jpeg(),
                    headers: ["Authorization": "Bearer \(ada)", "Content-Type": "image/jpeg"]), MediaFile.self)
        }
        let messagePicture = try await attachment("for-olga.jpg")
        let notePicture = try await attachment("mine.jpg")
        let wallPicture = try await attachment("wall.jpg")
        let document = try created(
            try await client.post(
                "/attendee/v1/events/\(eventID)/documents?purpose=pre-read&name=agenda.txt",
                body: Data("Read this first.".utf8),
                headers: ["Authorization": "Bearer \(olga)", "Content-Type": "text/plain"]), MediaFile.self)
        let post = try created(
            try await client.post(
                "/attendee/v1/events/\(eventID)/wall", json: NewPost(text: "Wall \(marker)", imageID: wallPicture.id),
                headers: auth(ada)), WallPost.self)
        let reply = try created(
            try await client.post(
                "/attendee/v1/wall/\(post.id)/replies", json: NewWallReply(text: "Reply \(marker)"),
                headers: auth(ada)), WallReply.self)
        let liked = try await client.put(
            "/attendee/v1/wall/\(post.id)/like", json: [String: String](), headers: auth(ada))
        try #require(liked.status.rawValue < 300, "\(liked.bodyText)")
        let discussion = try created(
            try await client.post(
                "/attendee/v1/sessions/\(sessionID)/discussion", json: NewPost(text: "Talk \(marker)"),
                headers: auth(ada)), DiscussionMessage.self)
        let thread = try created(
            try await client.post(
                "/attendee/v1/events/\(eventID)/threads", json: StartThreadRequest(personID: olgaID),
                headers: auth(ada)), MessageThread.self)
        let message = try created(
            try await client.post(
                "/attendee/v1/threads/\(thread.id)/messages",
                json: SendMessageRequest(text: "Psst \(marker)", imageID: messagePicture.id),
                headers: auth(ada)), Message.self)
        let note = try created(
            try await client.post(
                "/attendee/v1/events/\(eventID)/notes",
                json: NoteDraft(text: "Note \(marker)", sessionID: sessionID, imageID: notePicture.id),
                headers: auth(ada)), Note.self)
        let attended = try await client.post(
            "/attendee/v1/sessions/\(sessionID)/attendance", json: AttendRequest(joinWaitlistIfFull: false),
            headers: auth(ada))
        try #require(attended.status.rawValue < 300, "\(attended.bodyText)")
        let poll = try created(
            try await client.post(
                "/attendee/v1/events/\(eventID)/polls",
                json: PollDraft(questions: [PollQuestionDraft(text: "Coffee?", options: ["Yes", "No"])]),
                headers: auth(olga)), Poll.self)
        let opened = try await client.request(.post, "/attendee/v1/polls/\(poll.id)/open", headers: auth(olga))
        try #require(opened.status.rawValue < 300, "\(opened.bodyText)")
        let question = try #require(poll.questions.first)
        let answered = try await client.put(
            "/attendee/v1/polls/\(poll.id)/answer",
            json: PollAnswer(choices: [question.id: [try #require(question.options.first?.id)]]), headers: auth(ada))
        try #require(answered.status.rawValue < 300, "\(answered.bodyText)")

        let pool = SignedInCallers.identityPool
        let adaChangeJar = try await ChangeJarTokenTests.token(client, pool: pool, .google, Self.adaChangeJarUser)
        let benChangeJar = try await ChangeJarTokenTests.token(client, pool: pool, .facebook, "ben-facebook")
        let action = try await client.request(
            .post, "/changejar/v1/actions", headers: auth(adaChangeJar),
            body: JSONEncoder().encode(
                NewAction(
                    title: "Cycle \(marker)", content: "Twice a week.", authSource: .google,
                    providerUserID: Self.adaChangeJarUser)))
        try #require(action.status == .created, "\(action.bodyText)")
        let actionID = try #require(
            (try JSONSerialization.jsonObject(with: action.bodyData) as? [String: Any])?["id"].map { "\($0)" })
        let (adaIdentityID, _) = try await cognitoIdentity(client, pool: pool, .google, "ada-google")
        let (_, benLogins) = try await cognitoIdentity(client, pool: pool, .facebook, "ben-facebook")

        let salesforceToken = try await salesforce(client)
        let revoked = try await salesforce(client)
        let revocation = try await client.post(
            "/services/oauth2/revoke", body: Data("token=\(revoked)".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        try #require(revocation.status == .ok, "\(revocation.bodyText)")

        return OwnershipWorld(
            client: client, marker: marker, olga: olga, ada: ada, ben: ben, cleo: cleo, olgaID: olgaID,
            adaID: adaID, eventID: eventID, sessionID: sessionID, speakerID: speakerID, quakeID: quakeID,
            postID: post.id, replyID: reply.id,
            discussionMessageID: discussion.id, threadID: thread.id, messageID: message.id, noteID: note.id,
            photoID: photo.id, messagePictureID: messagePicture.id, notePictureID: notePicture.id,
            documentID: document.id, pollID: poll.id, adaChangeJar: adaChangeJar,
            benChangeJar: benChangeJar, actionID: actionID, adaIdentityID: adaIdentityID, benLogins: benLogins,
            salesforceToken: salesforceToken, revokedSalesforceToken: revoked)
    }

    /// Everything Ada (and, for the Salesforce stand-in, the signed-in rep) can read, each answer's status and
    /// body by path: two snapshots differ exactly when something of theirs changed.
    func snapshot() async throws -> [String: String] {
        let attendee = [
            "/attendee/v1/me", "/attendee/v1/events/\(eventID)/my-agenda", "/attendee/v1/events/\(eventID)/notes",
            "/attendee/v1/notes/\(noteID)", "/attendee/v1/threads", "/attendee/v1/threads/\(threadID)",
            "/attendee/v1/threads/\(threadID)/messages", "/attendee/v1/events/\(eventID)/wall",
            "/attendee/v1/sessions/\(sessionID)/discussion", "/attendee/v1/polls/\(pollID)",
            "/attendee/v1/events/\(eventID)/polls", "/attendee/v1/events/\(eventID)/gallery",
            "/attendee/v1/events/\(eventID)/documents", "/attendee/v1/media/\(photoID)",
            "/attendee/v1/media/\(documentID)", "/attendee/v1/media/\(messagePictureID)",
            "/attendee/v1/media/\(notePictureID)", "/attendee/v1/events/\(eventID)/attendees",
            "/attendee/v1/sessions/\(sessionID)/attendees", "/attendee/v1/events/\(eventID)/agenda",
        ]
        var answers: [String: String] = [:]
        for path in attendee {
            answers[path] = try await read(path, as: "Bearer \(ada)")
        }
        for path in ["/changejar/v1/actions/mine", "/changejar/v1/actions/\(actionID)"] {
            answers[path] = try await read(path, as: "Bearer \(adaChangeJar)")
        }
        answers["olga threads"] = try await read("/attendee/v1/threads", as: "Bearer \(olga)")
        answers["olga's speaker account"] = try await read(
            "/attendee/v1/events/\(eventID)/speakers/\(speakerID)/account", as: "Bearer \(olga)")
        answers["olga's copy of Ada's picture"] = try await read(
            "/attendee/v1/media/\(messagePictureID)", as: "Bearer \(olga)")
        answers["salesforce account"] = try await read(
            "/services/apexrest/Account/RetrieveAccount/\(SalesforceIDs.account)", as: "Bearer \(salesforceToken)")
        return answers
    }

    private func read(_ path: String, as authorization: String) async throws -> String {
        let response = try await client.get(path, headers: ["Authorization": authorization])
        return "\(response.status.rawValue) \(response.bodyText)"
    }

    /// Ada's user id at Google, her Change Jar account: her actions are public, it is not.
    static let adaChangeJarUser = "ada-google"

    static func auth(_ token: String) -> HTTPHeaders {
        ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
    }

    /// A small real JPEG.
    static func jpeg() throws -> Data {
        let size = PixelSize(width: 64, height: 48)
        let pixels = (0..<(size.width * size.height * 3)).map { UInt8(truncatingIfNeeded: $0) }
        return try TurboJPEG.encode(RGBImage(size: size, pixels: pixels), quality: 80)
    }

    /// Signs in to the Cognito stand-in through `provider` and returns the identity and its logins map.
    static func cognitoIdentity(
        _ client: TestClient, pool: String, _ provider: AuthSource, _ user: String
    ) async throws -> (String, [String: String]) {
        let signIn = try await client.post("/cognito/dev/signin", json: ["provider": provider.rawValue, "user": user])
        let providerToken = try #require(
            try JSONDecoder().decode([String: String].self, from: signIn.bodyData)["token"])
        let logins = [provider.providerKey: providerToken]
        let response = try await cognito(client, "GetId", ["IdentityPoolId": pool, "Logins": logins])
        let identityID = try #require(
            (try JSONSerialization.jsonObject(with: response.bodyData) as? [String: Any])?["IdentityId"] as? String)
        return (identityID, logins)
    }

    /// One call of the Cognito Identity stand-in's JSON protocol.
    static func cognito(_ client: TestClient, _ operation: String, _ body: [String: Any]) async throws -> Response {
        try await client.post(
            "/cognito/", body: try JSONSerialization.data(withJSONObject: body),
            headers: [
                "Content-Type": "application/x-amz-json-1.1",
                "X-Amz-Target": "AWSCognitoIdentityService.\(operation)",
            ])
    }

    /// A Salesforce access token for the stand-in's demo rep (the hostile-caller and client-drop suites sign in
    /// with it too).
    static func salesforce(_ client: TestClient) async throws -> String {
        let form =
            "grant_type=password&client_id=quartet-tests&client_secret=s&username=rep%40quartet.dev"
            + "&password=quartet-sales"
        let response = try await client.post(
            "/services/oauth2/token", body: Data(form.utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        return try #require(
            (try JSONSerialization.jsonObject(with: response.bodyData) as? [String: Any])?["access_token"] as? String)
    }
}

/// Record ids of the Salesforce stand-in's seed.
enum SalesforceIDs {
    static let account = "001Q000000Demo1IAB"
}
