import AttendeeCore
import Foundation

extension TokenStore {
    /// The Attendee session token (the bearer token the server issued at sign-in) in the Keychain.
    static func keychain(service: String, account: String = "token") -> TokenStore {
        let item = KeychainItem(service: service, account: account)
        return TokenStore(
            load: {
                guard let data = item.read(), !data.isEmpty else { return nil }
                return String(decoding: data, as: UTF8.self)
            },
            save: { token in item.write(token.map { Data($0.utf8) }) })
    }
}
