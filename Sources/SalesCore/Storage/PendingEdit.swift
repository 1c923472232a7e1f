import APIClient
import Foundation
import HTTPTypes
import LocalStore
import Locking
import PublicInit

/// A write made while offline, waiting in the ``SalesOutbox``.
@PublicInit
public struct PendingEdit: Sendable, Hashable, Codable, Identifiable {
    /// Also the `Idempotency-Key` of a create, so a replay after a lost answer makes no duplicate.
    public var id: UUID = UUID()
    /// The write to replay.
    public var change: Change
    /// What the edit was, for the person (`save the note Visit`).
    public var summary: String
    /// The account whose screen the edit belongs to (the account itself, or the one a note, attachment or doc is
    /// on); `nil` when it was not known (an item edited by id alone, or an edit queued by an older version).
    public var accountID: String? = nil

    /// Whether the screen of `accountID` lists this edit under "Changes Not Sent" when the server does not take it:
    /// an edit of that account, or one whose account is not known (listed on every account's screen, so it is
    /// never out of reach).
    public func isListed(on accountID: String) -> Bool {
        self.accountID == nil || self.accountID == accountID
    }

    /// What the person typed into the edit that is worth copying out before it is let go: a note's text, a Google
    /// Doc's link; `nil` for an edit that holds none (a delete, an attachment's bytes, a name alone, which the
    /// edit's summary already shows).
    public var typedText: String? {
        switch change {
        case .create(let object, let fields), .update(let object, _, let fields, _):
            let name: String? =
                switch object {
                case Note.objectName: "Body"
                case GoogleDoc.objectName: "Url"
                default: nil
                }
            guard let name, let text = fields[name]?.text, !text.isEmpty else { return nil }
            return text
        case .delete:
            return nil
        }
    }

    /// The write itself.
    public enum Change: Sendable, Hashable, Codable {
        case create(object: String, fields: SObjectFields)
        /// `expectedLastModified` is the version the edit was based on (the conflict check).
        case update(object: String, id: String, fields: SObjectFields, expectedLastModified: Date?)
        /// `expectedLastModified` is the version the person decided to delete (`nil`: delete whatever is there).
        case delete(object: String, id: String, expectedLastModified: Date? = nil)

        /// The kind of record written (`Note`, `Attachment`, `GoogleDoc`, `Account`).
        public var object: String {
            switch self {
            case .create(let object, _), .update(let object, _, _, _), .delete(let object, _, _): object
            }
        }
    }
}

/// An edit the server did not take when the outbox sent it: kept, untouched, until the person keeps it or lets
/// it go.
public struct UnsentEdit: Sendable, Hashable, Identifiable {
    /// Why it was not sent.
    public enum Reason: Sendable, Hashable {
        /// The record changed on the server after the edit was made; nothing was overwritten.
        case conflict
        /// The server refused it, with its message.
        case refused(String)
    }

    /// The edit, as it was made.
    public var edit: PendingEdit
    /// Why it was not sent.
    public var reason: Reason

    /// The edit's id.
    public var id: UUID { edit.id }

    /// Whether sending it again can succeed: a conflicted update or delete, sent this time over the server's
    /// version (a refusal would only be refused again).
    public var canBeSentOver: Bool {
        guard case .conflict = reason else { return false }
        switch edit.change {
        case .update, .delete: return true
        case .create: return false
        }
    }
}

/// What one outbox flush did.
public struct FlushReport: Sendable, Hashable {
    /// Edits the server accepted, in order.
    public var sent: [UUID] = []
    /// The ids the server gave created records, by edit.
    public var createdIDs: [UUID: String] = [:]
    /// Edits refused because the record changed on the server: kept aside for the person, nothing overwritten.
    public var conflicts: [PendingEdit] = []
    /// Edits the server refused for another reason.
    public var rejected: [PendingEdit] = []
    /// Why the flush stopped early (the network went away again, sign-out), or `nil`.
    public var stoppedBecause: String?
}

