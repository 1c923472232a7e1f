import Foundation

/// The user-facing strings of Quakes, from `Resources/<lang>.lproj/Localizable.strings`.
///
/// NB: `String(localized:bundle:)` does not exist on Linux; `NSLocalizedString` works on both platforms.
enum Strings {
    static func text(_ key: String) -> String {
        NSLocalizedString(key, bundle: .module, comment: "")
    }

    /// The string for `key` with its placeholders (`%1$@`, `%2$@`… or plain `%@` in order) filled in.
    ///
    /// NB: done by hand rather than with `String(format:)`, whose `%@` needs Objective-C objects on Linux.
    static func format(_ key: String, _ arguments: String...) -> String {
        var text = text(key)
        for (index, argument) in arguments.enumerated() {
            let positional = "%\(index + 1)$@"
            if let range = text.range(of: positional) {
                text.replaceSubrange(range, with: argument)
            } else if let range = text.range(of: "%@") {
                text.replaceSubrange(range, with: argument)
            }
        }
        return text
    }
}
