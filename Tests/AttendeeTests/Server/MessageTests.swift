import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

/// Threads between two attendees: one per pair per event, unread counts derived exactly, and nothing of a
/// thread reachable by a third person.
@Suite struct MessageTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func startingAgainFromEitherSideAnswersTheOneThread(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let bob = try await server.messenger("Bob Babbage")
            let first = try await server.startThread(ada, with: bob)
            #expect(first.status == .created)
            let thread = try first.decode(MessageThread.self)
            #expect(thread.with == PersonReference(id: bob.id, name: "Bob Babbage"))
            #expect(thread.unreadCount == 0)
            #expect(thread.lastMessage == nil)

            let again = try await server.startThread(ada, with: bob)
            #expect(again.status == .ok)
            #expect(try again.decode(MessageThread.self).id == thread.id)
            let fromBob = try await server.startThread(bob, with: ada)
            #expect(fromBob.status == .ok)
            let bobsView = try fromBob.decode(MessageThread.self)
            #expect(bobsView.id == thread.id)
            #expect(bobsView.with == PersonReference(id: ada.id, name: "Ada Lovelace"))
            #expect(try await server.threads(ada).map(\.id) == [thread.id])
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func onlyAttendeesTheCallerCanSeeAndNeverThemselves(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let outsiderToken = try await server.signUp("Not Registered")
            let outsider = try await server.person(outsiderToken)
            let path = "/attendee/v1/events/\(server.eventID)/threads"

            let yourself = try await server.startThread(ada, with: ada)
            #expect(yourself.status == .unprocessableContent)
            #expect(yourself.problem["field"] == "personID")
            #expect(try await server.startThread(ada, with: outsider).status == .notFound)
            #expect(try await server.startThread(outsider, with: ada).status == .forbidden)
            #expect(
                try await server.client.post(
                    "/attendee/v1/events/no-such-event/threads", json: StartThreadRequest(personID: outsider.id),
                    headers: AttendeeTestServer.auth(ada.token)
                ).status == .notFound)
            #expect(
                try await server.client.post(path, json: StartThreadRequest(personID: ada.id)).status
                    == .unauthorized)
            let missing = try await server.client.post(
                path, body: Data("{}".utf8), headers: AttendeeTestServer.auth(ada.token))
            #expect(missing.status == .unprocessableContent)
            #expect(missing.problem["field"] == "personID")
            let malformed = try await server.client.post(
                path, body: Data(#"{"personID":"#.utf8), headers: AttendeeTestServer.auth(ada.token))
            #expect(malformed.status == .badRequest)
            #expect(try await server.threads(ada).isEmpty)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func olderPagesGoBackFromTheNewestForTheTwoParticipantsOnly(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let bob = try await server.messenger("Bob Babbage")
            let carol = try await server.messenger("Carol Shaw")
            let thread = try await server.startThread(ada, with: bob).decode(MessageThread.self)
            for index in 1...5 {
                _ = try await server.send(index.isMultiple(of: 2) ? bob : ada, thread.id, "M\(index)")
            }
            func page(_ who: Messenger, _ query: String) async throws -> Response {
                try await server.client.get(
                    "/attendee/v1/threads/\(thread.id)/messages?\(query)", headers: AttendeeTestServer.auth(who.token))
            }
            let newest = try await page(bob, "before=end&limit=2").decode(MessagePage.self)
            #expect(newest.messages.map(\.text) == ["M4", "M5"])
            #expect(newest.nextCursor == nil)
            let cursor = try #require(newest.previousCursor)
            let middle = try await page(ada, "before=\(cursor)&limit=2").decode(MessagePage.self)
            #expect(middle.messages.map(\.text) == ["M2", "M3"])
            let last = try await page(ada, "before=\(try #require(middle.previousCursor))&limit=2").decode(
                MessagePage.self)
            #expect(last.messages.map(\.text) == ["M1"])
            #expect(last.previousCursor == nil)
            #expect(try await page(ada, "before=end").decode(MessagePage.self).messages.count == 5)

            // Carol is in neither side of it: paging is 404 like the rest, whatever the cursor.
            for query in ["before=end", "before=\(cursor)"] {
                let refused = try await page(carol, query)
                #expect(refused.status == .notFound, "\(query)")
                #expect(refused.problem["detail"] == "There is no thread with this id.")
            }
            // What the document's patterns refuse is refused (the contract run found 20 zeros accepted).
            for query in [
                "before=abc", "before=0", "before=-3", "before=end&after=1", "before=end&limit=0", "before=01",
                "before=+5", "after=" + String(repeating: "0", count: 20), "after=+1", "after=%201",
                "after=99999999999999999999",
            ] {
                #expect(try await page(ada, query).status == .unprocessableContent, "\(query)")
            }
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func unreadCountsPreviewsAndPagesAsEachParticipantSeesThem(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let bob = try await server.messenger("Bob Babbage")
            let carol = try await server.messenger("Carol Shaw")
            let withBob = try await server.startThread(ada, with: bob).decode(MessageThread.self)
            let withCarol = try await server.startThread(ada, with: carol).decode(MessageThread.self)

            let sent = try await (1...3).asyncMap { try await server.send(ada, withBob.id, "Hello \($0)") }
            _ = try await server.send(bob, withBob.id, "Hi Ada")
            var bobs = try #require(try await server.threads(bob).first)
            #expect(bobs.unreadCount == 3)
            #expect(bobs.lastMessage?.text == "Hi Ada")
            #expect(try await server.threads(ada).first { $0.id == withBob.id }?.unreadCount == 1)

            // Newest activity first: a message to Carol puts her thread on top.
            #expect(try await server.threads(ada).map(\.id) == [withBob.id, withCarol.id])
            _ = try await server.send(ada, withCarol.id, "Hello Carol")
            #expect(try await server.threads(ada).map(\.id) == [withCarol.id, withBob.id])

            bobs = try await server.markRead(bob, withBob.id, upTo: sent[1].id).decode(MessageThread.self)
            #expect(bobs.unreadCount == 1)
            // A mark never moves back.
            bobs = try await server.markRead(bob, withBob.id, upTo: sent[0].id).decode(MessageThread.self)
            #expect(bobs.unreadCount == 1)
            let foreign = try await server.send(ada, withCarol.id, "Only for Carol")
            let refused = try await server.markRead(bob, withBob.id, upTo: foreign.id)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.problem["field"] == "messageID")

            let page = try await server.client.get(
                "/attendee/v1/threads/\(withBob.id)/messages?limit=2", headers: AttendeeTestServer.auth(bob.token)
            ).decode(MessagePage.self)
            #expect(page.messages.map(\.text) == ["Hello 1", "Hello 2"])
            let cursor = try #require(page.nextCursor)
            let rest = try await server.client.get(
                "/attendee/v1/threads/\(withBob.id)/messages?after=\(cursor)&limit=2",
                headers: AttendeeTestServer.auth(bob.token)
            ).decode(MessagePage.self)
            #expect(rest.messages.map(\.text) == ["Hello 3", "Hi Ada"])
            #expect(rest.nextCursor == nil)
            for query in ["after=abc", "after=-1", "limit=0", "limit=201", "limit=x"] {
                #expect(
                    try await server.client.get(
                        "/attendee/v1/threads/\(withBob.id)/messages?\(query)",
                        headers: AttendeeTestServer.auth(bob.token)
                    ).status == .unprocessableContent, "\(query)")
            }
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aThirdPersonFindsNoThreadAndChangesNothing(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let bob = try await server.messenger("Bob Babbage")
            let eve = try await server.messenger("Eve Dropper")
            let thread = try await server.startThread(ada, with: bob).decode(MessageThread.self)
            let message = try await server.send(ada, thread.id, "Secret")
            let auth = AttendeeTestServer.auth(eve.token)
            let base = "/attendee/v1/threads/\(thread.id)"

            #expect(try await server.client.get(base, headers: auth).status == .notFound)
            #expect(try await server.client.get(base + "/messages", headers: auth).status == .notFound)
            #expect(try await server.client.get(base + "/live", headers: auth).status == .notFound)
            let send = try await server.client.post(
                base + "/messages", json: SendMessageRequest(text: "Intruding"), headers: auth)
            #expect(send.status == .notFound)
            #expect(!send.bodyText.contains("Secret"))
            // Validation does not tell a stranger the thread exists either.
            #expect(
                try await server.client.post(base + "/messages", body: Data("{".utf8), headers: auth).status
                    == .notFound)
            #expect(
                try await server.client.put(base + "/read", json: MarkReadRequest(messageID: message.id), headers: auth)
                    .status == .notFound)
            #expect(try await server.threads(eve).isEmpty)
            #expect(try await server.threads(eve, eventID: server.eventID).isEmpty)

            // Nothing changed for the two participants.
            #expect(try await server.threads(bob).first?.unreadCount == 1)
            let messages = try await server.client.get(
                base + "/messages", headers: AttendeeTestServer.auth(bob.token)
            ).decode(MessagePage.self).messages
            #expect(messages.map(\.text) == ["Secret"])
            #expect(
                try await server.client.get("/attendee/v1/threads/no-such-thread", headers: auth).status == .notFound)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func everyRouteRefusesAMissingOrUnknownToken(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let bob = try await server.messenger("Bob Babbage")
            let thread = try await server.startThread(ada, with: bob).decode(MessageThread.self)
            let note = try await server.client.post(
                "/attendee/v1/events/\(server.eventID)/notes", json: NoteDraft(text: "Mine"),
                headers: AttendeeTestServer.auth(ada.token)
            ).decode(Note.self)
            // A token that has expired is refused like one never issued.
            let expired = try await server.signUp("Expired Token")
            _ = try await server.database.write { db in
                try db.execute(
                    """
                    UPDATE attendee_auth_token SET expires_at = 0
                    WHERE user_id = (SELECT id FROM attendee_user WHERE name = 'Expired Token')
                    """)
            }
            for route in AttendeeRoute.inbox {
                let path = route.pattern.replacingOccurrences(of: ":eventID", with: server.eventID)
                    .replacingOccurrences(of: ":threadID", with: thread.id)
                    .replacingOccurrences(of: ":noteID", with: note.id)
                for headers: HTTPHeaders in [
                    ["Content-Type": "application/json"], AttendeeTestServer.auth("not-a-token"),
                    AttendeeTestServer.auth(expired),
                ] {
                    let response = try await server.client.request(
                        route.method, path, headers: headers, body: Data(#"{"text":"x","personID":"p"}"#.utf8))
                    #expect(response.status == .unauthorized, "\(route)")
                }
            }
            #expect(try await server.threads(ada).first?.lastMessage == nil)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func hostileMessageBodiesAreRefusedAndNothingIsStored(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let bob = try await server.messenger("Bob Babbage")
            let thread = try await server.startThread(ada, with: bob).decode(MessageThread.self)
            let path = "/attendee/v1/threads/\(thread.id)/messages"
            let auth = AttendeeTestServer.auth(ada.token)
            func post(_ body: String) async throws -> Response {
                try await server.client.post(path, body: Data(body.utf8), headers: auth)
            }
            #expect(try await post(#"{"text": "unterminated"#).status == .badRequest)
            #expect(try await post("[]").status == .unprocessableContent)
            let missing = try await post(#"{"imageID":"m-1"}"#)
            #expect(missing.status == .unprocessableContent)
            #expect(missing.problem["field"] == "text")
            #expect(try await post(#"{"text": 42}"#).status == .unprocessableContent)
            #expect(try await post(#"{"text": "   \n "}"#).status == .unprocessableContent)
            #expect(try await post(#"{"text": "a\u0000b"}"#).status == .unprocessableContent)
            #expect(try await post(#"{"text": "ok", "imageID": ""}"#).status == .unprocessableContent)
            let tooLong = String(repeating: "a", count: MessageRules.textLimit + 1)
            let refused = try await server.client.post(path, json: SendMessageRequest(text: tooLong), headers: auth)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.problem["detail"] == "The text must be at most 2,000 characters.")
            // NB: still empty, so the thread is Ada's alone: Bob has nothing listed.
            #expect(try await server.messages(ada, thread.id).isEmpty)
            #expect(try await server.threads(bob).isEmpty)

            // The limit counts what a person sees: 2,000 family emoji are 2,000 characters (and 10,000 scalars).
            let family = String(repeating: "👩‍👩‍👧", count: MessageRules.textLimit)
            let photo = try await server.photoID(ada.token)
            let accepted = try await server.client.post(
                path, json: SendMessageRequest(text: family, imageID: photo), headers: auth)
            #expect(accepted.status == .created)
            let stored = try await server.messages(bob, thread.id)
            #expect(stored.map(\.text) == [family])
            #expect(stored.first?.imageID == photo)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func concurrentSendsKeepUnreadCountsExact(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let bob = try await server.messenger("Bob Babbage")
            // Both start the thread at once: still one thread.
            async let fromAda = server.startThread(ada, with: bob)
            async let fromBob = server.startThread(bob, with: ada)
            let (one, two) = try await (fromAda, fromBob)
            let thread = try one.decode(MessageThread.self)
            #expect(try two.decode(MessageThread.self).id == thread.id)
            #expect(Set([one.status, two.status]) == [.created, .ok])

            let perPerson = 12
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<perPerson {
                    group.addTask { _ = try await server.sendRetryingBusy(ada, thread.id, "from Ada \(index)") }
                    group.addTask { _ = try await server.sendRetryingBusy(bob, thread.id, "from Bob \(index)") }
                }
                try await group.waitForAll()
            }
            #expect(try await server.threads(bob).first?.unreadCount == perPerson)
            #expect(try await server.threads(ada).first?.unreadCount == perPerson)
            let all = try await server.messages(bob, thread.id)
            #expect(all.count == 2 * perPerson)
            #expect(all.map { Int($0.id) ?? 0 } == all.map { Int($0.id) ?? 0 }.sorted())
            let lastFromAda = try #require(all.last { $0.senderID == ada.id })
            let marked = try await server.markRead(bob, thread.id, upTo: lastFromAda.id).decode(MessageThread.self)
            #expect(marked.unreadCount == 0)
            #expect(try await server.threads(ada).first?.unreadCount == perPerson)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aNewMessageReachesTheThreadAndTheRecipientStreamsOnly(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let bob = try await server.messenger("Bob Babbage")
            let carol = try await server.messenger("Carol Shaw")
            let thread = try await server.startThread(ada, with: bob).decode(MessageThread.self)
            // NB: Bob has the conversation open too: an empty thread is found only by those who started it.
            #expect(try await server.startThread(bob, with: ada).decode(MessageThread.self).id == thread.id)
            let withCarol = try await server.startThread(ada, with: carol).decode(MessageThread.self)

            let bobsInbox = try await LiveListener.open(server, path: "/attendee/v1/me/live", token: bob.token)
            let carolsInbox = try await LiveListener.open(server, path: "/attendee/v1/me/live", token: carol.token)
            let threadStream = try await LiveListener.open(
                server, path: "/attendee/v1/threads/\(thread.id)/live", token: bob.token)
            #expect(try await bobsInbox.next().event == "ready")
            #expect(try await carolsInbox.next().event == "ready")
            #expect(try await threadStream.next().event == "ready")

            let sent = try await server.send(ada, thread.id, "Hello Bob")
            for listener in [bobsInbox, threadStream] {
                let heard = try await listener.next()
                #expect(heard.event == MessageRules.newMessageEvent)
                let message = try AttendeeCoding.decoder().decode(Message.self, from: Data(heard.data.utf8))
                #expect(message == sent)
            }
            // Carol's inbox skips Ada and Bob's message: the next thing she hears is her own thread's.
            let toCarol = try await server.send(ada, withCarol.id, "Hello Carol")
            let heard = try await carolsInbox.next()
            #expect(try AttendeeCoding.decoder().decode(Message.self, from: Data(heard.data.utf8)) == toCarol)

            // A read mark tells the reader's other devices.
            _ = try await server.markRead(bob, thread.id, upTo: sent.id)
            let read = try await bobsInbox.next()
            #expect(read.event == MessageRules.readEvent)
            #expect(
                try AttendeeCoding.decoder().decode(MessageThread.self, from: Data(read.data.utf8)).unreadCount == 0)
            for listener in [bobsInbox, carolsInbox, threadStream] { listener.close() }
        }
    }
}

