import Foundation
import HTTPServer
import HTTPTypes
import Locking

/// Settings of the USGS replay.
public struct USGSReplayConfiguration: Sendable {
    /// A folder of real feed files (`all_month.geojson`, …) to serve as they are, their links led to this server;
    /// `nil` serves the demo feed.
    public var feedDirectory: URL?
    /// The end of the demo feed's 30 days (and its `generated` time).
    public var now: Date
    /// Seeds the demo feed: the same seed and `now` give the same bytes.
    public var seed: UInt64
    /// Events in the demo month.
    public var demoCount: Int
    /// The address people reach the server at (`quartet serve --public-url`): the demo feed's links start with it.
    /// `nil` starts them with `http://` and the request's `Host`, as the server's other absolute links do.
    public var publicURL: URL?

    /// Settings with the demo's defaults (10,000 events, a fixed seed, the current time); `now` is rounded down to a
    /// whole second, as `Last-Modified` is.
    public init(
        feedDirectory: URL? = nil, now: Date = Date(), seed: UInt64 = 0x5155_414B, demoCount: Int = 10_000,
        publicURL: URL? = nil
    ) {
        self.feedDirectory = feedDirectory
        self.publicURL = publicURL
        // NB: whole seconds, so Last-Modified (second resolution) compares exactly with If-Modified-Since.
        self.now = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        self.seed = seed
        self.demoCount = demoCount
    }
}

/// A stand-in for the USGS earthquake feeds: same paths, JSON shape, headers and conditional requests.
///
/// ```swift
/// var router = Router()
/// USGSReplay(USGSReplayConfiguration()).register(on: &router)
/// // GET /usgs/feed/v1.0/summary/all_month.geojson
/// ```
///
/// Headers follow USGS: `Content-Type: application/json`, `Cache-Control: public, max-age=60`,
/// `Last-Modified`, `ETag`, `Expires`, `Access-Control-Allow-Origin: *`, and 304 on a matching
/// `If-None-Match` (or, without one, `If-Modified-Since`).
///
/// The demo feed's links are absolute, as USGS's are, and lead to this server
/// (`http://127.0.0.1:8080/usgs/earthquakes/eventpage/ak73002835`; see ``linkBase(for:)``). Files of a feed folder
/// are served as they are but for their USGS links, which lead to this server too (``FolderLinks``): the detail
/// feed and event page of each of their events are served, derived from its feature.
public final class USGSReplay: Sendable {
    /// The settings the replay was made with.
    public let configuration: USGSReplayConfiguration
    private let cache = FeedCache()

    /// A replay serving as `configuration` says; nothing is generated or read until a feed is asked for.
    public init(_ configuration: USGSReplayConfiguration) {
        self.configuration = configuration
    }

    /// Adds the replay's routes.
    public func register(on router: inout Router) {
        router.get("/usgs/feed/v1.0/summary/:feed") { [self] request in
            try self.summary(request)
        }
        router.get("/usgs/feed/v1.0/detail/:file") { [self] request in
            try self.detail(request)
        }
        router.get("/usgs/earthquakes/eventpage/:id") { [self] request in
            try self.eventPage(request)
        }
    }

    /// A served file: its bytes and validators.
    public struct Feed: Sendable {
        /// The bytes served, with links pointing at this server.
        public var body: Data
        /// The `ETag`: a hash of ``body``, quoted (a strong validator).
        public var etag: String
        /// The `Last-Modified` time, in whole seconds: the folder file's modification time, or the configured `now` for
        /// the demo.
        public var lastModified: Date
    }

    /// What the links of a demo feed start with: the configured public URL, else `http://` and the request's
    /// `Host` (as Attendee's share links); `""` (site-relative links) for a request with no usable `Host`.
    public func linkBase(for request: Request) -> String {
        if let configured = configuration.publicURL?.absoluteString {
            return configured.hasSuffix("/") ? String(configured.dropLast()) : configured
        }
        guard let host = request.headers["Host"], Self.isHost(host) else { return "" }
        return "http://" + host
    }