/// Offline writes, kept in LocalStore's durable outbox and sent in order, exactly once, when the network returns.
///
/// Each edit is stored as one outbox operation whose idempotency key is the edit's id, and the dev server
/// (like a Salesforce org behind an idempotent proxy) answers a replayed create with the first record.
/// Updates carry the `LastModifiedDate` they were based on, so a replay over a newer server version becomes
/// a conflict rather than an overwrite.
///
/// The edits belong to the person signed in when they were made: they wait through an expired session or a
/// sign-out for that person's next sign-in, and are discarded when someone else signs in (``signedIn(as:)``).
///
/// NB: give the Sales app its own ``LocalStore``: its outbox holds Sales edits only, which this type replays.
public actor SalesOutbox {
    private let outbox: Outbox
    private let store: LocalStore
    private static let ownerList = "sales.outbox.owner"
    /// The versions this device's sent edits wrote (``WrittenVersion``), while edits wait.
    private static let writtenList = "sales.outbox.written"
    private nonisolated let waitingChanged = Locked<(@Sendable () async -> Void)?>(nil)

    /// An outbox over the Sales app's local store.
    public init(store: LocalStore) {
        outbox = store.outbox
        self.store = store
    }

    /// Someone signed in (`person`: ``SalesforceSession/person``): the edits waiting here are kept when they are
    /// that person's, else discarded (someone else's, or no one's known), and `person` owns the outbox from now on.
    ///
    /// Returns whether the device held someone else's data (the caller then wipes their cached accounts too).
    /// Throws when the outbox cannot be cleared: the sign-in must then fail, so another person's edits are never
    /// sent under this one's session.
    @discardableResult
    public func signedIn(as person: String?) async throws -> Bool {
        let owner = try await store.savedList(String.self, named: Self.ownerList)?.elements.first
        if let person, owner == person { return false }
        try await clear()
        if let person {
            try await store.saveList([person], as: Self.ownerList)
        } else {
            try await store.removeList(named: Self.ownerList)
        }
        return true
    }

    /// Queues an edit.
    public func enqueue(_ edit: PendingEdit) async throws {
        let (method, path) = Self.request(for: edit.change)
        try await outbox.enqueue(
            method: method, path: path, body: try JSONEncoder().encode(edit), contentType: "application/json",
            label: edit.summary, scope: edit.accountID, idempotencyKey: edit.id.uuidString)
    }

    /// Changes a note or Google Doc added offline that still waits to be created (its id is its edit's,
    /// ``AccountItem/localID(of:)``): the waiting create takes the fields of `item` changed from `original`, so what
    /// the next sync sends is the latest, once, under the create's own idempotency key, in the create's place in the
    /// queue. Returns the revised edit, or `nil` when it no longer waits (sent meanwhile, or being sent now: the
    /// person opens the item again, now that Salesforce has it).
    public func revise<Item: WrittenAccountItem>(waiting item: Item, changedFrom original: Item) async throws
        -> PendingEdit?
    {
        guard let localID = original.id, localID.hasPrefix(AccountItem.localIDPrefix),
            let editID = UUID(uuidString: String(localID.dropFirst(AccountItem.localIDPrefix.count))),
            // NB: found by its key, which is its edit's id (a create is never queued again under a new one), so no
            // other waiting edit's body (an upload's file) is read for it.
            let waiting = try await outbox.operation(idempotencyKey: editID.uuidString), waiting.state == .pending,
            let operation = try await outbox.operation(id: waiting.id), var edit = Self.edit(operation),
            case .create(let object, var fields) = edit.change,
            object == Item.objectName
        else { return nil }
        for (key, value) in item.updateFields(id: localID, changedFrom: original) where key != "Id" {
            fields[key] = value
        }
        edit.change = .create(object: object, fields: fields)
        edit.summary = Item.addOperation(item.name ?? "")
        let revised = try await outbox.revise(
            operation.id, body: try JSONEncoder().encode(edit), label: edit.summary)
        return revised ? edit : nil
    }

    /// Renames an attachment added offline that still waits to be uploaded (its id is its edit's,
    /// ``AccountItem/localID(of:)``): the waiting upload takes `name`, in its place in the queue and under its own
    /// idempotency key, so the next sync sends the file once, under the new name. The file's bytes stay where they
    /// wait and are never read for this. Returns the upload as renamed (its fields without the bytes), or `nil` when
    /// it no longer waits (sent meanwhile, or being sent now: the person renames it again, now that Salesforce has
    /// it); throws when the outbox cannot be read or written, and then nothing changed.
    ///
    /// The name's rules (not empty, within Salesforce's length) are the editor's, as for a sent attachment.
    public func rename(waiting attachment: Attachment, to name: String) async throws -> PendingEdit? {
        guard let editID = attachment.id.flatMap(Self.editID(ofLocal:)),
            let operation = try await outbox.operation(idempotencyKey: editID.uuidString),
            operation.state == .pending, operation.method == .post,
            operation.path.last == Attachment.objectName
        else { return nil }
        let summary = SalesText.Operation.uploadAttachment(name)
        // NB: the waiting edit's JSON is `{"change":{"create":{"object":…,"fields":{…}}},"summary":…}` (PendingEdit's
        // own Codable form); the bytes are its `Body` field, left untouched.
        guard
            try await outbox.revise(
                operation.id,
                settingJSON: [("$.change.create.fields.Name", name), ("$.summary", summary)], label: summary)
        else { return nil }
        var fields: SObjectFields = ["Name": .string(name)]
        if let contentType = attachment.contentType { fields["ContentType"] = .string(contentType) }
        return PendingEdit(
            id: editID, change: .create(object: Attachment.objectName, fields: fields), summary: summary)
    }

    /// Takes back a note, attachment or Google Doc added offline (`itemID`, its local id,
    /// ``AccountItem/localID(of:)``) before it is ever sent: its waiting create goes, with any edit queued of it and
    /// the bytes an attachment waits with, so nothing of it reaches Salesforce. A create the server refused
    /// (listed under "Changes Not Sent") goes too.
    ///
    /// Returns `false`, taking back nothing, when the item no longer waits: the outbox sent it (Salesforce has it,
    /// and it is deleted there, as any sent item), or is sending it now, and what may be on its way is never
    /// forgotten here as if it had not been sent. Throws when the outbox cannot be read or written, and then nothing
    /// changed.
    public func withdraw(waiting itemID: String) async throws -> Bool {
        guard let editID = Self.editID(ofLocal: itemID) else { return false }
        return try await outbox.withdraw(idempotencyKey: editID.uuidString, withPathsHolding: itemID)
    }

    /// The edit id an item added offline carries in its local id (``AccountItem/localID(of:)``), or `nil` for any
    /// other id.
    static func editID(ofLocal itemID: String) -> UUID? {
        guard itemID.hasPrefix(AccountItem.localIDPrefix) else { return nil }
        return UUID(uuidString: String(itemID.dropFirst(AccountItem.localIDPrefix.count)))
    }

    /// Where a write went.
    public enum Delivery<Value: Sendable>: Sendable {
        /// The server has it, and answered `Value`.
        case sent(Value)
        /// It waits in the outbox, to be sent once: when the network returns (``QueueReason/offline``), or after its
        /// owner signs in again (``QueueReason/sessionEnded``).
        case queued(QueueReason)

        /// Whether it waits in the outbox.
        public var isQueued: Bool { queueReason != nil }

        /// Why it waits in the outbox; `nil` when the server has it.
        public var queueReason: QueueReason? {
            if case .queued(let reason) = self { return reason }
            return nil
        }
    }

    /// Makes a write with `send`; when the network is down, queues `edit` instead (the same write, replayed by
    /// ``flush(using:)``), and so when Salesforce ends the session of the person who owns the outbox during the
    /// write: it waits for their next sign-in, as their other edits do. Any other failure is thrown as it came, and
    /// so is a failure to queue: an edit is never dropped without a word.
    ///
    /// The one place the rule "an edit made offline is kept and sent once" is applied: the Account screen, the
    /// item editor and `quartet sales` all write through it.
    public func send<Value: Sendable>(_ edit: PendingEdit, _ send: @Sendable () async throws -> Value)
        async throws -> Delivery<Value>
    {
        // NB: read before the write: a session refused during it signs the person out, which forgets who owned an
        // outbox with nothing waiting. With no owner (nobody signed in), a write is refused as it was.
        let owner = try? await store.savedList(String.self, named: Self.ownerList)?.elements.first
        do {
            return .sent(try await send())
        } catch let error as SalesforceError where error.isOffline {
            try await enqueue(edit)
            return .queued(.offline)
        } catch SalesforceError.signedOut where owner != nil {
            try await enqueue(edit)
            try await store.saveList(owner.map { [$0] } ?? [], as: Self.ownerList)
            await waitingChanged.withLock { $0 }?()
            return .queued(.sessionEnded)
        }
    }

    /// The edits waiting, oldest first.
    public func pending() async throws -> [PendingEdit] {
        try await outbox.operations(in: [.pending]).compactMap(Self.edit)
    }

    /// How many edits wait to be sent, counted without reading one (an attachment's waits with its bytes).
    public func pendingCount() async throws -> Int {
        try await outbox.pendingCount()
    }

    /// How many edits wait here for their owner's next sign-in, while someone owns them (an ended session or a
    /// sign-out keeps them): those waiting to be sent and those Salesforce did not take, which the owner's screen
    /// lists under "Changes Not Sent" (``unsent(accountID:)``); someone else's sign-in discards both. 0 when none
    /// wait, or when nobody owns them (the next sign-in discards them, whoever it is).
    public func waitingForSignIn() async throws -> Int {
        guard try await store.savedList(String.self, named: Self.ownerList)?.elements.first != nil else { return 0 }
        return try await outbox.operationsWithoutBodies().count
    }

    /// What to run when an edit comes to wait for its owner's next sign-in after the session has ended: a write
    /// on its way as Salesforce ended the session is queued a moment after the app went back to its sign-in form,
    /// which then reads ``waitingForSignIn()`` again. One listener (the app model's).
    public nonisolated func onWaitingForSignIn(_ action: @escaping @Sendable () async -> Void) {
        waitingChanged.withLock { $0 = action }
    }

    /// The edits the server did not take (a conflict or a refusal), oldest first, until the person resolves them:
    /// those of `accountID` as its screen lists them under "Changes Not Sent", or every one when `accountID` is
    /// `nil` (`quartet sales sync`).
    ///
    /// Read without copying a waiting file: an attachment's upload comes from what its row says (its edit, its
    /// summary and its account) with no fields, and another account's edit is not read.
    ///
    /// NB: an edit whose account is not known is listed on every account's screen, so it is never out of reach
    /// (``PendingEdit/isListed(on:)``); one queued before the outbox kept its account (`OutboxOperation.scope`) is
    /// read whole, as before.
    public func unsent(accountID: String? = nil) async throws -> [UnsentEdit] {
        var listed: [UnsentEdit] = []
        for operation in try await outbox.operationsWithoutBodies(in: [.conflict, .failed]) {
            if let accountID, let scope = operation.scope, scope != accountID { continue }
            guard let edit = try await edit(describedBy: operation) else { continue }
            if let accountID, !edit.isListed(on: accountID) { continue }
            listed.append(UnsentEdit(edit: edit, reason: Self.reason(operation)))
        }
        return listed
    }

    /// The edit `operation` (read without its body) carries: an upload's from its row alone, any other's from its
    /// body, read for it alone. `nil` when the body is no edit (or the row is gone).
    private func edit(describedBy operation: OutboxOperation) async throws -> PendingEdit? {
        if let upload = Self.upload(describedBy: operation) { return upload }
        return try await outbox.operation(id: operation.id).flatMap(Self.edit)
    }

    /// An attachment's upload as its row tells it, without its body (which holds the file): its edit's id is the
    /// row's idempotency key (a create is never queued again under a new one), its summary the row's label, its
    /// account the row's scope. `nil` for any other operation, or one queued without its account.
    static func upload(describedBy operation: OutboxOperation) -> PendingEdit? {
        guard operation.method == .post, operation.path.last == Attachment.objectName,
            let accountID = operation.scope, let id = UUID(uuidString: operation.idempotencyKey),
            let summary = operation.label
        else { return nil }
        return PendingEdit(
            id: id, change: .create(object: Attachment.objectName, fields: [:]), summary: summary,
            accountID: accountID)
    }

    /// Why the server did not take `operation`, a conflict or a refusal.
    static func reason(_ operation: OutboxOperation) -> UnsentEdit.Reason {
        operation.state == .conflict ? .conflict : .refused(operation.message ?? "")
    }

    /// Lets an unsent edit go: the server's version stands. Returns `false` when no such edit waits.
    @discardableResult
    public func discard(_ editID: UUID) async throws -> Bool {
        guard let unsent = try await unsentOperation(editID) else { return false }
        try await outbox.discard(unsent.operation.id)
        return true
    }

    /// Keeps a conflicted update: it goes back in the queue without the version check, so the next flush writes
    /// it over the server's version. Returns `false` when the edit is not one that can be sent over
    /// (``UnsentEdit/canBeSentOver``).
    @discardableResult
    public func sendOver(_ editID: UUID) async throws -> Bool {
        guard let unsent = try await unsentOperation(editID), unsent.operation.state == .conflict else { return false }
        var edit = unsent.edit
        switch edit.change {
        case .update(let object, let id, let fields, _):
            edit.change = .update(object: object, id: id, fields: fields, expectedLastModified: nil)
        case .delete(let object, let id, _):
            edit.change = .delete(object: object, id: id, expectedLastModified: nil)
        case .create:
            return false
        }
        return try await outbox.requeue(unsent.operation.id, body: try JSONEncoder().encode(edit))
    }

    /// An unsent edit and its outbox operation (read without its body), found as ``unsent(accountID:)`` lists
    /// them, so letting an upload go never copies its file. An upload's edit has no fields.
    private func unsentOperation(_ editID: UUID) async throws -> (operation: OutboxOperation, edit: PendingEdit)? {
        for operation in try await outbox.operationsWithoutBodies(in: [.conflict, .failed]) {
            if let edit = try await edit(describedBy: operation), edit.id == editID { return (operation, edit) }
        }
        return nil
    }

    /// Forgets every queued edit and every unsent one (when someone else signs in).
    public func clear() async throws {
        for operation in try await outbox.operationsWithoutBodies() { try await outbox.discard(operation.id) }
        try await store.removeList(named: Self.writtenList)
    }

    /// The person was signed out (or Salesforce ended the session): what was sent is already gone from the device
    /// (the outbox deletes what it delivers); the edits still waiting stay for this person's next sign-in, and when
    /// none waits, nothing of the person stays either (not even who owned the outbox). The file gives the space
    /// back.
    public func signedOut() async {
        if let left = try? await outbox.operationsWithoutBodies(), left.isEmpty {
            try? await store.removeList(named: Self.ownerList)
            try? await store.removeList(named: Self.writtenList)
        }
        await store.reclaimSpace()
    }

    /// Sends the pending edits through `client`, stopping at the first network failure.
    ///
    /// A flush started while another runs sends nothing (the first one is already sending those edits).
    public func flush(using client: SalesforceClient) async throws -> FlushReport {
        let created = Locked([UUID: String]())
        // NB: the edit's id is in its body (a requeued edit's idempotency key is a new one), and a delivered
        // operation is deleted with its body: which edit each operation was is noted as it goes.
        let edits = Locked([Int64: UUID]())
        // NB: what a refused edit is reported as: an upload without its file (as "Changes Not Sent" lists it).
        let refused = Locked([Int64: PendingEdit]())
        // NB: kept between syncs, so a second edit sent by a later one than the first is still taken over it.
        let store = store
        let written = Locked(try await store.savedList(WrittenVersion.self, named: Self.writtenList)?.elements ?? [])
        let replay = try await outbox.replay { operation in
            guard let made = Self.edit(operation) else {
                return .rejected(status: nil, message: "not a Sales edit")
            }
            edits.withLock { $0[operation.id] = made.id }
            let edit = made.madeOver(written.withLock { $0 })
            let version = Locked<Date?>(nil)
            var outcome = await Self.deliver(edit, through: client, created: created, wrote: version)
            // NB: an attempt before this one was started (the outbox counts it before sending), so this update may
            // have reached Salesforce just before the app closed, or its answer was lost; the record then holds
            // this very save, which is no one else's edit to ask the person about. The version it wrote is then the
            // record's as read back, noted below as a sent save's is: an edit made over this one offline (based on
            // the version the device read) is checked against it, and does not meet this save as someone else's.
            if case .conflict = outcome, operation.attempts > 1,
                let held = await Self.ownSave(edit, through: client)
            {
                version.withLock { $0 = held.version }
                outcome = .delivered(body: Data())
            }
            if case .delivered = outcome {
                let list = written.withLock { list in
                    list = WrittenVersion.noting(made, wrote: version.withLock { $0 }, in: list)
                    return list
                }
                try? await store.saveList(list, as: Self.writtenList)
            }
            switch outcome {
            case .conflict, .rejected:
                refused.withLock { $0[operation.id] = Self.upload(describedBy: operation) ?? made }
            case .delivered, .unreachable:
                break
            }
            return outcome
        }
        var report = FlushReport()
        let sent = edits.withLock { $0 }
        let reported = refused.withLock { $0 }
        report.sent = replay.delivered.compactMap { sent[$0] }
        report.createdIDs = created.withLock { $0 }
        report.conflicts = replay.conflicts.compactMap { reported[$0.id] }
        report.rejected = replay.failed.compactMap { reported[$0.id] }
        report.stoppedBecause = replay.stoppedBecause
        if (try? await outbox.pendingCount()) == 0 { try? await store.removeList(named: Self.writtenList) }
        return report
    }

    /// Makes `edit`'s write through `client`, noting the id Salesforce gives a created record in `created`.
    private static func deliver(
        _ edit: PendingEdit, through client: SalesforceClient, created: Locked<[UUID: String]>,
        wrote: Locked<Date?>
    ) async -> DeliveryOutcome {
        do {
            switch edit.change {
            case .create(let object, let fields):
                let id = try await client.create(
                    object, fields: fields, idempotencyKey: edit.id.uuidString, operation: edit.summary)
                created.withLock { $0[edit.id] = id }
                return .delivered(body: Data(id.utf8))
            case .update(let object, let id, let fields, let expected):
                let version = try await client.update(
                    object, id: id, fields: fields, expectedLastModified: expected, operation: edit.summary)
                wrote.withLock { $0 = version }
            case .delete(let object, let id, let expected):
                try await client.delete(
                    object, id: id, expectedLastModified: expected, operation: edit.summary)
            }
            return .delivered(body: Data())
        } catch let error as SalesforceError {
            return Self.outcome(error, object: edit.change.object)
        } catch {
            return .unreachable(message: SalesText.failureMessage(for: error))
        }
    }

    /// The record `edit` updates, as read back, when it holds in every field the edit sends the value it sends: the
    /// edit's own save, sent by an attempt whose answer never reached the outbox; `nil` when it does not. A
    /// colleague's save of any of those fields to another value keeps it a conflict; one of other fields only, made
    /// after this save landed, overwrote nothing of it. A record that cannot be read is taken for a conflict.
    ///
    /// NB: the version returned is the record's now, which a colleague's save of other fields after this one may
    /// have made: an edit made over this one offline is then checked against it, as it would be had the device read
    /// the record just after its save landed.
    static func ownSave(_ edit: PendingEdit, through client: SalesforceClient) async -> HeldSave? {
        guard case .update(let object, let id, let fields, _) = edit.change, !fields.isEmpty,
            let server = try? await client.record(object, id: id),
            fields.allSatisfy({ name, mine in (server[name] ?? .null) == mine })
        else { return nil }
        return HeldSave(version: server.lastModifiedDate)
    }

    /// A record found holding this device's own save (``ownSave(_:through:)``).
    struct HeldSave: Sendable {
        /// The record's version as read back (`nil` when it names none): what an edit made over the save is checked
        /// against.
        var version: Date?
    }

    /// What the outbox keeps of `error`, met sending a change to a record of `object`: a refusal keeps the reason
    /// "Changes Not Sent" shows under the change's title, in the rep's words (``SalesText/refusal(_:object:)``).
    static func outcome(_ error: SalesforceError, object: String) -> DeliveryOutcome {
        switch error {
        case .offline, .signedOut: return .unreachable(message: error.message)
        case .conflict: return .conflict(status: 409, message: error.message)
        case .service(_, let status, _) where status == 429 || status >= 500:
            return .unreachable(message: error.message)
        case .service(_, let status, _):
            return .rejected(status: status, message: SalesText.refusal(error, object: object))
        case .authentication, .unreadable, .invalidInput:
            return .rejected(status: nil, message: SalesText.refusal(error, object: object))
        }
    }

    static func edit(_ operation: OutboxOperation) -> PendingEdit? {
        operation.body.flatMap { try? JSONDecoder().decode(PendingEdit.self, from: $0) }
    }

    static func request(for change: PendingEdit.Change) -> (HTTPMethod, [String]) {
        let base = ["services", "data", "v32.0", "sobjects"]
        switch change {
        case .create(let object, _): return (.post, base + [object])
        case .update(let object, let id, _, _): return (.patch, base + [object, id])
        case .delete(let object, let id, _): return (.delete, base + [object, id])
        }
    }
}

