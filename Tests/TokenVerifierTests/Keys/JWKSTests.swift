import Foundation
import Testing
import TokenVerifier

@Suite("JWKS")
struct JWKSTests {
    @Test("keeps usable RSA signing keys and skips unknown members, odd keys and unusable keys")
    func tolerantDecode() throws {
        let keys = try TestKeys.get()
        let current = try keys.current.publicJWK(keyID: "eu-west-1-1", algorithm: .rs512)
        let next = try keys.next.publicJWK(keyID: "eu-west-1-2", algorithm: .rs256)
        let document = """
            {"future":true,"keys":[
              {"kty":"EC","kid":"ec","crv":"P-256","x":"AA","y":"AA"},
              {"kty":"RSA","kid":"no-n","e":"AQAB"},
              {"kty":"RSA","kid":"no-e","n":"\(current.n ?? "")"},
              {"kty":"RSA","kid":"enc","use":"enc","n":"\(current.n ?? "")","e":"AQAB"},
              {"kty":"RSA","kid":"hs","alg":"HS256","n":"\(current.n ?? "")","e":"AQAB"},
              {"kty":"RSA","n":"\(current.n ?? "")","e":"AQAB"},
              {"kty":"RSA","kid":42,"n":"\(current.n ?? "")","e":"AQAB"},
              "not an object",
              {"kty":"RSA","kid":"eu-west-1-1","alg":"RS512","use":"sig","n":"\(current.n ?? "")","e":"AQAB","x5t":"ignored"},
              {"kty":"RSA","kid":"eu-west-1-2","alg":"RS256","n":"\(next.n ?? "")","e":"AQAB"}
            ]}
            """
        let jwks = try #require(JWKS.decode(Data(document.utf8)))
        let usable = jwks.verificationKeys()
        #expect(Set(usable.keys) == ["eu-west-1-1", "eu-west-1-2"])
        #expect(usable["eu-west-1-1"]?.algorithm == .rs512)
        #expect(usable["eu-west-1-2"]?.algorithm == .rs256)
        #expect(try usable["eu-west-1-2"]?.key.publicKeyPEM() == keys.next.publicKeyPEM())
    }

    @Test("refuses a document without a keys array", arguments: ["", "[]", "{}", #"{"keys":{}}"#, "{\"keys\":["])
    func refusesNonDocuments(_ text: String) {
        #expect(JWKS.decode(Data(text.utf8)) == nil)
    }
}