    /// A host name or address with an optional port, and nothing else (no scheme, path, quotes or spaces).
    static func isHost(_ host: String) -> Bool {
        !host.isEmpty && host.utf8.count <= 255
            && host.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || ".-:[]".utf8.contains(byte)
            }
    }

    /// The bytes of a summary feed (`all_month.geojson`), or `nil` for an unknown name or missing file; the demo
    /// feed's links start with `base` (``linkBase(for:)``).
    public func summaryFeed(named file: String, base: String = "") throws -> Feed? {
        guard let name = SummaryFeedName(file: file) else { return nil }
        if let directory = configuration.feedDirectory {
            let url = directory.appendingPathComponent(name.name + ".geojson")
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
            let modified = (attributes[.modificationDate] as? Date) ?? configuration.now
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
            // NB: read again when the file changes (its time or size), as the folder's events are.
            let key = "folder \(base) \(name.name) \(modified.timeIntervalSince1970) \(size)"
            if let feed = cache.cached(key) { return feed }
            guard let file = try? Data(contentsOf: url) else { return nil }
            let body = FolderLinks.pointingAtReplay(file, base: base)
            let feed = Feed(
                body: body, etag: Self.etag(body),
                lastModified: Date(timeIntervalSince1970: modified.timeIntervalSince1970.rounded(.down)))
            return cache.value(for: key) { feed }
        }
        // NB: the month is generated before taking the feed lock, which is not reentrant.
        let month = demoQuakes()
        return cache.value(for: base + " " + name.name) {
            let now = configuration.now
            let start = Int64(((now.timeIntervalSince1970 - name.period.seconds) * 1000).rounded(.down))
            let quakes = month.filter { $0.timeMilliseconds >= start && name.floor.admits($0) }
            let body = SummaryFeedWriter.collection(
                quakes, name: name.name, title: name.title, generated: now, base: base)
            return Feed(body: body, etag: Self.etag(body), lastModified: now)
        }
    }

    /// The demo month, generated once.
    func demoQuakes() -> [DemoQuake] {
        cache.quakes {
            DemoFeedGenerator(now: configuration.now, seed: configuration.seed, count: configuration.demoCount)
                .generate()
        }
    }

    private func summary(_ request: Request) throws -> Response {
        guard let feed = try summaryFeed(named: try request.parameter("feed"), base: linkBase(for: request)) else {
            throw HTTPError(.notFound, detail: "No such feed.")
        }
        return Self.respond(feed, to: request, contentType: "application/json")
    }

    private func detail(_ request: Request) throws -> Response {
        let file = try request.parameter("file")
        guard file.hasSuffix(".geojson") else { throw HTTPError(.notFound, detail: "No such event.") }
        let id = String(file.dropLast(".geojson".count))
        let body: Data
        let lastModified: Date
        if let directory = configuration.feedDirectory {
            guard let event = cache.folderEvent(id, in: directory) else {
                throw HTTPError(.notFound, detail: "No such event.")
            }
            (body, lastModified) = (
                FolderLinks.pointingAtReplay(event.detail, base: linkBase(for: request)), event.lastModified
            )
        } else {
            guard let quake = demoQuakes().first(where: { $0.id == id }) else {
                throw HTTPError(.notFound, detail: "No such event.")
            }
            (body, lastModified) = (SummaryFeedWriter.detail(quake, base: linkBase(for: request)), configuration.now)
        }
        let feed = Feed(body: body, etag: Self.etag(body), lastModified: lastModified)
        return Self.respond(feed, to: request, contentType: "application/json")
    }

    private func eventPage(_ request: Request) throws -> Response {
        let id = try request.parameter("id")
        let page: EventPage
        if let directory = configuration.feedDirectory {
            guard let event = cache.folderEvent(id, in: directory) else {
                throw HTTPError(.notFound, detail: "No such event.")
            }
            page = event.page
        } else {
            guard let quake = demoQuakes().first(where: { $0.id == id }) else {
                throw HTTPError(.notFound, detail: "No such event.")
            }
            page = EventPage(
                title: quake.title, timeMilliseconds: quake.timeMilliseconds, latitude: quake.latitude,
                longitude: quake.longitude, depth: quake.depth, status: quake.status,
                note: "Demo event generated by the Quartet USGS replay.")
        }
        return Response(
            status: .ok, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(page.html.utf8))
    }

    /// 200 with the feed and its validators, or 304 when the request's validators match.
    static func respond(_ feed: Feed, to request: Request, contentType: String) -> Response {
        var headers: HTTPHeaders = [
            "Content-Type": contentType,
            "Cache-Control": "public, max-age=60",
            "ETag": feed.etag,
            "Last-Modified": HTTPDate.string(from: feed.lastModified),
            "Expires": HTTPDate.string(from: Date().addingTimeInterval(60)),
            "Access-Control-Allow-Origin": "*",
        ]
        if isNotModified(request.headers, etag: feed.etag, lastModified: feed.lastModified) {
            headers["Content-Type"] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: feed.body)
    }

    /// RFC 9110 §13.2.2: `If-None-Match` (weak comparison) decides when present; else `If-Modified-Since`.
    static func isNotModified(_ headers: HTTPHeaders, etag: String, lastModified: Date) -> Bool {
        if let match = headers["If-None-Match"] { return EntityTag.ifNoneMatch(match, names: etag) }
        if let since = headers["If-Modified-Since"], let date = HTTPDate.date(from: since) {
            return lastModified <= date
        }
        return false
    }

    /// A strong validator: the FNV-1a 64-bit hash of the bytes, quoted.
    static func etag(_ body: Data) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

}

