import ChangeJarModels
import Foundation

/// The sentences `quartet changejar` prints around what the screens show, from the same strings table.
public enum ChangeJarCommandText {
    /// `Signed in as Alice with Google.`, or `Signed in with Google.` when the provider gave no name.
    public static func signedIn(_ name: String?, with provider: AuthSource) -> String {
        guard let name else { return Strings.format("cli.signedInUnnamed", provider.displayName) }
        return Strings.format("cli.signedIn", name, provider.displayName)
    }

    /// `whoami` with no session.
    public static var notSignedIn: String { Strings.text("cli.notSignedIn") }

    /// `Alice via Google`: who is signed in, as a row's byline says it (`Someone via Google` without a name).
    public static func who(_ session: AuthSession) -> String {
        Strings.byline(Strings.author(session.displayName), session.authSource.displayName)
    }

    /// `Author: Alice`: one labelled line of an action's page.
    public static func field(_ label: String, _ value: String) -> String { Strings.format("cli.field", label, value) }

    /// Under one's own action's page: the commands that are its Edit and Delete buttons.
    public static func yours(_ id: String) -> String { Strings.format("cli.yours", id) }

    /// `provider user id: alice`.
    public static func providerUserID(_ id: String) -> String { Strings.format("cli.providerUserID", id) }

    /// `identity: us-east-1:…`.
    public static func identity(_ id: String) -> String { Strings.format("cli.identity", id) }

    /// Until when `session` holds, its token's expiry written as `date`: a session that keeps the provider's login
    /// outlives Cognito's 10-minute token (`token valid until May 28, 2026 at 9:41 AM, renewed while your Google
    /// sign-in lasts`); one without it (an older version's) ends with it (`session valid until …`).
    public static func validity(of session: AuthSession, until date: String) -> String {
        guard session.canRenew else { return Strings.format("cli.validUntil", date) }
        return Strings.format("cli.tokenRenewed", date, session.authSource.displayName)
    }

    /// After `signout`.
    public static var signedOut: String { Strings.text("cli.signedOut") }

    /// After a sign-in whose provider name is someone else's: the command that is Settings' name field and Save.
    public static var chooseName: String { Strings.text("cli.chooseName") }

    /// A command that needs a session ran without one.
    public static var signInFirst: String { Strings.text("cli.signInFirst") }

    /// A command that needs a session ran after the session with `provider` expired: the sign-in to run names
    /// that provider (`your Facebook session expired: run '… --provider facebook …'`).
    public static func sessionExpired(_ provider: AuthSource) -> String {
        Strings.format("cli.sessionExpired", provider.displayName, provider.rawValue)
    }

    // MARK: - Refusals of the command line

    /// `--provider` is not one of the three.
    public static func badProvider(_ name: String) -> String { Strings.format("cli.badProvider", name) }

    /// `--sign-in-with` is not one of the three.
    public static func badSignInWith(_ name: String) -> String { Strings.format("cli.badSignInWith", name) }

    /// `signin` without `--user` or `--id-token`.
    public static var signInNeedsUser: String { Strings.text("cli.signInNeedsUser") }

    /// `submit` without its two texts.
    public static var submitNeedsText: String { Strings.text("cli.submitNeedsText") }

    /// `submit` signed out while an earlier action waits for a sign-in (the form holds it; a second would take its
    /// place, and the command line cannot show the form first).
    public static func earlierActionWaits(_ title: String) -> String { Strings.format("cli.earlierActionWaits", title) }

    /// Under the action the jar refused after the sign-in: the commands that are the Submit form's fields and Clear.
    public static var refusedActionKept: String { Strings.text("cli.refusedActionKept") }

    /// `refused` when the device keeps no refused action.
    public static var noRefusedAction: String { Strings.text("cli.noRefusedAction") }

    /// `refused --clear` with a new title or text.
    public static var refusedClearAlone: String { Strings.text("cli.refusedClearAlone") }

    /// `edit` without anything to change.
    public static var editNeedsText: String { Strings.text("cli.editNeedsText") }

    /// An id that is not one of the signed-in person's actions.
    public static func notYours(_ id: String) -> String { Strings.format("cli.notYours", id) }

    /// `--sign-in-with` without `--user`.
    public static var signInWithNeedsUser: String { Strings.text("cli.signInWithNeedsUser") }

    /// `search` without words.
    public static var searchNeedsText: String { Strings.text("cli.searchNeedsText") }

    /// `--server` is not an http(s) URL.
    public static func badServer(_ url: String) -> String { Strings.format("cli.badServer", url) }

    /// `--cognito` is not an http(s) URL.
    public static func badCognito(_ url: String) -> String { Strings.format("cli.badCognito", url) }

    /// A field the rules refuse, led by its option: `--title: The title must be 1 to 120 characters.`
    ///
    /// `title` and `content` are the action's words as refused: a control character is named, and where it is
    /// (``ActionRules/Violation/sentence(of:)``).
    public static func refused(_ violation: ActionRules.Violation, title: String, content: String) -> String {
        Strings.format("cli.refusedField", violation.field, violation.sentence(title: title, content: content))
    }
}

extension ActionRules.Violation {
    /// The rule broken, in the reader's language (``message`` is the server's English).
    public var sentence: String {
        rule == .length ? Strings.text("violation.\(field)") : Strings.text("violation.\(field).\(rule.rawValue)")
    }

    /// The rule broken by `text`, the text of the field it names (``field``), in the reader's language; a control
    /// character is named and placed after the words before it ("The title has a line break after “Walk to”: …"),
    /// since nobody sees a BEL, nor a line break pasted into a one-line field.
    public func sentence(of text: String) -> String {
        guard let found = refusedCharacter(in: text) else { return sentence }
        let character = Self.name(of: found)
        guard let words = found.wordsBefore else {
            return Strings.format("violation.\(field).controlCharacters.start", character)
        }
        return Strings.format("violation.\(field).controlCharacters.after", character, words)
    }

    /// The rule an action's `title` and `content` break: ``sentence(of:)`` the field it names.
    public func sentence(title: String, content: String) -> String {
        sentence(of: field == "title" ? title : content)
    }

    /// What a person calls a refused character: a line break, a tab, or a character they cannot see, with its code
    /// point.
    static func name(of found: RefusedCharacter) -> String {
        switch found.kind {
        case .tab: Strings.text("character.tab")
        case .lineBreak: Strings.text("character.lineBreak")
        case .reordering: Strings.format("character.reordering", found.code)
        case .invisible: Strings.format("character.invisible", found.code)
        }
    }
}
