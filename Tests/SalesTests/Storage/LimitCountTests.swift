import Foundation
import SalesCore
import Testing

/// Every sentence that states a limit writes its numbers with the locale's digit grouping (`32,000 characters`,
/// `26,214,400 bytes`), through one helper (`NumberText.count`, tested in LocalizationTests), so a limit never
/// reads as a code.
@Suite struct LimitCountTests {
    /// A refusal of a note's text, at once and under "Changes Not Sent".
    @Test func aRefusalStatesItsLimitGrouped() {
        let error = SalesforceError.service(
            operation: "add the note Visit", status: 400,
            errors: [
                SalesforceErrorItem(
                    message: "Body: data value too large (max length=32000)", errorCode: "STRING_TOO_LONG",
                    fields: ["Body"])
            ])
        #expect(
            SalesText.refusal(error, object: "Note").hasPrefix(
                "The text is longer than Salesforce keeps (32,000 characters at most)."))
        #expect(error.message(object: "Note").contains("(32,000 characters at most)"))
    }

    /// The attachment limit and a size just over it.
    @Test func theAttachmentLimitIsGroupedInBytes() {
        let limit = SalesforceClient.maximumAttachmentBytes
        #expect(
            SalesText.fileTooLarge("scan.pdf", bytes: limit + 1)
                == "scan.pdf is 26,214,401 bytes; attachments are limited to 25 MB (26,214,400 bytes).")
    }
}
