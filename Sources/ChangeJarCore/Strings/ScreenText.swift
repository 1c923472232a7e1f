import Foundation

/// The fixed words of the Change Jar screens, so the views show no literal of their own.
public enum ChangeJarScreenText {
    /// The Submit form's title field.
    public static var titleField: String { Strings.text("submit.title") }
    /// The Submit form's text field.
    public static var contentField: String { Strings.text("submit.content") }
    /// The Submit and edit forms: the header over the title field, which stays in sight once the field is filled
    /// (a filled field shows no placeholder), and what a screen reader calls the field.
    public static var titleHeader: String { Strings.text("submit.titleHeader") }
    /// The Submit and edit forms: the title's rule, under its field (the length ``ActionRules`` checks).
    public static var titleFooter: String { Strings.text("submit.titleFooter") }
    /// The Submit and edit forms: the header over the text field, and what a screen reader calls the field.
    public static var contentHeader: String { Strings.text("submit.contentHeader") }
    /// The Submit and edit forms: the text's rule, under its field (the length ``ActionRules`` checks).
    public static var contentFooter: String { Strings.text("submit.contentFooter") }
    /// The Submit button.
    public static var submitButton: String { Strings.text("submit.button") }
    /// Settings: the signed-in name's label (the field's placeholder and what a screen reader calls it).
    public static var name: String { Strings.text("settings.name") }
    /// Settings: the header over the name field, which stays in sight once the field has a name in it.
    public static var nameHeader: String { Strings.text("settings.nameHeader") }
    /// Settings: what the name is for, under the field.
    public static var nameFooter: String { Strings.text("settings.nameFooter") }
    /// Settings: the sign-in mechanism's label.
    public static var signedInWith: String { Strings.text("settings.signedInWith") }
    /// Settings: the button that saves the name field.
    public static var saveName: String { Strings.text("settings.saveName") }
    /// Settings: the sign-out button.
    public static var signOut: String { Strings.text("settings.signOut") }
    /// The search field's prompt.
    public static var searchPrompt: String { Strings.text("search.prompt") }
    /// A list that could not be read and has nothing saved: its button that reads it again.
    public static var retry: String { Strings.text("list.retry") }
    /// My Actions: a row's swipe to delete.
    public static var delete: String { Strings.text("list.delete") }
    /// An action's page: its Edit button (one's own action).
    public static var edit: String { Strings.text("detail.edit") }
    /// An action's page: the author's label.
    public static var author: String { Strings.text("detail.author") }
    /// An action's page: the label of the provider the author signed in with.
    public static var source: String { Strings.text("detail.source") }
    /// An action's page: the label of when it was put in the jar.
    public static var added: String { Strings.text("detail.added") }
    /// An action's page: the label of when its author last changed it.
    public static var edited: String { Strings.text("detail.edited") }
}

extension AppModel.Tab {
    /// The tab bar label.
    public var label: String { Strings.text("tab.\(key)") }
    /// The screen's navigation title.
    public var screenTitle: String { Strings.text("screen.\(key)") }

    private var key: String {
        switch self {
        case .all: "all"
        case .new: "new"
        case .submit: "submit"
        case .mine: "mine"
        case .search: "search"
        case .settings: "settings"
        }
    }
}

/// A field of the Submit form, for the one a message is about.
public enum SubmitField: String, Sendable, Hashable {
    /// The title.
    case title
    /// The text.
    case content
}

extension ActionRow {
    /// `Alice via Google · May 28, 2026`: who and when on one line.
    public var bylineAndDate: String { Strings.format("row.byDate", byline, date) }
}