extension MessageTests {
    /// Starting a thread costs nothing, so it must put nothing in the other person's inbox: an empty thread is
    /// listed, found and streamed only for whoever started it, until its first message reaches both.
    @Test(arguments: DatabaseKind.eachDialect)
    func anEmptyThreadReachesOnlyItsStarterUntilItsFirstMessage(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let bob = try await server.messenger("Bob Babbage")
            let carol = try await server.messenger("Carol Shaw")
            let bobsInbox = try await LiveListener.open(server, path: "/attendee/v1/me/live", token: bob.token)
            #expect(try await bobsInbox.next().event == "ready")

            // Started again and again: still nothing for Bob to see, open or listen to.
            let thread = try await server.startThread(ada, with: bob).decode(MessageThread.self)
            for _ in 1...3 { #expect(try await server.startThread(ada, with: bob).status == .ok) }
            #expect(try await server.threads(ada).map(\.id) == [thread.id])
            #expect(try await server.threads(bob).isEmpty)
            #expect(try await server.threads(bob, eventID: server.eventID).isEmpty)
            let base = "/attendee/v1/threads/\(thread.id)"
            let auth = AttendeeTestServer.auth(bob.token)
            #expect(try await server.client.get(base, headers: auth).status == .notFound)
            #expect(try await server.client.get(base + "/messages", headers: auth).status == .notFound)
            #expect(try await server.client.get(base + "/live", headers: auth).status == .notFound)
            #expect(
                try await server.client.post(base + "/messages", json: SendMessageRequest(text: "Hi"), headers: auth)
                    .status == .notFound)

            // The first message is the first Bob hears of it, and it is listed to him from then on.
            let sent = try await server.send(ada, thread.id, "Hello Bob")
            let heard = try await bobsInbox.next()
            #expect(heard.event == MessageRules.newMessageEvent)
            #expect(try AttendeeCoding.decoder().decode(Message.self, from: Data(heard.data.utf8)) == sent)
            let bobs = try await server.threads(bob)
            #expect(bobs.map(\.id) == [thread.id])
            #expect(bobs.first?.unreadCount == 1)
            bobsInbox.close()

            // Asking for the thread makes it one's own even while empty: both who started it see it.
            let withCarol = try await server.startThread(ada, with: carol).decode(MessageThread.self)
            #expect(try await server.threads(carol).isEmpty)
            let carolsStart = try await server.startThread(carol, with: ada)
            #expect(carolsStart.status == .ok)
            #expect(try carolsStart.decode(MessageThread.self).id == withCarol.id)
            #expect(try await server.threads(carol).map(\.id) == [withCarol.id])
            #expect(Set(try await server.threads(ada).map(\.id)) == [thread.id, withCarol.id])
        }
    }

    /// The sender's own inbox stream hears what they sent, so their other devices list it: first their own
    /// message, then the answer.
    @Test(arguments: DatabaseKind.eachDialect)
    func aMessageReachesTheSendersOtherDevices(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let bob = try await server.messenger("Bob Babbage")
            let thread = try await server.startThread(ada, with: bob).decode(MessageThread.self)
            let adasTablet = try await LiveListener.open(server, path: "/attendee/v1/me/live", token: ada.token)
            #expect(try await adasTablet.next().event == "ready")

            let sent = try await server.send(ada, thread.id, "Hello Bob")
            let answer = try await server.send(bob, thread.id, "Hello Ada")
            for expected in [sent, answer] {
                let heard = try await adasTablet.next()
                #expect(heard.event == MessageRules.newMessageEvent)
                #expect(try AttendeeCoding.decoder().decode(Message.self, from: Data(heard.data.utf8)) == expected)
            }
            adasTablet.close()
        }
    }
}

