import Foundation
import HTTPTypes

/// The events of the feed files in a `--usgs-feed-dir` folder, by id, so the replay serves their detail feeds and
/// event pages as it does the demo's.
///
/// NB: only files named as USGS names its summary feeds (`all_month.geojson`, `4.5_week.geojson`, …) are read, the
/// same files the summary route serves; an id in several files is taken from the first by name.
struct FolderIndex: Sendable {
    /// Each feed file's name with its modification time and size: when they change, the index is read again.
    var stamps: [String: String]
    var events: [String: FolderEvent]

    /// The stamps of the feed files present in `directory`.
    static func stamps(of directory: URL) -> [String: String] {
        var stamps: [String: String] = [:]
        for floor in SummaryFeedName.Floor.allCases {
            for period in SummaryFeedName.Period.allCases {
                let file = floor.rawValue + "_" + period.rawValue + ".geojson"
                let path = directory.appendingPathComponent(file).path
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
                stamps[file] = "\(modified)-\(size)"
            }
        }
        return stamps
    }

    /// Reads every feed file of `stamps` in `directory`; a file that is no feed adds no event.
    init(directory: URL, stamps: [String: String]) {
        self.stamps = stamps
        var events: [String: FolderEvent] = [:]
        for file in stamps.keys.sorted() {
            let url = directory.appendingPathComponent(file)
            guard let data = try? Data(contentsOf: url),
                let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let features = document["features"] as? [[String: Any]]
            else { continue }
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate]) as? Date
            let lastModified = Date(timeIntervalSince1970: (modified ?? Date()).timeIntervalSince1970.rounded(.down))
            for feature in features {
                guard let id = feature["id"] as? String, !id.isEmpty, events[id] == nil,
                    let event = FolderEvent(feature: feature, lastModified: lastModified)
                else { continue }
                events[id] = event
            }
        }
        self.events = events
    }
}

/// One event of a feed file: its detail feed and event page, derived from its summary feature.
struct FolderEvent: Sendable {
    /// The detail feed: the feature as USGS serves an event alone, without the `detail` link to itself and with a
    /// `products` object (empty: a summary feed carries no products).
    var detail: Data
    var page: EventPage
    /// The feed file's modification time, to the second.
    var lastModified: Date

    init?(feature: [String: Any], lastModified: Date) {
        guard var properties = feature["properties"] as? [String: Any],
            let coordinates = (feature["geometry"] as? [String: Any])?["coordinates"] as? [NSNumber],
            coordinates.count >= 2
        else { return nil }
        properties["detail"] = nil
        if properties["products"] == nil { properties["products"] = [String: Any]() }
        var detailFeature = feature
        detailFeature["properties"] = properties
        guard
            let detail = try? JSONSerialization.data(
                withJSONObject: detailFeature, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return nil }
        self.detail = detail
        self.lastModified = lastModified
        let place = properties["place"] as? String
        page = EventPage(
            title: (properties["title"] as? String) ?? place ?? (feature["id"] as? String ?? ""),
            timeMilliseconds: (properties["time"] as? NSNumber)?.int64Value ?? 0,
            latitude: coordinates[1].doubleValue, longitude: coordinates[0].doubleValue,
            depth: coordinates.count > 2 ? coordinates[2].doubleValue : 0,
            status: (properties["status"] as? String) ?? "",
            note: "Event of a USGS feed file replayed by the Quartet USGS replay.")
    }
}

/// The replay's stand-in for a USGS event page: title, time, place and status, as HTML.
struct EventPage: Sendable {
    var title: String
    var timeMilliseconds: Int64
    var latitude: Double
    var longitude: Double
    var depth: Double
    var status: String
    var note: String

    var html: String {
        let title = title.markupEscaped
        let when = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(timeMilliseconds) / 1000))
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(title)</title>
            <meta name="viewport" content="width=device-width, initial-scale=1"></head>
            <body><h1>\(title)</h1>
            <p>\(when) · \(DemoQuake.fixed(latitude, 3))°, \(DemoQuake.fixed(longitude, 3))° · \
            \(DemoQuake.fixed(depth, 1)) km deep · \(status.markupEscaped)</p>
            <p>\(note.markupEscaped)</p></body></html>
            """
    }
}
