import Foundation

/// The verifier's copy of the key set: fetched on first use, refreshed when stale or when a token names an
/// unknown `kid`, never more than once per `refetchInterval`; concurrent callers share one fetch.
actor KeyCache {
    /// The largest JWKS document accepted, in bytes.
    static let maximumDocumentSize = 1024 * 1024

    private let fetcher: JWKSFetcher
    private let now: @Sendable () -> Date
    private let refetchInterval: TimeInterval
    private let lifetime: TimeInterval

    private var keys: [String: VerificationKey] = [:]
    private var fetchedAt: Date?
    private var attemptedAt: Date?
    private var inFlight: Task<[String: VerificationKey]?, Never>?

    init(
        fetcher: JWKSFetcher, now: @escaping @Sendable () -> Date, refetchInterval: TimeInterval, lifetime: TimeInterval
    ) {
        self.fetcher = fetcher
        self.now = now
        self.refetchInterval = refetchInterval
        self.lifetime = lifetime
    }

    /// The key named `kid`, fetching the key set when needed and allowed.
    func key(for kid: String) async throws(TokenError) -> VerificationKey {
        let isFresh = fetchedAt.map { now().timeIntervalSince($0) < lifetime } ?? false
        if isFresh, let key = keys[kid] { return key }
        switch await refresh() {
        case .fetched(let fresh):
            guard let key = fresh[kid] else { throw .unknownKey }
            return key
        case .failed, .rateLimited:
            // NB: a stale key stays usable while the key set cannot be refreshed, so an outage of the
            // JWKS endpoint does not sign everyone out; a key set that never loaded is an outage, not a bad kid.
            if let key = keys[kid] { return key }
            throw fetchedAt == nil ? .keysUnavailable : .unknownKey
        }
    }

    private enum Refresh {
        case fetched([String: VerificationKey])
        case failed
        case rateLimited
    }

    private func refresh() async -> Refresh {
        let task: Task<[String: VerificationKey]?, Never>
        if let inFlight {
            task = inFlight
        } else {
            if let attemptedAt, now().timeIntervalSince(attemptedAt) < refetchInterval { return .rateLimited }
            attemptedAt = now()
            let fetcher = fetcher
            task = Task { await Self.load(fetcher) }
            inFlight = task
        }
        let loaded = await task.value
        // NB: every caller that awaited this fetch resumes here; only the first applies the result.
        if inFlight == task {
            inFlight = nil
            if let loaded {
                keys = loaded
                fetchedAt = now()
            }
        }
        return loaded.map(Refresh.fetched) ?? .failed
    }

    private static func load(_ fetcher: JWKSFetcher) async -> [String: VerificationKey]? {
        guard let data = try? await fetcher.fetch(), data.count <= maximumDocumentSize,
            let document = JWKS.decode(data)
        else { return nil }
        return document.verificationKeys()
    }
}
