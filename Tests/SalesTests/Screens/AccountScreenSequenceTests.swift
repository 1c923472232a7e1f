import APIClient
import Foundation
import Locking
import SalesCore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@MainActor
@Suite struct AccountScreenSequenceTests {
    /// The hospital's screen, signed in, over a client whose every request passes `gate` first.
    static func hospital(_ harness: DevServerHarness, heldAt gate: Gate) async throws -> AccountScreenModel {
        let client = try await harness.client { request, standIn in
            await gate.pass()
            return try await standIn.send(request)
        }
        return try await DevServerHarness.hospitalScreen(client)
    }

    /// What a person sees while the screen loads: idle, then a spinner with nothing yet, then the account.
    @Test func loadingShowsBusyThenTheAccount() async throws {
        let harness = try await DevServerHarness.make()
        let gate = Gate()
        let model = try await Self.hospital(harness, heldAt: gate)

        var seen: [(AccountScreenModel.Phase, Bool, Int)] = [(model.phase, model.isBusy, model.items.count)]
        await gate.close()
        let loading = Task { await model.appeared() }
        await gate.arrived(2)  // sign-in, then the first load request is held
        seen.append((model.phase, model.isBusy, model.items.count))
        await gate.open()
        await loading.value
        seen.append((model.phase, model.isBusy, model.items.count))

        #expect(seen.map(\.0) == [.idle, .loading, .loaded])
        #expect(seen.map(\.1) == [false, true, false])
        #expect(seen.map(\.2) == [0, 0, 5])
    }

    /// Save tapped again before the first save's answer sent the edit twice; the second, based on the version the
    /// first replaced, can meet the first as someone else's change and end a save that worked with Send Mine.
    @Test func saveTappedTwiceSendsOneEdit() async throws {
        let harness = try await DevServerHarness.make()
        let gate = Gate()
        let model = try await Self.hospital(harness, heldAt: gate)
        await model.appeared()
        model.editTapped()
        model.fieldEdited(.numBeds, text: "1,250")

        await gate.close()
        let first = Task { await model.saveTapped() }
        await gate.arrived(await gate.arrivals + 1)
        let second = Task { await model.saveTapped() }
        await Task.yield()
        await gate.open()
        await first.value
        await second.value

        #expect(harness.wire.count("PATCH", pathSuffix: DevServerHarness.hospitalID) == 1)
        #expect(model.conflict == nil)
        #expect(model.banner == nil)
        #expect(model.saveOutcome == .saved)
        #expect(model.details?.account.numBeds == 1250)
    }

    /// A pull while Save is on its way: the reload ending first turned the spinner off, and Save tapped again then
    /// sent the edit a second time (which could meet the first as someone else's newer change). The spinner stays,
    /// and Save does nothing, until the save has answered too.
    @Test func aReloadThatEndsFirstLeavesSaveClosedWhileTheSaveIsOnItsWay() async throws {
        let harness = try await DevServerHarness.make()
        let saving = Gate(isOpen: false)
        let reading = Gate(isOpen: false)
        let holdsReads = Locked(false)
        let patches = Locked(0)
        let client = try await harness.client { request, standIn in
            if request.httpMethod == "PATCH" {
                let patch = patches.next()
                // NB: only the first waits, so a second one (the defect) cannot hang the test.
                if patch == 1 { await saving.pass() }
            } else if holdsReads.withLock({ $0 }) {
                await reading.pass()
            }
            return try await standIn.send(request)
        }
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        model.editTapped()
        model.fieldEdited(.numBeds, text: "1,250")

        let save = Task { await model.saveTapped() }
        await saving.arrived(1)
        holdsReads.withLock { $0 = true }
        let pull = Task { await model.refreshPulled() }
        await reading.arrived(1)
        await reading.open()
        await pull.value
        #expect(model.isBusy, "the save is still on its way")
        await model.saveTapped()
        #expect(patches.withLock { $0 } == 1, "the second Save sent nothing")

        await saving.open()
        await save.value
        #expect(!model.isBusy)
        #expect(harness.wire.count("PATCH", pathSuffix: DevServerHarness.hospitalID) == 1)
        #expect(model.saveOutcome == .saved)
        #expect(model.conflict == nil)
        #expect(model.details?.account.numBeds == 1250)
    }

    /// A failing refresh keeps what was shown and says what failed; the banner goes when dismissed.
    @Test func aFailedRefreshKeepsTheAccountAndShowsABanner() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        #expect(model.banner == nil)
        harness.wire.isDown = true
        await model.refreshPulled()
        #expect(model.phase == .loaded)
        #expect(model.items.count == 5)
        #expect(
            model.banner
                == .notice(
                    "You're offline. Showing the copy saved on this device; changes are sent when the network returns.")
        )
        #expect(!model.isBusy)
        model.bannerDismissed()
        #expect(model.banner == nil)
    }
}
