import Foundation
import SalesCore

extension SessionStore {
    /// The Salesforce session (access and refresh tokens, instance URL) as JSON in the Keychain.
    ///
    /// Same encoding as the command line's `.file(_:)`; an item that no longer decodes counts as signed out.
    static func keychain(service: String, account: String = "session") -> SessionStore {
        let item = KeychainItem(service: service, account: account)
        return SessionStore(
            load: { item.read().flatMap { try? JSONDecoder().decode(SalesforceSession.self, from: $0) } },
            save: { session in
                guard let session else {
                    item.write(nil)
                    return
                }
                guard let data = try? JSONEncoder().encode(session) else { return }
                item.write(data)
            })
    }
}
