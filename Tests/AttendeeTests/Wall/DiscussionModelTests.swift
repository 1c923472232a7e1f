import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Locking
import TestSupport
import Testing

/// The session discussion's view model.
@MainActor @Suite struct DiscussionModelTests {
    nonisolated static let me = PersonReference(id: "me", name: "Ana Ferreira")
    nonisolated static let other = PersonReference(id: "bo", name: "Bo Chen")
    nonisolated static let start = Date(timeIntervalSince1970: 1_804_669_200)

    nonisolated static func message(_ id: Int, by author: PersonReference = other, session: String = "s1")
        -> DiscussionMessage
    {
        DiscussionMessage(
            id: String(id), sessionID: session, author: author, text: "Message \(id)",
            createdAt: start.addingTimeInterval(Double(id) * 60))
    }

    @Test func loadsSendsAndKeepsTheDraftWhenSomeoneElseWrites() async {
        let gate = Gate(isOpen: false)
        let sent = Locked<[NewPost]>([])
        let client = AttendeeClient(
            discussion: { sessionID, cursor, _ in
                #expect(sessionID == "s1")
                await gate.pass()
                return cursor == nil
                    ? DiscussionPage(
                        messages: [Self.message(2, by: Self.me)], nextCursor: "c1",
                        viewer: PostViewer(personID: "me", isOrganizer: false))
                    : DiscussionPage(
                        messages: [Self.message(1)], nextCursor: nil,
                        viewer: PostViewer(personID: "me", isOrganizer: false))
            },
            postToDiscussion: { _, new, _ in
                sent.withLock { $0.append(new) }
                return DiscussionMessage(
                    id: "10", sessionID: "s1", author: Self.me, text: new.text,
                    createdAt: Self.start.addingTimeInterval(3600))
            })
        let model = DiscussionModel(client: client, sessionID: "s1", timeZone: .gmt, locale: Demo.british)
        let loading = Task { await model.appeared() }
        await gate.arrived(1)
        #expect(model.isLoading)
        await gate.open()
        await loading.value
        #expect(model.isLoading == false)
        #expect(model.rows.map(\.id) == ["2"])
        #expect(model.rows[0].byline == "Ana Ferreira · 10 Mar at 09:02")
        #expect(model.rows[0].canDelete)
        #expect(model.canLoadMore)
        await model.loadMoreTapped()
        #expect(model.rows.map(\.id) == ["2", "1"])
        #expect(model.rows[1].canDelete == false)
        #expect(model.canLoadMore == false)

        model.draftChanged("Which slide was that? 🤔")
        #expect(model.composer.counter == "23 / 2,000")
        model.apply(.posted(Self.message(5)))
        model.apply(.posted(Self.message(6, session: "another-session")))
        #expect(model.rows.map(\.id) == ["5", "2", "1"])
        #expect(model.draft == "Which slide was that? 🤔")
        await model.sendTapped()
        #expect(sent.withLock { $0 } == [NewPost(text: "Which slide was that? 🤔")])
        #expect(model.rows.map(\.id) == ["10", "5", "2", "1"])
        #expect(model.draft == "")
        model.apply(.deleted(DiscussionDeletion(messageID: "5")))
        #expect(model.rows.map(\.id) == ["10", "2", "1"])
    }

