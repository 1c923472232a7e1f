import AttendeeModels
import Testing

/// Search folding: the ASCII path folds exactly as Foundation does, and other text loses accents, case and width.
struct SearchFoldingTests {
    @Test func asciiFoldsExactlyAsFoundationDoes() {
        let every = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self)
        #expect(SearchFolding.fold(every) == SearchFolding.foundationFold(every))
        for text in ["Ada LOVELACE", "Grace\nHopper\tNavy", "100% o'Brien_\\", ""] {
            #expect(SearchFolding.fold(text) == SearchFolding.foundationFold(text), "\(text)")
        }
    }

    @Test(arguments: [
        ("José Núñez", "jose nunez"), ("ÅNGSTRÖM", "angstrom"), ("Ｑｕａｒｔｅｔ", "quartet"), ("Straße", "strasse"),
        ("Zoë\nÆon", "zoe\næon"),
    ])
    func otherTextLosesAccentsCaseAndWidth(text: String, folded: String) {
        #expect(SearchFolding.fold(text) == folded)
    }

    @Test func queryWildcardsAreEscaped() {
        #expect(SearchFolding.containsPattern("50%_Ö\\") == "%50\\%\\_o\\\\%")
    }
}
