import AttendeeModels
import Foundation
import HTTPServer
import PublicInit

/// How many password sign-ins may fail for one e-mail before the server stops checking that e-mail's passwords
/// for a while: the per-account limit beside the per-address rate limit, which a guesser spreads over many
/// addresses.
///
/// Within ``window`` of an e-mail's first counted sign-in, ``allowedFailures`` failures are answered 401 as usual;
/// every sign-in after them, the right password too, is answered 429 with `Retry-After` until the window ends.
/// A good sign-in clears the count. An e-mail with no account is counted and refused the same way, so neither
/// answer tells whether it has one.
///
/// ```swift
/// // Three failures an hour:
/// AttendeeService.Configuration(signInThrottle: SignInThrottle(allowedFailures: 3, window: 3600))
/// ```
@PublicInit
public struct SignInThrottle: Sendable, Equatable {
    /// Failed sign-ins allowed for one e-mail within ``window``; `0` turns the throttle off.
    public var allowedFailures: Int = 5
    /// How long an e-mail's failures are counted, from the first; after it the count starts again.
    public var window: TimeInterval = 15 * 60

    /// Whether sign-ins are counted at all.
    var isOn: Bool { allowedFailures > 0 && window > 0 }

    /// The 429 for the sign-in counted as `attempt` of a window that began at `windowStart`, or `nil` when its
    /// password may be checked.
    func refusal(attempt: Int, windowStart: Date, now: Date) -> HTTPError? {
        guard attempt > allowedFailures else { return nil }
        // NB: whole seconds, rounded up, at least 1 and never past the window (a clock set back).
        let remaining = windowStart.addingTimeInterval(window).timeIntervalSince(now)
        let seconds = Int(min(window, max(1, remaining.rounded(.up))))
        let minutes = (seconds + 59) / 60
        return HTTPError(
            .tooManyRequests,
            detail: "Too many failed sign-ins for this e-mail address. Try again in \(minutes) "
                + (minutes == 1 ? "minute." : "minutes."),
            type: SignInRefusal.tooManyAttempts.rawValue,
            headers: ["Retry-After": String(seconds)])
    }
}

extension AttendeeService {
    /// Forgets the sign-in counts whose windows have passed (run by ``startCleanup(every:mediaOlderThan:)``);
    /// answers how many went.
    @discardableResult
    public func pruneSignInAttempts() async throws -> Int {
        try await store.pruneSignInAttempts(
            windowsBefore: configuration.now().addingTimeInterval(
                -configuration.signInThrottle.window))
    }
}
