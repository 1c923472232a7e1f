import Foundation
import QuakesModels
import TestSupport
import Testing

@testable import QuakeFeedCodec

/// The fast paths against their plain references on the same inputs: the feed scanner against
/// ``PlainQuakeFeedDecoder`` (Foundation's `JSONDecoder` and the same rules), the archive against the quakes it was
/// given.
@Suite struct PlainReferenceTests {
    static let realFeeds = [
        "all_week_2018-06-14_LARGEST.geojson", "all_day_2019-01-30.geojson", "all_hour_2017-12-03.geojson",
        "4.5_month_2014-03-31.geojson", "significant_month_2014-03-21.geojson",
        "detail_us10004u1y_M7.8_Sumatra_2016.geojson",
    ]

    /// Bodies on every rule's edge: skipped features, nulls, wrong types, odd kinds, relative links, metadata.
    static let edges: [String] = [
        String(
            decoding: TestFeed.collection([TestFeed.feature(id: "a"), TestFeed.feature(id: "b", mag: nil)]),
            as: UTF8.self),
        String(
            decoding: TestFeed.collection(
                [
                    TestFeed.feature(id: "n", mag: .some(nil), place: .some(nil), title: .some(nil)),
                    TestFeed.feature(id: "blank", place: "", title: ""),
                    TestFeed.feature(id: "off", coordinates: "[181, 0]"),
                    TestFeed.feature(id: "short", coordinates: "[1]"),
                    TestFeed.feature(id: "text", coordinates: #"[1, "2"]"#),
                    TestFeed.feature(id: "kind", status: " Reviewed ", type: "Quarry Blast", magType: "\\tMWW"),
                    TestFeed.feature(id: "tab", magType: "mww\\t"),
                    TestFeed.feature(id: "", mag: 1),
                    // NB: written out, as TestFeed writes these fields already (a repeated key reads differently).
                    Self.feature("extra", #""felt":"many""#),
                    Self.feature("big", #""sig":1e16"#),
                    Self.feature("flag", #""tsunami":true,"alert":"Yellow""#),
                    Self.feature("nulls", #""tsunami":null,"felt":12.6,"cdi":3.1,"mmi":null,"alert":"  ","tz":-480"#),
                ], count: 3),
            as: UTF8.self),
        #"{"type":"FeatureCollection","features":[1,"x",null,[],{}],"metadata":{"count":-1,"title":7}}"#,
        #"{"features":[{"id":42,"properties":{"time":0,"url":"/earthquakes/eventpage/x","detail":"//cdn/x"},"geometry":{"coordinates":[0,0]}}]}"#,
        #"{"features":[{"id":null,"properties":{"time":0},"geometry":{"coordinates":[0,0]}}]}"#,
        #"{"features":[{"id":"p","properties":null,"geometry":{"coordinates":[0,0]}}]}"#,
        #"{"features":[{"id":"g","properties":{"time":1},"geometry":null}]}"#,
        #"{"features":[{"id":"c","properties":{"time":1},"geometry":{"coordinates":"none"}}]}"#,
        // A null depth ends the position (what follows it is not read); a null before it is no position.
        #"{"features":[{"id":"d","properties":{"time":1},"geometry":{"coordinates":[1,2,null,"x",[3]]}},{"id":"e","properties":{"time":1},"geometry":{"coordinates":[1,null,3]}}]}"#,
        #"{"type":"Feature","id":"one","properties":{"time":1,"mag":7.8,"place":"Sumatra"},"geometry":{"coordinates":[94.3,-4.9,24]}}"#,
        #"{"type":"Feature","features":null,"id":"none","properties":{"time":1},"geometry":{"coordinates":[0,0]}}"#,
        #"{"metadata":{"count":5,"generated":1456923000000,"title":"Past Month"},"features":[]}"#,
        #"{"features":[{"id":"é","properties":{"time":1.5e12,"place":"Caf\u00e9 \ud83c\udf0b","type":"ÉRUPTION"},"geometry":{"coordinates":[-0.0,1e-7,-1.25]}}]}"#,
        // Numbers in every form JSON has: exponents either case and sign, 16 and 17 digits.
        #"{"features":[{"id":"x","properties":{"time":1.45692298836e12,"mag":45E-1,"updated":1456922988360.0,"cdi":4.50000000000000001,"mmi":5e-324,"sig":1.0E+2,"felt":12345678901234.5},"geometry":{"coordinates":[-1.2e2,3.75E1,-0.0]}}]}"#,
        // Every escape, an escaped key, a pair of surrogates, a line separator.
        #"{"features":[{"id":"s\u0031","properties":{"time":1,"m\u0061g":5.5,"place":"a\/b\b\f\n\r\t\"\\ \u0000 \u00E9 \uD83C\uDF0B","title":"M 5.5 \u2028 x","net":"\u0075s"},"geometry":{"coordinates":[1,2]}}]}"#,
        // Times on both sides of the dates a feed can give (``QuakeFeedDecoder/timeRange``).
        #"{"features":[{"id":"future","properties":{"time":1e300},"geometry":{"coordinates":[0,0]}},{"id":"past","properties":{"time":-1e19},"geometry":{"coordinates":[0,0]}}]}"#,
        Self.feature("updated", #""updated":1e300"#),
        #"{"features":[{"id":"last","properties":{"time":8640000000000000},"geometry":{"coordinates":[0,0]}},{"id":"first","properties":{"time":-8640000000000000},"geometry":{"coordinates":[0,0]}}]}"#,
        // A UTF-8 byte order mark before the feed.
        "\u{FEFF}" + #"{"features":[{"id":"bom","properties":{"time":1},"geometry":{"coordinates":[0,0]}}]}"#,
    ]

    /// A feature with only a time and `properties` besides.
    static func feature(_ id: String, _ properties: String) -> String {
        #"{"type":"Feature","id":"\#(id)","properties":{"time":1456922988360,\#(properties)},"#
            + #""geometry":{"coordinates":[-122.3,38.3]}}"#
    }

    @Test(arguments: edges)
    func theScannerReadsEveryEdgeAsThePlainDecoderDoes(_ body: String) throws {
        let data = Data(body.utf8)
        let origin = "http://localhost:8080"
        let fast = try QuakeFeedDecoder(origin: origin).decode(data)
        let plain = try PlainQuakeFeedDecoder(origin: origin).decode(data)
        #expect(fast.quakes.map(\.id) == plain.quakes.map(\.id))
        for (scanned, reference) in zip(fast.quakes, plain.quakes) {
            #expect(scanned == reference)
        }
        #expect(fast == plain, "\(body)")
    }

    /// A feed of 6,000 features cycling through every edge above reads the same in both, in the same order.
    @Test func aLargeFeedOfOddFeaturesReadsTheSameInBoth() throws {
        let features = Self.edges.compactMap { body -> [Any]? in
            let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
            return object?["features"] as? [Any]
        }.flatMap { $0 }
        let items = (0..<6_000).map { index in
            var feature = features[index % features.count]
            if var object = feature as? [String: Any], object["id"] is String {
                object["id"] = "\(object["id"] ?? "")-\(index)"
                feature = object
            }
            return feature
        }
        let data = try JSONSerialization.data(withJSONObject: ["type": "FeatureCollection", "features": items])
        let fast = try QuakeFeedDecoder().decode(data)
        let plain = try PlainQuakeFeedDecoder().decode(data)
        #expect(fast.quakes.count > 3_000)
        #expect(fast == plain)
    }

    /// Where Foundation refuses a whole body over one value, the scanner reads that value leniently (see the NB of
    /// ``PlainQuakeFeedDecoder``): the only bodies the two read differently but for repeated keys.
    @Test(arguments: [
        (#""place":"\ud83c x""#, "� x"), (#""place":"\udf0b""#, "�"), (#""mag":04.5"#, "4.5"),
        (#""mag":1e-400"#, "0.0"),
    ])
    func theScannerIsLenientWhereFoundationRefusesTheBody(_ property: String, _ read: String) throws {
        let body = Data(
            #"{"features":[{"id":"a","properties":{"time":1,\#(property)},"geometry":{"coordinates":[1,2]}}]}"#.utf8)
        let quake = try #require(try QuakeFeedDecoder().decode(body).quakes.first)
        let magnitude: String? = quake.magnitude.map { String($0) }
        #expect(quake.place == read || magnitude == read)
        #expect(throws: (any Error).self) { try PlainQuakeFeedDecoder().decode(body) }
    }

    @Test(arguments: realFeeds)
    func theScannerReadsRealFeedsAsThePlainDecoderDoes(_ file: String) throws {
        guard let data = try Fixtures.usgs.data(file) else {
            print(Fixtures.usgs.missingMessage)
            return
        }
        let fast = try QuakeFeedDecoder().decode(data)
        let plain = try PlainQuakeFeedDecoder().decode(data)
        #expect(fast.quakes.count == plain.quakes.count)
        for (scanned, reference) in zip(fast.quakes, plain.quakes) where scanned != reference {
            Issue.record("\(file): \(scanned) is not \(reference)")
            break
        }
        #expect(fast == plain)
        // The archive gives back exactly what it was given.
        #expect(QuakeArchive.decode(QuakeArchive.encode(plain.quakes)) == plain.quakes)
    }

    @Test func whatIsNoFeedFailsInBoth() {
        let notFeeds = [
            "{}", #"{"error":"rate limited"}"#, #"{"metadata":{"count":5}}"#, #"{"features":"none"}"#,
            #"{"type":"FeatureCollection","features":null}"#,
        ]
        for body in ["", "[]", "7", #"{"features":[{"id":"a"}"#, "{} x"] + notFeeds {
            #expect(throws: FeedDecodingError.self) { try QuakeFeedDecoder().decode(Data(body.utf8)) }
            #expect(throws: (any Error).self) { try PlainQuakeFeedDecoder().decode(Data(body.utf8)) }
        }
    }
}
