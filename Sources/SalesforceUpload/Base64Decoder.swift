import CBodyIO

/// Decodes base64 text fed in pieces of any size, as an upload arrives.
///
/// It accepts what `Data(base64Encoded:options: .ignoreUnknownCharacters)` accepts, except that `=` may
/// only complete the last group: characters outside the alphabet (line breaks, spaces) are skipped, the
/// text must come in whole groups of four, and nothing from the alphabet may follow the padding.
///
/// ```swift
/// var decoder = Base64Decoder()
/// let written = decoder.decode(piece, into: output)    // output has room for `Base64Decoder.room(for:)`
/// guard let tail = decoder.finish(into: output + written) else { /* not base64 */ }
/// ```
///
/// NB: runs of alphabet characters go to the vector decoder in C (`CBodyIO`, AVX2) when the processor has it,
/// 32 characters at a time (~4× the scalar speed). What it leaves, and everything on other processors, takes
/// one lookup per character in four tables whose values are already shifted into place, OR-ed together: a
/// character outside the alphabet sets bit 24, so a whole group is checked by one test. Anything else (line
/// breaks, padding, groups split across pieces) goes one character at a time.
struct Base64Decoder: Sendable {
    /// Set once the text is known not to be base64; nothing more is decoded.
    private(set) var failed = false
    /// Six-bit values of an unfinished group, oldest in the high bits.
    private var carry: UInt32 = 0
    /// How many values `carry` holds (0 to 3).
    private var carried = 0
    /// How many `=` were seen.
    private var padding = 0

    /// The output room that ``decode(_:into:)`` needs for `count` input bytes.
    ///
    /// NB: values carried from the last piece (up to three) complete a group with this piece's first characters,
    /// so a piece may decode to a group more than its own length gives; and the vector and word stores write up
    /// to 8 bytes past the last decoded byte. `count / 4 * 3 + 8` forgot the carry: the fuzzer had the vector
    /// decoder write 3 bytes past it.
    static func room(for count: Int) -> Int { (count + 3) / 4 * 3 + 8 }

    /// Decodes `input` into `output`, which has room for ``room(for:)`` bytes; returns how many it wrote.
    mutating func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer) -> Int {
        guard !failed, let base = input.baseAddress else { return 0 }
        let tables = Self.tables
        let count = input.count
        var index = 0
        var written = 0
        while index < count {
            if carried == 0, padding == 0 {
                // Whole runs of the alphabet go through the vector decoder first, 32 characters at a time.
                let taken = cbodyio_base64_decode_blocks(
                    base.assumingMemoryBound(to: UInt8.self) + index, count - index,
                    (output + written).assumingMemoryBound(to: UInt8.self))
                index += taken
                written += taken / 4 * 3
                while index + 4 <= count {
                    let word = base.loadUnaligned(fromByteOffset: index, as: UInt32.self).littleEndian
                    let value =
                        tables[Int(word & 0xFF)] | tables[256 + Int((word >> 8) & 0xFF)]
                        | tables[512 + Int((word >> 16) & 0xFF)] | tables[768 + Int(word >> 24)]
                    guard value & Self.invalid == 0 else { break }
                    // NB: four bytes are stored for three; the fourth is overwritten next (hence the +4 room).
                    (output + written).storeBytes(of: (value << 8).bigEndian, as: UInt32.self)
                    written += 3
                    index += 4
                }
                guard index < count else { break }
            }
            written += decodeOne(base.load(fromByteOffset: index, as: UInt8.self), into: output + written)
            if failed { return written }
            index += 1
        }
        return written
    }

    /// Ends the text: writes the last group's bytes (at most 2) and returns their number, or `nil` when the
    /// text was not base64.
    mutating func finish(into output: UnsafeMutableRawPointer) -> Int? {
        guard !failed else { return nil }
        switch (carried, padding) {
        case (0, 0):
            return 0
        case (2, 2):
            output.storeBytes(of: UInt8(truncatingIfNeeded: carry >> 4), as: UInt8.self)
            return 1
        case (3, 1):
            output.storeBytes(of: UInt8(truncatingIfNeeded: carry >> 10), as: UInt8.self)
            (output + 1).storeBytes(of: UInt8(truncatingIfNeeded: carry >> 2), as: UInt8.self)
            return 2
        default:
            failed = true
            return nil
        }
    }

    /// One character outside the fast path; returns the bytes written (0 or 3).
    private mutating func decodeOne(_ character: UInt8, into output: UnsafeMutableRawPointer) -> Int {
        let value = Self.tables[768 + Int(character)]
        if value & Self.invalid == 0 {
            guard padding == 0 else {
                failed = true
                return 0
            }
            carry = carry << 6 | value
            carried += 1
            guard carried == 4 else { return 0 }
            (output).storeBytes(of: (carry << 8).bigEndian, as: UInt32.self)
            carry = 0
            carried = 0
            return 3
        }
        if character == UInt8(ascii: "=") {
            padding += 1
            if padding > 2 { failed = true }
        }
        return 0
    }

    /// Bit 24: the character is not in the alphabet.
    private static let invalid: UInt32 = 1 << 24

    /// Four tables of 256: a character's six bits shifted for the first, second, third and fourth place of a
    /// group, or ``invalid``.
    // NB: written once, when first used, and only read after; a raw pointer keeps the hot loop free of
    // array bounds checks and retains.
    nonisolated(unsafe) private static let tables: UnsafeMutablePointer<UInt32> = {
        let tables = UnsafeMutablePointer<UInt32>.allocate(capacity: 1024)
        tables.initialize(repeating: invalid, count: 1024)
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8
        for (value, character) in alphabet.enumerated() {
            for place in 0..<4 {
                tables[place * 256 + Int(character)] = UInt32(value) << (6 * (3 - place))
            }
        }
        return tables
    }()
}
