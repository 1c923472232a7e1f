import HTTPServer
import Testing

/// The bearer token every server reads from `Authorization` (RFC 6750 §2.1).
struct RequestBearerTokenTests {
    func token(_ header: String?, schemes: Set<String> = ["bearer"]) -> String? {
        Request(method: .get, path: "/", headers: header.map { ["Authorization": $0] } ?? [:])
            .bearerToken(schemes: schemes)
    }

    @Test func readsTheTokenWhateverTheSchemesCase() {
        #expect(token("Bearer abc.def") == "abc.def")
        #expect(token("bearer abc") == "abc")
        #expect(token("BEARER  abc  ") == "abc")
    }

    @Test func nothingWithoutAHeaderAnotherSchemeOrAToken() {
        #expect(token(nil) == nil)
        #expect(token("Basic dXNlcjpwdw==") == nil)
        #expect(token("Bearer") == nil)
        #expect(token("Bearer    ") == nil)
        #expect(token("Bearerabc") == nil)
        #expect(token("OAuth abc") == nil)
    }

    @Test func aServerMayAcceptAnotherScheme() {
        #expect(token("OAuth abc", schemes: ["bearer", "oauth"]) == "abc")
        #expect(token("Bearer abc", schemes: ["bearer", "oauth"]) == "abc")
    }
}
