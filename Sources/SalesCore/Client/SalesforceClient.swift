import APIClient
import Foundation
import PublicInit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where to sign in and which connected app to sign in as.
@PublicInit
public struct SalesforceConfiguration: Sendable, Hashable {
    /// The OAuth host (`https://login.salesforce.com`, or the Quartet server in development).
    public var loginURL: URL
    /// The connected app's consumer key.
    public var clientID: String = "quartet-sales"
    /// The consumer secret, when the connected app requires one.
    public var clientSecret: String?
    /// The REST API version in paths (`v32.0`).
    public var apiVersion: String = "v32.0"
}

/// Bytes downloaded for viewing, with their type.
@PublicInit
public struct DownloadedFile: Sendable, Hashable {
    /// The bytes.
    public var data: Data
    /// The MIME type (`image/jpeg`, `application/pdf`); `application/octet-stream` when unknown.
    public var contentType: String

    /// A downloaded body, byte for byte as the server sent it, with its type.
    ///
    /// Salesforce answers a blob field (`/sobjects/Attachment/{id}/Body`, `ContentVersion/{id}/VersionData`) with
    /// the raw bytes, so they are never decoded: a text file whose words happen to be base64 letters (`Dock opens
    /// at 7am, ask for Luis.`) is text, not an encoding. The declared type wins unless it is missing or generic
    /// (Salesforce's `application/octetstream`, or `application/octet-stream`), when `fallbackType` (the record's
    /// own `ContentType`) is used.
    public init(body: Data, contentTypeHeader: String?, fallbackType: String?) {
        let declared = contentTypeHeader?.split(separator: ";").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .flatMap { $0.isEmpty ? nil : $0 }
        let generic: Set<String> = ["application/octetstream", "application/octet-stream"]
        let type = declared.flatMap { generic.contains($0) ? nil : $0 } ?? fallbackType ?? declared
        self.init(data: body, contentType: type ?? "application/octet-stream")
    }
}

