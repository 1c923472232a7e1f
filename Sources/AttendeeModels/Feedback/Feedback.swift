import Foundation
import HTTPTypes
import Localization
import PublicInit

/// `POST /events/:eventID/feedback`: a rating of the event and a comment.
@PublicInit
public struct EventFeedback: Codable, Sendable, Hashable {
    /// 1 to 5.
    public var rating: Int
    /// Free text.
    public var comment: String = ""

    /// The first rule it breaks, or `nil`.
    public func validationError() -> FieldError? {
        Rating.check(rating, field: "rating") ?? Rating.checkComment(comment)
    }
}

/// `POST /sessions/:sessionID/feedback`: the session's rating, one per speaker, and a comment.
@PublicInit
public struct SessionFeedback: Codable, Sendable, Hashable {
    /// 1 to 5.
    public var rating: Int
    /// 1 to 5 for each of the session's speakers, by speaker id.
    public var speakerRatings: [String: Int] = [:]
    /// Free text.
    public var comment: String = ""

    /// The first rule it breaks for a session with `speakerIDs`, or `nil`: every speaker rated, no one else.
    public func validationError(speakerIDs: [String]) -> FieldError? {
        if let error = Rating.check(rating, field: "rating") { return error }
        for id in speakerIDs {
            guard let value = speakerRatings[id] else {
                return FieldError(
                    field: "speakerRatings.\(id)", message: RuleText.text("rule.feedback.rateEverySpeaker"))
            }
            if let error = Rating.check(value, field: "speakerRatings.\(id)") { return error }
        }
        if let stranger = speakerRatings.keys.sorted().first(where: { !speakerIDs.contains($0) }) {
            return FieldError(field: "speakerRatings.\(stranger)", message: RuleText.text("rule.feedback.notASpeaker"))
        }
        return Rating.checkComment(comment)
    }
}

/// The rating scale.
public enum Rating {
    /// Ratings go from 1 to 5.
    public static let range = 1...5
    /// The longest comment accepted.
    public static let commentLimit = 4000

    static func check(_ value: Int, field: String) -> FieldError? {
        range.contains(value)
            ? nil
            : FieldError(
                field: field,
                message: RuleText.format("rule.feedback.rating", String(range.lowerBound), String(range.upperBound)))
    }

    /// The first rule `comment` breaks, or `nil`: no NUL, at most ``commentLimit`` characters and
    /// ``TextLength/scalarLimit(_:)`` of it in code points.
    static func checkComment(_ comment: String) -> FieldError? {
        // NB: PostgreSQL cannot store NUL in text; refused here, as in posts and messages, on both engines.
        if comment.holdsNUL {
            return FieldError(field: "comment", message: RuleText.text("rule.feedback.commentNUL"))
        }
        // NB: the one length rule of what people write (``TextLength``): characters alone let one letter carry any
        // number of combining marks, so a 1-character comment could be 80 KB.
        return switch TextLength.excess(comment, limit: commentLimit) {
        case nil: nil
        case .characters?:
            FieldError(
                field: "comment",
                message: RuleText.format("rule.feedback.commentTooLong", NumberText.count(commentLimit)))
        case .scalars?:
            FieldError(
                field: "comment",
                message: RuleText.format(
                    "rule.feedback.commentTooManyMarks", NumberText.count(TextLength.scalarLimit(commentLimit))))
        }
    }
}