/// A version of a record that an edit from this device wrote, and the version that edit was based on.
///
/// Edits of one record made one after another while offline are all based on the version the device read, and each
/// was made over the ones before it (the screen shows a waiting save at once). Once the first is sent, the record's
/// version is the one it wrote: the next edit is checked against that, not against the one read, which would take
/// the device's own save for someone else's and leave the edit (or the delete) under "Changes Not Sent".
struct WrittenVersion: Sendable, Hashable, Codable {
    /// The sent edit.
    var edit: UUID
    var object: String
    var id: String
    /// The version the sent edit was based on, as the device read it.
    var basedOn: Date
    /// The version the sent edit wrote.
    var wrote: Date

    /// `list` once `edit` was sent and wrote `version` (`nil`: not read back): a save based on a version notes what
    /// it wrote; a delete, or a save whose version is not known, forgets what was noted of its record.
    static func noting(_ edit: PendingEdit, wrote version: Date?, in list: [WrittenVersion]) -> [WrittenVersion] {
        let record: (object: String, id: String)
        var noted: WrittenVersion?
        switch edit.change {
        case .create: return list
        case .update(let object, let id, _, let basedOn):
            record = (object, id)
            if let basedOn, let version {
                noted = WrittenVersion(
                    edit: edit.id, object: object, id: id, basedOn: basedOn, wrote: version)
            }
        case .delete(let object, let id, _):
            record = (object, id)
        }
        return list.filter { $0.object != record.object || $0.id != record.id } + (noted.map { [$0] } ?? [])
    }

