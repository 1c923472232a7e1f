import ChangeJarModels
import Foundation

/// An action Submit keeps until a sign-in sends it, and whose it is; or one the jar refused when it went out after
/// the sign-in, kept with why until the person changes and sends it again, or clears it.
///
/// Its JSON is an ``ActionEdit``'s (`title`, `content`), an optional `author` and an optional `refusal`, so an
/// action an older version kept reads back as one written while nobody was signed in, waiting to go out.
public struct WaitingAction: Codable, Sendable, Hashable {
    /// The short name of the pledge.
    public var title: String
    /// What the person will do.
    public var content: String
    /// The person it was written by: the one whose session ended while it was on its way; `nil` when it was written
    /// while nobody was signed in (the person who signs in next is the one at the phone, and it goes out as theirs).
    public var author: AuthSession.Person?
    /// Why the jar refused it, when it did: it then no longer goes out by itself (it would be refused again), and
    /// waits in the Submit form for the person to change it and submit it, or to clear it. `nil`: it waits to go out.
    public var refusal: SubmissionRefusal?

    /// An action kept for the next sign-in, written by `author` (`nil`: nobody was signed in); with a `refusal`, one
    /// the jar would not take.
    public init(_ action: ActionEdit, author: AuthSession.Person? = nil, refusal: SubmissionRefusal? = nil) {
        title = action.title
        content = action.content
        self.author = author
        self.refusal = refusal
    }

    /// The title and the text.
    public var action: ActionEdit { ActionEdit(title: title, content: content) }

    /// Whether it may go out under `session`: it was written by that person, or while nobody was signed in.
    public func mayGoOut(as session: AuthSession) -> Bool {
        author.map { $0 == session.person } ?? true
    }
}

/// Why the jar refused a submission for good, for a reason only the person can change (sent again unchanged, it would
/// be refused again), as the device keeps it beside the refused action, so a later launch still says it.
///
/// NB: a name someone else goes by (409) is not the words' fault: once the person has chosen another, the same
/// action goes in, so it is no refusal for good.
public enum SubmissionRefusal: Codable, Sendable, Hashable {
    /// A field breaks a rule of the jar's (422): `field` is its wire name, `message` the jar's sentence.
    case invalid(field: String, message: String)
    /// The jar does not take it from this person (403).
    case forbidden

    /// The refusal `error` is, or `nil` when it is no refusal for good.
    init?(_ error: ChangeJarError) {
        switch error {
        case .invalid(let field, let message): self = .invalid(field: field, message: message)
        case .forbidden: self = .forbidden
        default: return nil
        }
    }

    /// The refusal as the screens tell an error.
    public var error: ChangeJarError {
        switch self {
        case .invalid(let field, let message): .invalid(field: field, message: message)
        case .forbidden: .forbidden
        }
    }
}
