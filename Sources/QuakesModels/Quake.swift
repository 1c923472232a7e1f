import Foundation
import Localization
import PublicInit

/// Where a quake happened: longitude and latitude in degrees, depth in kilometres (negative above sea level).
@PublicInit
public struct QuakeCoordinate: Sendable, Hashable {
    /// Degrees east, −180…180 (west is negative): the feed's first coordinate. The decoders skip a feature outside
    /// that range.
    public var longitude: Double
    /// Degrees north, −90…90 (south is negative): the feed's second coordinate. The decoders skip a feature outside
    /// that range.
    public var latitude: Double
    /// Kilometres below sea level; `nil` when the feed gave only two coordinates.
    public var depth: Double?
}

/// One event of a USGS feed, normalized: lowercase enumerations, dates, absolute links.
public struct Quake: Sendable, Hashable, Identifiable {
    public var id: String
    /// `nil` when the feed says `null` (the event has no magnitude yet).
    public var magnitude: Double?
    /// The magnitude as people read it: to one decimal, as the USGS title and the detail print it (the feed's
    /// 4.95 is titled "M 5.0"). The app's magnitude rules (the tints, the map's 3.5, the filter's floor) compare
    /// this, so a quake that reads "M 5.0" is tinted as one.
    public var shownMagnitude: Double? { magnitude.map(Self.shown) }
    /// The named region near the epicentre (`10 km SSW of Idyllwild, CA`); `nil` when the feed has none or an empty
    /// one.
    public var place: String?
    /// The USGS title, or one built from magnitude and place when the feed has none (old API versions).
    public var title: String
    /// When the quake occurred.
    public var time: Date
    /// When USGS last changed the event.
    public var updated: Date?
    /// The event page (`properties.url`), made absolute.
    public var eventPage: String? {
        get { storedEventPage?.text }
        set { storedEventPage = newValue.map(QuakeLink.init) }
    }
    /// The GeoJSON detail feed of this event (`properties.detail`).
    public var detailFeed: String? {
        get { storedDetailFeed?.text }
        set { storedDetailFeed = newValue.map(QuakeLink.init) }
    }
    // NB: links are kept as prefix index + event id (see QuakeLink): ~200 bytes a quake fewer on the heap.
    package private(set) var storedEventPage: QuakeLink?
    package private(set) var storedDetailFeed: QuakeLink?
    /// Number of "Did You Feel It?" reports.
    public var felt: Int?
    /// The highest intensity the "Did You Feel It?" reports give, on the Modified Mercalli scale (a decimal, 0–10).
    public var cdi: Double?
    /// The highest intensity ShakeMap estimates from instruments, on the Modified Mercalli scale (a decimal, 0–10).
    public var mmi: Double?
    /// PAGER alert level (`green`, `yellow`, `orange`, `red`), lowercase.
    public var alert: String?
    /// The feed's `tsunami` flag, set for large events in oceanic regions: it does not say that a tsunami happened.
    /// `false` when the feed leaves it out.
    public var tsunami: Bool
    /// `automatic`, `reviewed`, `deleted`…, lowercase.
    public var status: String?
    /// `earthquake`, `quarry blast`, `explosion`, `ice quake`…, lowercase.
    public var type: String
    /// `ml`, `md`, `mb`, `mww`…, lowercase.
    public var magType: String?
    /// The feature's `geometry.coordinates`: longitude, latitude and depth.
    public var coordinate: QuakeCoordinate
    /// Minutes from UTC at the epicentre (old feeds only).
    public var tz: Int?
    /// The network that contributed the preferred solution (`us`, `ak`, `ci`…), as the feed spells it.
    public var net: String?
    /// The code that network (``net``) gave the event, as the feed spells it.
    public var code: String?
    /// USGS significance (0–1000+).
    public var sig: Int?