    /// Whether `date` is ``basedOn``, to the millisecond Salesforce keeps.
    func isBasedOn(_ date: Date) -> Bool {
        (date.timeIntervalSince1970 * 1000).rounded() == (basedOn.timeIntervalSince1970 * 1000).rounded()
    }
}

extension PendingEdit {
    /// This edit checked against the version an edit sent before it from this device wrote, when it was based on
    /// the same version as that one (it was made over it); else as it was made.
    ///
    /// NB: never against what this edit wrote itself: noted, yet still waiting, it is sent again after the app
    /// closed before the outbox recorded it, and is checked as it was made: it meets its own save, which the flush
    /// tells from a colleague's by the fields it sent (``SalesOutbox/ownSave(_:through:)``), and writes nothing
    /// twice.
    func madeOver(_ written: [WrittenVersion]) -> PendingEdit {
        let written = written.filter { $0.edit != id }
        var edit = self
        switch change {
        case .create:
            break
        case .update(let object, let id, let fields, let basedOn?):
            if let sent = written.first(where: { $0.object == object && $0.id == id && $0.isBasedOn(basedOn) }) {
                edit.change = .update(object: object, id: id, fields: fields, expectedLastModified: sent.wrote)
            }
        case .delete(let object, let id, let basedOn?):
            if let sent = written.first(where: { $0.object == object && $0.id == id && $0.isBasedOn(basedOn) }) {
                edit.change = .delete(object: object, id: id, expectedLastModified: sent.wrote)
            }
        case .update, .delete:
            break
        }
        return edit
    }
}
