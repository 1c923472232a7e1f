import Foundation

/// Every sentence the Attendee screens show, localized from `Localizable.strings`.
enum Strings {
    static func text(_ key: String) -> String {
        NSLocalizedString(key, bundle: .module, comment: "")
    }

    static func format(_ key: String, _ arguments: any CVarArg...) -> String {
        String(format: text(key), locale: Locale(identifier: "en_US_POSIX"), arguments: arguments)
    }
}
