import Foundation
import Testing

@testable import TokenVerifier

@Suite("Streaming SHA-256")
struct SHA256HasherTests {
    @Test func knownDigestsInAnyPieces() throws {
        let empty = SHA256Hasher()
        #expect(try empty.finalizeHex() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let abc = SHA256Hasher()
        abc.update(Data("a".utf8))
        abc.update(Data("bc".utf8))
        #expect(try abc.finalizeHex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func piecesHashLikeTheWhole() throws {
        let data = Data((0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let hasher = SHA256Hasher()
        var start = 0
        while start < data.count {
            hasher.update(data[start..<min(data.count, start + 4093)])
            start += 4093
        }
        #expect(try hasher.finalize() == SHA256.hash(data))
    }

    @Test func aFinishedHasherRefusesToFinishTwice() throws {
        let hasher = SHA256Hasher()
        _ = try hasher.finalize()
        #expect(throws: CryptoError.self) { try hasher.finalize() }
    }
}
