import AttendeeModels
import Foundation
import HTTPServer
import TokenVerifier

/// Sign up, sign in and sign out: salted slow password hashes, opaque tokens stored as SHA-256, failed sign-ins
/// counted per e-mail and sign-ups for taken e-mails per client address (``SignInThrottle``).
struct AccountController: Sendable {
    let service: AttendeeService

    func signUp(_ request: Request) async throws -> Response {
        var body = try request.decode(SignUpRequest.self)
        body.email = EmailAddress.normalized(body.email)
        if let error = body.validationError() {
            throw HTTPError(.unprocessableContent, detail: error.message, field: error.field)
        }
        let throttle = service.configuration.signInThrottle
        var countedKey: String?
        if throttle.isOn {
            // NB: counted by the client's network as the rate limiter counts it (an IPv6 host's whole /64).
            let client = RateLimitMiddleware.clientKey(
                ofAddress: service.configuration.trustedProxies.clientAddress(of: request))
            let key = try SignInThrottle.key(.signUp, client)
            // NB: counted before the account is made, in one statement, so sign-ups sent at once each get their
            // own number; the one that makes an account gives its count back, so only the refused ones add up.
            let counted = try await service.store.countSignIn(key: key, window: throttle.window)
            if let refusal = throttle.refusal(
                .signUp, attempt: counted.attempt, windowStart: counted.windowStart, now: service.configuration.now())
            {
                throw refusal
            }
            countedKey = key
        }
        let hash = try service.configuration.passwordHasher.hash(body.password)
        let token = try SecureToken.generate()
        let profile = try await service.store.createAccount(
            email: body.email, passwordHash: hash, name: body.name.trimmingCharacters(in: .whitespacesAndNewlines),
            tokenHash: try SecureToken.storageHash(of: token), expiresAt: expiry())
        if let countedKey { try await service.store.uncountSignIn(key: countedKey) }
        return try .json(AuthSession(token: token, profile: profile), status: .created)
    }

    func signIn(_ request: Request) async throws -> Response {
        let body = try request.decode(SignInRequest.self)
        let email = EmailAddress.normalized(body.email)
        let signInKey = try SignInThrottle.key(.signIn, email)
        let throttle = service.configuration.signInThrottle
        if throttle.isOn {
            // NB: counted before the password is checked (a good one clears the count), so guesses sent at once
            // cannot all pass; an unknown e-mail is counted alike, and the refusal is the same for it.
            let counted = try await service.store.countSignIn(key: signInKey, window: throttle.window)
            if let refusal = throttle.refusal(
                attempt: counted.attempt, windowStart: counted.windowStart, now: service.configuration.now())
            {
                throw refusal
            }
        }
        let credentials = try await service.store.credentials(email: email)
        let hasher = service.configuration.passwordHasher
        let matches = try hasher.verify(body.password, against: credentials?.passwordHash ?? service.decoyHash)
        guard let credentials, matches else {
            throw HTTPError(.unauthorized, detail: "The e-mail or the password is not right.")
        }
        // NB: the password is known only now; a hash made under older settings (fewer iterations, another
        // algorithm) is replaced by one under the current settings, so raising them protects every account in time.
        if hasher.needsRehash(credentials.passwordHash) {
            try await service.store.replacePasswordHash(
                userID: credentials.userID, with: try hasher.hash(body.password))
        }
        let token = try SecureToken.generate()
        let profile = try await service.store.startSession(
            userID: credentials.userID, tokenHash: try SecureToken.storageHash(of: token), expiresAt: expiry(),
            signInKey: signInKey)
        return try .json(AuthSession(token: token, profile: profile))
    }

    func signOut(_ request: Request) async throws -> Response {
        guard let token = request.bearerToken() else { throw AttendeeService.unauthorized }
        _ = try await service.requireUser(request)
        let tokenHash = try SecureToken.storageHash(of: token)
        try await service.store.endSession(tokenHash: tokenHash)
        // NB: its streams on other instances end before their next event, or at their next access check.
        service.live.endStreams(tokenHash: tokenHash)
        return .noContent
    }

    private func expiry() -> Date {
        service.configuration.now().addingTimeInterval(service.configuration.tokenLifetime)
    }
}
