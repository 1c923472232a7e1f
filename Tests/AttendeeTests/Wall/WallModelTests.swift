import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Locking
import TestSupport
import Testing

/// The wall's view model: what a person sees at each step, against scripted clients.
@MainActor @Suite struct WallModelTests {
    nonisolated static let me = PersonReference(id: "me", name: "Ana Ferreira")
    nonisolated static let other = PersonReference(id: "bo", name: "Bo Chen")
    nonisolated static let start = Date(timeIntervalSince1970: 1_804_669_200)  // 2027-03-10T09:00:00Z

    nonisolated static func post(_ id: Int, by author: PersonReference = other, likes: Int = 0, liked: Bool = false)
        -> WallPost
    {
        WallPost(
            id: String(id), eventID: "e1", author: author, text: "Post \(id)",
            createdAt: start.addingTimeInterval(Double(id) * 60), likeCount: likes, likedByMe: liked)
    }

    nonisolated static func page(_ posts: [WallPost], next: String? = nil, organizer: Bool = false) -> WallPage {
        WallPage(posts: posts, nextCursor: next, viewer: PostViewer(personID: "me", isOrganizer: organizer))
    }

    static func model(_ client: AttendeeClient) -> WallModel {
        WallModel(client: client, eventID: "e1", timeZone: .gmt, locale: Demo.british)
    }