    /// A re-import took the session off the programme while its discussion was open: the message meets a 404.
    /// The discussion says so in the app's words (not the server's "There is no session with this id."), takes
    /// its messages off and sends nothing more. A discussion opened after cannot tell a removed session from an id
    /// that never was one (the server keeps no trace of either), and says what is true of both.
    @Test func aSessionAReimportRemovedClosesItsDiscussionInTheAppsWords() async {
        let gone = APIError.http(
            status: 404, problem: ProblemDetails(status: 404, detail: "There is no session with this id."))
        let removed = Locked(false)
        let sent = Locked(0)
        let client = AttendeeClient(
            discussion: { _, _, _ in
                if removed.withLock({ $0 }) { throw gone }
                return DiscussionPage(
                    messages: [Self.message(1)], nextCursor: nil, viewer: PostViewer(personID: "me", isOrganizer: false)
                )
            },
            postToDiscussion: { _, _, _ in
                sent.withLock { $0 += 1 }
                throw gone
            })
        let model = DiscussionModel(client: client, sessionID: "s1", timeZone: .gmt, locale: Demo.british)
        await model.appeared()
        #expect(model.rows.map(\.id) == ["1"])
        removed.withLock { $0 = true }
        model.draftChanged("Slides?")
        await model.sendTapped()
        let sentence = "This session is no longer on the programme, and its discussion is closed."
        #expect(model.bannerText == sentence)
        #expect(model.bannerText(stopping: .post) == sentence)
        #expect(model.rows.isEmpty)
        #expect(model.emptyMessage == nil)
        #expect(model.canSend == false)
        #expect(model.draft == "Slides?")
        await model.sendTapped()
        #expect(sent.withLock { $0 } == 1)

        let later = DiscussionModel(client: client, sessionID: "s1", timeZone: .gmt, locale: Demo.british)
        await later.appeared()
        #expect(later.bannerText == Self.noSuchSession)
        #expect(later.isSessionGone)
    }

    static let noSuchSession =
        "This session is not on the programme (it may have been removed), so it has no discussion."

    /// A mistyped session id (the command line takes any) is not "no longer on the programme": it never was. Read
    /// or written first, the discussion says what is true whether the id was removed or never existed.
    @Test func aSessionIDNeverSeenIsNotSaidToBeRemoved() async {
        let missing = APIError.http(
            status: 404, problem: ProblemDetails(status: 404, detail: "There is no session with this id."))
        let client = AttendeeClient(
            discussion: { _, _, _ in throw missing }, postToDiscussion: { _, _, _ in throw missing })
        let reading = DiscussionModel(client: client, sessionID: "s1-typo", timeZone: .gmt, locale: Demo.british)
        await reading.appeared()
        #expect(reading.bannerText == Self.noSuchSession)
        #expect(reading.isSessionGone)
        #expect(reading.canSend == false)

        let writing = DiscussionModel(client: client, sessionID: "s1-typo", timeZone: .gmt, locale: Demo.british)
        writing.draftChanged("Slides?")
        await writing.sendTapped()
        #expect(writing.bannerText == Self.noSuchSession)
        #expect(writing.bannerText(stopping: .post) == Self.noSuchSession)
        #expect(writing.rows.isEmpty)
    }

    @Test func emptyTooLongAndOffline() async {
        let client = AttendeeClient(
            discussion: { _, _, _ in throw APIError.offline }, deleteMessage: { _ in throw APIError.timeout })
        let model = DiscussionModel(client: client, sessionID: "s1", timeZone: .gmt, locale: Demo.british)
        await model.appeared()
        #expect(model.banner == .offline)
        #expect(model.bannerText == "You're offline. The discussion catches up when you're back.")
        #expect(model.emptyMessage == nil)
        model.draftChanged(" ")
        #expect(model.canSend == false)
        model.draftChanged(String(repeating: "e\u{301}", count: 2_001))
        #expect(model.composer.counter == "2,001 / 2,000")
        #expect(model.canSend == false)
        #expect(model.composer.message == "The text must be at most 2,000 characters.")
        model.deleteTapped(messageID: "1")
        #expect(model.confirmation?.title == "Delete This Message?")
        #expect(
            model.confirmation?.message
                == "It leaves the discussion for everyone in the session. This cannot be undone.")
        await model.confirmTapped("1")
        #expect(model.banner == .offline)

