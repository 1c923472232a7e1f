import Foundation
import QuakesModels

/// The detail screen of one quake, as text.
public struct QuakeDetail: Sendable, Hashable, Identifiable {
    public var id: String
    /// The USGS title, whole, its place read in its own direction (``QuakeRowFormatter/directionalTitle(_:)``).
    public var title: String
    /// `30 km N of Anchorage, Alaska` in full (the title is cut to one line); `nil` when the feed has none.
    public var placeText: String?
    /// `7.8 mww`, or `Unknown magnitude`.
    public var magnitudeText: String
    /// `24.0 km`, or `0.5 km above sea level` for a negative depth; `nil` when unknown.
    public var depthText: String?
    /// When it happened, as the row writes it (the formatter's time zone and locale).
    public var timeText: String
    /// `38.29° N, 122.31° W`, as the row writes it.
    public var coordinateText: String
    /// `Earthquake`, `Quarry blast`…
    public var typeText: String
    /// `30 reports` (`1 report`); `nil` when none.
    public var feltText: String?
    /// The feed's tsunami flag (large events in oceanic regions; not a sign that a tsunami happened).
    public var tsunami: Bool
    /// Shown when the tsunami flag is set.
    public var tsunamiText: String?
    /// `PAGER alert: green`; `nil` when USGS issued none.
    public var alertText: String?
    /// `Reviewed`, `Automatic`…
    public var statusText: String?
    /// The row's tint, from the magnitude as it reads.
    public var tint: QuakeTint
    /// The event page for the in-app browser: a USGS page (``Quake/eventPage(feedURL:)``); `nil` when there is none
    /// to open.
    public var eventPage: URL?
    /// Why there is no event page to open: the feed's link leads to another site, or the feed gave the quake no web
    /// page (no link, or one that is no web page, which the feed's decoder drops); `nil` when ``eventPage`` opens.
    public var eventPageNote: String?

    /// The detail of a quake, formatted like its row; `feedURL` is where the feed came from, whose own event pages
    /// open beside USGS's (a USGS replay's).
    public init(_ quake: Quake, formatter: QuakeRowFormatter, feedURL: URL? = nil) {
        let row = formatter.row(for: quake)
        id = quake.id
        title = QuakeRowFormatter.directionalTitle(quake.title)
        placeText = quake.place.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        if let magnitude = quake.magnitude {
            magnitudeText = Self.magnitudeText(formatter.decimal(magnitude), type: quake.magType)
        } else {
            magnitudeText = Strings.text("quakes.detail.noMagnitude")
        }
        depthText = quake.coordinate.depth.map { depth in
            depth < 0
                ? Strings.format("quakes.detail.aboveSeaLevel", formatter.decimal(-depth))
                : Strings.format("quakes.detail.depth", formatter.decimal(depth))
        }
        timeText = row.timeText
        coordinateText = row.coordinateText
        typeText = quake.type.prefix(1).uppercased() + quake.type.dropFirst()
        feltText = quake.felt.flatMap { felt in
            switch felt {
            case ...0: nil
            case 1: Strings.text("quakes.detail.felt.one")
            default: Strings.format("quakes.detail.felt", formatter.numbers.whole(felt))
            }
        }
        tsunami = quake.tsunami
        tsunamiText = quake.tsunami ? Strings.text("quakes.detail.tsunami") : nil
        alertText = quake.alert.map { Strings.format("quakes.detail.alert", $0) }
        statusText = quake.status.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        tint = row.tint
        switch quake.eventPage(feedURL: feedURL) {
        case .open(let url): eventPage = url
        case .refused(let host?): eventPageNote = Strings.format("quakes.detail.eventPageElsewhere", host)
        // NB: the decoder drops a link that is no web page, so the two read alike to the person: one sentence.
        case .refused(nil), nil: eventPageNote = Strings.text("quakes.detail.noEventPage")
        }
    }

    /// `7.8 (moment magnitude, mww)`: the scale in words where USGS names it, with its code as the feed gives it
    /// (the codes of https://earthquake.usgs.gov/learn/topics/mag-intro.php); an unknown code alone.
    static func magnitudeText(_ value: String, type: String?) -> String {
        guard let type, !type.isEmpty else { return value }
        let code = type.lowercased()
        let scale: String? =
            switch code {
            case "mb_lg", "mlg", "lg": Strings.text("quakes.magType.lg")
            case _ where code.hasPrefix("mw") || code == "mi" || code == "me": Strings.text("quakes.magType.moment")
            case _ where code.hasPrefix("ms"): Strings.text("quakes.magType.surface")
            case _ where code.hasPrefix("mb"): Strings.text("quakes.magType.body")
            case "ml", "mlv", "mlr": Strings.text("quakes.magType.local")
            case "md", "mc": Strings.text("quakes.magType.duration")
            default: nil
            }
        guard let scale else { return Strings.format("quakes.detail.magnitudeCode", value, type) }
        return Strings.format("quakes.detail.magnitudeScale", value, scale, type)
    }

    /// The detail as labelled lines, for the command line and accessibility.
    public var lines: [(label: String, value: String)] {
        var lines: [(String, String)] = placeText.map { [(Strings.text("quakes.label.place"), $0)] } ?? []
        lines += [
            (Strings.text("quakes.label.magnitude"), magnitudeText),
            (Strings.text("quakes.label.time"), timeText),
            (Strings.text("quakes.label.location"), coordinateText),
        ]
        if let depthText { lines.append((Strings.text("quakes.label.depth"), depthText)) }
        lines.append((Strings.text("quakes.label.type"), typeText))
        if let statusText { lines.append((Strings.text("quakes.label.status"), statusText)) }
        if let feltText { lines.append((Strings.text("quakes.label.felt"), feltText)) }
        if let alertText { lines.append((Strings.text("quakes.label.alert"), alertText)) }
        if let tsunamiText { lines.append((Strings.text("quakes.label.tsunami"), tsunamiText)) }
        if let eventPage { lines.append((Strings.text("quakes.label.eventPage"), eventPage.absoluteString)) }
        if let eventPageNote { lines.append((Strings.text("quakes.label.eventPage"), eventPageNote)) }
        return lines
    }
}
