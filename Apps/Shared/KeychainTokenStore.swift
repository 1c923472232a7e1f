import Foundation
import Security
import os

/// One secret in the Keychain: a generic-password item named by a service and an account.
///
/// Session tokens live here and never in `UserDefaults` or a file: the Keychain encrypts them with the
/// device's keys. Items are readable after the first unlock (so a background refresh can use the token)
/// and only on this device (`…ThisDeviceOnly`: a backup restored elsewhere does not carry the session).
///
/// ```swift
/// let item = KeychainItem(service: "dev.quartet.changejar", account: "session")
/// item.write(Data("token".utf8))
/// item.read()     // the bytes, or nil
/// item.write(nil) // deletes
/// ```
struct KeychainItem: Sendable, Hashable {
    /// The item's `kSecAttrService`: the app's bundle id.
    var service: String
    /// The item's `kSecAttrAccount`: what the secret is (`session`, `token`).
    var account: String

    /// The stored bytes, or `nil` when there are none (or the Keychain cannot be read).
    func read() -> Data? {
        var query = identity
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        guard status == errSecSuccess else {
            if status != errSecItemNotFound { Self.report(status, "read") }
            return nil
        }
        return result as? Data
    }

    /// Replaces the stored bytes; `nil` deletes the item.
    func write(_ data: Data?) {
        guard let data else {
            let status = SecItemDelete(identity as CFDictionary)
            if status != errSecSuccess && status != errSecItemNotFound { Self.report(status, "delete") }
            return
        }
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        var status = SecItemUpdate(identity as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            status = SecItemAdd(identity.merging(attributes) { $1 } as CFDictionary, nil)
        }
        if status != errSecSuccess { Self.report(status, "write") }
    }

    /// The attributes that name the item.
    private var identity: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
    }

    // NB: the cores' stores have no way to fail (a lost session means signing in again), so a Keychain
    // error is logged rather than thrown.
    private static func report(_ status: OSStatus, _ operation: String) {
        let message = (SecCopyErrorMessageString(status, nil) as String?) ?? "OSStatus \(status)"
        logger.error("Keychain \(operation, privacy: .public) failed: \(message, privacy: .public)")
    }

    private static let logger = Logger(subsystem: "dev.quartet", category: "Keychain")
}
