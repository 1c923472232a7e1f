import AttendeeModels
import Foundation
import Localization
import Testing

/// The rules' sentences come from AttendeeModels' own table, as the screens' come from AttendeeCore's: every key the
/// rules use is in `Localizable.strings` and every sentence there is used.
struct RuleTextTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Sources/AttendeeModels").standardizedFileURL

    @Test func everyKeyTheRulesUseIsInTheTableAndEverySentenceIsUsed() throws {
        let table = try String(
            contentsOf: Self.sources.appendingPathComponent("Resources/en.lproj/Localizable.strings"), encoding: .utf8)
        let defined = Set(table.matches(of: #/^"([^"]+)" = /#.anchorsMatchLineEndings()).map { String($0.output.1) })
        var used = Set<String>()
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            used.formUnion(text.matches(of: #/RuleText\.(?:text|format)\(\s*"([^"]+)"/#).map { String($0.output.1) })
        }
        #expect(used.count > 30)
        #expect(used.subtracting(defined).isEmpty, "missing from the table: \(used.subtracting(defined).sorted())")
        #expect(defined.subtracting(used).isEmpty, "never used: \(defined.subtracting(used).sorted())")
    }

    @Test func aRuleSpeaksInTheTablesWordsWithItsNumbersFilledIn() {
        let fields = [AdditionalInfoField(key: "diet", label: "Diet")]
        let errors = AdditionalInfoSubmission(answers: [:], guests: [Guest(name: "", email: "x")])
            .validationErrors(fields: fields)
        #expect(
            errors.map(\.message) == [
                "Diet is required.", "Guest 1 needs a name.", "Guest 1 needs a valid e-mail address.",
            ])
        let marked = StringTable.$marking.withValue(true) {
            SignUpRequest(email: "ana@example.com", password: "short", name: "Ana").validationError()?.message
        }
        #expect(marked?.hasPrefix(StringTable.openMark) == true, "\(marked ?? "nil")")
        #expect(marked?.contains(String(SignUpRequest.minimumPasswordLength)) == true)
    }
}
