import ChangeJarModels
import Foundation
import Localization
import PublicInit

/// One action as a list shows it: every string ready to draw.
public struct ActionRow: Sendable, Hashable, Identifiable {
    /// The server-assigned id (a lowercase UUID).
    public var id: String
    /// The short name of the pledge (1–120 characters).
    public var title: String
    /// What the person will do (1–2,000 characters).
    public var content: String
    /// "Alice via Google" ("Someone via Google" when the author gave no name).
    public var byline: String
    /// The creation date, formatted for the reader's locale and time zone.
    public var date: String

    /// Formats `action` for a list.
    public init(_ action: Action, format: DateFormat) {
        id = action.id
        title = action.title
        content = action.content
        byline = Strings.byline(Strings.author(action.authorName), action.authSource.displayName)
        date = format.string(action.createdAt)
    }
}

/// How rows show dates: medium date, short time, in the given locale and time zone.
@PublicInit
public struct DateFormat: Sendable {
    /// The reader's locale.
    public var locale: Locale = .current
    /// The reader's time zone.
    public var timeZone: TimeZone = .current

    /// The formatted date.
    public func string(_ date: Date) -> String {
        DateText.string(date, dateStyle: .medium, timeStyle: .short, locale: locale, timeZone: timeZone)
    }
}
