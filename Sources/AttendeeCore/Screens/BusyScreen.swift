import Foundation
import Localization

/// A screen that shows a spinner while one of its calls is in flight, and one line under it: why the last call
/// failed, or what it did.
///
/// The screens run their calls through ``whileBusy(_:failed:)``, so the spinner, the clearing of an earlier
/// call's line and the failure's sentence are one rule rather than a copy in each screen (some copies forgot
/// to clear the line, so an "offline" banner outlived the reload that worked).
@MainActor
protocol BusyScreen: AnyObject {
    /// Whether a call is in flight (the screen shows a spinner).
    var isBusy: Bool { get set }
    /// Why the last call failed, or what it did, if anything.
    var banner: Banner? { get set }
    /// Whether the screen's newest read is still on its way once a call ends (a list whose older read landed
    /// and was dropped first): the spinner stays until it lands.
    var isReadingNewest: Bool { get }
}

extension BusyScreen {
    /// A screen that drops no read: no read outlives its call.
    var isReadingNewest: Bool { false }

    /// Runs `work` with the spinner on and the previous line gone. When `work` throws, the banner says why in
    /// the person's words and `failed` may then repair what the screen shows (or put a line of its own). Answers
    /// whether `work` went through.
    ///
    /// ```swift
    /// await whileBusy { rows = try await client.speakers(eventID).map(PersonRow.init) }
    /// ```
    @discardableResult
    func whileBusy(_ work: () async throws -> Void, failed: (any Error) async -> Void = { _ in }) async -> Bool {
        isBusy = true
        banner = nil
        defer { isBusy = isReadingNewest }
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
}
