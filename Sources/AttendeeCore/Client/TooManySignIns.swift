import APIClient
import Foundation

/// The server would not check the password: too many sign-ins failed for this e-mail lately (its 429 to sign-in),
/// or too many sign-ups from this address were for e-mails that have an account (its 429 to sign-up); it says, in
/// `Retry-After`, when to try again.
///
/// The live client throws it for any 429 to sign-in or sign-up, the per-address rate limit's too: either way the
/// person waits, and the sentence says for how long.
///
/// ```swift
/// TooManySignIns(retryAfter: .seconds(900)).message  // "Too many attempts. Try again in 15 minutes."
/// ```
public struct TooManySignIns: Error, Sendable, Hashable, LocalizedError {
    /// How long the server asked to wait; `nil` when it did not say.
    public var retryAfter: Duration?

    /// Makes the error for an answer that asked to wait `retryAfter`.
    public init(retryAfter: Duration?) {
        self.retryAfter = retryAfter
    }

    /// The wait in whole minutes, rounded up (at least 1), or `nil` when the server did not say.
    public var minutes: Int? {
        guard let retryAfter else { return nil }
        let (seconds, attoseconds) = retryAfter.components
        let whole = max(0, seconds) + (attoseconds > 0 ? 1 : 0)
        return max(1, Int((whole + 59) / 60))
    }

    /// The sentence for the sign-in screen's banner.
    public var message: String {
        switch minutes {
        case nil: Strings.text("account.tooManyAttempts.later")
        case 1: Strings.text("account.tooManyAttempts.one")
        case let minutes?: Strings.format("account.tooManyAttempts.many", String(minutes))
        }
    }

    public var errorDescription: String? { message }

    /// `error` as the sign-in screen reads it: a 429 becomes this error; anything else stays as it was.
    static func reading(_ error: any Error) -> any Error {
        guard let failure = error as? APIError, failure.status == 429 else { return error }
        return TooManySignIns(retryAfter: failure.retryAfter)
    }
}
