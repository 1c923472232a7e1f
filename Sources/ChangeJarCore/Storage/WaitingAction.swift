import ChangeJarModels
import Foundation

/// An action Submit keeps until a sign-in sends it, and whose it is.
///
/// Its JSON is an ``ActionEdit``'s (`title`, `content`) and an optional `author`, so an action an older version kept
/// reads back as one written while nobody was signed in.
public struct WaitingAction: Codable, Sendable, Hashable {
    /// The short name of the pledge.
    public var title: String
    /// What the person will do.
    public var content: String
    /// The person it was written by: the one whose session ended while it was on its way; `nil` when it was written
    /// while nobody was signed in (the person who signs in next is the one at the phone, and it goes out as theirs).
    public var author: AuthSession.Person?

    /// An action kept for the next sign-in, written by `author` (`nil`: nobody was signed in).
    public init(_ action: ActionEdit, author: AuthSession.Person? = nil) {
        title = action.title
        content = action.content
        self.author = author
    }

    /// The title and the text.
    public var action: ActionEdit { ActionEdit(title: title, content: content) }

    /// Whether it may go out under `session`: it was written by that person, or while nobody was signed in.
    public func mayGoOut(as session: AuthSession) -> Bool {
        author.map { $0 == session.person } ?? true
    }
}
