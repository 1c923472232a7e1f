import ChangeJarModels
import Foundation
import Localization
import PublicInit

/// One action as its page shows it: the whole text, who wrote it and through which provider, and when; every
/// string ready to draw.
@PublicInit
public struct ActionDetail: Sendable, Hashable {
    /// The short name of the pledge.
    public var title: String
    /// What the person will do, whole (a row shows three lines of it).
    public var content: String
    /// The name the author gave, or a neutral word ("Someone"): never their user id at the provider.
    public var author: String
    /// The provider the author signed in with ("Google").
    public var source: String
    /// When it was put in the jar, formatted for the reader's locale and time zone.
    public var added: String
    /// When the author last changed it, when they did.
    public var edited: String?

    /// Formats `action` for its page.
    public init(_ action: Action, format: DateFormat) {
        title = action.title
        content = action.content
        author = Strings.author(action.authorName)
        source = action.authSource.displayName
        added = format.string(action.createdAt)
        edited = action.updatedAt > action.createdAt ? format.string(action.updatedAt) : nil
    }
}

/// What one of the person's actions went through on its page or by a swipe in My Actions, which every list
/// then shows.
enum ActionChange: Sendable, Hashable {
    /// The author saved new words.
    case saved(Action)
    /// The action left the jar.
    case deleted(Action)

    /// What a list screen shows after this change: its open `page` closes when it showed the action this change
    /// deleted, `banner` then saying so; returned are `actions` with the change made (the saved words in the
    /// action's row, a deleted action gone), or `nil` when no row is the changed action. `saysMine`: whether the
    /// list's rows say they are the person's (only My Actions' do; every other list's are anyone's).
    func applied(
        to actions: [Action], saysMine: Bool, page: inout ActionDetailModel?, banner: inout Banner?
    ) -> [Action]? {
        switch self {
        case .saved(var saved):
            guard actions.contains(where: { $0.id == saved.id }) else { return nil }
            if !saysMine { saved.isMine = nil }
            return actions.map { $0.id == saved.id ? saved : $0 }
        case .deleted(let gone):
            if gone.id == page?.actionID {
                page = nil
                banner = .confirmation(Strings.format("banner.deleted", gone.title))
            }
            guard actions.contains(where: { $0.id == gone.id }) else { return nil }
            return actions.filter { $0.id != gone.id }
        }
    }
}
