import SalesforceDevServer
import Testing

@Suite struct SalesforceIDTests {
    @Test(arguments: [
        "002R0000001rCQ7IAM", "00PR0000000uHZGMA2", "098R0000000CaZpIAK", "068R0000002Hu1FIAS", "a00B000000FSkcvIAD",
    ])
    func realIdsHaveTheSuffixWeCompute(id: String) {
        #expect(SalesforceID.caseSafe(String(id.prefix(15))) == id)
        #expect(SalesforceID.isWellFormed(id))
    }

    @Test func generatedIdsCarryTheObjectsKeyPrefixAndAValidSuffix() {
        var generator = SystemRandomNumberGenerator()
        for (object, prefix) in [
            ("Account", "001"), ("Note", "002"), ("Attachment", "00P"), ("GoogleDoc", "098"),
            ("ContentDocument", "069"), ("ContentVersion", "068"),
        ] {
            let id = SalesforceID.generate(for: object, using: &generator)
            #expect(id.count == 18)
            #expect(id.hasPrefix(prefix))
            #expect(SalesforceID.isWellFormed(id))
            #expect(SalesforceID.object(of: id) == object)
        }
    }

    @Test(arguments: ["", "001", "001Q000000Demo1IAA", "001Q000000Demo1-AB", "001Q000000Demo1IABX", "ü01Q000000Demo1"])
    func malformedIdsAreRefused(id: String) {
        #expect(!SalesforceID.isWellFormed(id))
        #expect(SalesforceID.normalized(id) == nil)
    }

    @Test func theShortFormNormalizesToTheLongOne() {
        #expect(SalesforceID.normalized("001Q000000Demo1") == "001Q000000Demo1IAB")
    }
}
