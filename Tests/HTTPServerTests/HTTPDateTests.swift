import Foundation
import HTTPTypes
import Testing

/// HTTP dates (RFC 9110 §5.6.7): written as IMF-fixdate, read in all three forms, GMT only.
struct HTTPDateTests {
    /// Sun, 06 Nov 1994 08:49:37 GMT, the RFC's own example.
    static let example = Date(timeIntervalSince1970: 784_111_777)

    @Test func writesIMFFixdate() {
        #expect(HTTPDate.string(from: Self.example) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
        "Sun Nov 6 08:49:37 1994",
    ])
    func readsEachOfTheThreeForms(_ text: String) {
        #expect(HTTPDate.date(from: text) == Self.example)
    }

    @Test(arguments: [
        "", "yesterday", "Sun, 06 Nov 1994 08:49:37 +0100", "Sun, 06 Nov 1994 08:49 GMT", "1994-11-06T08:49:37Z",
        "Sun, 32 Nov 1994 08:49:37 GMT",
    ])
    func refusesAnythingElse(_ text: String) {
        #expect(HTTPDate.date(from: text) == nil)
    }

    @Test func roundTripsWholeSeconds() {
        for seconds in [0, 1_700_000_000, 1_764_460_800, 2_000_000_000] {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(HTTPDate.date(from: HTTPDate.string(from: date)) == date)
        }
    }
}
