import Foundation
import Testing

@testable import SalesforceDevServer

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
