import Foundation

extension SessionStore {
    /// Keeps the session in a JSON file readable by its owner only (the command line's session).
    ///
    /// The folder is created `0700` and the file set to `0600`; an unreadable or foreign file counts as no session.
    public static func file(at url: URL) -> SessionStore {
        SessionStore(
            load: {
                guard let data = try? Data(contentsOf: url) else { return nil }
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                return try? decoder.decode(AuthSession.self, from: data)
            },
            save: { session in
                guard let session else {
                    try? FileManager.default.removeItem(at: url)
                    return
                }
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .iso8601
                guard let data = try? encoder.encode(session) else { return }
                let folder = url.deletingLastPathComponent()
                try? FileManager.default.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                // NB: the file is created 0600 before the token is written, so it is never readable by others.
                let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                guard descriptor >= 0 else { return }
                let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
                _ = fchmod(descriptor, 0o600)
                try? handle.write(contentsOf: data)
            }
        )
    }
}
