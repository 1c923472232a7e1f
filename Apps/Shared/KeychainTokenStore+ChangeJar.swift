import ChangeJarCore
import Foundation

extension SessionStore {
    /// The Change Jar session (Cognito identity, OpenID token, expiry, and the provider login that renews the token)
    /// as JSON in the Keychain, one item, so the provider's token has the Keychain's protection as the session does.
    ///
    /// Same encoding as the command line's `.file(at:)` (ISO 8601 dates); an item that no longer decodes
    /// counts as no session.
    static func keychain(service: String, account: String = "session") -> SessionStore {
        let item = KeychainItem(service: service, account: account)
        return SessionStore(
            load: {
                guard let data = item.read() else { return nil }
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                return try? decoder.decode(AuthSession.self, from: data)
            },
            save: { session in
                guard let session else {
                    item.write(nil)
                    return
                }
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .iso8601
                guard let data = try? encoder.encode(session) else { return }
                item.write(data)
            })
    }
}
