import Foundation
import Testing
import TokenVerifier

@Suite("CompactJWS")
struct CompactJWSTests {
    @Test("splits a token into header, unparsed payload, signature and the signed bytes")
    func parses() throws {
        let token = Forge.token(
            headerJSON: #"{"alg":"RS512","kid":"k"}"#, payloadJSON: #"{"sub":"x"}"#, signature: Data([1, 2, 3]))
        let jws = try CompactJWS(parsing: token)
        #expect(jws.algorithmName == "RS512")
        #expect(jws.keyID == "k")
        #expect(jws.payload == Data(#"{"sub":"x"}"#.utf8))
        #expect(jws.signature == Data([1, 2, 3]))
        #expect(jws.signingInput == Data(token.split(separator: ".").prefix(2).joined(separator: ".").utf8))
        #expect(try jws.claims() == ["sub": "x"])
    }

    @Test("refuses a token over the size limit before decoding anything")
    func refusesHugeToken() {
        let huge = Forge.token(
            headerJSON: #"{"alg":"RS512"}"#, payloadJSON: "{\"pad\":\"" + String(repeating: "a", count: 20_000) + "\"}")
        #expect(throws: TokenError.malformed(.tooLarge)) { try CompactJWS(parsing: huge) }
    }

    @Test("refuses anything but exactly three segments", arguments: ["", "a", "a.b", "a.b.c.d", "a.b.c.d.e", "..."])
    func refusesSegmentCounts(_ token: String) {
        #expect(throws: TokenError.malformed(.segmentCount)) { try CompactJWS(parsing: token) }
    }

    @Test("refuses a segment that is not strict base64url")
    func refusesBadBase64() {
        let good = Forge.token(headerJSON: #"{"alg":"RS512"}"#, payloadJSON: "{}", signature: Data([9]))
        let parts = good.split(separator: ".").map(String.init)
        for broken in [
            "\(parts[0])=.\(parts[1]).\(parts[2])", "\(parts[0]).\(parts[1])+.\(parts[2])",
            "\(parts[0]).\(parts[1]).\(parts[2])==", "\(parts[0]).\(parts[1]).a",
        ] {
            #expect(throws: TokenError.malformed(.base64)) { try CompactJWS(parsing: broken) }
        }
    }

    @Test(
        "refuses a header that is not a JSON object with a string alg",
        arguments: [
            "not json", "[]", "\"RS512\"", "{}", #"{"alg":512}"#, #"{"alg":null}"#, #"{"alg":"RS512""#,
            #"{"alg":"RS512","alg":"none"}"#, #"{"alg":"none","\u0061lg":"RS512"}"#,
        ])
    func refusesBadHeader(_ header: String) {
        let token = Forge.token(headerJSON: header, payloadJSON: "{}")
        #expect(throws: TokenError.malformed(.header)) { try CompactJWS(parsing: token) }
    }

    @Test("leaves a non-JSON payload for after the signature check, then refuses it")
    func defersPayload() throws {
        let jws = try CompactJWS(parsing: Forge.token(headerJSON: #"{"alg":"RS512"}"#, payloadJSON: "[1,2]"))
        #expect(throws: TokenError.malformed(.payload)) { try jws.claims() }
    }
}
