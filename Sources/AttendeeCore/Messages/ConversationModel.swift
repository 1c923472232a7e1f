import APIClient
import AttendeeModels
import Foundation
import Localization
import Observation

/// Where a message of the conversation is on its way.
public enum Delivery: String, Sendable, Hashable, Encodable {
    /// Stored by the server.
    case sent
    /// Sent, not answered yet.
    case pending
    /// Refused or lost; ``ConversationModel/retryTapped(id:)`` sends it again.
    case failed
}

/// One bubble of the conversation.
public struct MessageRow: Sendable, Hashable, Identifiable, Encodable {
    /// The message's id, or a local one (`local-1`) until the server stores it.
    public var id: String
    /// The text.
    public var text: String
    /// Whether the caller wrote it (drawn on the trailing side).
    public var isMine: Bool
    /// `You` or the other person's name.
    public var author: String
    /// The attached image's media id.
    public var imageID: String?
    /// The picture as the bubble shows it, when there is one.
    public var image: RowImage?
    /// `1 Dec at 23:10`; `nil` until stored.
    public var time: String?
    /// Where it is on its way.
    public var delivery: Delivery
    /// `Sending…` or `Not sent` under a bubble of the caller's; `nil` once sent.
    public var deliveryLabel: String?

    /// What VoiceOver reads for the bubble, as one element: who wrote what, then the photo, the time and where
    /// it is on its way (`Bob Babbage: Lunch?, photo, 1 Dec at 23:10`).
    public var accessibilityLabel: String {
        var parts = [text.isEmpty ? author : Strings.format("messages.accessibility", author, text)]
        if imageID != nil { parts.append(Strings.text("messages.accessibility.photo")) }
        parts += [time, deliveryLabel].compactMap { $0 }
        return parts.joined(separator: ", ")
    }
}

/// Where paging back through a conversation's older messages is.
public enum OlderMessages: String, Sendable, Hashable, Encodable {
    /// Older messages are on the server: ``ConversationModel/loadOlderTapped()`` brings the next page.
    case available
    /// A page of older messages is on its way.
    case loading
    /// Everything from the first message on is shown.
    case none
}

/// A conversation: its newest messages oldest first, older ones a page at a time on request, a message box,
/// sending with pending and failed states, the read mark moved when messages are seen, and new messages from the
/// thread's stream.
///
/// A conversation with a person (``init(client:eventID:person:timeZone:locale:)``) may have no thread yet: it opens
/// on their name and no messages, and the first message the box lets go starts the thread, so opening a
/// conversation and leaving it leaves nothing in either inbox.
@Observable @MainActor
public final class ConversationModel: BusyScreen {
    /// The other person's name, the page's title.
    public private(set) var title = ""
    /// The messages, oldest first, the caller's unsent ones last.
    public private(set) var rows: [MessageRow] = []
    /// The message being written.
    public private(set) var draft = ""
    /// What stops the draft from going, once something was typed; `nil` when it can go.
    public private(set) var draftProblem: TextProblem?
    /// Whether a load is in flight.
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?
    /// The thread as the server last said, with the caller's unread count.
    public private(set) var thread: MessageThread?
    /// Whether older messages can be loaded, are loading, or are all shown.
    public private(set) var older = OlderMessages.none
    /// The words of the send button.
    public let sendTitle = Strings.text("messages.send")
    /// The words of the retry button of a failed message.
    public let retryTitle = Strings.text("messages.retry")
    /// The message box's placeholder.
    public let placeholder = Strings.text("messages.placeholder")
    /// The photo the next message carries.
    public let attachment: PhotoAttachment

    private let client: AttendeeClient
    /// The thread's id; `nil` in a conversation with a person until their thread is found or the first message
    /// starts it.
    public private(set) var threadID: String?
    /// The event and the person of a conversation opened on a person, whose thread may not exist yet.
    private let startsWith: (eventID: String, person: PersonReference)?
    /// Whether the first message is starting the thread (Send waits for it).
    private var isStarting = false
    /// Whether the page has loaded once (``opened()`` loads it only then).
    private var hasLoaded = false
    private let times: WrittenTimeFormatter
    private var messages: [Message] = []
    /// The `before` cursor of the next older page, while there is one (the command line prints it).
    public private(set) var olderCursor: String?
    /// The messages sent from here that the server has not answered, each with the `Idempotency-Key` it goes with
    /// every time it is sent (so a retry after a lost answer is not a second message).
    private var unsent: [(id: String, request: SendMessageRequest, key: String, failed: Bool)] = []
    private var nextLocalID = 0
    /// The line a failed send put up, while it shows: it belongs to the sends that failed, and goes once none of
    /// them is left unstored (a line another call put up since is that call's, and stays).
    private var sendFailure: Banner?
    /// The newest of the other person's messages known to be read.
    private var readUpTo = 0

