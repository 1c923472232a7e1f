import APIClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A "server" whose only state is an append-only file of applied idempotency keys, so that it outlives a
/// client process killed with SIGKILL. Each key is applied once (under `flock`), in arrival order.
struct FileLedgerServer: Sendable {
    let path: String

    /// The keys applied so far, in order.
    var applied: [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Applies `key` unless it was applied before; returns whether it was new and how many keys are applied.
    func apply(_ key: String) -> (fresh: Bool, count: Int) {
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND, 0o644)
        guard fd >= 0 else { return (false, 0) }
        defer { close(fd) }
        flock(fd, LOCK_EX)
        defer { flock(fd, LOCK_UN) }
        let keys = applied
        if keys.contains(key) { return (false, keys.count) }
        let line = Array("\(key)\n".utf8)
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        fsync(fd)
        return (true, keys.count + 1)
    }

    /// A transport that applies each request's `Idempotency-Key`; after applying the `hangAfter`-th key it
    /// never answers (the client is about to be killed).
    func transport(hangAfter: Int? = nil) -> HTTPTransport {
        HTTPTransport { request in
            guard let url = request.url, let key = request.value(forHTTPHeaderField: "Idempotency-Key") else {
                throw URLError(.badURL)
            }
            let (fresh, count) = apply(key)
            if fresh, count == hangAfter { try await Task.sleep(for: .seconds(600)) }
            return (
                Data("{}".utf8),
                HTTPURLResponse(url: url, statusCode: fresh ? 201 : 200, httpVersion: nil, headerFields: nil)!
            )
        }
    }

    func client(hangAfter: Int? = nil) -> APIClient {
        APIClient(
            baseURL: URL(string: "http://ledger.test")!, transport: transport(hangAfter: hangAfter),
            retryPolicy: .never, errorReporter: .silent)
    }
}
