import Foundation
import Localization

/// A screen that shows a spinner while one of its calls is in flight, and one line under it: why the last call
/// failed, or what it did.
///
/// The screens run their calls through ``whileBusy(_:failed:)``, so the spinner, the clearing of an earlier
/// call's line and the failure's sentence are one rule rather than a copy in each screen (some copies forgot
/// to clear the line, so an "offline" banner outlived the reload that worked).
///
/// The spinner counts the calls on their way (``calls``) rather than being set and cleared by each: two that
/// overlap (a pull while a save is on its way) leave it on, and the guards that read ``isBusy`` closed, until the
/// last ends. A screen answers ``isBusy`` as ``busy``.
@MainActor
protocol BusyScreen: AnyObject {
    /// Whether a call is in flight (the screen shows a spinner): ``busy``.
    var isBusy: Bool { get }
    /// The calls on their way; a stored property of the `@Observable` screen, so ``isBusy`` is observed through it.
    var calls: CallsInFlight { get set }
    /// Why the last call failed, or what it did, if anything.
    var banner: Banner? { get set }
    /// Whether the screen's newest read is still on its way once a call ends (a list whose older read landed
    /// and was dropped first): the spinner stays until it lands.
    var isReadingNewest: Bool { get }
}

extension BusyScreen {
    /// A screen that drops no read: no read outlives its call.
    var isReadingNewest: Bool { false }

    /// Whether a call is on its way, or the newest read a dropped one waited for.
    var busy: Bool { calls.isBusy || isReadingNewest }

    /// Runs `work` with the spinner on and the previous line gone. When `work` throws, the banner says why in
    /// the person's words and `failed` may then repair what the screen shows (or put a line of its own). Answers
    /// whether `work` went through.
    ///
    /// ```swift
    /// await whileBusy { rows = try await client.speakers(eventID).map(PersonRow.init) }
    /// ```
    @discardableResult
    func whileBusy(_ work: () async throws -> Void, failed: (any Error) async -> Void = { _ in }) async -> Bool {
        calls.started()
        banner = nil
        defer { calls.ended() }
        do {
            try await work()
            return true
        } catch {
            banner = Banner(error)
            await failed(error)
            return false
        }
    }
}

extension Banner {
    /// The failure line for `error`, in the person's words.
    init(_ error: any Error) {
        self = .failure(AttendeeFailure.message(error))
    }

    /// The failure line for `error`, with `notFound` (the app's sentence for what the page is about) when the server
    /// does not have it (404), where the server's own words could not say which thing is missing.
    init(_ error: any Error, notFound: @autoclosure () -> String) {
        self = AttendeeFailure.status(error) == 404 ? .failure(notFound()) : Banner(error)
    }
}
