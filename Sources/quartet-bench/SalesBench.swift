import Database
import DatabasePostgres
import Foundation
import HTTPServer
import ImageCodec
import SalesforceDevServer

/// `quartet-bench sales …`: the Swift side of scripts/bench.d/sales.sh.
///
/// - `serve PORT DATABASE`: the Salesforce dev server on loopback until killed; DATABASE is a directory (a SQLite
///   file is made there) or a `sqlite:`/`postgres://` URL.
/// - `body BYTES ACCOUNT JSON RAW`: a random attachment of BYTES, as the create body (base64 JSON) and raw.
/// - `photo OUT`: a ~30 MB JPEG (noisy 5000×3750 RGB at quality 100).
/// - `shrink IN OUT`: fits IN under 25 MB with libjpeg-turbo; prints `milliseconds bytes width height`.
/// - `split JSON DIRECTORY`: where an upload's time goes once received: checking and decoding the base64,
///   and storing the record in a SQLite file as the server does, without the WAL checkpoint that follows
///   the commit, and without fsync either (median of 5, milliseconds; the last two are diagnosis only).
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
        case "split" where arguments.count == 3:
            try await split(json: arguments[1], directory: arguments[2])
        default:
            throw HTTPBench.BenchError(
                description: "usage: quartet-bench sales serve PORT DATABASE | body BYTES ACCOUNT JSON RAW | photo OUT "
                    + "| shrink IN OUT | split JSON DIRECTORY")
        }
    }

    static func serve(port: UInt16, database location: String) async throws {
        let database =
            location.contains(":")
            ? try DatabaseOpener.open(location) : try SQLiteDatabase(path: location + "/quartet.sqlite")
        var migrator = Migrator()
        SalesforceDevService.registerMigrations(&migrator)
        try await migrator.migrate(database)
        let service = try await SalesforceDevService.start(database: database)
        var router = Router()
        service.register(on: &router)
        // NB: a 25 MiB attachment is ~35 MB of base64 JSON, above the engine's 32 MiB default.
        let server = Server(
            configuration: Server.Configuration(port: port, requestTimeout: nil, maxBodySize: 48 << 20),
            handler: router.handler())
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

    static func split(json: String, directory: String) async throws {
        let request = try Data(contentsOf: URL(fileURLWithPath: json))
        // The bench body is {"Body":"…",…}: the base64 is the first string value.
        let start = (request.firstRange(of: Data(#"{"Body":""#.utf8))?.upperBound ?? 0)
        let end = request[start...].firstIndex(of: UInt8(ascii: "\"")) ?? request.endIndex
        let base64 = request[start..<end]
        func median(_ body: () async throws -> Void) async rethrows -> Double {
            var samples: [Double] = []
            for _ in 0..<5 {
                let begin = ContinuousClock.now
                try await body()
                let elapsed = ContinuousClock.now - begin
                samples.append(
                    Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            }
            return samples.sorted()[2]
        }
        var text: Base64Text?
        let check = await median { text = Base64Text(base64) }
        guard let text else { throw HTTPBench.BenchError(description: "sales split: the body is not base64") }
        var sink: UInt8 = 0
        let decode = await median { text.decode { sink &+= $0.last ?? 0 } }
        let copy = await median { sink &+= Data(base64)[base64.count / 2] }
        var stores: [String] = []
        // NB: diagnosis only: the server itself always runs with synchronous=FULL and automatic checkpoints.
        let variants: [(SQLiteDatabase.Configuration.Synchronous, checkpoint: Bool)] = [
            (.full, true), (.full, false), (.off, false),
        ]
        for (mode, checkpoint) in variants {
            var configuration = SQLiteDatabase.Configuration()
            configuration.synchronous = mode
            let database = try SQLiteDatabase(
                path: directory + "/split-\(mode.rawValue)-\(checkpoint).sqlite", configuration: configuration)
            var migrator = Migrator()
            SalesforceDevService.registerMigrations(&migrator)
            try await migrator.migrate(database)
            if !checkpoint { try await database.write { try $0.executeScript("PRAGMA wal_autocheckpoint = 0") } }
            let store = SObjectStore.database(database)
            let now = Date()
            let time = try await median {
                let record = SObjectRecord(
                    id: UUID().uuidString, type: "Attachment", parentID: nil, fields: [:], body: nil,
                    createdDate: now, lastModifiedDate: now, encodedBody: text)
                _ = try await store.insert(record, nil)
            }
            stores.append(String(format: "%.1f", time))
            await database.close()
        }
        let figures = [("check", check), ("decode", decode), ("memcpy", copy)].map {
            "\($0.0) \(String(format: "%.1f", $0.1))"
        }
        let storing = [
            "store(FULL) \(stores[0])", "store(FULL, no checkpoint) \(stores[1])",
            "store(OFF, no checkpoint) \(stores[2])",
        ]
        print((figures + storing + ["(sink \(sink))"]).joined(separator: " "))
    }
}