    /// Creates the conversation of one thread, named `name` (the other person's, as the threads list showed it)
    /// until it loads; times are shown in `timeZone`, as `locale` writes them.
    public init(
        client: AttendeeClient, threadID: String, name: String = "", timeZone: TimeZone = .current,
        locale: Locale = .current
    ) {
        self.client = client
        self.threadID = threadID
        self.title = name
        self.startsWith = nil
        self.times = WrittenTimeFormatter(timeZone: timeZone, locale: locale)
        self.attachment = PhotoAttachment(
            eventID: { try await client.thread(threadID).eventID }, upload: client.uploadAttachment)
    }

    /// Creates the conversation with `person` at the event, without starting a thread: ``appeared(before:)`` shows
    /// the thread the caller already has with them (found in their threads at the event, read only), or their
    /// name and no messages; the first message sent starts the thread. Times are shown in `timeZone`, as `locale`
    /// writes them.
    public init(
        client: AttendeeClient, eventID: String, person: PersonReference, timeZone: TimeZone = .current,
        locale: Locale = .current
    ) {
        self.client = client
        self.threadID = nil
        self.startsWith = (eventID, person)
        self.title = person.name
        self.times = WrittenTimeFormatter(timeZone: timeZone, locale: locale)
        self.attachment = PhotoAttachment(eventID: eventID, upload: client.uploadAttachment)
    }

    /// `All messages read.` or `2 unread messages`: the thread's read state as the server last said.
    public var readSummary: String {
        guard let count = thread?.unreadCount, count > 0 else { return Strings.text("messages.allRead") }
        return ThreadsModel.unread(count)
    }

    /// The words of the row above the messages: `Load Older Messages`, `Loading older messages…`, or `nil`
    /// once the conversation is shown from its start.
    public var olderTitle: String? {
        switch older {
        case .available: Strings.text("messages.older")
        case .loading: Strings.text("messages.older.loading")
        case .none: nil
        }
    }

    /// Whether Send works: something to send that breaks no rule, no photo on its way, and no first message
    /// starting the thread.
    public var isSendEnabled: Bool {
        !attachment.isUploading && !isStarting && TextProblem.of(draft, limit: MessageRules.textLimit) == nil
    }

    /// The screen appeared: loads the thread and its newest page of messages (or the page before `cursor`, an
    /// ``olderCursor`` from earlier), then marks them read. A conversation with a person that has no thread yet
    /// shows their name and no messages, and asks the server for nothing more.
    public func appeared(before cursor: String? = nil) async {
        await whileBusy(
            {
                guard let threadID = try await existingThreadID() else { return show() }
                try await load(threadID, before: cursor)
                // NB: a thread found is the conversation's once it shows, so the page's listening, which starts
                // again when the id changes, finds it loaded.
                self.threadID = threadID
            },
            failed: { error in banner = Self.line(error) })
        if banner == nil { hasLoaded = true }
    }

    /// The page is on screen: loads it the first time, then follows its thread's stream. The page calls it again
    /// when ``threadID`` changes (the first message started the thread), and it then only listens.
    public func opened() async {
        if !hasLoaded { await appeared() }
        await listen()
    }

    /// The thread's id: the one known, or the one the caller already has with the person at the event, looked up
    /// in their threads there (a read: nothing is started); `nil` when there is none yet.
    private func existingThreadID() async throws -> String? {
        if let threadID { return threadID }
        guard let start = startsWith else { return nil }
        return try await client.threads(start.eventID).first {
            $0.eventID == start.eventID && $0.with.id == start.person.id
        }?.id
    }

    /// Loads the thread and a page of its messages, then marks them read.
    private func load(_ threadID: String, before cursor: String?) async throws {
        let thread = try await client.thread(threadID)
        self.thread = thread
        title = thread.with.name
        let page = try await client.olderMessages(threadID, cursor)
        messages = []
        for message in page.messages { _ = insert(message) }
        olderCursor = page.previousCursor
        older = olderCursor == nil ? .none : .available
        if thread.unreadCount == 0 {
            readUpTo = messages.last(where: { $0.senderID == thread.with.id }).flatMap { Int($0.id) } ?? 0
        }
        show()
        await markSeen()
    }

