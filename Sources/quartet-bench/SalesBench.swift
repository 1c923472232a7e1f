import Database
import DatabasePostgres
import Foundation
import HTTPServer
import ImageCodec
import SalesforceDevServer
import SalesforceUpload

/// `quartet-bench sales …`: the Swift side of scripts/bench.d/sales.sh.
///
/// - `serve PORT DATABASE`: the Salesforce dev server on loopback until killed, as `quartet serve` runs it
///   (bodies taken as they arrive); DATABASE is a directory (a SQLite file and the body folder are made there)
///   or a `sqlite:`/`postgres://` URL (the body folder is then a temporary one).
/// - `body BYTES ACCOUNT JSON RAW`: a random attachment of BYTES, as the create body (base64 JSON) and raw.
/// - `photo OUT`: a ~30 MB JPEG (noisy 5000×3750 RGB at quality 100).
/// - `shrink IN OUT`: fits IN under 25 MB with libjpeg-turbo; prints `milliseconds bytes width height`.
enum SalesBench {
    static func run(_ arguments: [String]) async throws {
        switch arguments.first {
        case "serve" where arguments.count == 3:
            try await serve(port: UInt16(arguments[1]) ?? 0, database: arguments[2])
        case "body" where arguments.count == 5:
            try body(bytes: Int(arguments[1]) ?? 0, account: arguments[2], json: arguments[3], raw: arguments[4])
        case "photo" where arguments.count == 2:
            try photo(arguments[1])
        case "shrink" where arguments.count == 3:
            try shrink(arguments[1], arguments[2])
        default:
            throw HTTPBench.BenchError(
                description: "usage: quartet-bench sales serve PORT DATABASE | body BYTES ACCOUNT JSON RAW | photo OUT "
                    + "| shrink IN OUT")
        }
    }

    static func serve(port: UInt16, database location: String) async throws {
        let database =
            location.contains(":")
            ? try DatabaseOpener.open(location) : try SQLiteDatabase(path: location + "/quartet.sqlite")
        var migrator = Migrator()
        SalesforceDevService.registerMigrations(&migrator)
        try await migrator.migrate(database)
        let bodies =
            location.contains(":")
            ? try BodyFolder.temporary()
            : try BodyFolder(URL(fileURLWithPath: location).appendingPathComponent("salesforce-bodies"))
        let service = try await SalesforceDevService.start(database: database, bodies: bodies)
        var router = Router()
        service.register(on: &router)
        // NB: a 25 MiB attachment is ~35 MB of base64 JSON, above the engine's 32 MiB default.
        let server = Server(
            configuration: Server.Configuration(port: port, requestTimeout: nil, maxBodySize: 48 << 20),
            handler: router.handler(), bodyReceivers: router.bodyReceivers())
        try server.start()
        FileHandle.standardError.write(Data("sales bench: listening on 127.0.0.1:\(server.port)\n".utf8))
        await server.runUntilSignal(gracePeriod: .seconds(1))
    }

    static func body(bytes: Int, account: String, json: String, raw: String) throws {
        var generator = SystemRandomNumberGenerator()
        var data = Data(count: bytes)
        data.withUnsafeMutableBytes { buffer in
            for index in stride(from: 0, to: buffer.count - 7, by: 8) {
                buffer.storeBytes(of: generator.next(), toByteOffset: index, as: UInt64.self)
            }
        }
        try data.write(to: URL(fileURLWithPath: raw))
        let body = "{\"Body\":\"\(data.base64EncodedString())\",\"Name\":\"bench.bin\",\"ParentId\":\"\(account)\"}"
        try Data(body.utf8).write(to: URL(fileURLWithPath: json))
    }

    static func photo(_ path: String) throws {
        let size = PixelSize(width: 5000, height: 3750)
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 3)
        var generator = SystemRandomNumberGenerator()
        pixels.withUnsafeMutableBytes { buffer in
            for index in stride(from: 0, to: buffer.count - 7, by: 8) {
                buffer.storeBytes(of: generator.next(), toByteOffset: index, as: UInt64.self)
            }
        }
        try TurboJPEG.encode(RGBImage(size: size, pixels: pixels), quality: 100).write(to: URL(fileURLWithPath: path))
    }

    static func shrink(_ input: String, _ output: String) throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: input))
        let limit = 25 * 1024 * 1024
        let start = ContinuousClock.now
        // The same loop as SalesCore's ImageShrinker (which quartet-bench cannot link): quality 85 at full
        // size first, then scale the area by the overshoot with a 10 % margin.
        let size = try TurboJPEG.dimensions(of: original)
        var scale = 1.0
        var quality = 85
        var result = original
        var target = size
        while result.count >= limit {
            target = PixelSize(
                width: max(1, Int((Double(size.width) * scale).rounded())),
                height: max(1, Int((Double(size.height) * scale).rounded())))
            result = try TurboJPEG.resample(original, to: target, quality: quality)
            scale *= min(0.9, (Double(limit) * 0.9 / Double(result.count)).squareRoot())
            quality = max(60, quality - 5)
        }
        let elapsed = ContinuousClock.now - start
        try result.write(to: URL(fileURLWithPath: output))
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        print(String(format: "%.1f %d %d %d", milliseconds, result.count, target.width, target.height))
    }
}