/// A signed-up attendee of the demo event, as the message tests use them.
struct Messenger: Sendable {
    let token: String
    let id: String
}

extension AttendeeTestServer {
    /// Signs up and registers `name`, and answers their token and id.
    func messenger(_ name: String) async throws -> Messenger {
        let token = try await registeredAttendee(name)
        return try await person(token)
    }

    /// The person behind `token`.
    func person(_ token: String) async throws -> Messenger {
        let me = try await client.get("/attendee/v1/me", headers: Self.auth(token)).decode(MyProfile.self)
        return Messenger(token: token, id: me.person.id)
    }

    func startThread(_ caller: Messenger, with other: Messenger) async throws -> Response {
        try await client.post(
            "/attendee/v1/events/\(eventID)/threads", json: StartThreadRequest(personID: other.id),
            headers: Self.auth(caller.token))
    }

    func threads(_ caller: Messenger, eventID: String? = nil) async throws -> [MessageThread] {
        let query = eventID.map { "?eventID=\($0)" } ?? ""
        let response = try await client.get("/attendee/v1/threads" + query, headers: Self.auth(caller.token))
        try #require(response.status == .ok, "\(response.bodyText)")
        return try response.decode([MessageThread].self)
    }

    func send(_ caller: Messenger, _ threadID: String, _ text: String) async throws -> Message {
        let response = try await client.post(
            "/attendee/v1/threads/\(threadID)/messages", json: SendMessageRequest(text: text),
            headers: Self.auth(caller.token))
        try #require(response.status == .created, "\(response.bodyText)")
        return try response.decode(Message.self)
    }