    /// A quake from values already normalized as the decoders leave them (lowercase enumerations, links through
    /// ``webLink(_:origin:)``); nothing is checked or rewritten here.
    public init(
        id: String, magnitude: Double?, place: String?, title: String, time: Date, updated: Date? = nil,
        eventPage: String? = nil, detailFeed: String? = nil, felt: Int? = nil, cdi: Double? = nil,
        mmi: Double? = nil, alert: String? = nil, tsunami: Bool = false, status: String? = nil,
        type: String = "earthquake", magType: String? = nil, coordinate: QuakeCoordinate, tz: Int? = nil,
        net: String? = nil, code: String? = nil, sig: Int? = nil
    ) {
        self.id = id
        self.magnitude = magnitude
        self.place = place
        self.title = title
        self.time = time
        self.updated = updated
        self.storedEventPage = eventPage.map(QuakeLink.init)
        self.storedDetailFeed = detailFeed.map(QuakeLink.init)
        self.felt = felt
        self.cdi = cdi
        self.mmi = mmi
        self.alert = alert
        self.tsunami = tsunami
        self.status = status
        self.type = type
        self.magType = magType
        self.coordinate = coordinate
        self.tz = tz
        self.net = net
        self.code = code
        self.sig = sig
    }

    /// The event page as a URL, for the in-app browser: a web address (`http` or `https`, with a host) only. A
    /// feed is another party's data, and a `javascript:` or `file:` link in it is no page to open.
    public var url: URL? {
        guard let url = eventPage.flatMap(URL.init(string:)), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// The one rule for a feed's links (`properties.url`, `properties.detail`), which every decoder applies when it
    /// reads a feed: a site-relative link (`/earthquakes/eventpage/…`, as detail feeds have it) gets `origin`; what
    /// is then not a web address (`http` or `https`, with a host, no spaces or control characters) is no link at
    /// all. A feed is another party's data: a `javascript:`, `file:` or `data:` link in it is dropped here, so the
    /// list, the detail, `--json` and the app never see it.
    ///
    /// ```swift
    /// Quake.webLink("/earthquakes/eventpage/us1", origin: "https://earthquake.usgs.gov")
    /// // "https://earthquake.usgs.gov/earthquakes/eventpage/us1"
    /// Quake.webLink("javascript:alert(1)", origin: "https://earthquake.usgs.gov")  // nil
    /// ```
    public static func webLink(_ text: String, origin: String) -> String? {
        let link = text.hasPrefix("/") && !text.hasPrefix("//") ? origin + text : text
        // NB: the scheme's ASCII letters lowercased byte by byte; `lowercased()` would copy the whole link.
        let head = link.utf8.prefix(8).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        let schemeLength = head.starts(with: "https://".utf8) ? 8 : head.starts(with: "http://".utf8) ? 7 : 0
        guard schemeLength > 0 else { return nil }
        let host = link.utf8.dropFirst(schemeLength).prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        guard !host.isEmpty, !link.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return nil }
        return link
    }

    /// Newest first; equal times ordered by id so the list never reshuffles.
    @inlinable
    public static func newestFirst(_ lhs: Quake, _ rhs: Quake) -> Bool {
        if lhs.time != rhs.time { return lhs.time > rhs.time }
        return lhs.id < rhs.id
    }

    /// `magnitude` to one decimal, halves away from zero, as ``NumberText/fixed(_:digits:)`` prints it.
    public static func shown(_ magnitude: Double) -> Double {
        (magnitude * 10).rounded(.toNearestOrAwayFromZero) / 10
    }

    /// A title in the USGS style (`M 4.5 - 10 km N of X`, `M 1.2 Quarry Blast - …`) for features that lack one.
    ///
    /// NB: this is feed data in USGS's own English, not a user-interface string, so it is not localized.
    public static func usgsTitle(magnitude: Double?, place: String?, type: String) -> String {
        var head = magnitude.map { "M " + NumberText.fixed($0, digits: 1) } ?? "M ?"
        if type != "earthquake", !type.isEmpty {
            head +=
                " "
                + type.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(
                    separator: " ")
        }
        guard let place, !place.isEmpty else { return head }
        return head + " - " + place
    }
}