    /// "Load Older Messages" was tapped: the page before the oldest one shown goes on top. A failure keeps what
    /// is shown, says why, and leaves the row to tap again.
    public func loadOlderTapped() async {
        guard older == .available, let cursor = olderCursor, let threadID else { return }
        older = .loading
        do {
            let page = try await client.olderMessages(threadID, cursor)
            for message in page.messages { _ = insert(message) }
            olderCursor = page.previousCursor
            older = olderCursor == nil ? .none : .available
            banner = nil
            show()
        } catch {
            older = .available
            banner = Self.line(error)
        }
    }

    /// The message box changed.
    public func draftChanged(_ text: String) {
        draft = text
        let problem = TextProblem.of(text, limit: MessageRules.textLimit)
        draftProblem = problem == .empty ? nil : problem
    }

    /// Send was tapped: the message shows as pending at once, then as sent or failed. In a conversation with a
    /// person and no thread yet, a text the box lets go first starts the thread (one the caller has meanwhile is
    /// answered instead of a second); when that fails the text stays in the box, nothing is created, and the line
    /// says why.
    public func sendTapped() async {
        guard isSendEnabled else {
            if !isStarting { draftProblem = TextProblem.of(draft, limit: MessageRules.textLimit) }
            return
        }
        let request = SendMessageRequest(text: draft, imageID: attachment.imageID)
        if threadID == nil {
            guard await startThread() else { return }
        }
        nextLocalID += 1
        let id = "local-\(nextLocalID)"
        attachment.sent()
        unsent.append((id, request, UUID().uuidString, false))
        // NB: words typed while the thread was starting are the next message's, and stay in the box.
        if draft == request.text { draft = "" }
        draftProblem = nil
        show()
        await deliver(id)
    }

    /// Starts the thread with the person, for their first message; `false` (with the line saying why) when the
    /// server could not be reached or refused.
    private func startThread() async -> Bool {
        guard let start = startsWith else { return false }
        isStarting = true
        defer { isStarting = false }
        banner = nil
        do {
            let thread = try await client.startThread(start.eventID, start.person.id)
            self.thread = thread
            title = thread.with.name
            // NB: the server answers with the thread the caller already has with the person: one they started
            // while this page was open, or one the failed lookup missed. Its messages show before the first one
            // sent here, which would otherwise be the newest shown, and catching up reads only after the newest.
            if thread.lastMessage != nil { try? await load(thread.id, before: nil) }
            if threadID == nil { threadID = thread.id }
            return true
        } catch {
            banner = Self.startRefusal(error) ?? Banner(error)
            return false
        }
    }

    /// The server's refusal of a thread, in the app's words rather than the server's: with the caller themself
    /// (422 naming `personID`), or with someone who is not (or no longer) an attendee of the event (404 naming
    /// `personID`); `nil` for any other failure.
    static func startRefusal(_ error: any Error) -> Banner? {
        guard case .http(let status, let problem?, _)? = error as? APIError, problem.field == "personID" else {
            return nil
        }
        switch status {
        case 422: return .failure(Strings.text("messages.notYourself"))
        case 404: return .failure(Strings.text("messages.notAnAttendee"))
        default: return nil
        }
    }

    /// The line for a failed call about the thread: one the server does not have (404: a wrong id, or not the
    /// caller's) in the app's words, any other as ``Banner/init(_:)`` says it.
    static func line(_ error: any Error) -> Banner {
        Banner(error, notFound: Strings.text("messages.noThread"))
    }

    /// Retry was tapped on a failed message.
    public func retryTapped(id: String) async {
        guard let index = unsent.firstIndex(where: { $0.id == id && $0.failed }) else { return }
        unsent[index].failed = false
        show()
        await deliver(id)
    }

    /// Follows the thread's stream until the caller stops listening (the task is cancelled) or it fails; when
    /// the stream starts afresh (as it does when first opened) the messages after the newest one shown are
    /// read, so one sent between the page and the stream is not missed. A conversation with no thread yet has no
    /// stream: it returns at once (``opened()`` is called again once the first message starts the thread).
    public func listen() async {
        guard let threadID, !Task.isCancelled else { return }
        do {
            for try await change in client.threadUpdates(threadID) {
                switch change {
                case .resync: await catchUp()
                case .change(let update): await received(update)
                }
            }
        } catch {
            // NB: a listening the page replaced (its thread became known) ends quietly.
            if !Task.isCancelled { banner = Self.line(error) }
        }
    }

