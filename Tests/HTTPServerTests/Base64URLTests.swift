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

    @Test(
        "rejects padding, the standard alphabet, whitespace, impossible lengths and non-canonical trailing bits",
        arguments: ["Zg==", "Zm8=", "+/+/", "Zm9v\n", " Zm9v", "Zm9vY", "Zh", "Zm9", "Zm!v", "Zm9v.", "é"])
    func rejectsInvalid(_ text: String) {
        #expect(Base64URL.decode(text) == nil)
    }
}
