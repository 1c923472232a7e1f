import Foundation
import Testing

@testable import TokenVerifier

@Suite("DuplicateKeyScanner")
struct DuplicateKeyScannerTests {
    @Test(
        "finds a repeated member name at any depth, however it is escaped",
        arguments: [
            #"{"alg":"RS512","alg":"none"}"#,
            #"{"alg":"RS512","\u0061lg":"none"}"#,
            #"{"a":{"b":1,"b":2}}"#,
            #"{"a":[{"x":1},{"y":1,"y":2}]}"#,
            #"{"k\"":1,"k\u0022":2}"#,
        ])
    func findsDuplicates(_ json: String) {
        #expect(DuplicateKeyScanner.hasDuplicateKeys(Data(json.utf8)))
    }

    @Test(
        "accepts equal names in different objects, and names that appear as values",
        arguments: [
            #"{"alg":"RS512","kid":"alg"}"#,
            #"{"a":{"x":1},"b":{"x":1},"x":["x","x"]}"#,
            #"{"a\\":1,"a":2,"s":"{\"a\":1,\"a\":2}"}"#,
            #"[{"a":1},{"a":1}]"#,
            "{}",
        ])
    func acceptsDistinctNames(_ json: String) {
        #expect(!DuplicateKeyScanner.hasDuplicateKeys(Data(json.utf8)))
    }
}
