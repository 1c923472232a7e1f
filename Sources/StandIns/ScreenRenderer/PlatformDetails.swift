import Foundation
import SwiftUI

/// The region a map node shows, read back from the text the MapKit stand-in records
/// (`center 12.5, -30; span 80 × 120`), so pins land roughly where they are on the map.
struct MapRegion {
    var latitude = 0.0
    var longitude = 0.0
    var latitudeSpan = 180.0
    var longitudeSpan = 360.0

    init(_ text: String?) {
        guard let text else { return }
        let numbers = text.split(whereSeparator: { !"0123456789.-eE".contains($0) }).compactMap { Double($0) }
        guard numbers.count >= 4, numbers[2] > 0, numbers[3] > 0 else { return }
        latitude = numbers[0]
        longitude = numbers[1]
        latitudeSpan = numbers[2]
        longitudeSpan = numbers[3]
    }

    /// `latitude, longitude` from an annotation's recorded value.
    static func coordinate(_ text: String?) -> (latitude: Double, longitude: Double)? {
        guard let parts = text?.split(separator: ","), parts.count == 2,
            let latitude = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let longitude = Double(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        return (latitude, longitude)
    }

    /// Where a coordinate falls, in percent of the map's width and height from its top left corner.
    func position(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        // NB: a region may straddle the antimeridian (centre 170°, pins at -160°): measure the shorter way round.
        var east = (longitude - self.longitude).truncatingRemainder(dividingBy: 360)
        if east >= 180 { east -= 360 }
        if east < -180 { east += 360 }
        let x = 50 + east / longitudeSpan * 100
        let y = 50 + (self.latitude - latitude) / latitudeSpan * 100
        return (x, y)
    }
}

/// What a platform view's object says about its content: the page a browser opens, the bytes a web view shows
/// (the stand-ins' `_PlatformContent`).
struct PlatformObject {
    /// Bytes a web view was given.
    struct Loaded {
        var byteCount: Int
        var mimeType: String
        var textPreview: String?

        var summary: String {
            let size =
                byteCount >= 1024 ? "\(byteCount / 1024) KB" : "\(byteCount) byte\(byteCount == 1 ? "" : "s")"
            return "\(mimeType), \(size)"
        }
    }

    var url: URL?
    var loaded: Loaded?

    @MainActor init(_ object: AnyObject?) {
        guard let content = object as? any _PlatformContent else { return }
        url = content._contentURL
        if let (data, mimeType) = content._contentData {
            var preview: String?
            if mimeType.hasPrefix("text/"), let text = String(data: data.prefix(600), encoding: .utf8) {
                preview = text
            }
            loaded = Loaded(byteCount: data.count, mimeType: mimeType, textPreview: preview)
        }
    }
}
