import COpenSSL
import Foundation

/// Comparisons whose duration does not depend on where two secrets differ.
enum ConstantTime {
    /// Whether two byte strings are equal, compared with `CRYPTO_memcmp`.
    ///
    /// The lengths are not secret (they are fixed by the hash in use), so unequal lengths return at once.
    static func equals(_ left: Data, _ right: Data) -> Bool {
        guard left.count == right.count else { return false }
        guard !left.isEmpty else { return true }
        return left.withUnsafeBytes { leftBytes in
            right.withUnsafeBytes { rightBytes in
                CRYPTO_memcmp(leftBytes.baseAddress, rightBytes.baseAddress, leftBytes.count) == 0
            }
        }
    }
}