/// Talks to Salesforce (or the Quartet dev server): OAuth, sObject REST, the two Apex endpoints.
///
/// Every failure is thrown as a ``SalesforceError`` *and* posted as `ServiceErrorOccurred` with a
/// sentence naming the operation. A 401 refreshes the access token once and retries; a refresh that
/// fails (or a 401 after one, or a 401 to a session with no refresh token to renew it) ends the session: it is
/// forgotten, ``sessionEnd`` is raised and `onSignedOut` runs, once however many calls met the refusal. The app and `quartet sales` keep the device's Sales data
/// through ``init(configuration:transport:sessions:notificationCenter:sessionEnd:cache:outbox:)``.
public actor SalesforceClient {
    /// The most an attachment may weigh before base64 (Salesforce's limit for the REST body).
    public static let maximumAttachmentBytes = 25 * 1024 * 1024

    /// Where the client signs in.
    public let configuration: SalesforceConfiguration
    private let transport: HTTPTransport
    private let sessions: SessionStore
    private let notificationCenter: NotificationCenter
    private let onSignedOut: @Sendable () async -> Void
    private let onSignedIn: @Sendable (SalesforceSession) async throws -> Void
    /// The refresh on its way, and the session (``sessionEpoch``) it renews: only calls of that session join it.
    ///
    /// NB: a call made after a new sign-in, meeting a 401 while the old session's refresh was still on its way,
    /// joined that refresh, and failed with the old session's outcome ("Sign in to see your accounts." although
    /// signed in), or would have been retried with a token renewed for the session the person left.
    private var refreshing: (epoch: Int, task: Task<SalesforceSession, any Error>)?
    /// Whether Salesforce refused the last session this client kept, and nobody has signed in or out since: a call
    /// that then finds no session was made under the session that ended, and says so (as the sign-in form does),
    /// not that nobody is signed in.
    private var sessionWasRefused = false
    /// Counts the sign-ins and sign-outs: a refresh, or a call's 401, that was on its way across one belongs to a
    /// session the person has since left (or replaced), and decides nothing of the session kept now.
    ///
    /// NB: a sign-out tapped while a 401's refresh was on its way was told "Your session ended" (the refresh, sent
    /// with the refresh token the sign-out revoked, was refused), or signed the person back in (the refresh answered
    /// first, and its session was kept after the sign-out).
    private var sessionEpoch = 0
    /// Raised when Salesforce no longer takes the session (the app listens, and goes back to its sign-in form);
    /// not by a sign-out, which the person asked for.
    public nonisolated let sessionEnd: SessionEndSignal

    /// Creates a client; `onSignedOut` runs after a refused session or a sign-out, `onSignedIn` after a sign-in,
    /// before the new session is kept (so no call runs under it until `onSignedIn` is done; when it throws, the
    /// sign-in fails).
    public init(
        configuration: SalesforceConfiguration,
        transport: HTTPTransport,
        sessions: SessionStore,
        notificationCenter: NotificationCenter = .default,
        sessionEnd: SessionEndSignal = SessionEndSignal(),
        onSignedOut: @escaping @Sendable () async -> Void = {},
        onSignedIn: @escaping @Sendable (SalesforceSession) async throws -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sessions = sessions
        self.notificationCenter = notificationCenter
        self.sessionEnd = sessionEnd
        self.onSignedOut = onSignedOut
        self.onSignedIn = onSignedIn
    }

    /// Creates the client of the Sales app (and of `quartet sales`), keeping the device's Sales data as the rules
    /// say: account data cached on the device is wiped when the session ends (and what the outbox sent is gone
    /// already); edits not yet sent stay in the outbox for the person who made them, and are discarded when
    /// someone else signs in.
    ///
    /// An expired session (or a sign-out) must not cost a rep the edits made offline; on a shared iPad it must not
    /// hand them to the next person, who would see them and send them as their own.
    public init(
        configuration: SalesforceConfiguration,
        transport: HTTPTransport,
        sessions: SessionStore,
        notificationCenter: NotificationCenter = .default,
        sessionEnd: SessionEndSignal = SessionEndSignal(),
        cache: AccountCache,
        outbox: SalesOutbox
    ) {
        self.init(
            configuration: configuration, transport: transport, sessions: sessions,
            notificationCenter: notificationCenter, sessionEnd: sessionEnd,
            onSignedOut: {
                await cache.wipe()
                await outbox.signedOut()
            },
            onSignedIn: { session in
                if try await outbox.signedIn(as: session.person) { await cache.wipe() }
            })
    }

    /// The current session, if signed in.
    public var session: SalesforceSession? { sessions.load() }

    // MARK: - OAuth

    /// Signs in with the OAuth 2.0 password grant and keeps the session.
    @discardableResult
    public func signIn(username: String, password: String) async throws -> SalesforceSession {
        let operation = SalesText.Operation.signIn
        do {
            var form = [
                ("grant_type", "password"), ("client_id", configuration.clientID), ("username", username),
                ("password", password),
            ]
            if let secret = configuration.clientSecret { form.append(("client_secret", secret)) }
            let session = try await tokenRequest(form, operation: operation, previous: nil)
            try await onSignedIn(session)
            sessions.save(session)
            sessionWasRefused = false
            sessionEpoch += 1
            return session
        } catch {
            throw report(error, operation: operation)
        }
    }

    /// Revokes the tokens (best effort) and forgets the session.
    public func signOut() async {
        // NB: first, before the revoke goes out: what answers meanwhile is about the session being left.
        sessionEpoch += 1
        if let session = sessions.load() {
            var request = URLRequest(url: configuration.loginURL.appendingPathComponent("services/oauth2/revoke"))
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(Self.formEncode([("token", session.refreshToken ?? session.accessToken)]).utf8)
            _ = try? await transport.send(request)
        }
        sessions.save(nil)
        sessionWasRefused = false
        await onSignedOut()
    }

    private func tokenRequest(_ form: [(String, String)], operation: String, previous: SalesforceSession?)
        async throws -> SalesforceSession
    {
        var request = URLRequest(url: configuration.loginURL.appendingPathComponent("services/oauth2/token"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = Data(Self.formEncode(form).utf8)
        let (data, response) = try await exchange(request, operation: operation)
        if response.statusCode >= 500 || response.statusCode == 429 {
            throw SalesforceError.service(operation: operation, status: response.statusCode, errors: [])
        }
        guard (200..<300).contains(response.statusCode) else {
            let failure = try? JSONDecoder().decode(OAuthFailure.self, from: data)
            throw SalesforceError.authentication(
                operation: operation, code: failure?.error ?? "HTTP \(response.statusCode)",
                description: failure?.errorDescription)
        }
        guard let token = try? JSONDecoder().decode(OAuthToken.self, from: data),
            let instance = URL(string: token.instanceURL)
        else {
            throw SalesforceError.unreadable(operation: operation, reason: SalesText.Reason.noToken)
        }
        return SalesforceSession(
            accessToken: token.accessToken, refreshToken: token.refreshToken ?? previous?.refreshToken,
            instanceURL: instance, identityURL: token.id)
    }

    /// Exchanges the refresh token for a new access token; concurrent callers of one session share one refresh, and
    /// each is told its outcome in its own operation's words (a refused refresh signs every one of them out, not only
    /// the first). A call of a later session (after a sign-in) never joins an earlier session's refresh.
    private func refresh(_ stale: SalesforceSession, since epoch: Int, operation: String) async throws
        -> SalesforceSession
    {
        let task: Task<SalesforceSession, any Error>
        if let refreshing, refreshing.epoch == epoch {
            task = refreshing.task
        } else {
            // NB: a call sent with the same token may have met its 401 and refreshed while this one's answer was on
            // its way: its session is the one to retry under (a second refresh would spend a rotated refresh token
            // and sign the rep out), and no session means Salesforce refused it already, or the person signed out.
            guard let current = sessions.load(), sessionEpoch == epoch else {
                throw SalesforceError.signedOut(operation: operation, sessionEnded: sessionWasRefused)
            }
            if current.accessToken != stale.accessToken { return current }
            // NB: Salesforce's username-password flow gives no refresh token, so its sessions end here: nothing
            // can renew them, and the 401 is as final as a refused refresh (forgotten, the app told, the cache wiped).
            guard let refreshToken = stale.refreshToken else {
                throw SalesforceError.signedOut(
                    operation: operation, sessionEnded: await sessionRefused(since: epoch))
            }
            var form = [
                ("grant_type", "refresh_token"), ("client_id", configuration.clientID),
                ("refresh_token", refreshToken),
            ]
            if let secret = configuration.clientSecret { form.append(("client_secret", secret)) }
            task = Task { try await self.renewSession(form, operation: operation, previous: stale, since: epoch) }
            refreshing = (epoch, task)
        }
        defer { if refreshing?.task == task { refreshing = nil } }
        do {
            return try await task.value
        } catch SalesforceError.signedOut(_, let ended) {
            throw SalesforceError.signedOut(operation: operation, sessionEnded: ended)
        }
    }

    /// One refresh: the new session is kept; a refusal forgets the session and signs out (once, whoever waits on
    /// it); the login server being down or busy, or an answer that is not the login server's, says nothing about the
    /// session, which is kept for later.
    ///
    /// Sent in session `epoch`: when the person signed out (or in) before it answered, its session is not kept and
    /// its refusal ends nothing; the caller is told there is no session, as after any sign-out.
    private func renewSession(
        _ form: [(String, String)], operation: String, previous: SalesforceSession, since epoch: Int
    ) async throws -> SalesforceSession {
        do {
            let session = try await tokenRequest(form, operation: operation, previous: previous)
            guard sessionEpoch == epoch else {
                throw SalesforceError.signedOut(operation: operation, sessionEnded: false)
            }
            sessions.save(session)
            return session
        } catch let error as SalesforceError where sessionEpoch != epoch {
            if case .signedOut = error { throw error }
            throw SalesforceError.signedOut(operation: operation, sessionEnded: false)
        } catch let error as SalesforceError where error.isOffline || error.isServerTrouble {
            throw error
        } catch SalesforceError.unreadable {
            // NB: a 200 holding no token is no refusal of the session: something between the device and Salesforce
            // answered (a proxy's block page, a captive portal). Signing out wiped the saved accounts, and an edit
            // waiting for the renewal went under "Changes Not Sent"; the session is kept, as when the network is down.
            throw SalesforceError.offline(operation: operation, reason: SalesText.Reason.renewalNotAnswered)
        } catch {
            throw SalesforceError.signedOut(operation: operation, sessionEnded: await sessionRefused(since: epoch))
        }
    }

    /// Salesforce no longer takes the session: it is forgotten and the app told (``sessionEnd``), and the device's
    /// account data goes (`onSignedOut`); only the first of the calls refused together does this.
    ///
    /// Returns whether the refusal ended the session the call was made in (session `epoch`): `false` when the person
    /// signed out (or in) since, which ends nothing more and tells nobody the session ended.
    private func sessionRefused(since epoch: Int) async -> Bool {
        guard sessionEpoch == epoch else { return false }
        // NB: marked before the hop to the main actor, where the session is forgotten: a call reaching the client
        // while the refusal is handled (the session gone, the device's data being wiped) finds no session, and
        // said "Sign in to see your accounts." as after a sign-out.
        let wasRefused = sessionWasRefused
        sessionWasRefused = true
        if await sessionEnd.credentialRefused(sessions) {
            await onSignedOut()
        } else {
            // NB: nothing was kept: ended already (by another refusal, or by a sign-out, which is no refusal).
            sessionWasRefused = wasRefused
        }
        return true
    }

    // MARK: - Requests

    /// Sends an authorized request to the instance, refreshing once on 401, and checks the status.
    func perform(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: Data? = nil,
        headers: [String: String] = [:], operation: String
    ) async throws -> (Data, HTTPURLResponse) {
        guard var session = sessions.load() else {
            throw SalesforceError.signedOut(operation: operation, sessionEnded: sessionWasRefused)
        }
        let epoch = sessionEpoch
        var refreshed = false
        while true {
            var components = URLComponents(
                url: session.instanceURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
            if !query.isEmpty { components?.queryItems = query }
            guard let url = components?.url else {
                throw SalesforceError.invalidInput(operation: operation, reason: SalesText.Reason.badPath(path))
            }
            var request = URLRequest(url: url)
            request.httpMethod = method
            request.setValue("Bearer \(session.accessToken)", forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            if let body {
                request.httpBody = body
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let (data, response) = try await exchange(request, operation: operation)
            if response.statusCode == 401, !refreshed {
                refreshed = true
                session = try await refresh(session, since: epoch, operation: operation)
                continue
            }
            guard (200..<300).contains(response.statusCode) else {
                let errors = (try? JSONDecoder().decode([SalesforceErrorItem].self, from: data)) ?? []
                if response.statusCode == 401 {
                    throw SalesforceError.signedOut(
                        operation: operation, sessionEnded: await sessionRefused(since: epoch))
                }
                throw SalesforceError.service(operation: operation, status: response.statusCode, errors: errors)
            }
            return (data, response)
        }
    }

    private func exchange(_ request: URLRequest, operation: String) async throws -> (Data, HTTPURLResponse) {
        do {
            return try await transport.send(request)
        } catch let error as URLError {
            throw SalesforceError.offline(operation: operation, reason: SalesText.Reason.network(error.code))
        } catch let error as SalesforceError {
            throw error
        } catch APIError.http(let status, _, _) {
            // NB: a transport that reads the status itself answered: said from the status, never its body.
            throw SalesforceError.service(operation: operation, status: status, errors: [])
        } catch {
            throw SalesforceError.offline(
                operation: operation, reason: SalesText.Reason.network(APIError(transportError: error)))
        }
    }

    /// Runs `body`, posting `ServiceErrorOccurred` for any failure before rethrowing it as a ``SalesforceError``.
    func reporting<T: Sendable>(_ operation: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw report(error, operation: operation)
        }
    }

    func report(_ error: any Error, operation: String) -> SalesforceError {
        let failure =
            (error as? SalesforceError)
            ?? .unreadable(
                operation: operation,
                reason: error is DecodingError ? SalesText.Reason.unexpectedJSON : SalesText.failureMessage(for: error))
        notificationCenter.post(
            name: ServiceErrorNotification.name, object: nil,
            userInfo: [
                ServiceErrorNotification.messageKey: failure.message,
                ServiceErrorNotification.operationKey: failure.operation,
            ])
        return failure
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data, operation: String) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw SalesforceError.unreadable(operation: operation, reason: SalesText.Reason.unexpectedJSON)
        }
    }

    var sobjectsPath: String { "services/data/\(configuration.apiVersion)/sobjects" }

    static func formEncode(_ pairs: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return pairs.map { name, value in
            let encode = { (text: String) in
                (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text)
            }
            return encode(name) + "=" + encode(value)
        }.joined(separator: "&")
    }
}

private struct OAuthToken: Decodable {
    var accessToken: String
    var refreshToken: String?
    var instanceURL: String
    var id: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case instanceURL = "instance_url"
        case id
    }
}

private struct OAuthFailure: Decodable {
    var error: String?
    var errorDescription: String?

    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
    }
}
