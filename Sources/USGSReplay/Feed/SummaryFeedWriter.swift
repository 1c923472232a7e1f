import Foundation

/// Writes GeoJSON summary feeds in USGS's exact shape and key order, straight into bytes.
///
/// Links (`metadata.url`, `properties.url`, `properties.detail`) start with `base`, the server's own
/// `scheme://host[:port]` (``USGSReplay/linkBase(for:)``), so they are absolute as USGS's are; an empty `base`
/// leaves them site-relative.
enum SummaryFeedWriter {
    /// A `FeatureCollection` of `quakes` with USGS metadata.
    static func collection(_ quakes: [DemoQuake], name: String, title: String, generated: Date, base: String) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(quakes.count * 1100 + 512)
        let generatedMilliseconds = Int64((generated.timeIntervalSince1970 * 1000).rounded(.down))
        append(&out, "{\"type\":\"FeatureCollection\",\"metadata\":{\"generated\":\(generatedMilliseconds),\"url\":")
        string(&out, base + "/usgs/feed/v1.0/summary/\(name).geojson")
        append(&out, ",\"title\":")
        string(&out, title)
        append(&out, ",\"status\":200,\"api\":\"1.10.3\",\"count\":\(quakes.count)},\"features\":[")
        for (index, quake) in quakes.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            feature(&out, quake, detail: false, base: base)
        }
        append(&out, "]")
        if !quakes.isEmpty {
            var bounds = (
                minLon: 180.0, minLat: 90.0, minDepth: Double.infinity, maxLon: -180.0, maxLat: -90.0,
                maxDepth: -Double.infinity
            )
            for quake in quakes {
                bounds.minLon = min(bounds.minLon, quake.longitude)
                bounds.maxLon = max(bounds.maxLon, quake.longitude)
                bounds.minLat = min(bounds.minLat, quake.latitude)
                bounds.maxLat = max(bounds.maxLat, quake.latitude)
                bounds.minDepth = min(bounds.minDepth, quake.depth)
                bounds.maxDepth = max(bounds.maxDepth, quake.depth)
            }
            let box = [bounds.minLon, bounds.minLat, bounds.minDepth, bounds.maxLon, bounds.maxLat, bounds.maxDepth]
            append(&out, ",\"bbox\":[" + box.map { DemoQuake.fixed($0, 4) }.joined(separator: ",") + "]")
        }
        append(&out, "}")
        return Data(out)
    }

    /// A detail feed: one `Feature`, with no `detail` link and an empty `products` (the real service lists its
    /// origin, ShakeMap, PAGER… products there).
    static func detail(_ quake: DemoQuake, base: String) -> Data {
        var out = [UInt8]()
        feature(&out, quake, detail: true, base: base)
        return Data(out)
    }

    private static func feature(_ out: inout [UInt8], _ quake: DemoQuake, detail: Bool, base: String) {
        append(&out, "{\"type\":\"Feature\",\"properties\":{\"mag\":")
        append(&out, DemoQuake.fixed(quake.magnitude, 2))
        append(&out, ",\"place\":")
        string(&out, quake.place)
        append(
            &out, ",\"time\":\(quake.timeMilliseconds),\"updated\":\(quake.updatedMilliseconds),\"tz\":null,\"url\":")
        string(&out, base + "/usgs/earthquakes/eventpage/" + quake.id)
        if !detail {
            append(&out, ",\"detail\":")
            string(&out, base + "/usgs/feed/v1.0/detail/" + quake.id + ".geojson")
        }
        append(&out, ",\"felt\":" + (quake.felt.map(String.init) ?? "null"))
        append(&out, ",\"cdi\":" + (quake.cdi.map { DemoQuake.fixed($0, 1) } ?? "null"))
        append(&out, ",\"mmi\":" + (quake.mmi.map { DemoQuake.fixed($0, 3) } ?? "null"))
        append(&out, ",\"alert\":")
        if let alert = quake.alert { string(&out, alert) } else { append(&out, "null") }
        append(&out, ",\"status\":")
        string(&out, quake.status)
        append(&out, ",\"tsunami\":\(quake.tsunami ? 1 : 0),\"sig\":\(quake.significance),\"net\":")
        string(&out, quake.network)
        append(&out, ",\"code\":")
        string(&out, quake.code)
        append(&out, ",\"ids\":")
        string(&out, "," + quake.id + ",")
        append(&out, ",\"sources\":")
        string(&out, "," + quake.network + ",")
        append(&out, ",\"types\":\",origin,phase-data,\",\"nst\":" + (quake.stations.map(String.init) ?? "null"))
        append(&out, ",\"dmin\":" + (quake.minimumDistance.map { DemoQuake.fixed($0, 4) } ?? "null"))
        append(&out, ",\"rms\":" + DemoQuake.fixed(quake.rms, 2))
        append(&out, ",\"gap\":" + (quake.gap.map { DemoQuake.fixed($0, 0) } ?? "null"))
        append(&out, ",\"magType\":")
        string(&out, quake.magType)
        append(&out, ",\"type\":")
        string(&out, quake.type)
        append(&out, ",\"title\":")
        string(&out, quake.title)
        if detail { append(&out, ",\"products\":{}") }
        append(&out, "},\"geometry\":{\"type\":\"Point\",\"coordinates\":[")
        append(&out, DemoQuake.fixed(quake.longitude, 4) + "," + DemoQuake.fixed(quake.latitude, 4) + ",")
        append(&out, DemoQuake.fixed(quake.depth, 2) + "]},\"id\":")
        string(&out, quake.id)
        append(&out, "}")
    }

    private static func append(_ out: inout [UInt8], _ text: String) {
        out.append(contentsOf: text.utf8)
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else raw UTF-8.
    private static func string(_ out: inout [UInt8], _ text: String) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