        let quiet = DiscussionModel(
            client: AttendeeClient(discussion: { _, _, _ in
                DiscussionPage(messages: [], nextCursor: nil, viewer: PostViewer(personID: "me", isOrganizer: true))
            }), sessionID: "s1")
        await quiet.appeared()
        #expect(quiet.emptyMessage == "No messages yet. Start the discussion.")
        #expect(quiet.banner == nil)
    }

    /// A message sent while the server cannot be reached says it was not sent and stays in the composer; one
    /// whose connection dropped midway may have gone, and says only what failed.
    @Test func aMessageSentOfflineSaysItWasNotSentAndKeepsItsText() async {
        let failure = Locked<APIError>(.cannotConnect)
        let client = AttendeeClient(
            discussion: { _, _, _ in
                DiscussionPage(messages: [], nextCursor: nil, viewer: PostViewer(personID: "me", isOrganizer: false))
            },
            postToDiscussion: { _, _, _ in throw failure.withLock { $0 } })
        let model = DiscussionModel(client: client, sessionID: "s1", timeZone: .gmt, locale: Demo.british)
        await model.appeared()
        model.draftChanged("Great talk")
        await model.sendTapped()
        #expect(model.banner == .notSent)
        #expect(model.bannerText == "You're offline: your message was not sent.")
        #expect(model.draft == "Great talk")
        failure.withLock { $0 = .connectionLost }
        await model.sendTapped()
        #expect(model.banner == .failed("The connection was lost. Try again."))
        #expect(model.draft == "Great talk")
    }

    /// Delete confirmed twice while the first is on its way sends one deletion and shows no banner; a message the
    /// server no longer has is gone, as the person wanted.
    /// Delete on another person's message, which the discussion does not offer (the command line sends the tap
    /// anyway), is refused in the app's words with nothing asked or sent.
    @Test func deletingAnotherPersonsMessageIsRefusedInTheAppsWords() async {
        let sent = Locked(0)
        let client = AttendeeClient(
            discussion: { _, _, _ in
                DiscussionPage(
                    messages: [Self.message(2, by: Self.me), Self.message(1)], nextCursor: nil,
                    viewer: PostViewer(personID: "me", isOrganizer: false))
            },
            deleteMessage: { _ in sent.withLock { $0 += 1 } })
        let model = DiscussionModel(client: client, sessionID: "s1", timeZone: .gmt)
        await model.appeared()
        model.deleteTapped(messageID: "1")
        #expect(model.confirmation == nil)
        #expect(model.bannerText == "You can delete only your own messages.")
        #expect(sent.withLock { $0 } == 0)
        model.deleteTapped(messageID: "2")
        #expect(model.confirmation?.action == "2")
    }

    @Test func aDeletionConfirmedTwiceIsSentOnceAndOneAlreadyGoneCountsAsDeleted() async {
        let gate = Gate(isOpen: false)
        let deleted = Locked<[String]>([])
        let client = AttendeeClient(
            discussion: { _, _, _ in
                DiscussionPage(
                    messages: [Self.message(2, by: Self.me), Self.message(1, by: Self.me)], nextCursor: nil,
                    viewer: PostViewer(personID: "me", isOrganizer: false))
            },
            deleteMessage: { id in
                let earlier = deleted.withLock { list in
                    defer { list.append(id) }
                    return list.contains(id) || id == "1"
                }
                // NB: only the first waits, so a second one sent (the defect) cannot hang the test.
                if earlier { throw APIError.http(status: 404, problem: nil) }
                await gate.pass()
            })
        let model = DiscussionModel(client: client, sessionID: "s1", timeZone: .gmt)
        await model.appeared()
        let first = Task { await model.confirmTapped("2") }
        await gate.arrived(1)
        await model.confirmTapped("2")
        await gate.open()
        await first.value
        #expect(deleted.withLock { $0 } == ["2"])
        #expect(model.rows.map(\.id) == ["1"])
        #expect(model.banner == nil)

        // Deleted on another device meanwhile: 404, and the message goes here too, without a banner.
        await model.confirmTapped("1")
        #expect(model.rows.isEmpty)
        #expect(model.banner == nil)
    }
}
