import Foundation
import Localization

/// When something was written, as the wall, a discussion, messages and notes all show it, in the device's zone
/// and the reader's locale: `10 Mar at 09:00` (`en_GB`), `Mar 10 at 9:00 AM` (`en_US`), `10. März, 09:00`
/// (`de_DE`).
struct WrittenTimeFormatter {
    var timeZone: TimeZone
    var locale: Locale

    func string(_ date: Date) -> String {
        DateText.string(date, template: "dMMMjmm", locale: locale, timeZone: timeZone)
    }

    /// `Ana Ferreira · 10 Mar at 09:00`.
    func byline(_ written: some Authored) -> String {
        Strings.format("wall.by", written.author.name, string(written.createdAt))
    }
}
