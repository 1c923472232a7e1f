import Foundation

/// The line a screen shows under its title: why the last call failed, or what it did.
///
/// Typed, so that a view draws a failure as one (red, with a warning sign) and a confirmation as one (a check
/// mark), and the command line tells an error from a confirmation without comparing sentences.
public enum Banner: Sendable, Hashable {
    /// A call failed, or a person's request was refused; the sentence says why.
    case failure(String)
    /// A call went through; the sentence says what it did ("Profile saved.").
    case confirmation(String)

    /// The failure line for `error`, in the person's words.
    init(_ error: any Error) {
        self = .failure(AttendeeFailure.message(error))
    }

    /// The sentence.
    public var text: String {
        switch self {
        case .failure(let text), .confirmation(let text): text
        }
    }

    /// Whether it tells of a failure.
    public var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }

    /// The failure's sentence, or `nil` for a confirmation (what the command line reports as an error).
    public var failure: String? {
        if case .failure(let text) = self { return text }
        return nil
    }
}
