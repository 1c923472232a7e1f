import APIClient
import Foundation

extension LocalStore {
    /// Reads `endpoint` through the cache under `key`: a conditional GET with the cached validators, the
    /// cached body on 304, the new body (stored with its validators) on 200, and the cached body when the
    /// network is unreachable (offline, timeout, 5xx, …). Without a usable cached copy, the error is thrown.
    ///
    /// ```swift
    /// let feed = try await store.fetch(USGS.allMonth, cacheKey: "all_month", using: client)
    /// if case .cache(let error) = feed.source { banner = error.message }
    /// ```
    public func fetch<Value>(
        _ endpoint: Endpoint<Value>, cacheKey key: String, using client: APIClient
    ) async throws -> CachedFetch<Value> {
        let cached = try await cachedEntry(for: key)
        let raw = Endpoint<Data>(
            method: endpoint.method, path: endpoint.path, query: endpoint.query, headers: endpoint.headers,
            body: endpoint.body, idempotencyKey: endpoint.idempotencyKey, isIdempotent: endpoint.isIdempotent,
            response: .data)
        let answer: ConditionalResponse<Data>
        do {
            answer = try await client.sendConditional(raw, validators: cached?.validators)
        } catch {
            guard let cached, error.isTransient,
                let value = try? endpoint.response.decode(cached.body, client.decoder)
            else { throw error }
            return CachedFetch(value: value, source: .cache(error), fetchedAt: cached.fetchedAt)
        }
        switch answer {
        case .fresh(let body, let validators):
            // NB: decode before storing, so a body the app cannot read never replaces a good cached one.
            let value: Value
            do {
                value = try endpoint.response.decode(body, client.decoder)
            } catch {
                let target = (try? client.url(for: endpoint).absoluteString) ?? key
                client.errorReporter.report(error, "\(endpoint.method.rawValue) \(target)")
                throw error
            }
            try await storeCache(body, for: key, validators: validators)
            return CachedFetch(value: value, source: .network, fetchedAt: now())
        case .notModified:
            guard let cached else {
                throw APIError.http(status: 304, problem: nil)
            }
            try await markCacheFresh(key)
            return CachedFetch(
                value: try endpoint.response.decode(cached.body, client.decoder), source: .notModified,
                fetchedAt: now())
        }
    }
}
