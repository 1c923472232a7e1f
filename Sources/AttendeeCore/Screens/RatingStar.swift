import AttendeeModels

/// One star of a rating row on the feedback page: tapping it rates that many stars.
public struct RatingStar: Sendable, Hashable, Identifiable {
    /// How many stars tapping this one gives (1 to 5).
    public let value: Int
    /// Whether the star is filled: the rating so far reaches it.
    public let isFilled: Bool
    /// What VoiceOver reads, and a test taps: `Rating: 3 stars`, `Ana Ferreira: 1 star`.
    public let label: String

    public var id: Int { value }

    /// The SF Symbol drawn: `star.fill` up to the rating, `star` after it.
    public var symbol: String { isFilled ? "star.fill" : "star" }

    /// The stars of a row titled `title` (`Rating`, or a speaker's name) at `rating` (`nil`: none chosen yet).
    static func row(_ title: String, rating: Int?) -> [RatingStar] {
        Rating.range.map { value in
            RatingStar(
                value: value, isFilled: value <= (rating ?? 0),
                label: value == 1
                    ? Strings.format("feedback.star.one", title)
                    : Strings.format("feedback.star.many", title, "\(value)"))
        }
    }
}
