import AttendeeModels
import Foundation
import Testing

@testable import AttendeeCore

/// One length rule for what people write: characters as people see them, and code points, so one letter
/// cannot carry tens of thousands of combining marks.
@Suite struct TextLengthTests {
    static let zalgo = "Z" + String(repeating: "\u{301}", count: 40_000)

    @Test func aLetterWithFortyThousandMarksIsRefusedEverywhereWithItsOwnSentence() {
        #expect(Self.zalgo.count == 1)
        #expect(PostText.check(Self.zalgo, imageID: nil) == .tooManyMarks)
        let message = MessageRules.checkText(Self.zalgo, field: "text", limit: MessageRules.textLimit)
        #expect(
            message?.message == "The text holds too many accents or other combining marks: at most 16,000 code points.")
        #expect(
            MessageRules.checkText(Self.zalgo + Self.zalgo + Self.zalgo, field: "text", limit: NoteRules.textLimit)?
                .message.contains("80,000") == true)
        #expect(PostText.fieldError(.tooManyMarks).field == "text")
        #expect(TextProblem.of(Self.zalgo, limit: PostText.limit) == .tooManyMarks(limit: PostText.limit))
        #expect(ComposerState(draft: Self.zalgo).message?.contains("combining marks") == true)
    }

    @Test func textPeopleWriteStaysUnderTheSecondCap() {
        let families = String(repeating: "👨‍👩‍👧‍👦", count: PostText.limit)
        #expect(PostText.check(families, imageID: nil) == nil)
        #expect(PostText.check(String(repeating: "é", count: PostText.limit), imageID: nil) == nil)
        #expect(PostText.check(String(repeating: "a", count: PostText.limit + 1), imageID: nil) == .tooLong)
    }
}
