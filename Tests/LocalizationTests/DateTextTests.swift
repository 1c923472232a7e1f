import Foundation
import Testing

@testable import Localization

/// Kept formatters write every date as a formatter made for that call would: each locale, zone, template and
/// style keeps its own, and a store emptied when full still writes correctly.
@Suite struct DateTextTests {
    static let instant = Date(timeIntervalSince1970: 1_805_274_000)  // 2027-03-17 09:00 UTC

    static func fresh(_ date: Date, _ configure: (DateFormatter) -> Void) -> String {
        let formatter = DateFormatter()
        configure(formatter)
        return formatter.string(from: date)
    }

    @Test(arguments: ["en_GB", "en_US", "de_DE", "ja_JP"], ["UTC", "America/Los_Angeles", "Asia/Kolkata"])
    func eachLocaleAndZoneIsWrittenItsOwnWay(localeID: String, zoneID: String) throws {
        let locale = Locale(identifier: localeID)
        let zone = try #require(TimeZone(identifier: zoneID))
        for template in ["jmm", "EEEdMMM", "EEEdMMMy", "dMMMjmm"] {
            let expected = Self.fresh(Self.instant) {
                $0.locale = locale
                $0.timeZone = zone
                $0.setLocalizedDateFormatFromTemplate(template)
            }
            #expect(DateText.string(Self.instant, template: template, locale: locale, timeZone: zone) == expected)
        }
        for (date, time) in [
            (DateFormatter.Style.medium, DateFormatter.Style.none), (.none, .short), (.medium, .short),
        ] {
            let expected = Self.fresh(Self.instant) {
                $0.locale = locale
                $0.timeZone = zone
                $0.dateStyle = date
                $0.timeStyle = time
            }
            #expect(
                DateText.string(Self.instant, dateStyle: date, timeStyle: time, locale: locale, timeZone: zone)
                    == expected)
        }
    }

    @Test func aTemplateAndAStyleDoNotShareAFormatter() {
        let locale = Locale(identifier: "en_US")
        let zone = TimeZone(identifier: "UTC")!
        let time = DateText.string(Self.instant, template: "jmm", locale: locale, timeZone: zone)
        let day = DateText.string(Self.instant, dateStyle: .medium, locale: locale, timeZone: zone)
        // NB: ICU puts a narrow no-break space before "AM".
        #expect(time.replacingOccurrences(of: "\u{202F}", with: " ") == "9:00 AM")
        #expect(day == "Mar 17, 2027")
        #expect(DateText.string(Self.instant, template: "jmm", locale: locale, timeZone: zone) == time)
    }

    @Test func manyFormatsFromManyThreadsAreAllRight() async {
        // More formats than the store keeps, written at once from several tasks: each answer is still its own.
        let zones = TimeZone.knownTimeZoneIdentifiers.prefix(100).compactMap(TimeZone.init(identifier:))
        let locale = Locale(identifier: "en_GB")
        let answers = await withTaskGroup(of: (String, String).self) { group in
            for zone in zones {
                group.addTask {
                    (DateText.string(Self.instant, template: "jmm", locale: locale, timeZone: zone), zone.identifier)
                }
            }
            return await group.reduce(into: [:]) { $0[$1.1] = $1.0 }
        }
        for zone in zones {
            let expected = Self.fresh(Self.instant) {
                $0.locale = locale
                $0.timeZone = zone
                $0.setLocalizedDateFormatFromTemplate("jmm")
            }
            #expect(answers[zone.identifier] == expected, "\(zone.identifier)")
        }
    }
}
