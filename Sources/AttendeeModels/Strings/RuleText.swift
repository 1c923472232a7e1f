import Foundation
import Localization

/// The sentences of the rules both sides apply, localized from `Localizable.strings`: the app shows them on its
/// forms, and the server sends them as a refusal's `detail`.
enum RuleText {
    static let table = StringTable(bundle: .module)

    static func text(_ key: String) -> String { table.text(key) }

    static func format(_ key: String, _ arguments: String...) -> String { table.format(key, arguments) }
}
