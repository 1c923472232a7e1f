import Foundation

/// What a quake's link is to the app: a USGS event page to open in the in-app browser, or a link it does not open.
///
/// A row's tap is for the quake's USGS event page, and the feed is another party's data: its `properties.url`
/// could lead anywhere. ``Quake/eventPage(feedURL:)`` is the one rule; the list, the detail and the command line
/// ask it.
public enum QuakeEventPage: Sendable, Hashable {
    /// A page of USGS's site (`usgs.gov` or a name under it), always over `https` (the site serves nothing else worth
    /// the risk of a plain-text page), or a page of the server the feed itself came from (a USGS replay), as it is.
    case open(URL)
    /// A link to another site (its host), or one that is no web page (`nil`): not opened.
    case refused(host: String?)
}

extension Quake {
    /// The event page as the app treats it, for a feed read from `feedURL`; `nil` when the feed gave no link.
    ///
    /// - `https://earthquake.usgs.gov/…` (any name under `usgs.gov`): opened.
    /// - `http://earthquake.usgs.gov/…`: opened as `https://` (port 80 dropped).
    /// - A page of the feed's own server (same scheme, host and port as `feedURL`): opened as it is. The USGS replay
    ///   serves its event pages beside its feeds, over `http` on a developer's machine.
    /// - Anything else (another site, a `javascript:` or `file:` link): ``QuakeEventPage/refused(host:)``.
    ///
    /// ```swift
    /// quake.eventPage = "http://earthquake.usgs.gov/earthquakes/eventpage/us1"
    /// quake.eventPage(feedURL: usgsFeed)  // .open(https://earthquake.usgs.gov/earthquakes/eventpage/us1)
    /// quake.eventPage = "https://example.com/us1"
    /// quake.eventPage(feedURL: usgsFeed)  // .refused(host: "example.com")
    /// ```
    public func eventPage(feedURL: URL?) -> QuakeEventPage? {
        guard let text = eventPage else { return nil }
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "https" || scheme == "http",
            let host = components.percentEncodedHost?.lowercased(), !host.isEmpty
        else { return .refused(host: nil) }
        // NB: a name of letters, digits, dots and hyphens only: no percent-encoded or IDN look-alike of usgs.gov.
        let plainName = host.utf8.allSatisfy { byte in
            (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2E || byte == 0x2D
        }
        if plainName, host == "usgs.gov" || host.hasSuffix(".usgs.gov") {
            components.user = nil
            components.password = nil
            if scheme == "http" {
                components.scheme = "https"
                if components.port == 80 { components.port = nil }
            }
            return components.url.map(QuakeEventPage.open) ?? .refused(host: host)
        }
        if let feedURL, let feedScheme = feedURL.scheme?.lowercased(), feedScheme == scheme,
            feedURL.host?.lowercased() == host, Self.port(feedURL.port, scheme) == Self.port(components.port, scheme),
            let url = components.url
        {
            return .open(url)
        }
        return .refused(host: host)
    }

    private static func port(_ port: Int?, _ scheme: String) -> Int {
        port ?? (scheme == "https" ? 443 : 80)
    }
}
