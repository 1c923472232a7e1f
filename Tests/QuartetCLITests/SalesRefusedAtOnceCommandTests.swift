import Foundation
import Testing

/// `quartet sales` says a refusal Salesforce answers at once as the editor does: in the rep's words, without
/// Salesforce's error code or its English (a validation rule's own message aside).
@Suite struct SalesRefusedAtOnceCommandTests {
    let hospital = "001Q000000Demo1IAB"

    @Test func aRefusedNoteIsSaidInTheRepsWords() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        cli.refuseNextCreate.set(
            400,
            #"[{"message":"Body: data value too large: (max length=32000)","errorCode":"STRING_TOO_LONG","fields":["Body"]}]"#
        )

        let added = await cli.run(["note", "add", hospital, "--title", "Visit", "--body", "What the buyer said"])
        #expect(added.code != 0)
        #expect(
            added.errors
                == "quartet: Could not add the note Visit. The text is longer than Salesforce keeps (32,000 characters "
                + "at most). Shorten it, then try again.\n")
        #expect(!added.errors.contains("STRING_TOO_LONG"))
        #expect(!added.errors.contains("data value too large"))
    }

    @Test func aValidationRulesOwnWordsAreKept() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        cli.refuseNextCreate.set(
            400, #"[{"message":"Say who you met.","errorCode":"FIELD_CUSTOM_VALIDATION_EXCEPTION","fields":[]}]"#)

        let added = await cli.run(["note", "add", hospital, "--title", "Visit", "--body", "Talked"])
        #expect(
            added.errors
                == "quartet: Could not add the note Visit. A rule your Salesforce administrator set refused it: “Say "
                + "who you met.” Change it to fit the rule, then try again.\n")
    }
}
