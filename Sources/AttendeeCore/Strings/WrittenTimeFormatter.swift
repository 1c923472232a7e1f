import Foundation

/// When something was written, as the wall, a discussion, messages and notes all show it: `10 Mar, 09:00`, in
/// the device's zone.
struct WrittenTimeFormatter {
    private let formatter: DateFormatter

    init(timeZone: TimeZone, locale: Locale = Locale(identifier: "en_US_POSIX")) {
        formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateFormat = "d MMM, HH:mm"
    }

    func string(_ date: Date) -> String { formatter.string(from: date) }

    /// `Ana Ferreira · 10 Mar, 09:00`.
    func byline(_ written: some Authored) -> String {
        Strings.format("wall.by", written.author.name, string(written.createdAt))
    }
}
