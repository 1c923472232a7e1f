import ChangeJarModels
import Foundation
import Localization

/// The user-facing sentences of Change Jar, localized from `Resources/<lang>.lproj/Localizable.strings`.
enum Strings {
    static let table = StringTable(bundle: .module)

    static func text(_ key: String) -> String { table.text(key) }

    static func format(_ key: String, _ arguments: String...) -> String { table.format(key, arguments) }

    static var offline: String { text("error.offline") }
    static var unreachable: String { text("error.unreachable") }
    static var noJarHere: String { text("error.noJarHere") }
    static var signInRequired: String { text("error.signInRequired") }
    static var forbidden: String { text("error.forbidden") }
    static var notFound: String { text("error.notFound") }
    static var rateLimited: String { text("error.rateLimited") }
    static var nameTaken: String { text("error.nameTaken") }
    static var duplicateAction: String { text("error.duplicateAction") }
    static var unexpected: String { text("error.unexpected") }
    static var serverFault: String { text("error.serverFault") }
    static var cognitoBusy: String { text("cognito.busy") }
    static var cognitoUnavailable: String { text("cognito.unavailable") }
    static func signInFailed(_ reason: String) -> String { format("error.signInFailed", reason) }
    static var offlineShowingSaved: String { text("banner.offlineShowingSaved") }
    static var offlineNothingSaved: String { text("banner.offlineNothingSaved") }
    static var offlineSearchNotSaved: String { text("banner.offlineSearchNotSaved") }
    static var unreachableShowingSaved: String { text("banner.unreachableShowingSaved") }
    static var unreachableNothingSaved: String { text("banner.unreachableNothingSaved") }
    static var unreachableSearchNotSaved: String { text("banner.unreachableSearchNotSaved") }
    static var signInToSubmit: String { text("banner.signInToSubmit") }
    static var sessionExpired: String { text("banner.sessionExpired") }
    static var writtenBySomeoneElse: String { text("banner.writtenBySomeoneElse") }
    static var submitted: String { text("banner.submitted") }
    static var alreadyInJar: String { text("banner.alreadyInJar") }
    static var signInToSeeMine: String { text("empty.signInToSeeMine") }
    static var noActions: String { text("empty.noActions") }
    static var noMyActions: String { text("empty.noMyActions") }
    static var noNewActions: String { text("empty.noNewActions") }
    static func noSearchResults(_ query: String) -> String { format("empty.noSearchResults", query) }
    /// A search text longer than ``ActionRules/searchLength`` allows.
    static var searchTooLong: String { format("search.tooLong", ActionRules.searchLength.upperBound.formatted()) }
    static func signInWith(_ provider: String) -> String { format("settings.signInWith", provider) }
    static func byline(_ name: String, _ provider: String) -> String { format("row.byline", name, provider) }
    /// An author as a screen names them: the name they gave, else a neutral word, never their provider's user id.
    static func author(_ name: String?) -> String { name ?? text("author.unnamed") }
}
