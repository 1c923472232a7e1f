import Foundation
import Localization

/// The sentences the client layer gives a failed call, from `Resources/<lang>.lproj/Localizable.strings`.
enum Strings {
    static let table = StringTable(bundle: .module)

    static func text(_ key: String) -> String { table.text(key) }

    static func format(_ key: String, _ arguments: String...) -> String { table.format(key, arguments) }
}
