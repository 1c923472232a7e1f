import Foundation
import Testing

@testable import Localization

/// A count in a sentence that states a limit is grouped as its locale writes numbers, so `32000` never reads as a
/// code; kept formatters write each locale its own way. A fixed-point decimal is the same in every locale.
@Suite struct NumberTextTests {
    @Test func aCountIsGroupedAsEachLocaleWritesIt() {
        let english = Locale(identifier: "en_US")
        let german = Locale(identifier: "de_DE")
        #expect(NumberText.count(32_000, locale: english) == "32,000")
        #expect(NumberText.count(32_000, locale: german) == "32.000")
        #expect(NumberText.count(26_214_400, locale: english) == "26,214,400")
        #expect(NumberText.count(26_214_400, locale: german) == "26.214.400")
        // Asked again in the other order: a kept formatter answers only for its own locale.
        #expect(NumberText.count(16_000, locale: german) == "16.000")
        #expect(NumberText.count(16_000, locale: english) == "16,000")
        #expect(NumberText.count(80, locale: german) == "80")
        #expect(NumberText.count(0, locale: english) == "0")
    }

    @Test(arguments: ["en_GB", "de_CH", "fr_FR", "hi_IN", "ja_JP"])
    func keptFormattersWriteWhatAFreshOneWrites(_ identifier: String) {
        let locale = Locale(identifier: identifier)
        let fresh = NumberFormatter()
        fresh.locale = locale
        fresh.numberStyle = .decimal
        for value in [5, 1_234, 2_000, 10_000, 123_456_789] {
            #expect(NumberText.count(value, locale: locale) == fresh.string(from: NSNumber(value: value)))
        }
    }

    /// The fixed-point text of magnitudes and coordinates: the same digits on every platform and in every locale.
    @Test func roundsHalfAwayFromZero() {
        #expect(NumberText.fixed(2.945, digits: 1) == "2.9")
        #expect(NumberText.fixed(2.95, digits: 1) == "3.0")
        #expect(NumberText.fixed(-0.04, digits: 1) == "0.0")
        #expect(NumberText.fixed(-1.25, digits: 1) == "-1.3")
        #expect(NumberText.fixed(12, digits: 0) == "12")
        #expect(NumberText.fixed(0.5, digits: 2, separator: ",") == "0,50")
    }
}
