import Foundation

/// Gives every request an id: the client's `X-Request-Id` when it is sane, a new UUID otherwise.
///
/// The id is set on ``Request/requestID`` (the access log, error problems and handlers read it there) and
/// echoed in the response's `X-Request-Id`, errors included. "Sane" means 1–128 characters of letters,
/// digits and `-_.:`, so a client cannot smuggle spaces, quotes or line breaks into logs.
public struct RequestIDMiddleware: Middleware {
    /// The header carrying the id, both ways.
    public static let header = "X-Request-Id"

    private let generate: @Sendable () -> String
    private let log: LogSink

    /// Makes the middleware; `generate` makes new ids (a UUID by default), `log` receives unmapped errors.
    public init(
        log: LogSink = .standardError, generate: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.generate = generate
        self.log = log
    }

    /// Sets the id, runs the rest, and echoes the id.
    public func handle(_ request: Request, next: Handler) async throws -> Response {
        var request = request
        if let offered = request.headers[Self.header], Self.isSane(offered) {
            request.requestID = offered
        } else {
            request.requestID = generate()
        }
        var response: Response
        do {
            response = try await next(request)
        } catch {
            response = ErrorMapping.response(for: error, request: request, log: log)
        }
        response.headers[Self.header] = request.requestID
        return response
    }

    static func isSane(_ id: String) -> Bool {
        guard (1...128).contains(id.utf8.count) else { return false }
        return id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: ":"):
                true
            default:
                false
            }
        }
    }
}
