import ChangeJarModels
import Foundation

/// One action as a list shows it: every string ready to draw.
public struct ActionRow: Sendable, Hashable, Identifiable {
    public var id: String
    public var title: String
    public var content: String
    /// "Alice via Google".
    public var byline: String
    /// The creation date, formatted for the reader's locale and time zone.
    public var date: String

    public init(_ action: Action, format: DateFormat) {
        id = action.id
        title = action.title
        content = action.content
        byline = Strings.byline(action.authorName ?? action.providerUserID, action.authSource.displayName)
        date = format.string(action.createdAt)
    }
}

/// How rows show dates: medium date, short time, in the given locale and time zone.
public struct DateFormat: Sendable {
    public var locale: Locale
    public var timeZone: TimeZone

    public init(locale: Locale = .current, timeZone: TimeZone = .current) {
        self.locale = locale
        self.timeZone = timeZone
    }

    /// The formatted date.
    public func string(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .shortened)
        style.locale = locale
        style.timeZone = timeZone
        return date.formatted(style)
    }
}
