import APIClient
import Foundation
import HTTPServer
import LocalStore
import Locking
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A save the outbox sent just before the app closed, before it recorded that it went: after the relaunch the
/// record holds this device's own save, which is not a colleague's change to ask the rep about; a colleague's save
/// of the same field in that window still is.
@Suite struct OutboxCrashWindowTests {
    /// Whether the next PATCH's answer is lost on its way back: the server wrote it, the app never heard.
    final class Dies: Sendable {
        private let armed = Locked(false)
        /// Whether the network goes with the answer (the line dropped): the screen cannot reload after it.
        let dropsTheLine: Bool
        init(dropsTheLine: Bool = false) { self.dropsTheLine = dropsTheLine }
        func arm() { armed.withLock { $0 = true } }
        func fire() -> Bool {
            armed.withLock { armed in
                defer { armed = false }
                return armed
            }
        }
    }

    /// A file-backed device store, as the app's is, so a second launch opens what the first left.
    private static func storePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sales-crash-\(UUID().uuidString).sqlite").path
    }

    /// The hospital's screen of one launch of the app over the store at `path`, appeared.
    @MainActor
    private static func launch(_ harness: DevServerHarness, path: String, dies: Dies) async throws
        -> AccountScreenModel
    {
        let client = try await harness.client { request, standIn in
            let answer = try await standIn.send(request)
            // NB: Salesforce has the PATCH; the process is gone before the answer reaches the outbox, which is left
            // as a crash leaves it: the edit pending, its attempt counted, nothing noted of what it wrote.
            if request.httpMethod == "PATCH", dies.fire() {
                if dies.dropsTheLine { harness.wire.isDown = true }
                throw URLError(.notConnectedToInternet)
            }
            return answer
        }
        let store = try await LocalStore.open(path: path).store
        let screen = AccountScreenModel(
            accountID: DevServerHarness.hospitalID, client: client, outbox: SalesOutbox(store: store),
            cache: .inMemory(), locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        await screen.appeared()
        return screen
    }

    /// Saves 120 beds offline on a first launch, then lets the sync send it and "die" as Salesforce writes it;
    /// `meanwhile` runs before the relaunch (a colleague's save, or nothing). Returns the relaunched screen.
    @MainActor
    private static func savedThenDied(
        _ harness: DevServerHarness, path: String, meanwhile: () async throws -> Void = {}
    ) async throws -> AccountScreenModel {
        let first = try await savedAsWritten(harness, path: path, dies: Dies())
        #expect(first.pendingEditCount == 1)
        try await meanwhile()
        harness.clock.advance(by: 5)
        return try await launch(harness, path: path, dies: Dies())
    }

    /// A first launch that saves 120 beds offline, then sends it and meets `dies` as Salesforce writes it; returns
    /// that launch's screen.
    @MainActor
    private static func savedAsWritten(_ harness: DevServerHarness, path: String, dies: Dies) async throws
        -> AccountScreenModel
    {
        let first = try await launch(harness, path: path, dies: dies)
        harness.wire.isDown = true
        first.editTapped()
        first.fieldEdited(.numBeds, text: "120")
        await first.saveTapped()
        #expect(first.saveOutcome == .queued)
        harness.wire.isDown = false
        harness.clock.advance(by: 5)
        dies.arm()
        await first.refreshPulled()
        return first
    }

    @Test @MainActor func theSaveSentAsTheAppClosedIsNotAConflictAfterTheRelaunch() async throws {
        let harness = try await DevServerHarness.make()
        let path = Self.storePath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let relaunched = try await Self.savedThenDied(harness, path: path)
        #expect(relaunched.unsentEdits.isEmpty)
        #expect(relaunched.banner == nil)
        #expect(relaunched.pendingEditCount == 0)
        #expect(relaunched.details?.account.numBeds == 120)
        #expect(harness.wire.count("PATCH", pathSuffix: "/Account/\(DevServerHarness.hospitalID)") == 1)
    }

    @Test @MainActor func aColleaguesSaveInTheSameWindowIsStillAConflict() async throws {
        let harness = try await DevServerHarness.make()
        let path = Self.storePath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let relaunched = try await Self.savedThenDied(harness, path: path) {
            // A colleague, after this device's save landed, sets the same field to another value.
            let token = try await harness.accessToken()
            let response = try await harness.send(
                .patch, "/services/data/v32.0/sobjects/Account/\(DevServerHarness.hospitalID)",
                body: Data(#"{"texcellency__DefHC_NumBeds__c": 200}"#.utf8), token: token)
            #expect(response.status == .noContent)
        }
        #expect(relaunched.unsentEdits.count == 1)
        #expect(relaunched.unsentEdits.first?.canSendOver == true)
        #expect(relaunched.banner?.failure != nil)
        #expect(relaunched.details?.account.numBeds == 200)
    }

    /// The save whose answer was lost is taken as the device's own on the relaunch; the version it wrote is then
    /// the record's, so a second edit made offline over it (before the device could read that version) is sent,
    /// not shown to the rep as a conflict that overwrites nothing.
    @Test @MainActor func aSecondOfflineEditOverTheSaveTakenAsOwnIsSentWithoutAConflict() async throws {
        let harness = try await DevServerHarness.make()
        let path = Self.storePath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = try await Self.savedAsWritten(harness, path: path, dies: Dies(dropsTheLine: true))
        // The line dropped as Salesforce wrote it: the device still has the version it read.
        #expect(harness.wire.isDown)
        #expect(first.pendingEditCount == 1)
        first.editTapped()
        first.fieldEdited(.hcSystemName, text: "Northwind Health")
        await first.saveTapped()
        #expect(first.saveOutcome == .queued)
        #expect(first.pendingEditCount == 2)
        harness.wire.isDown = false
        harness.clock.advance(by: 5)
        let relaunched = try await Self.launch(harness, path: path, dies: Dies())
        #expect(relaunched.unsentEdits.isEmpty)
        #expect(relaunched.banner == nil)
        #expect(relaunched.pendingEditCount == 0)
        #expect(relaunched.details?.account.numBeds == 120)
        #expect(relaunched.details?.account.hcSystemName == "Northwind Health")
    }
}
