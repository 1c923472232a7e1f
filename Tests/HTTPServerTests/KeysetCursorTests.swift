import Foundation
import HTTPServer
import HTTPTypes
import Testing

/// The one page cursor of the servers' newest-first lists: what it writes, and everything it refuses.
struct KeysetCursorTests {
    @Test func writesBase64URLOfItsVersionTimeAndID() {
        let cursor = KeysetCursor(createdAt: 1_700_000_000_000, id: 42)
        #expect(cursor.encoded == Base64URL.encode(Data("v1:1700000000000:42".utf8)))
        #expect(!cursor.encoded.contains("="))
        #expect(KeysetCursor(cursor.encoded) == cursor)
    }

    @Test(arguments: [
        "", "garbage!", "djE6eDp5",  // v1:x:y
        Base64URL.encode(Data("v2:1:1".utf8)), Base64URL.encode(Data("v1:-1:1".utf8)),
        Base64URL.encode(Data("v1:1:0".utf8)), Base64URL.encode(Data("v1:1:2:3".utf8)),
        Base64URL.encode(Data("v1:1:99999999999999999999".utf8)), Base64URL.encode(Data([0xFF, 0xFE])),
        Base64URL.encode(Data("v1:1:1".utf8)) + "=", String(repeating: "A", count: 68),
    ])
    func refusesWhatThisServerDidNotWrite(_ text: String) {
        #expect(KeysetCursor(text) == nil)
    }

    @Test func theQueryParameterIsOptionalAndARefusalNamesIt() throws {
        #expect(try KeysetCursor.query(Request(method: .get, target: "/a")) == nil)
        #expect(try KeysetCursor.query(Request(method: .get, target: "/a?cursor=")) == nil)
        let since = KeysetCursor(createdAt: 5, id: 6)
        #expect(try KeysetCursor.query(Request(method: .get, target: "/a?since=\(since.encoded)"), "since") == since)
        do {
            _ = try KeysetCursor.query(Request(method: .get, target: "/a?since=nope"), "since")
            Issue.record("read a cursor from 'nope'")
        } catch let error as HTTPError {
            #expect(error.status == .badRequest)
            #expect(error.extensions["field"] == "since")
        }
    }

    /// Any cursor's reader (the search's has a form of its own) takes an empty value as the first page and refuses
    /// what it cannot read with the same 400 naming the parameter.
    @Test func anIssuedValueIsReadByItsOwnReader() throws {
        let read = { (text: String) in text == "mine" ? 7 : nil }
        #expect(try Request(method: .get, target: "/a").issuedValue("mark", read) == nil)
        #expect(try Request(method: .get, target: "/a?mark=").issuedValue("mark", read) == nil)
        #expect(try Request(method: .get, target: "/a?mark=mine").issuedValue("mark", read) == 7)
        #expect(throws: KeysetCursor.notIssued("mark")) {
            try Request(method: .get, target: "/a?mark=yours").issuedValue("mark", read)
        }
    }

    /// The longest cursor the reader takes is the `maxLength` the document gives it.
    @Test func theLongestCursorIsTheDocumentedOne() {
        let longest = Base64URL.encode(Data("v1:\(Int64.max):\(Int64.max)".utf8))
        #expect(longest.utf8.count <= KeysetCursor.maximumLength)
        #expect(KeysetCursor(longest) != nil)
        #expect(KeysetCursor(String(repeating: "A", count: KeysetCursor.maximumLength + 4)) == nil)
    }
}
