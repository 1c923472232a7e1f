import Foundation
import QuakesModels

/// The detail screen of one quake, as text.
public struct QuakeDetail: Sendable, Hashable, Identifiable {
    public var id: String
    public var title: String
    /// `7.8 mww`, or `Unknown magnitude`.
    public var magnitudeText: String
    /// `24.0 km deep`, or `0.5 km above sea level` for a negative depth; `nil` when unknown.
    public var depthText: String?
    public var timeText: String
    public var coordinateText: String
    /// `Earthquake`, `Quarry blast`…
    public var typeText: String
    /// `30 felt reports`; `nil` when none.
    public var feltText: String?
    public var tsunami: Bool
    /// Shown when the tsunami flag is set.
    public var tsunamiText: String?
    /// `PAGER alert: green`; `nil` when USGS issued none.
    public var alertText: String?
    /// `Reviewed`, `Automatic`…
    public var statusText: String?
    public var tint: QuakeTint
    /// The event page for the in-app browser.
    public var eventPage: URL?

    /// The detail of a quake, formatted like its row.
    public init(_ quake: Quake, formatter: QuakeRowFormatter) {
        let row = formatter.row(for: quake)
        id = quake.id
        title = quake.title
        if let magnitude = quake.magnitude {
            magnitudeText = NumberText.fixed(magnitude, digits: 1) + (quake.magType.map { " " + $0 } ?? "")
        } else {
            magnitudeText = Strings.text("quakes.detail.noMagnitude")
        }
        depthText = quake.coordinate.depth.map { depth in
            depth < 0
                ? Strings.format("quakes.detail.aboveSeaLevel", NumberText.fixed(-depth, digits: 1))
                : Strings.format("quakes.detail.depth", NumberText.fixed(depth, digits: 1))
        }
        timeText = row.timeText
        coordinateText = row.coordinateText
        typeText = quake.type.prefix(1).uppercased() + quake.type.dropFirst()
        feltText = quake.felt.flatMap { felt in
            felt > 0 ? Strings.format("quakes.detail.felt", String(felt)) : nil
        }
        tsunami = quake.tsunami
        tsunamiText = quake.tsunami ? Strings.text("quakes.detail.tsunami") : nil
        alertText = quake.alert.map { Strings.format("quakes.detail.alert", $0) }
        statusText = quake.status.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        tint = row.tint
        eventPage = quake.url
    }

    /// The detail as labelled lines, for the command line and accessibility.
    public var lines: [(label: String, value: String)] {
        var lines: [(String, String)] = [
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
        return lines
    }
}