    /// ``send(_:_:_:)`` as a client told "busy, try again" does: 24 writes at once on a loaded two-core CI machine
    /// once got the database's busy answer (the writer's 30 s acquire timeout, or SQLite's busy timeout). That
    /// answer means nothing was written, so a retry cannot count twice.
    func sendRetryingBusy(_ caller: Messenger, _ threadID: String, _ text: String) async throws -> Message {
        for _ in 0..<3 {
            let response = try await client.post(
                "/attendee/v1/threads/\(threadID)/messages", json: SendMessageRequest(text: text),
                headers: Self.auth(caller.token))
            // NB: only the database's "busy" (nothing began); a request timeout's 503 may still commit.
            if response.status == .serviceUnavailable, response.bodyText.contains("The service is busy") {
                try await Task.sleep(for: .milliseconds(200))
                continue
            }
            try #require(response.status == .created, "\(response.bodyText)")
            return try response.decode(Message.self)
        }
        return try await send(caller, threadID, text)
    }

    func markRead(_ caller: Messenger, _ threadID: String, upTo messageID: String) async throws -> Response {
        try await client.put(
            "/attendee/v1/threads/\(threadID)/read", json: MarkReadRequest(messageID: messageID),
            headers: Self.auth(caller.token))
    }

    /// Every message of the thread, following the cursor.
    func messages(_ caller: Messenger, _ threadID: String) async throws -> [Message] {
        var all: [Message] = []
        var cursor: String?
        repeat {
            let page = try await client.get(
                "/attendee/v1/threads/\(threadID)/messages?limit=5" + (cursor.map { "&after=\($0)" } ?? ""),
                headers: Self.auth(caller.token)
            ).decode(MessagePage.self)
            all += page.messages
            cursor = page.nextCursor
        } while cursor != nil
        return all
    }
}

extension Sequence {
    /// `map` with an async transform, in order.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
