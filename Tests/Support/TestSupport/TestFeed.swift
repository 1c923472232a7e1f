import Foundation

/// Small feeds written in the tests, in the USGS summary shape.
public enum TestFeed {
    /// One feature as JSON text; `nil` leaves a field out, `.some(nil)` writes `null`.
    public static func feature(
        id: String,
        mag: Double?? = 2.0,
        place: String?? = "10 km N of Testville, CA",
        timeMS: Int64 = 1_456_922_988_360,
        title: String?? = nil,
        coordinates: String = "[-122.3149, 38.2911, 8.5]",
        status: String = "reviewed",
        type: String = "earthquake",
        magType: String = "ml",
        extra: String = ""
    ) -> String {
        func json(_ value: String??) -> String? {
            switch value {
            case .none: nil
            case .some(.none): "null"
            case .some(.some(let text)): "\"\(text)\""
            }
        }
        var properties: [String] = []
        switch mag {
        case .none: break
        case .some(.none): properties.append("\"mag\":null")
        case .some(.some(let value)): properties.append("\"mag\":\(value)")
        }
        if let place = json(place) { properties.append("\"place\":\(place)") }
        properties.append("\"time\":\(timeMS)")
        properties.append("\"updated\":\(timeMS + 60_000)")
        properties.append("\"tz\":null")
        properties.append("\"url\":\"https://earthquake.usgs.gov/earthquakes/eventpage/\(id)\"")
        properties.append("\"detail\":\"https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/\(id).geojson\"")
        properties.append("\"felt\":null,\"cdi\":null,\"mmi\":null,\"alert\":null")
        properties.append("\"status\":\"\(status)\",\"tsunami\":0,\"sig\":61,\"net\":\"nc\",\"code\":\"\(id)\"")
        properties.append("\"magType\":\"\(magType)\",\"type\":\"\(type)\"")
        if let title = json(title) { properties.append("\"title\":\(title)") }
        if !extra.isEmpty { properties.append(extra) }
        return """
            {"type":"Feature","properties":{\(properties.joined(separator: ","))},\
            "geometry":{"type":"Point","coordinates":\(coordinates)},"id":"\(id)"}
            """
    }

    /// A `FeatureCollection` of features; `count` is `metadata.count` (the number of features by default).
    public static func collection(_ features: [String], count: Int? = nil) -> Data {
        let body = """
            {"type":"FeatureCollection","metadata":{"generated":1456923000000,\
            "url":"https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_month.geojson",\
            "title":"USGS All Earthquakes, Past Month","status":200,"api":"1.10.3","count":\(count ?? features.count)},\
            "features":[\(features.joined(separator: ","))]}
            """
        return Data(body.utf8)
    }

    /// 2016-03-02T12:49:48.360Z plus `seconds`, in feed milliseconds.
    public static func ms(_ seconds: Int64) -> Int64 { 1_456_922_988_360 + seconds * 1000 }
}
