import Database
import Foundation
import LocalStore
import QuakesCore
import USGSReplay

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `quartet-bench quakes …`: the Swift side of the Quakes ingest benchmark (see scripts/bench.d/quakes.sh).
///
/// - `ingest FILE [ITERATIONS]`: decode + sort + build rows + store in LocalStore (SQLite file), repeated;
///   prints `median_ms features bytes`.
/// - `ingest-once FILE`: one ingest, for a peak-memory measurement of its own process.
/// - `demo OUT`: writes the replay's generated 30-day feed (~10,000 quakes) to OUT.
/// - `idle`: does nothing (the process's baseline footprint).
/// - `rss COMMAND [ARGS…]`: runs a command and prints its peak resident set in KiB (`ru_maxrss`).
enum QuakesBench {
    static func run(_ arguments: [String]) async throws {
        guard let mode = arguments.first else { throw BenchError("usage: quakes ingest|ingest-once|demo|rss|launch …") }
        let rest = Array(arguments.dropFirst())
        switch mode {
        case "ingest":
            guard let file = rest.first else { throw BenchError("usage: quakes ingest FILE [ITERATIONS]") }
            try await ingest(file: file, iterations: rest.count > 1 ? Int(rest[1]) ?? 20 : 20)
        case "ingest-once":
            guard let file = rest.first else { throw BenchError("usage: quakes ingest-once FILE") }
            try await ingest(file: file, iterations: 1)
        case "demo":
            guard let output = rest.first else { throw BenchError("usage: quakes demo OUT") }
            let replay = USGSReplay(USGSReplayConfiguration(now: Date(timeIntervalSince1970: 1_764_460_800)))
            guard let feed = try replay.summaryFeed(named: "all_month.geojson") else {
                throw BenchError("no demo feed")
            }
            try feed.body.write(to: URL(fileURLWithPath: output))
        case "idle":
            // The binary's own footprint (runtime and linked libraries), subtracted to compare ingests alone.
            print(0)
        case "rss":
            guard !rest.isEmpty else { throw BenchError("usage: quakes rss COMMAND [ARGS…]") }
            print(try peakMemory(rest))
        default:
            throw BenchError("unknown mode \(mode)")
        }
    }

    /// Times `iterations` ingests of the file's bytes (read once, outside the timing) into a fresh store.
    ///
    /// NB: the last ingest is handed the only reference to the bytes, as the app's refresh hands over the body
    /// it fetched, so `ingest-once` measures an ingest that frees the body once decoded (see
    /// `QuakeFeedService.ingest`). The earlier iterations share the bytes; only their time is kept.
    static func ingest(file: String, iterations: Int) async throws {
        var body: Data? = try Data(contentsOf: URL(fileURLWithPath: file))
        let byteCount = body?.count ?? 0
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quakes-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try SQLiteDatabase(path: folder.appendingPathComponent("device.sqlite").path)
        let store = try await LocalStore(database: database)
        let service = QuakeFeedService(
            feedURL: URL(fileURLWithPath: file),
            client: QuakeFeedClient { _, _ in .notModified(FeedValidators()) },
            cache: .live(store),
            formatter: QuakeRowFormatter(
                timeZone: TimeZone(identifier: "America/Los_Angeles") ?? .current, locale: Locale(identifier: "en_US")))
        var timings: [Double] = []
        var features = 0
        for iteration in 0..<iterations {
            guard let data = iteration == iterations - 1 ? body.take() : body else { break }
            let start = ContinuousClock.now
            let listing = try await service.ingest(
                consume data, validators: FeedValidators(etag: "\"bench\""), fetchedAt: Date())
            let elapsed = ContinuousClock.now - start
            features = listing.rows.count
            timings.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        timings.sort()
        print(String(format: "%.2f %d %d", timings[timings.count / 2], features, byteCount))
    }

    /// Runs a command to completion and returns its peak resident set size in KiB.
    static func peakMemory(_ command: [String]) throws -> Int {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let spawned = posix_spawnp(&pid, command[0], nil, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot run \(command[0]) (\(spawned))") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw BenchError("wait4 failed") }
        guard status == 0 else { throw BenchError("\(command.joined(separator: " ")) failed (status \(status))") }
        return Int(usage.ru_maxrss)
    }

    struct BenchError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
