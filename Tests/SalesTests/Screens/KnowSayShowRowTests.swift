import Foundation
import SalesCore
import Testing

/// Know · Say · Show rows as an org fills them in: a Description left as spaces, a version with no document.
@Suite struct KnowSayShowRowTests {
    static func rows(_ json: String) throws -> [KnowSayShowSection.Row] {
        let content = try JSONDecoder().decode(WebContent.self, from: Data(json.utf8))
        return KnowSayShowSection.sections(content).flatMap(\.rows)
    }

    @Test func aBlankDescriptionShowsTheTitleAndNeverABlankRow() throws {
        let rows = try Self.rows(
            """
            {"isSuccess": true, "message": "SUCCESS", "contentsforKnow": [
              {"Id": "068A", "Title": "Pricing 2024", "Description": "   \\n", "ContentDocumentId": "069A"},
              {"Id": "068B", "Title": "  ", "Description": "", "ContentDocumentId": "069B"},
              {"Id": "068C", "Title": "Deck", "Description": "  Our story  ", "ContentDocumentId": "069C"}
            ]}
            """)
        #expect(rows.map(\.text) == ["Pricing 2024", "Untitled", "Our story"])
    }

    @Test func aRowWithNoDocumentDoesNotOfferToOpenAndSaysSo() throws {
        let rows = try Self.rows(
            """
            {"isSuccess": true, "contentsforSay": [
              {"Id": "068D", "Title": "Talk track", "Description": "What to say first"},
              {"Id": "068E", "Title": "Old", "Description": "Retired", "ContentDocumentId": " "},
              {"Id": "068F", "Title": "Script", "Description": "Opening lines", "ContentDocumentId": "069F"}
            ]}
            """)
        #expect(rows.map(\.isOpenable) == [false, false, true])
        #expect(rows.map(\.nothingToOpen) == ["No document to open", "No document to open", nil])
    }
}