/// Generated quakes, encoded feeds and the events of a feed folder, made once and shared by every request.
private final class FeedCache: Sendable {
    private let feeds = Locked<[String: USGSReplay.Feed]>([:])
    private let demo = Locked<[DemoQuake]?>(nil)
    private let folder = Locked<FolderIndex?>(nil)

    /// The most feeds kept: one per feed name and link base, and the base comes from the request's `Host`.
    static let feedLimit = 64

    func cached(_ key: String) -> USGSReplay.Feed? {
        feeds.withLock { $0[key] }
    }

    func value(for key: String, make: () -> USGSReplay.Feed) -> USGSReplay.Feed {
        feeds.withLock { feeds in
            if let feed = feeds[key] { return feed }
            let feed = make()
            // NB: a client chooses its Host, so the cache is bounded: when full it starts over.
            if feeds.count >= Self.feedLimit { feeds.removeAll() }
            feeds[key] = feed
            return feed
        }
    }

    /// The event `id` of a feed file in `directory`, read again when a file there changed.
    func folderEvent(_ id: String, in directory: URL) -> FolderEvent? {
        let stamps = FolderIndex.stamps(of: directory)
        return folder.withLock { index in
            if index?.stamps != stamps { index = FolderIndex(directory: directory, stamps: stamps) }
            return index?.events[id]
        }
    }

    func quakes(_ make: () -> [DemoQuake]) -> [DemoQuake] {
        demo.withLock { demo in
            if let demo { return demo }
            let made = make()
            demo = made
            return made
        }
    }
}

extension USGSReplay {
    /// The replay's routes, as published in `/openapi.json`.
    public static let operations = [
        APIOperation(
            .get,
            "/usgs/feed/v1.0/summary/:feed",
            summary: "A USGS summary feed (GeoJSON), e.g. all_month.geojson; conditional with ETag/Last-Modified",
            tag: "usgs",
            responses: [200: "The feed", 304: "Not modified since the validators given", 404: "Unknown feed"]
        ),
        APIOperation(
            .get,
            "/usgs/feed/v1.0/detail/:file",
            summary:
                "A USGS event detail feed (GeoJSON Feature) of a quake of the replayed feed, e.g. us7000abcd.geojson",
            tag: "usgs",
            responses: [200: "The event", 404: "Unknown event"]
        ),
        APIOperation(
            .get,
            "/usgs/earthquakes/eventpage/:id",
            summary: "The event page of a quake of the replayed feed (HTML)",
            tag: "usgs",
            responses: [200: "The page", 404: "Unknown event"],
            responseMediaType: "text/html"
        ),
    ]
}
