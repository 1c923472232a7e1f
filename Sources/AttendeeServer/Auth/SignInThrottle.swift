import AttendeeModels
import Foundation
import HTTPServer
import PublicInit
import TokenVerifier

/// How many password sign-ins may fail for one e-mail before the server stops checking that e-mail's passwords
/// for a while: the per-account limit beside the per-address rate limit, which a guesser spreads over many
/// addresses.
///
/// Within ``window`` of an e-mail's first counted sign-in, ``allowedFailures`` failures are answered 401 as usual;
/// every sign-in after them, the right password too, is answered 429 with `Retry-After` until the window ends.
/// A good sign-in clears the count. An e-mail with no account is counted and refused the same way, so neither
/// answer tells whether it has one.
///
/// Sign-up must say when an e-mail already has an account (409), so the same limit holds there per client
/// address (``AttendeeService/Configuration/trustedProxies``): within ``window`` of an address's first counted
/// sign-up, ``allowedFailures`` sign-ups it makes for taken e-mails are answered 409; every sign-up from it after
/// them is answered 429 until the window ends, so no one learns from it who has an account faster than that. A
/// sign-up that makes an account does not count, so a venue's people behind one address sign up freely.
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

    /// What is counted, and what its refusal says.
    enum Counted {
        /// Failed sign-ins for one e-mail.
        case signIn
        /// Sign-ups for taken e-mails from one client address.
        case signUp
    }

    /// The key `counted` is counted under for `subject` (an e-mail, a client address): a hash, so the counts keep
    /// neither, and a sign-up's never meets a sign-in's.
    static func key(_ counted: Counted, _ subject: String) throws -> String {
        switch counted {
        case .signIn: try SecureToken.storageHash(of: subject)
        case .signUp: try SecureToken.storageHash(of: "sign-up " + subject)
        }
    }

    /// The 429 for the attempt counted as `attempt` of a window that began at `windowStart`, or `nil` when it may
    /// go on.
    func refusal(_ counted: Counted = .signIn, attempt: Int, windowStart: Date, now: Date) -> HTTPError? {
        guard attempt > allowedFailures else { return nil }
        // NB: whole seconds, rounded up, at least 1 and never past the window (a clock set back).
        let remaining = windowStart.addingTimeInterval(window).timeIntervalSince(now)
        let seconds = Int(min(window, max(1, remaining.rounded(.up))))
        let minutes = (seconds + 59) / 60
        let wait = "Try again in \(minutes) " + (minutes == 1 ? "minute." : "minutes.")
        let detail =
            switch counted {
            case .signIn: "Too many failed sign-ins for this e-mail address. " + wait
            case .signUp: "Too many sign-ups for e-mail addresses that have an account. " + wait
            }
        return HTTPError(
            .tooManyRequests, detail: detail, type: SignInRefusal.tooManyAttempts.rawValue,
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
