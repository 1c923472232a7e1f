import Foundation
import Testing

@testable import HTTPServer

/// A comma before a closing bracket, which Foundation's parser takes and JSON does not, is found wherever it is,
/// and nothing else is: not a comma inside a string, not one before a value.
@Suite struct JSONCommaCheckTests {
    struct Person: Decodable, Equatable {
        var name: String
        var tags: [String]
    }

    @Test(arguments: [
        (#"{"name":"Ana",}"#, 13),
        (#"{"name":"Ana" , }"#, 14),
        (#"{"name":"Ana","tags":["a",]}"#, 25),
        ("{\"name\":\"Ana\",\n\t}", 13),
        (#"[1,]"#, 2),
        (#"{"a":{"b":1,},"c":2}"#, 11),
    ])
    func aCommaBeforeAClosingBracketIsFound(body: String, offset: Int) {
        #expect(JSONCommaCheck.commaBeforeClose(in: Data(body.utf8)) == offset)
    }

    @Test(arguments: [
        #"{"name":"Ana","tags":["a","b"]}"#, #"{"name":"a,}","tags":[",]"]}"#, #"{"name":"a\",}","tags":[]}"#,
        #"{"name":"back\\","tags":[]}"#, "[]", "{}", "", #"{"a":[1,2],"b":{"c":[]}}"#,
    ])
    func validJSONAndCommasInsideStringsAreLeftAlone(body: String) {
        #expect(JSONCommaCheck.commaBeforeClose(in: Data(body.utf8)) == nil)
    }

    @Test func aRequestWithOneIsRefusedAs400NotDecoded() throws {
        // Foundation alone decodes this body; the request refuses it.
        let body = Data(#"{"name":"Ana","tags":["a"],}"#.utf8)
        #expect(try JSONDecoder().decode(Person.self, from: body) == Person(name: "Ana", tags: ["a"]))
        let request = Request(method: .post, path: "/people", body: body)
        #expect(throws: HTTPError.self) { try request.decode(Person.self) }
        do {
            _ = try request.decode(Person.self)
        } catch let error as HTTPError {
            #expect(error.status == .badRequest)
            #expect(error.detail?.contains("byte 26") == true)
        }
        let valid = Request(method: .post, path: "/people", body: Data(#"{"name":"Ana, Bo","tags":[]}"#.utf8))
        #expect(try valid.decode(Person.self) == Person(name: "Ana, Bo", tags: []))
    }
}
