import Foundation
import SalesforceDevServer
import Testing

/// The chunked base64 decoder agrees with Foundation, piece boundaries included.
@Suite struct Base64TextTests {
    static func bytes(_ count: Int, seed: UInt64) -> Data {
        var state = seed
        return Data(
            (0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 33)
            })
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7, 64, 65, 66, 1000, 3001])
    func decodesWhatFoundationEncodes(count: Int) throws {
        let original = Self.bytes(count, seed: UInt64(count))
        let text = try #require(Base64Text(Data(original.base64EncodedString().utf8)))
        #expect(text.decodedCount == count)
        #expect(text.decoded() == original)
        #expect(text.prefix(8) == [UInt8](original.prefix(8)))
    }

    @Test(arguments: [1, 2, 3, 4, 7, 300])
    func handsOverPiecesThatJoinToTheValue(chunkSize: Int) throws {
        let original = Self.bytes(1000, seed: 9)
        let text = try #require(Base64Text(original.base64EncodedString()))
        var joined = Data()
        var largest = 0
        text.decode(chunkSize: chunkSize) { piece in
            joined.append(contentsOf: piece)
            largest = max(largest, piece.count)
        }
        #expect(joined == original)
        #expect(largest <= max(3, chunkSize))
    }

    @Test func skipsLineBreaksAndOtherUnknownCharactersAsFoundationDoes() throws {
        let original = Self.bytes(200, seed: 3)
        let wrapped = original.base64EncodedString(options: [.lineLength64Characters, .endLineWithCarriageReturn])
        #expect(wrapped.contains("\r"))
        let text = try #require(Base64Text(wrapped))
        #expect(text.decoded() == original)
        #expect(text.decodedCount == original.count)
        #expect(Data(base64Encoded: wrapped, options: .ignoreUnknownCharacters) == original)
    }

    @Test(arguments: ["not base64 at all!", "QQ", "Q===", "=QUJ", "QUJDR", "QU=D"])
    func refusesWhatIsNotBase64(text: String) {
        #expect(Base64Text(text) == nil)
        #expect(Data(base64Encoded: text, options: .ignoreUnknownCharacters) == nil)
    }

    /// Foundation decodes these by guessing (ignoring a stray `=` or stopping at it); Salesforce refuses them.
    @Test(arguments: ["QUJD=", "QQ===", "QQ==QUJD"])
    func refusesPaddingThatDoesNotEndTheLastGroup(text: String) {
        #expect(Base64Text(text) == nil)
    }
}
