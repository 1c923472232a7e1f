import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Testing

/// The organizer's section of a speaker's page: what it says of the link, and what Link and Unlink come to.
@MainActor @Suite struct SpeakerAccountModelTests {
    nonisolated static let none = SpeakerAccount(
        speakerID: "sp1", email: nil, isLinked: false, linkedBy: nil, status: .none)
    static let noneText =
        "No account is this speaker yet. Link the account they signed up with, so they can run their sessions' "
        + "polls, quizzes and documents."

    /// A client whose link answers `link` and records what it was sent.
    static func client(
        link: @escaping @Sendable (SpeakerAccountLink) throws -> SpeakerAccount, sent: Recorder<[String]>
    ) -> AttendeeClient {
        var client = AttendeeClient()
        client.speakerAccount = { _, _ in none }
        client.linkSpeakerAccount = { event, speaker, body in
            sent.update { $0.append("\(event)/\(speaker) \(body.email)") }
            return try link(body)
        }
        client.unlinkSpeakerAccount = { _, _ in none }
        return client
    }

    @Test func linkingSaysWhoIsTheSpeakerAndUnlinkingUndoesIt() async {
        let sent = Recorder<[String]>([])
        let model = SpeakerAccountModel(
            client: Self.client(
                link: {
                    SpeakerAccount(
                        speakerID: "sp1", email: $0.normalizedEmail, isLinked: true, linkedBy: .organizer,
                        status: .linked)
                },
                sent: sent),
            eventID: "e1", speakerID: "sp1")
        #expect(model.status == "")
        await model.appeared()
        #expect(model.status == Self.noneText)
        #expect(!model.canLink)
        #expect(!model.canUnlink)

        model.emailChanged(" Ana@Example.com ")
        #expect(model.canLink)
        await model.linkTapped()
        #expect(sent.value == ["e1/sp1  Ana@Example.com "])
        #expect(model.outcome == .linked("ana@example.com"))
        #expect(model.banner == .confirmation("ana@example.com is this speaker now."))
        #expect(
            model.status
                == "ana@example.com signs in as this speaker: they run the polls, quizzes and documents of this "
                + "speaker's sessions.")
        #expect(model.email == "")
        #expect(model.canUnlink)
        #expect(!model.isBusy)

