import Foundation
import Localization

/// Every sentence the Attendee screens show, localized from `Localizable.strings`.
enum Strings {
    static let table = StringTable(bundle: .module)

    static func text(_ key: String) -> String { table.text(key) }

    static func format(_ key: String, _ arguments: String...) -> String { table.format(key, arguments) }

    /// The question before `action`: `confirm.<key>` and `confirm.<key>.message` (each filled with
    /// `arguments`), the destructive `button`, and Cancel.
    static func confirmation<Action>(
        _ action: Action, _ key: String, button: String, _ arguments: String...
    ) -> Confirmation<Action> {
        Confirmation(
            action, title: table.format("confirm.\(key)", arguments),
            message: table.format("confirm.\(key).message", arguments), confirmTitle: button,
            cancelTitle: text("confirm.cancel"))
    }
}
