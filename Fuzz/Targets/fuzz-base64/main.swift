// The Salesforce stand-in's streaming base64 decoder (vector C code, unaligned loads, raw output pointers), fed
// in pieces cut anywhere, against a plain reference decoder and Foundation. AddressSanitizer checks that it
// writes within the room `Base64Decoder.room(for:)` promises.
import Foundation
import FuzzSupport

@testable import SalesforceUpload

fuzz { input in
    let text = input.bytes
    var decoder = Base64Decoder()
    var output: [UInt8] = []
    var failed = false
    for piece in input.pieces(of: text.count) {
        // NB: exactly the room promised, on the heap, so a write past it is an AddressSanitizer report.
        let room = Base64Decoder.room(for: piece.count)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: room, alignment: 1)
        defer { buffer.deallocate() }
        // A piece of its own too, so that reading past its end is a report as well.
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: piece.count, alignment: 1)
        defer { copy.deallocate() }
        copy.copyBytes(from: text[piece])
        let written = decoder.decode(UnsafeRawBufferPointer(copy), into: buffer)
        require(written >= 0 && written <= room, "wrote \(written) bytes into \(room)")
        output += UnsafeRawBufferPointer(start: buffer, count: written)
        if decoder.failed { failed = true }
    }
    let tail = UnsafeMutableRawPointer.allocate(byteCount: 2, alignment: 1)
    defer { tail.deallocate() }
    if !failed, let last = decoder.finish(into: tail) {
        output += UnsafeRawBufferPointer(start: tail, count: last)
    } else {
        failed = true
    }
    let expected = PlainBase64.decode(text)
    require(
        failed ? expected == nil : expected == output,
        "decoded \(failed ? "nothing" : "\(output.count) bytes"), reference \(expected.map { "\($0.count) bytes" } ?? "refuses")"
    )
    // Foundation agrees wherever the text is canonical base64 (its own rules on the rest differ).
    if !failed, Data(output).base64EncodedData() == Data(text),
        let foundation = Data(base64Encoded: Data(text), options: .ignoreUnknownCharacters)
    {
        require(foundation == Data(output), "Foundation decodes \(foundation.count) bytes, decoder \(output.count)")
    }
}
