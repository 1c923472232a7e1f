import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing
import TokenVerifier

@Suite struct AccountTests {
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func signUpSignInSignOut(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.signUp("Ana Ferreira", email: "Ana@Example.com")
            let me = try await server.client.get("/attendee/v1/me", headers: AttendeeTestServer.auth(token))
            #expect(me.status == .ok)
            #expect(try me.decode(MyProfile.self).email == "ana@example.com")

            let signIn = try await server.client.post(
                "/attendee/v1/auth/signin", json: SignInRequest(email: "ana@example.com", password: "correct horse"))
            #expect(signIn.status == .ok)
            let second = try signIn.decode(AuthSession.self).token
            #expect(second != token)

            let out = try await server.client.request(
                .post, "/attendee/v1/auth/signout", headers: AttendeeTestServer.auth(token))
            #expect(out.status == .noContent)
            let after = try await server.client.get("/attendee/v1/me", headers: AttendeeTestServer.auth(token))
            #expect(after.status == .unauthorized)
            #expect(after.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
            let other = try await server.client.get("/attendee/v1/me", headers: AttendeeTestServer.auth(second))
            #expect(other.status == .ok)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func tokensAreStoredHashedAndPasswordsSlowHashed(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.signUp("Rui Santos")
            let stored = try await server.database.read { db in
                try db.fetchColumn(String.self, "SELECT token_hash FROM attendee_auth_token")
            }
            #expect(stored.count == 1)
            #expect(!stored.contains(token))
            let hash = try await server.database.read { db in
                try db.fetchValue(
                    String.self, "SELECT password_hash FROM attendee_user WHERE email = 'rui.santos@example.com'")
            }
            #expect(hash?.hasPrefix("$pbkdf2-sha256$") == true)
            #expect(hash?.contains("correct horse") == false)
        }
    }

    /// A hash made under older settings is replaced at the next good sign-in (and only then): raising the hashing
    /// settings reaches every account that signs in again.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aSignInUpgradesAHashMadeUnderOlderSettings(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            _ = try await server.signUp("Rui Santos")
            let older = try PasswordHasher(algorithm: .pbkdf2SHA256(iterations: 500)).hash("correct horse")
            func stored() async throws -> String? {
                try await server.database.read { db in
                    try db.fetchValue(
                        String.self, "SELECT password_hash FROM attendee_user WHERE email = 'rui.santos@example.com'")
                }
            }
            try await server.database.write { db in
                _ = try db.execute("UPDATE attendee_user SET password_hash = \(older)")
            }
            let hasher = PasswordHasher(algorithm: .pbkdf2SHA256(iterations: 1000))  // AttendeeTestServer's settings
            #expect(hasher.needsRehash(older))

            let wrong = try await server.client.post(
                "/attendee/v1/auth/signin", json: SignInRequest(email: "rui.santos@example.com", password: "wrong one"))
            #expect(wrong.status == .unauthorized)
            #expect(try await stored() == older)

            let right = try await server.client.post(
                "/attendee/v1/auth/signin",
                json: SignInRequest(email: "rui.santos@example.com", password: "correct horse"))
            #expect(right.status == .ok)
            let upgraded = try #require(try await stored())
            #expect(upgraded != older)
            #expect(!hasher.needsRehash(upgraded))
            #expect(try hasher.verify("correct horse", against: upgraded))
            let again = try await server.client.post(
                "/attendee/v1/auth/signin",
                json: SignInRequest(email: "rui.santos@example.com", password: "correct horse"))
            #expect(again.status == .ok)
            #expect(try await stored() == upgraded)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func refusals(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            _ = try await server.signUp("Marta Costa")
            let duplicate = try await server.client.post(
                "/attendee/v1/auth/signup",
                json: SignUpRequest(email: "MARTA.COSTA@example.com", password: "another one", name: "M"))
            #expect(duplicate.status == .conflict)
            #expect(duplicate.problem["field"] == "email")

            let badEmail = try await server.client.post(
                "/attendee/v1/auth/signup",
                json: SignUpRequest(email: "not-an-email", password: "long enough", name: "X"))
            #expect(badEmail.status == .unprocessableContent)
            #expect(badEmail.problem["field"] == "email")

            let shortPassword = try await server.client.post(
                "/attendee/v1/auth/signup", json: SignUpRequest(email: "x@example.com", password: "short", name: "X"))
            #expect(shortPassword.problem["field"] == "password")

            let longName = try await server.client.post(
                "/attendee/v1/auth/signup",
                json: SignUpRequest(
                    email: "long@example.com", password: "long enough",
                    name: String(repeating: "n", count: PersonName.limit + 1)))
            #expect(longName.status == .unprocessableContent)
            #expect(longName.problem["field"] == "name")
            #expect(longName.problem["detail"] == "The name must be at most 80 characters.")
            let atTheLimit = try await server.client.post(
                "/attendee/v1/auth/signup",
                json: SignUpRequest(
                    email: "limit@example.com", password: "long enough",
                    name: " " + String(repeating: "é", count: PersonName.limit) + " "))
            #expect(atTheLimit.status == .created)

            let missing = try await server.client.post(
                "/attendee/v1/auth/signup", body: Data(#"{"email":"x@example.com"}"#.utf8),
                headers: ["Content-Type": "application/json"])
            #expect(missing.status == .unprocessableContent)
            #expect(missing.problem["field"] == "password")

            let wrong = try await server.client.post(
                "/attendee/v1/auth/signin", json: SignInRequest(email: "marta.costa@example.com", password: "nope nope")
            )
            #expect(wrong.status == .unauthorized)
            let unknown = try await server.client.post(
                "/attendee/v1/auth/signin", json: SignInRequest(email: "who@example.com", password: "nope nope"))
            #expect(unknown.status == .unauthorized)
            #expect(unknown.problem["detail"] == wrong.problem["detail"])

            let forged = try await server.client.get("/attendee/v1/me", headers: AttendeeTestServer.auth("forged"))
            #expect(forged.status == .unauthorized)
            let none = try await server.client.get("/attendee/v1/me")
            #expect(none.status == .unauthorized)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func profileEditAndPreferences(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.signUp("Tiago Silva")
            let update = ProfileUpdate(
                title: "iOS Engineer", company: "Tejo Cloud", aboutMe: "I like maps.",
                preferences: Preferences(tracks: ["Swift"], topics: ["concurrency"]))
            let response = try await server.client.patch(
                "/attendee/v1/me", json: update, headers: AttendeeTestServer.auth(token))
            #expect(response.status == .ok)
            let profile = try await server.client.get("/attendee/v1/me", headers: AttendeeTestServer.auth(token))
                .decode(MyProfile.self)
            #expect(profile.person.aboutMe == "I like maps.")
            #expect(profile.person.company == "Tejo Cloud")
            #expect(profile.preferences.tracks == ["Swift"])

            let tooLong = try await server.client.patch(
                "/attendee/v1/me", json: ProfileUpdate(aboutMe: String(repeating: "a", count: 2001)),
                headers: AttendeeTestServer.auth(token))
            #expect(tooLong.status == .unprocessableContent)
            #expect(tooLong.problem["field"] == "aboutMe")

            let longName = try await server.client.patch(
                "/attendee/v1/me", json: ProfileUpdate(name: String(repeating: "n", count: PersonName.limit + 1)),
                headers: AttendeeTestServer.auth(token))
            #expect(longName.status == .unprocessableContent)
            #expect(longName.problem["field"] == "name")
            #expect(longName.problem["detail"] == "The name must be at most 80 characters.")
            let unchanged = try await server.client.get("/attendee/v1/me", headers: AttendeeTestServer.auth(token))
                .decode(MyProfile.self)
            #expect(unchanged.person.name == "Tiago Silva")
        }
    }

    /// NUL in a profile field is a 422 naming the field on both engines (PostgreSQL cannot store it, so it used
    /// to be stored on SQLite only), and the profile keeps what it had (schemathesis found it).
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func profileTextWithNULIsRefusedAndLosesNothing(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.signUp("Rui Costa")
            for (update, field) in [
                (ProfileUpdate(aboutMe: "Maps\u{0}"), "aboutMe"), (ProfileUpdate(company: "\u{0}"), "company"),
                (ProfileUpdate(title: "a\u{0}b"), "title"), (ProfileUpdate(name: "Rui\u{0}"), "name"),
            ] {
                let refused = try await server.client.patch(
                    "/attendee/v1/me", json: update, headers: AttendeeTestServer.auth(token))
                #expect(refused.status == .unprocessableContent)
                #expect(refused.problem["field"] == field)
            }
            let profile = try await server.client.get("/attendee/v1/me", headers: AttendeeTestServer.auth(token))
                .decode(MyProfile.self)
            #expect(profile.person.name == "Rui Costa")
        }
    }
}

