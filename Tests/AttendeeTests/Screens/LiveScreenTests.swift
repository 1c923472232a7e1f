import APIClient
import AttendeeCore
import AttendeeModels
import AttendeeServer
import Foundation
import Locking
import TestSupport
import Testing

/// The screens driven through the live client against the real server, in-process.
@MainActor @Suite struct LiveScreenTests {
    final class MemoryTokens: Sendable {
        let token = Locked<String?>(nil)
        var store: TokenStore {
            TokenStore(load: { self.token.withLock { $0 } }, save: { value in self.token.withLock { $0 = value } })
        }
    }

    static func client(_ server: AttendeeTestServer, _ tokens: MemoryTokens) throws -> AttendeeClient {
        AttendeeClient.live(
            baseURL: try #require(URL(string: "http://attendee.test")),
            transport: .inProcess(server.client),
            tokens: tokens.store)
    }

    /// The live client raises the session's end once, on the first 401 while a token is kept, and forgets the
    /// token; a 401 to a call made without one (never signed in) ends nothing.
    @Test func aRefusedTokenIsForgottenAndEndsTheSessionOnce() async throws {
        try await AttendeeTestServer.with { server in
            let tokens = MemoryTokens()
            let client = try Self.client(server, tokens)
            var ends = 0
            client.sessionEnd.listen { ends += 1 }
            // Never signed in: nothing ended, so the call says to sign in rather than that a session ended.
            await #expect(throws: APIError.notSignedIn) { _ = try await client.me() }
            #expect(ends == 0)

            _ = try await client.signUp(SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
            _ = try await server.database.write { db in try db.execute("DELETE FROM attendee_auth_token") }
            async let first: MyProfile? = try? client.me()
            async let second: MyProfile? = try? client.me()
            #expect(await [first, second] == [nil, nil])
            #expect(ends == 1)
            #expect(tokens.token.withLock { $0 } == nil)
        }
    }

    /// A mistyped password is the server's 401 to sign-in: the client throws the server's sentence, and the
    /// session already kept stays (neither forgotten nor ended), so the person is still signed in.
    @Test func aWrongPasswordLeavesTheKeptSessionAlone() async throws {
        try await AttendeeTestServer.with { server in
            let tokens = MemoryTokens()
            let client = try Self.client(server, tokens)
            var ends = 0
            client.sessionEnd.listen { ends += 1 }
            _ = try await client.signUp(SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
            let kept = try #require(tokens.token.withLock { $0 })

            let wrong = SignInRequest(email: "ana@example.com", password: "wrong horse")
            await #expect {
                _ = try await client.signIn(wrong)
            } throws: { error in
                AttendeeFailure.status(error) == 401
                    && AttendeeFailure.message(error) == "The e-mail or the password is not right."
            }
            #expect(ends == 0)
            #expect(tokens.token.withLock { $0 } == kept)

            let account = AccountModel(client: client)
            await account.signInTapped(email: "ana@example.com", password: "wrong horse")
            #expect(account.banner == .failure("The e-mail or the password is not right."))
            #expect(!account.isSignedIn)
            #expect(ends == 0)
            #expect(tokens.token.withLock { $0 } == kept)
            #expect(try await client.me().email == "ana@example.com")
        }
    }

    /// Past the server's five failures for an e-mail, the sign-in screen says, in the core's words, how many
    /// minutes are left of the server's window (its `Retry-After`, rounded up), even for the right password.
    @Test func aThrottledSignInSaysHowLongToWait() async throws {
        let clock = TestClock()
        let onTheClock: (inout AttendeeService.Configuration) -> Void = { $0.now = clock.closure }
        try await AttendeeTestServer.with(configure: onTheClock) { server in
            let client = try Self.client(server, MemoryTokens())
            _ = try await client.signUp(SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
            let account = AccountModel(client: client)
            for _ in 1...5 {
                await account.signInTapped(email: "ana@example.com", password: "wrong horse")
                #expect(account.banner == .failure("The e-mail or the password is not right."))
            }
            clock.advance(by: 100)
            await account.signInTapped(email: "ana@example.com", password: "correct horse")
            #expect(account.banner == .failure("Too many attempts. Try again in 14 minutes."))
            #expect(!account.isSignedIn)
            #expect(!account.isBusy)
            clock.advance(by: 800)
            await account.signInTapped(email: "ana@example.com", password: "correct horse")
            #expect(account.banner == nil)
            #expect(account.isSignedIn)
        }
    }

    @Test func registrationLandsOnAdditionalInfoThenBack() async throws {
        try await AttendeeTestServer.with { server in
            let tokens = MemoryTokens()
            let client = try Self.client(server, tokens)
            _ = try await client.signUp(SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
            #expect(tokens.token.withLock { $0 } != nil)

            let dashboard = EventDetailsModel(client: client, eventID: server.eventID, locale: Demo.british)
            await dashboard.appeared(now: Demo.at("2027-01-01T00:00", "Europe/Lisbon"))
            #expect(dashboard.name == "Quartet Summit 2027")
            #expect(dashboard.dates == "10\u{2009}–\u{2009}11 Mar 2027")
            #expect(dashboard.isOngoing == false)
            #expect(dashboard.onNow.isEmpty)
            #expect(dashboard.livePoll == nil)
            #expect(dashboard.location?.address == "Praça das Indústrias 1, 1300-307 Lisboa, Portugal")
            #expect(dashboard.location?.coordinates == "38.6981, -9.1936")
            #expect(dashboard.isRegistered == false)
            #expect(dashboard.registration == nil)
            #expect(dashboard.event?.timeZone == "Europe/Lisbon")
            #expect(dashboard.registerButtonTitle == "Register")
            #expect(
                dashboard.links.map(\.title) == [
                    "Attendees", "Agenda", "Speakers", "My Agenda", "Feedback", "Location", "Messages", "My Notes",
                    "Wall", "Polls & Quizzes", "Documentation", "Gallery",
                ])

            await dashboard.registerTapped()
            #expect(dashboard.isRegistered)
            #expect(dashboard.registration?.additionalInfoStatus == .pending)
            #expect(dashboard.registerButtonTitle == "Registered")
            let step = try #require(dashboard.additionalInfo)
            #expect(step.fields.map(\.key) == ["dietaryNeeds", "tshirtSize", "role"])
            step.answerChanged("dietaryNeeds", "none")
            step.answerChanged("tshirtSize", "M")
            step.answerChanged("role", "iOS")
            step.addGuestTapped()
            step.guestChanged(0, name: "Zoë", email: "zoe@example.com")
            await step.submitTapped()
            #expect(step.isFinished)
            #expect(step.banner == nil)
            dashboard.additionalInfoClosed()
            #expect(dashboard.additionalInfo == nil)
            let details = try await client.event(server.eventID)
            #expect(details.registration?.additionalInfoStatus == .completed)
            await dashboard.appeared(now: Demo.at("2027-01-01T00:00", "Europe/Lisbon"))
            #expect(dashboard.registration?.additionalInfoStatus == .completed)
        }
    }

    /// A person who chose "Later, I haven't decided" completes Additional Info from the dashboard afterwards; once
    /// it is complete the dashboard offers nothing, and a tap all the same says the answers cannot be changed.
    @Test func additionalInfoPutOffIsCompletedFromTheDashboard() async throws {
        try await AttendeeTestServer.with { server in
            let client = try Self.client(server, MemoryTokens())
            _ = try await client.signUp(SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
            let dashboard = EventDetailsModel(client: client, eventID: server.eventID, locale: Demo.british)
            await dashboard.appeared()
            #expect(dashboard.completeRegistrationTitle == nil)
            await dashboard.registerTapped()
            try await #require(dashboard.additionalInfo).laterTapped()
            dashboard.additionalInfoClosed()
            #expect(dashboard.registration?.additionalInfoStatus == .later)
            #expect(dashboard.completeRegistrationTitle == "Complete Registration")

            dashboard.completeRegistrationTapped()
            let step = try #require(dashboard.additionalInfo)
            #expect(step.answers.isEmpty)
            step.answerChanged("dietaryNeeds", "vegan")
            step.answerChanged("tshirtSize", "M")
            step.answerChanged("role", "iOS")
            await step.submitTapped()
            #expect(step.isFinished)
            dashboard.additionalInfoClosed()
            #expect(dashboard.registration?.additionalInfoStatus == .completed)
            #expect(dashboard.completeRegistrationTitle == nil)
            let kept = try await client.event(server.eventID).registration
            #expect(kept?.answers == ["dietaryNeeds": "vegan", "tshirtSize": "M", "role": "iOS"])

            dashboard.completeRegistrationTapped()
            #expect(dashboard.additionalInfo == nil)
            #expect(dashboard.banner == .failure("Your Additional Info is complete; its answers cannot be changed."))
        }
    }

    @Test func dashboardShowsNowAndNextWhileOngoing() async throws {
        try await AttendeeTestServer.with { server in
            let client = try Self.client(server, MemoryTokens())
            let dashboard = EventDetailsModel(client: client, eventID: server.eventID, locale: Demo.british)
            await dashboard.appeared(now: Demo.at("2027-03-10T09:30", "Europe/Lisbon"))
            #expect(dashboard.isOngoing)
            #expect(dashboard.onNow.map(\.title) == ["Opening keynote: one codebase, four apps"])
            #expect(dashboard.upNext.count == 4)
            #expect(dashboard.upNext.allSatisfy { $0.time.hasPrefix("10:30") })
        }
    }

    @Test func attendeesFilterAsYouTypeAndDetails() async throws {
        try await AttendeeTestServer.with { server in
            let other = try await server.registeredAttendee("Chloé Andersen")
            _ = try await server.client.patch(
                "/attendee/v1/me",
                json: ProfileUpdate(
                    title: "Designer", company: "Café Analytics",
                    socialLinks: [
                        SocialLink(network: "github", url: "https://github.com/c"),
                        SocialLink(network: "blog", url: "https://c.example"),
                    ]),
                headers: AttendeeTestServer.auth(other))
            let tokens = MemoryTokens()
            let client = try Self.client(server, tokens)
            let me = try await client.signUp(
                SignUpRequest(email: "jose@example.com", password: "correct horse", name: "José Núñez")
            ).profile.person
            _ = try await client.register(server.eventID)

            let model = AttendeesModel(client: client, eventID: server.eventID, personID: me.id)
            await model.appeared()
            #expect(model.rows.map(\.name) == ["Chloé Andersen", "José Núñez"])
            model.searchChanged("C")
            #expect(model.rows.map(\.name) == ["Chloé Andersen"])
            model.searchChanged("CAFE")
            #expect(model.rows.map(\.subtitle) == ["Designer · Café Analytics"])
            model.searchChanged("nunez")
            #expect(model.rows.map(\.name) == ["José Núñez"])
            model.searchChanged("zzz")
            #expect(model.rows.isEmpty)
            #expect(model.emptyMessage == "No attendees match “zzz”.")
            model.searchChanged("")
            model.rowTapped(model.rows[0].id)
            // Each link is named beside its symbol: a network the app knows by its name, any other as written.
            #expect(model.selected?.socialItems.map(\.name) == ["GitHub", "blog"])
            #expect(model.selected?.socialItems.map(\.symbol) == ["person.crop.circle", "link"])
            #expect(model.canMessage)
            model.backTapped()
            #expect(model.selected == nil)
            #expect(!model.canMessage)

            // The person's own card offers no "Message", and its event does nothing.
            model.rowTapped(me.id)
            #expect(model.selected?.name == "José Núñez")
            #expect(!model.canMessage)
            model.messageTapped()
            #expect(model.conversation == nil)
            #expect(model.banner == nil)
        }
    }

    @Test func speakersAndMyAgendaWithExport() async throws {
        try await AttendeeTestServer.with { server in
            let tokens = MemoryTokens()
            let client = try Self.client(server, tokens)
            _ = try await client.signUp(SignUpRequest(email: "me@example.com", password: "correct horse", name: "Me"))
            _ = try await client.register(server.eventID)
            let agenda = try await client.agenda(server.eventID)
            let later = try #require(agenda.last)
            let keynote = try #require(agenda.first)
            _ = try await client.attend(later.id, AttendRequest())
            _ = try await client.attend(keynote.id, AttendRequest())

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            defer { try? FileManager.default.removeItem(at: folder) }
            let mine = MyAgendaModel(
                client: client, eventID: server.eventID, shareBaseURL: try #require(URL(string: "https://q.test")),
                filesFolder: folder, locale: Demo.british)
            await mine.appeared(deviceTimeZone: .gmt)
            #expect(mine.rows.map(\.id) == [keynote.id, later.id])
            #expect(mine.rows.first?.when == "Wed 10 Mar, 09:00 – 10:00")
            let ics = try #require(mine.calendar(stamp: Date(timeIntervalSince1970: 0)))
            #expect(ics.components(separatedBy: "BEGIN:VEVENT").count == 3)
            // The share button hands on the same calendar as a file.
            let file = try #require(mine.exportFile)
            #expect(file.deletingLastPathComponent().path == folder.path)
            #expect(file.lastPathComponent == mine.exportFileName)
            #expect(file.lastPathComponent.hasPrefix("My agenda at "))
            let written = try String(contentsOf: file, encoding: .utf8)
            #expect(written.components(separatedBy: "BEGIN:VEVENT").count == 3)

            let speakers = SpeakersModel(client: client, eventID: server.eventID)
            await speakers.appeared()
            #expect(!speakers.rows.isEmpty)
            await speakers.rowTapped(speakers.rows[0].id)
            let profile = try #require(speakers.profile)
            #expect(profile.details.name == speakers.rows[0].name)
            #expect(!profile.sessions.isEmpty)
            #expect(profile.details.socialItems.map(\.name).contains("GitHub"))
            speakers.backTapped()
            #expect(speakers.profile == nil)

            try await client.signOut()
            #expect(tokens.token.withLock { $0 } == nil)
            let signedOut = MyAgendaModel(
                client: client, eventID: server.eventID, shareBaseURL: try #require(URL(string: "https://q.test")))
            await signedOut.appeared()
            #expect(signedOut.banner == .failure("You are signed out. Sign in first."))
        }
    }
}
