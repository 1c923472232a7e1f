import Foundation
import Testing

@testable import SalesforceUpload

/// The streaming base64 decoder: exact bytes however the text is cut, Foundation's leniency for
/// characters outside the alphabet, and a clear refusal of everything else.
@Suite struct Base64DecoderTests {
    /// Decodes `text` fed in pieces of `piece` bytes; `nil` when it is refused.
    static func decode(_ text: String, piece: Int) -> Data? {
        var decoder = Base64Decoder()
        let bytes = Array(text.utf8)
        var output = Data(count: Base64Decoder.room(for: bytes.count) + 2)
        var written = 0
        let valid = output.withUnsafeMutableBytes { buffer -> Bool in
            bytes.withUnsafeBytes { input in
                var start = 0
                while start < input.count {
                    let end = min(input.count, start + piece)
                    written += decoder.decode(
                        UnsafeRawBufferPointer(rebasing: input[start..<end]), into: buffer.baseAddress! + written)
                    start = end
                }
            }
            guard let tail = decoder.finish(into: buffer.baseAddress! + written) else { return false }
            written += tail
            return true
        }
        return valid ? output.prefix(written) : nil
    }

    // NB: computed, not stored: LeakSanitizer cannot follow Swift-tagged pointers in a global `Data`.
    static var original: Data { Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }) }

    @Test(arguments: [1, 2, 3, 4, 5, 7, 64, 1 << 20])
    func decodesExactlyHoweverTheTextIsCut(piece: Int) {
        for length in [0, 1, 2, 3, 4, 5, 6, 299, 300, 1000] {
            let data = Self.original.prefix(length)
            #expect(Self.decode(data.base64EncodedString(), piece: piece) == data, "length \(length)")
        }
    }

    /// Found by `scripts/fuzz` (base64): a group carried from the last piece made a piece decode to 3 bytes
    /// more than `room(for:)` allowed, and the vector decoder wrote past the room.
    @Test(arguments: [1, 2, 3])
    func eachPieceStaysWithinTheRoomPromisedForIt(carried: Int) {
        var decoder = Base64Decoder()
        let sentinel: UInt8 = 0xA5
        for piece in [String(repeating: "Q", count: carried), String(repeating: "A", count: 32 + 4 - carried)] {
            let bytes = Array(piece.utf8)
            let room = Base64Decoder.room(for: bytes.count)
            var output = [UInt8](repeating: sentinel, count: room + 16)
            let written = output.withUnsafeMutableBytes { buffer in
                bytes.withUnsafeBytes { decoder.decode($0, into: buffer.baseAddress!) }
            }
            #expect(written <= room)
            #expect(output[room...].allSatisfy { $0 == sentinel }, "piece of \(bytes.count) wrote past \(room)")
        }
    }

    @Test(arguments: [1, 3, 76])
    func skipsLineBreaksAndSpacesAsFoundationDoes(piece: Int) {
        let wrapped =
            Self.original.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn])
            + " \n"
        #expect(wrapped.contains("\r"))
        #expect(Self.decode(wrapped, piece: piece) == Self.original)
        #expect(Data(base64Encoded: wrapped, options: .ignoreUnknownCharacters) == Self.original)
    }

    @Test(arguments: [
        "QUJD=", "QUJD==", "QQ=", "QQ", "QUI", "Q===", "QQ==QQ==", "QUI=QUJD", "=QUJ", "QU=J", "QUJDQ",
    ])
    func refusesWhatIsNotBase64(text: String) {
        for piece in [1, 2, 64] {
            #expect(Self.decode(text, piece: piece) == nil, "\(text) in pieces of \(piece)")
        }
    }

    @Test func acceptsWhatFoundationAccepts() {
        for text in ["", "QQ==", "QUI=", "QUJD", "QU JD", "Q\nU\nJ\nD", "QUJD\n", "QQ==\n", "QQ= ="] {
            let foundation = Data(base64Encoded: text, options: .ignoreUnknownCharacters)
            #expect(Self.decode(text, piece: 1) == foundation, "\(text)")
            #expect(Self.decode(text, piece: 3) == foundation, "\(text)")
        }
    }

    /// Every character of the alphabet in every position of the vector decoder's 32-character blocks.
    @Test func everyCharacterDecodesInEveryPositionOfABlock() {
        var state: UInt64 = 99
        let random = (0..<100_000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        let ramps: [UInt8] = (0..<(3 * 256)).map { UInt8(truncatingIfNeeded: ($0 % 256) &* 7 &+ $0 / 256) }
        let data = Data(ramps + random)
        #expect(Set(data.base64EncodedString().utf8).subtracting([UInt8(ascii: "=")]).count == 64)
        for piece in [32, 1000, 1 << 20] {
            #expect(Self.decode(data.base64EncodedString(), piece: piece) == data)
        }
    }

    /// A character outside the alphabet anywhere in a block stops the vector decoder there; the rest is right.
    @Test func aSkippedCharacterAnywhereInABlockIsHandled() {
        let text = Array(Self.original.base64EncodedString().utf8)
        for position in 0..<96 {
            var broken = text
            broken.insert(UInt8(ascii: "\n"), at: position)
            #expect(
                Self.decode(String(decoding: broken, as: UTF8.self), piece: 1 << 20) == Self.original, "\(position)")
            broken[position] = UInt8(ascii: "*")
            #expect(
                Self.decode(String(decoding: broken, as: UTF8.self), piece: 1 << 20) == Self.original, "\(position)")
            broken[position] = UInt8(ascii: "=")
            #expect(Self.decode(String(decoding: broken, as: UTF8.self), piece: 1 << 20) == nil, "\(position)")
        }
    }

    @Test func staysRefusedAfterAFailure() {
        var decoder = Base64Decoder()
        var output = [UInt8](repeating: 0, count: 64)
        let written = output.withUnsafeMutableBytes { buffer in
            Array("QQ==QUJD".utf8).withUnsafeBytes { decoder.decode($0, into: buffer.baseAddress!) }
        }
        #expect(decoder.failed)
        #expect(written == 0)
        #expect(output.withUnsafeMutableBytes { decoder.finish(into: $0.baseAddress!) } == nil)
    }
}
