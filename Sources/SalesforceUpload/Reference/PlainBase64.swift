/// What the decoder's documentation says it accepts, decoded the obvious way: characters outside the alphabet
/// are skipped, the text comes in whole groups of four, `=` only completes the last group.
package enum PlainBase64 {
    /// The bytes `text` stands for, or `nil` when it is not base64.
    package static func decode(_ text: [UInt8]) -> [UInt8]? {
        var values: [UInt8] = []
        var padding = 0
        for byte in text {
            if let value = sextets[Int(byte)] {
                guard padding == 0 else { return nil }
                values.append(value)
            } else if byte == UInt8(ascii: "=") {
                padding += 1
            }
        }
        guard (values.count + padding) % 4 == 0, padding <= 2, padding == 0 || values.count % 4 == 4 - padding else {
            return nil
        }
        var output: [UInt8] = []
        var bits: UInt32 = 0
        var count = 0
        for value in values {
            bits = bits << 6 | UInt32(value)
            count += 6
            if count >= 8 {
                count -= 8
                output.append(UInt8(truncatingIfNeeded: bits >> UInt32(count)))
            }
        }
        return output
    }

    /// Each byte's six-bit value, or `nil` outside the alphabet.
    private static let sextets: [UInt8?] = {
        var table = [UInt8?](repeating: nil, count: 256)
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()
}
