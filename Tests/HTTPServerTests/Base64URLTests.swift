import Foundation
import HTTPTypes
import Testing

@Suite("Base64URL")
struct Base64URLTests {
    @Test("encodes RFC 4648 test vectors without padding, in the URL-safe alphabet")
    func encodesVectors() {
        let vectors = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE"]
        for (plain, encoded) in vectors {
            #expect(Base64URL.encode(Data(plain.utf8)) == encoded)
            #expect(Base64URL.decode(encoded) == Data(plain.utf8))
        }
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.decode("-_-_") == Data([0xFB, 0xFF, 0xBF]))
    }

    @Test("round-trips every length of arbitrary bytes")
    func roundTrips() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
        for length in 0...bytes.count {
            #expect(Base64URL.decode(Base64URL.encode(bytes.prefix(length))) == Data(bytes.prefix(length)))
        }
    }

    /// The document's schema for a cursor uses ``Base64URL/pattern``: every encoding matches it, and what does not
    /// match is never decoded, so the schema refuses no cursor the server wrote and allows every one it reads.
    @Test("the pattern matches every encoding and nothing the decoder takes is outside it")
    func patternAgreesWithTheCodec() throws {
        let pattern = try Regex(Base64URL.pattern)
        let bytes = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 3) }
        for length in 0...bytes.count {
            #expect(Base64URL.encode(bytes.prefix(length)).wholeMatch(of: pattern) != nil)
        }
        for text in ["Zg==", "+/+/", "Zm9v\n", " Zm9v", "Zm!v", "Zm9v.", "é"] {
            #expect(text.wholeMatch(of: pattern) == nil)
            #expect(Base64URL.decode(text) == nil)
        }
    }

    @Test(
        "rejects padding, the standard alphabet, whitespace, impossible lengths and non-canonical trailing bits",
        arguments: ["Zg==", "Zm8=", "+/+/", "Zm9v\n", " Zm9v", "Zm9vY", "Zh", "Zm9", "Zm!v", "Zm9v.", "é"])
    func rejectsInvalid(_ text: String) {
        #expect(Base64URL.decode(text) == nil)
    }
}
