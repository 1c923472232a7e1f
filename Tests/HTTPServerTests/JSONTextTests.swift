import Foundation
import Testing

@testable import HTTPServer

/// A comma before a closing bracket, which Foundation's parser takes and JSON does not, is found wherever it is,
/// and nothing else is: not a comma inside a string, not one before a value.
@Suite struct JSONTextTests {
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
        #expect(JSONText.commaBeforeClose(in: Data(body.utf8)) == offset)
    }

    @Test(arguments: [
        #"{"name":"Ana","tags":["a","b"]}"#, #"{"name":"a,}","tags":[",]"]}"#, #"{"name":"a\",}","tags":[]}"#,
        #"{"name":"back\\","tags":[]}"#, "[]", "{}", "", #"{"a":[1,2],"b":{"c":[]}}"#,
    ])
    func validJSONAndCommasInsideStringsAreLeftAlone(body: String) {
        #expect(JSONText.commaBeforeClose(in: Data(body.utf8)) == nil)
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

/// An unpaired UTF-16 surrogate escape, which JSON's grammar allows and a Swift string cannot hold, is read as
/// U+FFFD; a pair, an escaped backslash before `u` and every other escape are left alone.
@Suite struct LoneSurrogateTests {
    struct Post: Decodable, Equatable {
        var text: String
    }

    @Test(arguments: [
        (#"{"text":"cut \ud83c"}"#, #"{"text":"cut \ufffd"}"#),
        (#"{"text":"\udf0b after"}"#, #"{"text":"\ufffd after"}"#),
        (#"{"text":"\uD83C\u0041"}"#, #"{"text":"\ufffd\u0041"}"#),
        (#"{"text":"\ud83c\ud83c\udf0b"}"#, #"{"text":"\ufffd\ud83c\udf0b"}"#),
        (#"{"\ud83d":1,"text":"x"}"#, #"{"\ufffd":1,"text":"x"}"#),
        (#"{"text":"end \ud83c"#, #"{"text":"end \ufffd"#),
    ])
    func aLoneHalfBecomesTheReplacementCharacter(body: String, expected: String) throws {
        let replaced = try #require(JSONText.replacingLoneSurrogates(in: Data(body.utf8)))
        #expect(String(decoding: replaced, as: UTF8.self) == expected)
    }

    @Test(arguments: [
        #"{"text":"\ud83c\udf0b"}"#, #"{"text":"\\ud83c"}"#, #"{"text":"\"\ud83c\udf0b\""}"#, #"{"text":"plain"}"#,
        #"{"text":"\u00e9\n\t"}"#, #"{"text":"\uZZZZ"}"#, #"{"text":"\ud8"}"#, "", #"{"n":1}"#,
    ])
    func pairsAndEveryOtherEscapeAreLeftAlone(body: String) {
        #expect(JSONText.replacingLoneSurrogates(in: Data(body.utf8)) == nil)
    }

    @Test func aRequestReadsTheLoneHalfAsTheReplacementCharacterAndIgnoresAnUnreadKeyWithOne() throws {
        // Foundation alone refuses both bodies.
        let cut = Data(#"{"text":"Fire \ud83c"}"#.utf8)
        let key = Data(#"{"\ud83d":1,"text":"Fire \ud83c\udf0b"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Post.self, from: cut) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Post.self, from: key) }
        #expect(try Request(method: .post, path: "/posts", body: cut).decode(Post.self) == Post(text: "Fire \u{FFFD}"))
        #expect(try Request(method: .post, path: "/posts", body: key).decode(Post.self) == Post(text: "Fire 🌋"))
    }
}

/// A number an integer field cannot hold is JSON, so it is a 422 naming the field, not a 400 "not valid JSON":
/// Foundation's decoder reports it as corrupted data with no path, as it does a body that is not JSON.
@Suite struct UnfitNumberTests {
    struct Rating: Decodable, Equatable {
        var score: Int
        var weight: Double
        var tags: [Int]
    }

    @Test(arguments: [
        (#"{"score":3.5,"weight":1,"tags":[]}"#, "score"),
        (#"{"score":99999999999999999999,"weight":1,"tags":[]}"#, "score"),
        (#"{"score":1,"weight":0.5,"tags":[1,2.5]}"#, "tags.1"),
        (#"{"score":-1e19,"weight":2.5,"tags":[]}"#, "score"),
    ])
    func theFieldIsNamed(body: String, field: String) throws {
        // Foundation alone names no field.
        do {
            _ = try JSONDecoder().decode(Rating.self, from: Data(body.utf8))
            Issue.record("decoded \(body)")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.isEmpty)
        }
        let error = try #require(throws: HTTPError.self) {
            try Request(method: .post, path: "/ratings", body: Data(body.utf8)).decode(Rating.self)
        }
        #expect(error.status == .unprocessableContent)
        #expect(error.extensions["field"] == field)
        #expect(error.detail == "Field '\(field)' must be a whole number in range.")
    }

    @Test(arguments: [#"{"score":3.5,"#, #"{"score":1e400,"weight":1,"tags":[]}"#, "nope"])
    func aBodyThatIsNotJSONIsStillA400(body: String) throws {
        let error = try #require(throws: HTTPError.self) {
            try Request(method: .post, path: "/ratings", body: Data(body.utf8)).decode(Rating.self)
        }
        #expect(error.status == .badRequest)
    }

    @Test func manyFractionsAreNotTriedOneByOne() throws {
        let fractions = (0..<1000).map { _ in "0.5" }.joined(separator: ",")
        let body = Data(#"{"score":1,"weight":1,"tags":[\#(fractions)]}"#.utf8)
        var tries = 0
        #expect(
            JSONText.pathOfUnfitNumber(in: body) { _ in
                tries += 1
                return true
            } == nil)
        #expect(tries == 0)
        let error = try #require(throws: HTTPError.self) {
            try Request(method: .post, path: "/ratings", body: body).decode(Rating.self)
        }
        #expect(error.status == .badRequest)
    }
}