@Suite struct HostileInputTests {
    @Test func malformedAndWrongShapedBodies() async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.registeredAttendee("Rui Costa")
            let headers = AttendeeTestServer.auth(token)
            let broken = try await server.client.post(
                "/attendee/v1/events/\(server.eventID)/feedback", body: Data("{\"rating\": ".utf8), headers: headers)
            #expect(broken.status == .badRequest)
            let wrongType = try await server.client.post(
                "/attendee/v1/events/\(server.eventID)/feedback", body: Data(#"{"rating": "five"}"#.utf8),
                headers: headers)
            #expect(wrongType.status == .unprocessableContent)
            #expect(wrongType.problem["field"] == "rating")
            let session = try #require(try await server.agenda().first)
            let badAttend = try await server.client.post(
                "/attendee/v1/sessions/\(session.id)/attendance", body: Data("[]".utf8), headers: headers)
            #expect(badAttend.status == .unprocessableContent || badAttend.status == .badRequest)
            #expect(try await server.agenda().first?.seatsTaken == 0)
            let longSearch = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)/attendees?search=\(String(repeating: "a", count: 201))",
                headers: headers)
            #expect(longSearch.status == .unprocessableContent)
            let injected = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)/attendees?search=%27%20OR%201%3D1%20--", headers: headers)
            #expect(try injected.decode([Person].self).isEmpty)
            let badImport = try await server.client.post(
                "/attendee/v1/import", body: Data(#"{"event": {}}"#.utf8), headers: headers)
            #expect(badImport.status == .unprocessableContent)
        }
    }
}
