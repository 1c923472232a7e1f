import Foundation
import HTTPServer

/// `quartet-bench http PORT`: serves a fixed 1 KB JSON document at `/payload.json` until killed, for
/// scripts/bench.d/http.sh to measure with wrk beside nginx serving the same bytes.
enum HTTPBench {
    /// The benchmark payload: exactly 1024 bytes of JSON, the same bytes the script gives nginx.
    static let payload: Data = {
        let prefix = "{\"items\":\""
        let suffix = "\"}\n"
        let filler = String(repeating: "x", count: 1024 - prefix.utf8.count - suffix.utf8.count)
        return Data((prefix + filler + suffix).utf8)
    }()

    static func run(_ arguments: [String]) async throws {
        if arguments.count == 2, arguments[0] == "--write-payload" {
            try payload.write(to: URL(fileURLWithPath: arguments[1]))
            return
        }
        guard let port = arguments.first.flatMap(UInt16.init) else {
            throw BenchError(description: "usage: quartet-bench http PORT [THREADS] | http --write-payload FILE")
        }
        var configuration = Server.Configuration(port: port, requestTimeout: nil)
        if let threads = arguments.dropFirst().first.flatMap(Int.init) { configuration.threadPoolSize = threads }
        if let kib = arguments.dropFirst(2).first.flatMap(Int.init) { configuration.connectionMemoryLimit = kib << 10 }
        var router = Router()
        router.get("/payload.json") { _ in
            Response(status: .ok, headers: ["Content-Type": "application/json"], body: payload)
        }
        let server = Server(configuration: configuration, handler: router.handler())
        try server.start()
        FileHandle.standardError.write(Data("http bench: listening on 127.0.0.1:\(server.port)\n".utf8))
        await server.runUntilSignal(gracePeriod: .seconds(1))
    }

    struct BenchError: Error, CustomStringConvertible {
        var description: String
    }
}
