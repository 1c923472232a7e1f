import APIClient
import AttendeeModels
import Foundation
import Localization
import Observation

/// One thread in the list: who, the last message, and the unread badge.
public struct ThreadRow: Sendable, Hashable, Identifiable, Encodable {
    /// The thread's id.
    public var id: String
    /// The other person's id.
    public var personID: String
    /// The other person's name.
    public var name: String
    /// `You: See you there` or the other person's last words, on one line.
    public var preview: String
    /// When the last message was sent, `nil` before the first.
    public var time: String?
    /// The unread count the badge shows; 0 shows no badge.
    public var unreadCount: Int
    /// `2 unread messages`, for the badge's accessibility label; `nil` with nothing unread.
    public var unreadLabel: String?

    /// `2`, the badge's number; `nil` with nothing unread (no badge).
    public var unreadBadge: String? { unreadCount > 0 ? String(unreadCount) : nil }
}

/// The thread list: newest activity first, each with its unread badge, kept current by the inbox stream.
///
/// ```swift
/// let model = ThreadsModel(client: client)
/// await model.appeared()
/// Task { await model.listen() }    // live: new messages and read marks from other devices
/// ```
@Observable @MainActor
public final class ThreadsModel: BusyScreen {
    /// The threads, newest activity first.
    public private(set) var rows: [ThreadRow] = []
    /// What the list says when there is nothing to show.
    public private(set) var emptyMessage: String?
    /// Whether a call is in flight.
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?
    /// The page title.
    public let title = Strings.text("screen.messages")

    private let client: AttendeeClient
    private let eventID: String?
    private let times: WrittenTimeFormatter
    private let timeZone: TimeZone
    private let locale: Locale
    private var threads: [MessageThread] = []
    private var heardWhileReading = HeardWhileReading<InboxUpdate>()

    /// Creates the list of the caller's threads, at one event or (`nil`) at all of them; times are shown in
    /// `timeZone`, as `locale` writes them.
    public init(
        client: AttendeeClient, eventID: String? = nil, timeZone: TimeZone = .current, locale: Locale = .current
    ) {
        self.client = client
        self.eventID = eventID
        self.times = WrittenTimeFormatter(timeZone: timeZone, locale: locale)
        self.timeZone = timeZone
        self.locale = locale
    }

    /// The list appeared, or was pulled down.
    public func appeared() async {
        await whileBusy { try await read() }
    }

    /// "Message" was tapped on a person (the command line's `messages send PERSON TEXT --event`): their
    /// conversation at the event, with nothing asked of the server. The thread the list shows with them opens as
    /// it is; otherwise the conversation looks for the one the caller has, and its first message starts one
    /// (``ConversationModel/sendTapped()``, which checks the text first), so nothing is left in either inbox by
    /// opening it. The person's name is the list's, or the thread's once one is found.
    public func messageTapped(personID: String, eventID: String) -> ConversationModel {
        banner = nil
        if let thread = threads.first(where: { $0.eventID == eventID && $0.with.id == personID }) {
            return ConversationModel(client: client, threadID: thread.id, timeZone: timeZone, locale: locale)
        }
        return ConversationModel(
            client: client, eventID: eventID, person: PersonReference(id: personID, name: ""), timeZone: timeZone,
            locale: locale)
    }

    /// Follows the inbox stream until the caller stops listening (the task is cancelled) or it fails; when the
    /// stream starts afresh (as it does when first opened) the list is read again, so a message sent between
    /// the list and the stream is not missed.
    public func listen() async {
        do {
            for try await change in client.inboxUpdates() {
                switch change {
                case .resync: await reload()
                case .change(let update): await received(update)
                }
            }
        } catch {
            banner = Banner(error)
        }
    }

    /// Applies one live update: a message moves its thread to the top (and counts when it is the other
    /// person's); a read mark sets the thread's count; a thread not in the list reloads it.
    public func received(_ update: InboxUpdate) async {
        heardWhileReading.heard(update)
        if !apply(update) { await reload() }
    }

    /// Applies an update to the threads shown; `false` for a message in a thread that is not.
    private func apply(_ update: InboxUpdate) -> Bool {
        switch update {
        case .message(let message):
            guard var thread = threads.first(where: { $0.id == message.threadID }) else { return false }
            if thread.lastMessage.map({ (Int($0.id) ?? 0) >= (Int(message.id) ?? 0) }) == true { return true }
            thread.lastMessage = message
            if message.senderID == thread.with.id { thread.unreadCount += 1 }
            show(threads.map { $0.id == thread.id ? thread : $0 })
        case .read(let thread):
            guard threads.contains(where: { $0.id == thread.id }) else { return true }
            show(threads.map { $0.id == thread.id ? thread : $0 })
        case .seat:
            break
        }
        return true
    }

    /// Reads the list; the live updates heard while it was read are applied again (it may be older than they).
    private func read() async throws {
        heardWhileReading.readStarted()
        defer { heardWhileReading.readEnded() }
        show(try await client.threads(eventID))
        for update in heardWhileReading.changes { _ = apply(update) }
    }

    private func reload() async {
        do { try await read() } catch { banner = Banner(error) }
    }

    private func show(_ threads: [MessageThread]) {
        let filtered = threads.filter { eventID == nil || $0.eventID == eventID }
        self.threads = filtered.sorted { a, b in
            let (left, right) = (Int(a.lastMessage?.id ?? "") ?? 0, Int(b.lastMessage?.id ?? "") ?? 0)
            return left != right ? left > right : a.createdAt > b.createdAt
        }
        rows = self.threads.map(row)
        emptyMessage = rows.isEmpty ? Strings.text("messages.empty") : nil
    }

    private func row(_ thread: MessageThread) -> ThreadRow {
        var preview = Strings.text("messages.preview.none")
        if let last = thread.lastMessage {
            let line = Self.oneLine(last.text)
            preview = last.senderID == thread.with.id ? line : Strings.format("messages.preview.mine", line)
        }
        return ThreadRow(
            id: thread.id, personID: thread.with.id, name: thread.with.name, preview: preview,
            time: thread.lastMessage.map { times.string($0.sentAt) }, unreadCount: thread.unreadCount,
            unreadLabel: thread.unreadCount > 0 ? Self.unread(thread.unreadCount) : nil)
    }

    /// `1 unread message`, `2 unread messages`.
    static func unread(_ count: Int) -> String {
        count == 1 ? Strings.text("messages.unread.one") : Strings.format("messages.unread.other", String(count))
    }

    /// The first line, cut at 80 characters with an ellipsis.
    static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 80 ? String(line.prefix(79)) + "…" : line
    }
}

extension Sequence<MessageThread> {
    /// The unread messages of all these threads.
    public var unreadCount: Int { reduce(0) { $0 + $1.unreadCount } }
}
