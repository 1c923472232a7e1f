import APIClient
import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Moves one HTTP exchange: the only place the Sales core touches the network.
///
/// Same shape as APIClient's `HTTPTransport.send`, so either plugs in; tests build it from a closure
/// (a stub, or the dev server's router in process).
public struct SalesforceTransport: Sendable {
    /// Sends a request and returns the whole response.
    public var send: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

    /// Creates a transport from its one operation.
    public init(send: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)) {
        self.send = send
    }

    /// The platform's shared transport (APIClient's `HTTPTransport`: the live URLSession, or a test stub).
    public init(_ transport: HTTPTransport) {
        self.send = transport.send
    }

    /// The real network through `URLSession`.
    public static func live(session: URLSession = .shared) -> SalesforceTransport {
        SalesforceTransport { request in
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            return (data, http)
        }
    }
}

/// What a sign-in yields: the tokens and the instance to talk to.
public struct SalesforceSession: Sendable, Hashable, Codable {
    /// The bearer token for API calls.
    public var accessToken: String
    /// The token that gets a new access token after a 401.
    public var refreshToken: String?
    /// The org's instance (`https://na1.salesforce.com`, or the Quartet server in development).
    public var instanceURL: URL
    /// The identity URL Salesforce returns (`…/id/<org>/<user>`).
    public var identityURL: String?

    /// Creates a session.
    public init(accessToken: String, refreshToken: String?, instanceURL: URL, identityURL: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.instanceURL = instanceURL
        self.identityURL = identityURL
    }
}

/// Where the session is kept between launches: the keychain on iOS, a file for the command line.
public struct SessionStore: Sendable {
    /// The saved session, if any.
    public var load: @Sendable () -> SalesforceSession?
    /// Saves the session; `nil` forgets it.
    public var save: @Sendable (SalesforceSession?) -> Void

    /// Creates a store from its two operations.
    public init(
        load: @escaping @Sendable () -> SalesforceSession?, save: @escaping @Sendable (SalesforceSession?) -> Void
    ) {
        self.load = load
        self.save = save
    }

    /// A store in memory, starting with `initial`.
    public static func inMemory(_ initial: SalesforceSession? = nil) -> SessionStore {
        let box = Locked(initial)
        return SessionStore(load: { box.withLock { $0 } }, save: { session in box.withLock { $0 = session } })
    }

    /// A JSON file, created with owner-only permissions; `nil` deletes it.
    public static func file(_ url: URL) -> SessionStore {
        SessionStore(
            load: {
                guard let data = try? Data(contentsOf: url) else { return nil }
                return try? JSONDecoder().decode(SalesforceSession.self, from: data)
            },
            save: { session in
                guard let session else {
                    try? FileManager.default.removeItem(at: url)
                    return
                }
                try? FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                if let data = try? JSONEncoder().encode(session) {
                    _ = FileManager.default.createFile(
                        atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600])
                }
            })
    }
}

extension SessionStore {
    /// This store, with every session it hands out calling `instance` instead of the instance the token response
    /// named (a My Domain address, or a sandbox reached through a proxy).
    public func pinned(to instance: URL) -> SessionStore {
        SessionStore(
            load: {
                guard var session = load() else { return nil }
                session.instanceURL = instance
                return session
            },
            save: save)
    }
}