    /// Reads every message after the newest one shown (the whole conversation when none is), page by page,
    /// and marks them read; a conversation that never loaded loads instead.
    private func catchUp() async {
        guard thread != nil, let threadID else { return await appeared() }
        do {
            var cursor = messages.last?.id
            var added = false
            repeat {
                let page = try await client.messages(threadID, cursor)
                for message in page.messages where insert(message) { added = true }
                cursor = page.nextCursor
            } while cursor != nil
            guard added else { return }
            show()
            await markSeen()
        } catch {
            banner = Self.line(error)
        }
    }

    /// Applies one live update: a new message appears once (the caller's own, sent from here or elsewhere,
    /// included) and, when it is the other person's, is marked read while the conversation is open.
    public func received(_ update: InboxUpdate) async {
        guard case .message(let message) = update, message.threadID == threadID else { return }
        guard insert(message) else { return }
        show()
        if message.senderID == thread?.with.id { await markSeen() }
    }

    private func deliver(_ id: String) async {
        guard let item = unsent.first(where: { $0.id == id }), let threadID else { return }
        do {
            let message = try await client.sendMessage(threadID, item.request, item.key)
            unsent.removeAll { $0.id == id }
            _ = insert(message)
            // NB: the line said a message was not sent; once none is left unsent, it no longer holds (another
            // call's line put up since stays).
            failedSendStored()
            show()
        } catch {
            // NB: the stream or a re-read may have brought the message meanwhile (the answer was lost after the
            // server stored it): it shows once, as sent, and nothing failed.
            guard let index = unsent.firstIndex(where: { $0.id == id }) else { return }
            unsent[index].failed = true
            // NB: offline, the line says what became of the message, not only that the server was out of reach.
            banner =
                (error as? APIError)?.neverReachedServer == true
                ? .failure(Strings.text("messages.notSent.offline")) : Self.line(error)
            sendFailure = banner
            show()
        }
    }

    /// Adds a stored message in id order; `false` when it was already there. One of the caller's unsent messages
    /// that it is (sent with the same `Idempotency-Key`: its answer was lost after the server stored it) is no
    /// longer shown as pending or not sent.
    private func insert(_ message: Message) -> Bool {
        if let key = message.idempotencyKey, message.senderID != thread?.with.id {
            let failed = unsent.contains { $0.key == key && $0.failed }
            unsent.removeAll { $0.key == key }
            if failed { failedSendStored() }
        }
        guard !messages.contains(where: { $0.id == message.id }) else { return false }
        messages.append(message)
        messages.sort { (Int($0.id) ?? 0) < (Int($1.id) ?? 0) }
        return true
    }

    /// A send that failed is known to be stored after all (its answer was lost, or a Retry sent it): the line that
    /// said it was not sent goes once no failed send is left, unless another call's line has taken its place.
    ///
    /// NB: the row already shows the message as sent; a "not sent" line left over it contradicted it.
    private func failedSendStored() {
        guard !unsent.contains(where: \.failed), let shown = sendFailure else { return }
        sendFailure = nil
        if banner == shown { banner = nil }
    }

    /// Moves the read mark to the other person's newest message, when it is past what is known to be read.
    private func markSeen() async {
        guard let thread, let newest = messages.last(where: { $0.senderID == thread.with.id }) else { return }
        let newestID = Int(newest.id) ?? 0
        guard newestID > readUpTo else { return }
        do {
            // NB: the thread's own id: a thread found for a person is the conversation's only once it has shown.
            self.thread = try await client.markRead(thread.id, newest.id)
            readUpTo = newestID
        } catch {
            banner = Self.line(error)
        }
    }

    private func show() {
        let otherID = thread?.with.id
        rows =
            messages.map { message in
                MessageRow(
                    id: message.id, text: message.text, isMine: message.senderID != otherID,
                    author: message.senderID != otherID ? Strings.text("messages.you") : title,
                    imageID: message.imageID,
                    image: RowImage(message.imageID, author: message.senderID != otherID ? nil : title),
                    time: times.string(message.sentAt), delivery: .sent, deliveryLabel: nil)
            }
            + unsent.map { item in
                MessageRow(
                    id: item.id, text: item.request.text, isMine: true, author: Strings.text("messages.you"),
                    imageID: item.request.imageID,
                    image: RowImage(item.request.imageID, author: nil), time: nil,
                    delivery: item.failed ? .failed : .pending,
                    deliveryLabel: Strings.text(item.failed ? "messages.failed" : "messages.pending"))
            }
    }
}
