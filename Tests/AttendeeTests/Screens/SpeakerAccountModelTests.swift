import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Testing

/// The organizer's section of a speaker's page: what it says of the link, and what Link and Unlink come to.
@MainActor @Suite struct SpeakerAccountModelTests {
    nonisolated static let none = SpeakerAccount(speakerID: "sp1", email: nil, isLinked: false, linkedBy: nil)
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
                    SpeakerAccount(speakerID: "sp1", email: $0.normalizedEmail, isLinked: true, linkedBy: .organizer)
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

    @Test func theProgrammesEmailWaitsForASignUp() async {
        var client = AttendeeClient()
        client.speakerAccount = { _, _ in
            SpeakerAccount(speakerID: "sp1", email: "grace@example.com", isLinked: false, linkedBy: .programme)
        }
        let model = SpeakerAccountModel(client: client, eventID: "e1", speakerID: "sp1")
        await model.appeared()
        #expect(model.status == "The programme gives grace@example.com: whoever signs up with it will be this speaker.")
        #expect(model.canUnlink)
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