        await model.unlinkTapped()
        #expect(model.outcome == .unlinked)
        #expect(model.banner == .confirmation("No account is this speaker now."))
        #expect(model.status == Self.noneText)
        #expect(!model.canUnlink)
    }

    @Test func anAddressNobodySignedUpWithAndOneThatIsNoAddressAreSaidInTheCoresWords() async {
        let sent = Recorder<[String]>([])
        let model = SpeakerAccountModel(
            client: Self.client(
                link: { _ in
                    throw APIError.http(
                        status: 422,
                        problem: ProblemDetails(
                            type: SpeakerAccount.noAccountProblem, status: 422, detail: "server words"))
                }, sent: sent),
            eventID: "e1", speakerID: "sp1")
        await model.appeared()

        model.emailChanged("not an address")
        await model.linkTapped()
        #expect(sent.value.isEmpty)
        #expect(model.outcome == .invalidEmail)
        #expect(model.banner == .failure("Enter a valid e-mail address."))

        model.emailChanged("zed@example.com")
        #expect(model.outcome == nil)
        await model.linkTapped()
        #expect(sent.value.count == 1)
        #expect(model.outcome == .noAccount)
        #expect(model.banner == .failure("Nobody has signed up with zed@example.com. Ask them to sign up first."))
        #expect(model.email == "zed@example.com")
        #expect(model.status == Self.noneText)
    }

    nonisolated static func suggestion(accountExists: Bool?) -> SpeakerAccount {
        SpeakerAccount(
            speakerID: "sp1", email: "grace@example.com", isLinked: false, linkedBy: .programme, status: .suggested,
            accountExists: accountExists)
    }

    /// A programme's e-mail is a suggestion: the section says nobody is the speaker until the organizer links it,
    /// puts the address in the field, and Link account confirms it.
    @Test func theProgrammesEmailIsASuggestionThatLinkConfirms() async {
        let sent = Recorder<[String]>([])
        var client = Self.client(
            link: {
                SpeakerAccount(
                    speakerID: "sp1", email: $0.normalizedEmail, isLinked: true, linkedBy: .organizer, status: .linked)
            }, sent: sent)
        client.speakerAccount = { _, _ in Self.suggestion(accountExists: true) }
        let model = SpeakerAccountModel(client: client, eventID: "e1", speakerID: "sp1")
        await model.appeared()
        #expect(
            model.status
                == "The programme gives grace@example.com, and an account has signed up with it. It is not this "
                + "speaker until you link it: sign-up checks no e-mail, so link it only if you know the account is "
                + "theirs.")
        #expect(model.isSuggestion)
        #expect(model.email == "grace@example.com")
        #expect(model.canLink)
        #expect(model.canUnlink)
        #expect(model.outcome == nil)

        await model.linkTapped()
        #expect(sent.value == ["e1/sp1 grace@example.com"])
        #expect(model.outcome == .linked("grace@example.com"))
        #expect(model.banner == .confirmation("grace@example.com is this speaker now."))
        #expect(!model.isSuggestion)
        #expect(
            model.status
                == "grace@example.com signs in as this speaker: they run the polls, quizzes and documents of this "
                + "speaker's sessions.")
        #expect(model.email == "")
    }

    /// Before anyone signed up with the address, the section says so; what the organizer typed is never replaced,
    /// and declining the suggestion (Unlink) takes the address the section put in the field away with it.
    @Test func aSuggestionWithNoAccountYetKeepsWhatWasTypedAndUnlinkDeclinesIt() async {
        var client = AttendeeClient()
        client.speakerAccount = { _, _ in Self.suggestion(accountExists: false) }
        client.unlinkSpeakerAccount = { _, _ in Self.none }
        let model = SpeakerAccountModel(client: client, eventID: "e1", speakerID: "sp1")
        model.emailChanged("ana@example.com")
        await model.appeared()
        #expect(
            model.status
                == "The programme gives grace@example.com, but nobody has signed up with it yet. Once they have, "
                + "link it here: until then no account is this speaker.")
        #expect(model.email == "ana@example.com")

        let fresh = SpeakerAccountModel(client: client, eventID: "e1", speakerID: "sp1")
        await fresh.appeared()
        #expect(fresh.email == "grace@example.com")
        await fresh.unlinkTapped()
        #expect(fresh.outcome == .unlinked)
        #expect(!fresh.isSuggestion)
        #expect(fresh.status == Self.noneText)
        #expect(fresh.email == "")
        #expect(!fresh.canUnlink)
    }

    /// A server from before suggestions sends no `status`: a programme's row it did not link reads as a
    /// suggestion, never as a link.
    @Test func aBodyWithoutAStatusIsReadFromItsOtherFields() throws {
        let body = #"{"speakerID":"sp1","email":"grace@example.com","isLinked":false,"linkedBy":"programme"}"#
        let read = try JSONDecoder().decode(SpeakerAccount.self, from: Data(body.utf8))
        #expect(read == Self.suggestion(accountExists: nil))
        let linked = #"{"speakerID":"sp1","email":"a@example.com","isLinked":true,"linkedBy":"organizer"}"#
        #expect(try JSONDecoder().decode(SpeakerAccount.self, from: Data(linked.utf8)).status == .linked)
        let unknown = #"{"speakerID":"sp1","isLinked":false,"status":"pending"}"#
        #expect(try JSONDecoder().decode(SpeakerAccount.self, from: Data(unknown.utf8)) == Self.none)
    }

    /// The speakers page offers the section to the event's organizer alone.
    @Test func onlyTheOrganizerGetsTheSection() async {
        for organizes in [true, false] {
            var client = AttendeeClient()
            client.speaker = { _, id in SpeakerProfile(speaker: Person(id: id, name: "Ana Ferreira"), sessions: []) }
            client.event = { _ in
                EventDetails(
                    event: Demo.event(), registration: nil, livePoll: nil,
                    pollScopes: organizes ? PollScopes(wholeEvent: true, sessionIDs: []) : nil)
            }
            let model = SpeakersModel(client: client, eventID: "e1")
            await model.rowTapped("sp1")
            #expect((model.account != nil) == organizes)
            model.backTapped()
            #expect(model.account == nil)
        }
    }
}