    /// A post's byline says when it was written on the device's clock, as the reader's locale writes it.
    @Test(arguments: [
        (Demo.american, "Bo Chen · Mar 10 at 9:03\u{202F}AM", "Bo Chen · Mar 10 at 10:03\u{202F}AM"),
        (Demo.german, "Bo Chen · 10. März, 09:03", "Bo Chen · 10. März, 10:03"),
    ])
    func bylinesFollowTheLocale(locale: Locale, utc: String, paris: String) async throws {
        let client = AttendeeClient(wall: { _, _, _ in Self.page([Self.post(3)]) })
        let model = WallModel(client: client, eventID: "e1", timeZone: .gmt, locale: locale)
        await model.appeared()
        #expect(model.rows.map(\.byline) == [utc])
        let inParis = WallModel(
            client: client, eventID: "e1", timeZone: try #require(TimeZone(identifier: "Europe/Paris")), locale: locale)
        await inParis.appeared()
        #expect(inParis.rows.map(\.byline) == [paris])
    }

    @Test func loadingShowsPostsNewestFirstThenOlderPagesByCursor() async throws {
        let gate = Gate(isOpen: false)
        let asked = Locked<[String?]>([])
        let client = AttendeeClient(wall: { eventID, cursor, _ in
            #expect(eventID == "e1")
            asked.withLock { $0.append(cursor) }
            if cursor == nil {
                await gate.pass()
                return Self.page([Self.post(3, by: Self.me, likes: 2, liked: true), Self.post(2)], next: "c2")
            }
            return Self.page([Self.post(2), Self.post(1)], next: nil)
        })
        let model = Self.model(client)
        #expect(model.rows.isEmpty)
        #expect(model.isLoading == false)
        let loading = Task { await model.appeared() }
        await gate.arrived(1)
        #expect(model.isLoading)
        #expect(model.emptyMessage == nil)
        await gate.open()
        await loading.value
        #expect(model.isLoading == false)
        #expect(model.rows.map(\.id) == ["3", "2"])
        #expect(model.rows[0].byline == "Ana Ferreira · 10 Mar at 09:03")
        #expect(model.rows[0].likes == "2 likes")
        #expect(model.rows[0].isLiked)
        #expect(model.rows[0].likeButtonTitle == "Unlike")
        #expect(model.rows[0].canDelete)
        #expect(model.rows[1].likes == "No likes")
        #expect(model.rows[1].likeButtonTitle == "Like")
        #expect(model.rows[1].canDelete == false)
        #expect(model.canLoadMore)

        await model.loadMoreTapped()
        #expect(model.rows.map(\.id) == ["3", "2", "1"])
        #expect(model.canLoadMore == false)
        #expect(asked.withLock { $0 } == [nil, "c2"])
        await model.loadMoreTapped()
        #expect(asked.withLock { $0 }.count == 2)
    }

    @Test func anEmptyWallSaysSoAndTheOrganizerMayDeleteAnything() async {
        let empty = Self.model(AttendeeClient(wall: { _, _, _ in Self.page([]) }))
        await empty.appeared()
        #expect(empty.emptyMessage == "No posts yet. Be the first to write something.")
        let organizer = Self.model(AttendeeClient(wall: { _, _, _ in Self.page([Self.post(1)], organizer: true) }))
        await organizer.appeared()
        #expect(organizer.rows.map(\.canDelete) == [true])
        #expect(organizer.emptyMessage == nil)
    }

    @Test func theComposerCountsCharactersAsPeopleSeeThem() {
        let model = Self.model(AttendeeClient())
        #expect(model.composer.counter == "0 / 2,000")
        #expect(model.canPost == false)
        #expect(model.composer.message == nil)
        model.draftChanged("👨‍👩‍👧‍👦 e\u{301}")
        #expect(model.composer.count == 3)
        #expect(model.composer.counter == "3 / 2,000")
        #expect(model.canPost)
        model.draftChanged("  \n ")
        #expect(model.composer.problem == .empty)
        #expect(model.canPost == false)
        model.draftChanged(String(repeating: "🏳️‍🌈", count: 2_000))
        #expect(model.composer.counter == "2,000 / 2,000")
        #expect(model.composer.isOverLimit == false)
        #expect(model.canPost)
        model.draftChanged(String(repeating: "🏳️‍🌈", count: 2_001))
        #expect(model.composer.counter == "2,001 / 2,000")
        #expect(model.composer.isOverLimit)
        #expect(model.composer.problem == .tooLong)
        #expect(model.composer.message == "The text must be at most 2,000 characters.")
        #expect(model.canPost == false)
    }

    @Test func aLiveEventWhileComposingShowsThePostAndKeepsTheDraft() async {
        let sent = Locked<[NewPost]>([])
        let client = AttendeeClient(
            wall: { _, _, _ in Self.page([Self.post(1)]) },
            postToWall: { _, new, _ in
                sent.withLock { $0.append(new) }
                return WallPost(
                    id: "9", eventID: "e1", author: Self.me, text: new.text,
                    createdAt: Self.start.addingTimeInterval(900))
            })
        let model = Self.model(client)
        await model.appeared()
        model.draftChanged("Half a thou")
        model.apply(.posted(Self.post(5)))
        #expect(model.rows.map(\.id) == ["5", "1"])
        #expect(model.draft == "Half a thou")
        #expect(model.composer.counter == "11 / 2,000")
        model.apply(
            .posted(WallPost(id: "x", eventID: "other-event", author: Self.other, text: "no", createdAt: Self.start)))
        #expect(model.rows.map(\.id) == ["5", "1"])
        model.draftChanged("Half a thought, finished")
        await model.postTapped()
        #expect(sent.withLock { $0 } == [NewPost(text: "Half a thought, finished")])
        #expect(model.rows.map(\.id) == ["9", "5", "1"])
        #expect(model.rows[0].canDelete)
        #expect(model.draft == "")
        // The post's own live event comes back too: it is not shown twice.
        model.apply(.posted(WallPost(id: "9", eventID: "e1", author: Self.me, text: "x", createdAt: Self.start)))
        #expect(model.rows.map(\.id) == ["9", "5", "1"])
    }

    @Test func aNewPostInTheSameSecondAsTheNewestGoesOnTop() async {
        let model = Self.model(AttendeeClient(wall: { _, _, _ in Self.page([Self.post(2), Self.post(1)]) }))
        await model.appeared()
        var same = Self.post(2)
        same.id = "3"
        model.apply(.posted(same))
        #expect(model.rows.map(\.id) == ["3", "2", "1"])
        model.apply(.posted(Self.post(0)))
        #expect(model.rows.map(\.id) == ["3", "2", "1", "0"])
    }

    @Test func aLikeShowsAtOnceAndRollsBackWhenItFails() async {
        let gate = Gate(isOpen: false)
        let client = AttendeeClient(
            wall: { _, _, _ in Self.page([Self.post(1, likes: 3)]) },
            like: { _ in
                await gate.pass()
                throw APIError.http(status: 500, problem: nil)
            })
        let model = Self.model(client)
        await model.appeared()
        #expect(model.rows[0].likeCount == 3)
        let liking = Task { await model.likeTapped(postID: "1") }
        await gate.arrived(1)
        #expect(model.rows[0].isLiked)
        #expect(model.rows[0].likeCount == 4)
        #expect(model.rows[0].likes == "4 likes")
        #expect(model.rows[0].likeButtonTitle == "Unlike")
        // Someone else likes it meanwhile: the live count is the server's, the pending like still shows on top.
        model.apply(.likes(WallLikes(postID: "1", likeCount: 4)))
        #expect(model.rows[0].likeCount == 5)
        await gate.open()
        await liking.value
        #expect(model.rows[0].isLiked == false)
        #expect(model.rows[0].likeCount == 4)
        #expect(model.rows[0].likeButtonTitle == "Like")
        #expect(model.banner == .failed(APIError.http(status: 500, problem: nil).message))
        #expect(model.bannerText == APIError.http(status: 500, problem: nil).message)
    }

    @Test func theEchoOfMyOwnLikeArrivingFirstDoesNotCountItTwice() async {
        let gate = Gate(isOpen: false)
        let client = AttendeeClient(
            wall: { _, _, _ in Self.page([Self.post(1, likes: 3)]) },
            like: { postID in
                await gate.pass()
                return WallLikes(postID: postID, likeCount: 4, likedByMe: true)
            })
        let model = Self.model(client)
        await model.appeared()
        let liking = Task { await model.likeTapped(postID: "1") }
        await gate.arrived(1)
        #expect(model.rows[0].likeCount == 4)
        model.apply(.likes(WallLikes(postID: "1", likeCount: 4, changedBy: "me", changerLikes: true)))
        #expect(model.rows[0].likeCount == 4)
        #expect(model.rows[0].isLiked)
        // Someone else's like on top of mine.
        model.apply(.likes(WallLikes(postID: "1", likeCount: 5, changedBy: "bo", changerLikes: true)))
        #expect(model.rows[0].likeCount == 5)
        await gate.open()
        await liking.value
        #expect(model.rows[0].isLiked)
        // The answer's count was read before Bo's like: the live count, newer, stays.
        #expect(model.rows[0].likeCount == 5)
        #expect(model.rows[0].likes == "5 likes")
    }

    @Test func aLikeThatGoesThroughTakesTheServersCountAndUnlikeUndoesIt() async {
        let client = AttendeeClient(
            wall: { _, _, _ in Self.page([Self.post(1, likes: 3)]) },
            like: { WallLikes(postID: $0, likeCount: 10, likedByMe: true) },
            unlike: { WallLikes(postID: $0, likeCount: 9, likedByMe: false) })
        let model = Self.model(client)
        await model.appeared()
        await model.likeTapped(postID: "1")
        #expect(model.rows[0].likeCount == 10)
        #expect(model.rows[0].isLiked)
        await model.likeTapped(postID: "1")
        #expect(model.rows[0].likeCount == 9)
        #expect(model.rows[0].isLiked == false)
        #expect(model.banner == nil)
    }

    @Test func changesFromOtherPeopleAreApplied() async {
        let model = Self.model(AttendeeClient(wall: { _, _, _ in Self.page([Self.post(2), Self.post(1)]) }))
        await model.appeared()
        let reply = WallReply(id: "r1", postID: "1", author: Self.other, text: "Agreed", createdAt: Self.start)
        model.apply(.replied(reply))
        model.apply(.replied(reply))
        #expect(model.rows[1].replies.map(\.text) == ["Agreed"])
        #expect(model.rows[1].replies[0].canDelete == false)
        model.apply(.likes(WallLikes(postID: "2", likeCount: 7)))
        #expect(model.rows[0].likes == "7 likes")
        model.apply(.likes(WallLikes(postID: "2", likeCount: 1)))
        #expect(model.rows[0].likes == "1 like")
        model.apply(.deleted(WallDeletion(postID: "1", replyID: "r1")))
        #expect(model.rows[1].replies.isEmpty)
        model.apply(.deleted(WallDeletion(postID: "2")))
        #expect(model.rows.map(\.id) == ["1"])
        model.apply(.deleted(WallDeletion(postID: "1")))
        #expect(model.rows.isEmpty)
        #expect(model.emptyMessage == "No posts yet. Be the first to write something.")
    }

    @Test func liveUpdatesAreHeardUntilTheStreamEnds() async {
        let (updates, continuation) = AsyncThrowingStream.makeStream(of: LiveChange<WallUpdate>.self)
        let model = Self.model(
            AttendeeClient(wall: { _, _, _ in Self.page([]) }, wallUpdates: { _ in updates }))
        await model.appeared()
        continuation.yield(.change(.posted(Self.post(4))))
        continuation.yield(.change(.likes(WallLikes(postID: "4", likeCount: 2))))
        continuation.finish(throwing: APIError.offline)
        await model.listen()
        #expect(model.rows.map(\.id) == ["4"])
        #expect(model.rows[0].likeCount == 2)
        #expect(model.banner == .offline)
        #expect(model.bannerText == "You're offline. The wall catches up when you're back.")
    }

    /// Pulled down while live: a post and a like count heard while the page is read are still shown when a page
    /// read before them lands. A resync reads the page again without the loading state.
    @Test func aChangeHeardWhileThePageIsReadIsNotLostWhenItLands() async {
        let gate = Gate()
        let reads = Locked(0)
        let (duringPull, pullContinuation) = AsyncThrowingStream.makeStream(of: LiveChange<WallUpdate>.self)
        let (afterPull, resyncContinuation) = AsyncThrowingStream.makeStream(of: LiveChange<WallUpdate>.self)
        let streams = Locked([duringPull, afterPull])
        let model = Self.model(
            AttendeeClient(
                wall: { _, _, _ in
                    let read = reads.next()
                    await gate.pass()
                    return Self.page(read < 3 ? [Self.post(1)] : [Self.post(3), Self.post(2), Self.post(1, likes: 4)])
                },
                wallUpdates: { _ in streams.withLock { $0.removeFirst() } }))
        await model.appeared()
        await gate.close()
        let pulled = Task { await model.appeared() }
        await gate.arrived(2)
        #expect(model.isLoading)
        pullContinuation.yield(.change(.posted(Self.post(2))))
        pullContinuation.yield(.change(.likes(WallLikes(postID: "1", likeCount: 4))))
        pullContinuation.finish()
        await model.listen()
        #expect(model.rows.map(\.id) == ["2", "1"])
        await gate.open()
        await pulled.value
        #expect(model.rows.map(\.id) == ["2", "1"])
        #expect(model.rows.map(\.likeCount) == [0, 4])

        await gate.close()
        resyncContinuation.yield(.resync)
        resyncContinuation.finish()
        let listening = Task { await model.listen() }
        await gate.arrived(3)
        #expect(model.isLoading == false)
        await gate.open()
        await listening.value
        #expect(model.rows.map(\.id) == ["3", "2", "1"])
        #expect(model.banner == nil)
    }

    /// Pulled down while live: a reply deleted while the page is read stays gone when the page, read before the
    /// deletion, lands with it; the count drops once.
    @Test func aReplyDeletedWhileThePageIsReadStaysGoneWhenItLands() async {
        let gate = Gate()
        var post = Self.post(1)
        post.replies = [
            WallReply(id: "r1", postID: "1", author: Self.other, text: "First", createdAt: Self.start),
            WallReply(id: "r2", postID: "1", author: Self.other, text: "Second", createdAt: Self.start),
        ]
        post.replyCount = 2
        let (updates, continuation) = AsyncThrowingStream.makeStream(of: LiveChange<WallUpdate>.self)
        let model = Self.model(
            AttendeeClient(
                wall: { [post] _, _, _ in
                    await gate.pass()
                    return Self.page([post])
                },
                wallUpdates: { _ in updates }))
        await model.appeared()
        await gate.close()
        let pulled = Task { await model.appeared() }
        await gate.arrived(2)
        continuation.yield(.change(.deleted(WallDeletion(postID: "1", replyID: "r1"))))
        continuation.finish()
        await model.listen()
        #expect(model.rows.first?.replies.map(\.id) == ["r2"])
        await gate.open()
        await pulled.value
        #expect(model.rows.first?.replies.map(\.id) == ["r2"])
        #expect(model.rows.first?.moreReplies == nil)
    }

    /// Pulled down with no live stream (paused, or the command line): a post deleted and a reply sent while the page
    /// is read stay so when the page, read before them, lands.
    @Test func whatThePersonDeletesOrSendsWhileThePageIsReadStaysSoWhenItLands() async throws {
        let gate = Gate()
        let model = Self.model(
            AttendeeClient(
                wall: { _, _, _ in
                    await gate.pass()
                    return Self.page([Self.post(2, by: Self.me), Self.post(1)])
                },
                deletePost: { _ in },
                reply: { postID, new, _ in
                    WallReply(id: "r1", postID: postID, author: Self.me, text: new.text, createdAt: Self.start)
                }))
        await model.appeared()
        await gate.close()
        let pulled = Task { await model.appeared() }
        await gate.arrived(2)
        await model.confirmTapped(.post("2"))
        model.replyTapped(postID: "1")
        model.replyDraftChanged("Agreed")
        await model.sendReplyTapped()
        #expect(model.rows.map(\.id) == ["1"])
        await gate.open()
        await pulled.value
        #expect(model.rows.map(\.id) == ["1"])
        #expect(model.rows.first?.replies.map(\.text) == ["Agreed"])
    }

    @Test func offlineShowsTheBannerAndAPostThatFailsKeepsItsDraft() async {
        let online = Locked(false)
        let client = AttendeeClient(
            wall: { _, _, _ in
                guard online.withLock({ $0 }) else { throw APIError.offline }
                return Self.page([Self.post(1)])
            },
            postToWall: { _, _, _ in throw APIError.cannotConnect })
        let model = Self.model(client)
        await model.appeared()
        #expect(model.banner == .offline)
        #expect(model.rows.isEmpty)
        #expect(model.emptyMessage == nil)
        online.withLock { $0 = true }
        await model.appeared()
        #expect(model.banner == nil)
        model.draftChanged("Are you there?")
        await model.postTapped()
        // The composer says its post did not go, not the feed's "catches up" notice.
        #expect(model.banner == .notSent)
        #expect(model.bannerText == "You're offline: nothing was posted.")
        #expect(model.draft == "Are you there?")
        #expect(model.isSending == false)
        #expect(model.rows.map(\.id) == ["1"])
    }

    /// A like or a deletion that never reached the server says nothing changed (the post shows as it was), not
    /// that the wall catches up; one whose line dropped midway may have gone, and the wall catches up.
    @Test func anOfflineLikeOrDeletionSaysNothingChanged() async throws {
        let client = AttendeeClient(
            wall: { _, _, _ in Self.page([Self.post(2, by: Self.me), Self.post(1, likes: 3)]) },
            deletePost: { _ in throw APIError.offline },
            like: { _ in throw APIError.cannotConnect },
            unlike: { _ in throw APIError.connectionLost })
        let model = Self.model(client)
        await model.appeared()
        await model.likeTapped(postID: "1")
        #expect(model.banner == .notChanged)
        #expect(model.bannerText == "You're offline: nothing was changed.")
        #expect(model.rows[1].likeCount == 3)
        #expect(model.rows[1].isLiked == false)
        model.deleteTapped(postID: "2")
        await model.confirmTapped(try #require(model.confirmation).action)
        #expect(model.banner == .notChanged)
        #expect(model.rows.map(\.id) == ["2", "1"])

        let liked = Self.model(
            AttendeeClient(
                wall: { _, _, _ in Self.page([Self.post(1, likes: 3, liked: true)]) },
                unlike: { _ in throw APIError.connectionLost }))
        await liked.appeared()
        await liked.likeTapped(postID: "1")
        #expect(liked.banner == .offline)
    }

    /// Issue 12: what a failed reply or a deletion left is the model's typed state, which the screen and the
    /// command line both show. An offline reply says the reply was not sent (it said "nothing was posted", as a
    /// post), and keeps its text; a wall that could not load says, to one who came to reply or change something,
    /// that it was not done; a deletion the server took says what it took away.
    @Test func aReplyOrAChangeTheWallCouldNotMakeSaysWhatWasNotDone() async throws {
        let online = Locked(true)
        let client = AttendeeClient(
            wall: { _, _, _ in
                guard online.withLock({ $0 }) else { throw APIError.cannotConnect }
                return Self.page([Self.post(2, by: Self.me), Self.post(1)])
            },
            deletePost: { _ in },
            reply: { _, _, _ in throw APIError.cannotConnect })
        let model = Self.model(client)
        await model.appeared()
        model.replyTapped(postID: "1")
        model.replyDraftChanged("At noon")
        await model.sendReplyTapped()
        #expect(model.banner == .replyNotSent)
        #expect(model.bannerText == "You're offline: your reply was not sent.")
        #expect(model.replyDraft == "At noon")
        #expect(model.replyingTo == "1")

        #expect(model.deleted == nil)
        model.deleteTapped(postID: "2")
        await model.confirmTapped(try #require(model.confirmation).action)
        #expect(model.banner == nil)
        #expect(model.deleted == Deleted("2"))
        #expect(String(decoding: try JSONEncoder().encode(Deleted("2")), as: UTF8.self) == #"{"deleted":"2"}"#)

        online.withLock { $0 = false }
        await model.appeared()
        #expect(model.banner == .offline)
        #expect(model.bannerText == "You're offline. The wall catches up when you're back.")
        #expect(model.bannerText(stopping: .post) == "You're offline: nothing was posted.")
        #expect(model.bannerText(stopping: .reply) == "You're offline: your reply was not sent.")
        #expect(model.bannerText(stopping: .change) == "You're offline: nothing was changed.")
    }

    @Test func deletingAsksFirstAndReplying() async throws {
        let deleted = Locked<[String]>([])
        let client = AttendeeClient(
            wall: { _, _, _ in Self.page([Self.post(2, by: Self.me), Self.post(1)]) },
            deletePost: { id in
                guard id == "2" else { throw APIError.http(status: 403, problem: nil) }
                deleted.withLock { $0.append(id) }
            },
            reply: { postID, new, _ in
                WallReply(id: "r9", postID: postID, author: Self.me, text: new.text, createdAt: Self.start)
            },
            deleteReply: { id in
                deleted.withLock { $0.append(id) }
                return nil
            })
        let model = Self.model(client)
        await model.appeared()
        model.replyTapped(postID: "1")
        #expect(model.replyingTo == "1")
        #expect(model.canSendReply == false)
        // A reply carries no picture: an empty one is told to write, not to add a picture.
        model.replyDraftChanged("   ")
        #expect(model.replyRefusal == "Write a reply first.")
        model.replyDraftChanged(String(repeating: "a", count: PostText.limit + 1))
        #expect(model.replyRefusal == "The text must be at most 2,000 characters.")
        model.replyDraftChanged("Me too 🙌")
        #expect(model.replyRefusal == nil)
        #expect(model.replyComposer.counter == "8 / 2,000")
        await model.sendReplyTapped()
        #expect(model.replyingTo == nil)
        #expect(model.rows[1].replies.map(\.text) == ["Me too 🙌"])
        #expect(model.rows[1].replies[0].canDelete)
        model.deleteReplyTapped(postID: "1", replyID: "r9")
        let reply = try #require(model.confirmation)
        #expect(reply.action == .reply(postID: "1", replyID: "r9"))
        #expect(reply.title == "Delete This Reply?")
        #expect(reply.message == "It leaves the wall for everyone at the event. This cannot be undone.")
        #expect([reply.confirmTitle, reply.cancelTitle] == ["Delete", "Cancel"])
        #expect(model.rows[1].replies.count == 1)
        await model.confirmTapped(reply.action)
        #expect(model.confirmation == nil)
        #expect(model.rows[1].replies.isEmpty)

        // Cancel deletes nothing.
        model.deleteTapped(postID: "2")
        #expect(model.confirmation?.title == "Delete This Post?")
        model.confirmationDismissed()
        #expect(model.confirmation == nil)
        #expect(model.rows.map(\.id) == ["2", "1"])
        #expect(deleted.withLock { $0 } == ["r9"])

        // Another person's post offers no Delete: the tap (as the command line sends it) says why in the app's
        // words, and asks nothing; a deletion the server refuses all the same says the server's reason.
        model.deleteTapped(postID: "1")
        #expect(model.confirmation == nil)
        #expect(model.banner == .failed("You can delete only your own posts."))
        await model.confirmTapped(.post("1"))
        #expect(model.rows.map(\.id) == ["2", "1"])
        #expect(model.banner == .failed(APIError.http(status: 403, problem: nil).message))
        model.deleteTapped(postID: "2")
        await model.confirmTapped(.post("2"))
        #expect(model.rows.map(\.id) == ["1"])
        #expect(deleted.withLock { $0 } == ["r9", "2"])
    }

    /// Delete on a post or reply the wall does not offer it for (another person's, to anyone but the organizer) is
    /// refused in the app's words, with nothing asked or sent; the organizer is asked as for their own.
    @Test func deletingAnotherPersonsPostOrReplyIsRefusedInTheAppsWords() async throws {
        let sent = Locked(0)
        let theirs = WallPost(
            id: "1", eventID: "e1", author: Self.other, text: "Post 1", createdAt: Self.start, likeCount: 0,
            likedByMe: false,
            replies: [WallReply(id: "r1", postID: "1", author: Self.other, text: "Hi", createdAt: Self.start)],
            replyCount: 1)
        let organizer = Locked(false)
        let client = AttendeeClient(
            wall: { _, _, _ in Self.page([theirs], organizer: organizer.withLock { $0 }) },
            deletePost: { _ in sent.withLock { $0 += 1 } },
            deleteReply: { _ in
                sent.withLock { $0 += 1 }
                return nil
            })
        let model = Self.model(client)
        await model.appeared()
        model.deleteTapped(postID: "1")
        #expect(model.confirmation == nil)
        #expect(model.bannerText == "You can delete only your own posts.")
        model.deleteReplyTapped(postID: "1", replyID: "r1")
        #expect(model.confirmation == nil)
        #expect(model.bannerText == "You can delete only your own replies.")
        #expect(sent.withLock { $0 } == 0)

        organizer.withLock { $0 = true }
        await model.appeared()
        #expect(model.banner == nil)
        model.deleteReplyTapped(postID: "1", replyID: "r1")
        #expect(model.confirmation?.action == .reply(postID: "1", replyID: "r1"))
        model.deleteTapped(postID: "1")
        #expect(model.confirmation?.action == .post("1"))
    }

    /// A reply is what the person wrote: a refusal keeps it in its composer; a second tap while it is on its way
    /// sends nothing more; and its answer leaves alone a reply composer the person opened and wrote in since.
    @Test func aReplyIsSentOnceAndNeverTakesAwayWhatIsWrittenSince() async throws {
        let gate = Gate()
        let sent = Locked<[String]>([])
        let fails = Locked(true)
        let client = AttendeeClient(
            wall: { _, _, _ in Self.page([Self.post(2), Self.post(1)]) },
            reply: { postID, new, _ in
                sent.withLock { $0.append(new.text) }
                await gate.pass()
                if fails.withLock({ $0 }) { throw APIError.http(status: 500, problem: nil) }
                return WallReply(id: "r9", postID: postID, author: Self.me, text: new.text, createdAt: Self.start)
            })
        let model = Self.model(client)
        await model.appeared()
        model.replyTapped(postID: "1")
        model.replyDraftChanged("Me too")
        await model.sendReplyTapped()
        #expect(model.banner == .failed(APIError.http(status: 500, problem: nil).message))
        #expect(model.replyingTo == "1")
        #expect(model.replyDraft == "Me too")

        fails.withLock { $0 = false }
        await gate.close()
        let first = Task { await model.sendReplyTapped() }
        await gate.arrived(2)
        #expect(model.canSendReply == false)
        let second = Task { await model.sendReplyTapped() }
        model.replyTapped(postID: "2")
        model.replyDraftChanged("And here")
        await gate.open()
        await first.value
        await second.value
        #expect(sent.withLock { $0 } == ["Me too", "Me too"])
        #expect(model.rows[1].replies.map(\.text) == ["Me too"])
        #expect(model.replyingTo == "2")
        #expect(model.replyDraft == "And here")
        #expect(model.banner == nil)
    }

    /// Pulled down twice, the first read slower: the page read first, landing last, does not take away the post
    /// the later read showed.
    @Test func aPullThatLandsAfterANewerOneDoesNotReplaceIt() async {
        let gate = Gate(isOpen: false)
        let reads = Locked(0)
        let model = Self.model(
            AttendeeClient(wall: { _, _, _ in
                let read = reads.next()
                guard read == 1 else { return Self.page([Self.post(3), Self.post(2), Self.post(1)]) }
                await gate.pass()
                return Self.page([Self.post(2), Self.post(1)])
            }))
        let slow = Task { await model.appeared() }
        await gate.arrived(1)
        await model.appeared()
        #expect(model.rows.map(\.id) == ["3", "2", "1"])
        await gate.open()
        await slow.value
        #expect(model.rows.map(\.id) == ["3", "2", "1"])
    }

    /// Pulled down twice, the first read landing first: it is dropped, and the spinner stays on until the newer read
    /// lands.
    @Test func theSpinnerStaysOnUntilTheNewestPullLands() async {
        let gates = [Gate(isOpen: false), Gate(isOpen: false)]
        let reads = Locked(0)
        let model = Self.model(
            AttendeeClient(wall: { _, _, _ in
                let read = reads.next()
                await gates[read - 1].pass()
                return Self.page(read == 1 ? [Self.post(1)] : [Self.post(2), Self.post(1)])
            }))
        let older = Task { await model.appeared() }
        await gates[0].arrived(1)
        let newer = Task { await model.appeared() }
        await gates[1].arrived(1)
        await gates[0].open()
        await older.value
        #expect(model.isLoading, "the newer pull is still on its way")
        #expect(model.rows.isEmpty)
        await gates[1].open()
        await newer.value
        #expect(model.isLoading == false)
        #expect(model.rows.map(\.id) == ["2", "1"])
    }

    /// Delete confirmed twice while the first is on its way sends one deletion and shows no banner; a post or reply
    /// the server no longer has (deleted elsewhere, or by an earlier tap) is gone, as the person wanted.
    @Test func aDeletionConfirmedTwiceIsSentOnceAndOneAlreadyGoneCountsAsDeleted() async throws {
        let gate = Gate(isOpen: false)
        let deleted = Locked<[String]>([])
        var post = Self.post(1, by: Self.me)
        post.replies = [WallReply(id: "r9", postID: "1", author: Self.me, text: "Me too", createdAt: Self.start)]
        let client = AttendeeClient(
            wall: { [post] _, _, _ in Self.page([Self.post(2, by: Self.me), post]) },
            deletePost: { id in
                let earlier = deleted.withLock { list in
                    defer { list.append(id) }
                    return list.contains(id)
                }
                // NB: only the first waits, so a second one sent (the defect) cannot hang the test.
                if earlier { throw APIError.http(status: 404, problem: nil) }
                await gate.pass()
            },
            deleteReply: { _ in throw APIError.http(status: 404, problem: nil) })
        let model = Self.model(client)
        await model.appeared()
        model.deleteTapped(postID: "2")
        let action = try #require(model.confirmation).action
        let first = Task { await model.confirmTapped(action) }
        await gate.arrived(1)
        await model.confirmTapped(action)
        await gate.open()
        await first.value
        #expect(deleted.withLock { $0 } == ["2"])
        #expect(model.rows.map(\.id) == ["1"])
        #expect(model.banner == nil)

        // The same deletion confirmed again once it went: the server has no such post, and that is no failure.
        await model.confirmTapped(.post("2"))
        #expect(model.banner == nil)
        await model.confirmTapped(.reply(postID: "1", replyID: "r9"))
        #expect(model.rows.first?.replies.isEmpty == true)
        #expect(model.banner == nil)
    }

    /// A like, a reply or "N more replies" on a post deleted since the wall showed it (its deletion not heard, as
    /// while the stream was away) takes the post off the wall and says so in the app's words. It said the server's
    /// "There is no post with this id." under a post that stayed, and every tap on it met the same refusal again.
    @Test func aPostDeletedMeanwhileLeavesTheWallInTheAppsWordsWhateverTheTap() async throws {
        let gone = APIError.http(
            status: 404, problem: ProblemDetails(status: 404, detail: "There is no post with this id."))
        var withEarlier = Self.post(3)
        withEarlier.replies = [WallReply(id: "r9", postID: "3", author: Self.other, text: "Hi", createdAt: Self.start)]
        withEarlier.replyCount = 4
        withEarlier.earlierRepliesCursor = "earlier"
        let first = withEarlier
        var client = AttendeeClient(
            wall: { _, _, _ in Self.page([first, Self.post(2), Self.post(1)]) },
            like: { _ in throw gone },
            reply: { _, _, _ in throw gone })
        client.wallReplies = { _, _, _ in throw gone }
        let model = Self.model(client)
        await model.appeared()

        await model.likeTapped(postID: "1")
        #expect(model.rows.map(\.id) == ["3", "2"])
        #expect(model.bannerText == "This post was deleted.")

        model.replyTapped(postID: "2")
        model.replyDraftChanged("See you there")
        await model.sendReplyTapped()
        #expect(model.rows.map(\.id) == ["3"])
        #expect(model.bannerText == "This post was deleted.")
        #expect(model.replyingTo == nil)
        #expect(model.replyDraft == "")

        await model.moreRepliesTapped(postID: "3")
        #expect(model.rows.isEmpty)
        #expect(model.bannerText == "This post was deleted.")
    }
}
