import Foundation
import Locking
import PublicInit

/// Where an app keeps its sign-in between launches: the keychain on a phone, a file for the command line,
/// memory in tests and previews.
///
/// Each app names its own: `CredentialStore<SalesforceSession>` for Sales, `CredentialStore<AuthSession>` for
/// Change Jar, `CredentialStore<String>` (the bearer token) for Attendee.
@PublicInit
public struct CredentialStore<Value: Codable & Sendable>: Sendable {
    /// The saved value, if any.
    public var load: @Sendable () -> Value?
    /// Saves the value; `nil` forgets it (signs out).
    public var save: @Sendable (Value?) -> Void

    /// Keeps nothing: a sign-in lasts as long as the process.
    public static var discarding: CredentialStore {
        CredentialStore(load: { nil }, save: { _ in })
    }

    /// Keeps the value in memory, starting with `initial`.
    public static func inMemory(_ initial: Value? = nil) -> CredentialStore {
        let box = Locked(initial)
        return CredentialStore(load: { box.withLock { $0 } }, save: { value in box.withLock { $0 = value } })
    }

    /// Keeps the value as JSON (dates in ISO 8601) in a file only its owner can read.
    ///
    /// The folder is created `0700` and the file `0600` before anything is written to it, so a token is never
    /// readable by others; an unreadable or foreign file counts as nothing saved.
    public static func file(_ url: URL) -> CredentialStore {
        CredentialStore(
            load: {
                guard let data = try? Data(contentsOf: url) else { return nil }
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                return try? decoder.decode(Value.self, from: data)
            },
            save: { value in
                guard let value else {
                    try? FileManager.default.removeItem(at: url)
                    return
                }
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .iso8601
                guard let data = try? encoder.encode(value) else { return }
                try? FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
                let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                guard descriptor >= 0 else { return }
                let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
                // NB: a file that existed before keeps its mode through open(2); make it owner-only too.
                _ = fchmod(descriptor, 0o600)
                try? handle.write(contentsOf: data)
            })
    }
}
