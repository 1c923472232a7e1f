import Foundation
import QuakesModels
import Testing

@testable import QuakesCore

@Suite struct QuakeMapTests {
    func point(_ longitude: Double, _ latitude: Double) -> QuakeCoordinate {
        QuakeCoordinate(longitude: longitude, latitude: latitude, depth: 10)
    }

    func quake(_ id: String, _ magnitude: Double?, _ longitude: Double = 0, _ latitude: Double = 0) -> Quake {
        Quake(
            id: id, magnitude: magnitude, place: nil, title: "T \(id)", time: Date(timeIntervalSince1970: 0),
            coordinate: point(longitude, latitude))
    }

    @Test func annotationsOnlyForMagnitudeThreePointFiveAndUp() {
        let pins = QuakeMapAnnotation.annotations(for: [
            quake("a", 3.44), quake("b", 3.5), quake("c", nil), quake("d", 7.2), quake("e", 5), quake("f", 3.45),
        ])
        #expect(pins.map(\.id) == ["b", "d", "e", "f"], "3.45 reads 3.5, as USGS titles it")
        #expect(pins.map(\.tint) == [.none, .red, .lightRed, .none])
        #expect(pins.map(\.title) == ["T b", "T d", "T e", "T f"])
        #expect(pins.last?.magnitude == 3.45, "the pin keeps the feed's magnitude")
    }

    /// The pin grows 6 points a magnitude from 8, and stops at a magnitude 10's 45: a hostile `mag` of 1e300 drew a
    /// circle of 6e300 points.
    @Test func pinsGrowWithMagnitudeBetweenEightAndFortyFivePoints() {
        let pins = QuakeMapAnnotation.annotations(for: [
            quake("a", 3.45), quake("b", 5), quake("c", 9.5), quake("d", 10), quake("e", 1e300),
        ])
        #expect(pins.map(\.diameter) == [8, 15, 42, 45, 45])
    }

    @Test func emptyRegionIsTheWorld() {
        #expect(QuakeMapRegion.fitting([]) == .world)
    }

    @Test func regionFitsPointsWithAMargin() {
        let region = QuakeMapRegion.fitting([point(-120, 30), point(-110, 40)])
        #expect(region.centerLatitude == 35)
        #expect(region.centerLongitude == -115)
        #expect(abs(region.latitudeSpan - 12) < 1e-9)
        #expect(abs(region.longitudeSpan - 12) < 1e-9)
    }

    @Test func singlePointGetsAMinimumSpan() {
        let region = QuakeMapRegion.fitting([point(94.275, -4.9)])
        #expect(
            region == QuakeMapRegion(centerLatitude: -4.9, centerLongitude: 94.275, latitudeSpan: 2, longitudeSpan: 2))
    }

    @Test func regionAcrossTheAntimeridianStaysNarrow() {
        // Fiji (178° E) and Tonga (174° W): 8° apart across the antimeridian, not 352°.
        let region = QuakeMapRegion.fitting([point(178, -18), point(-174, -20)])
        #expect(abs(region.longitudeSpan - 8 * 1.2) < 1e-9)
        #expect(abs(region.centerLongitude - (-178)) < 1e-9)
    }

    @Test func pointsAllAroundTheWorldSpanIt() {
        let region = QuakeMapRegion.fitting([-150.0, -90, -30, 30, 90, 150].map { point($0, 0) })
        #expect(region.longitudeSpan == 360)
    }

    @Test func svgDrawsAGraticuleAndTintedCirclesSizedByMagnitude() {
        let pins = QuakeMapAnnotation.annotations(for: [
            quake("small", 3.5, -180, 90), quake("big", 7.5, 0, 0), quake("mid", 5.5, 90, -45),
            quake("x<&>", 4, 180, -90),
        ])
        let svg = QuakeMapSVG.render(pins, title: QuakeScreenText.svgTitle("3.5"), width: 720)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("width=\"720\" height=\"360\""))
        #expect(svg.components(separatedBy: "<line ").count - 1 == 13 + 7)
        #expect(svg.contains("<circle cx=\"0.0\" cy=\"0.0\" r=\"1.3\" fill=\"#f2a33a\"><title>T small</title>"))
        #expect(svg.contains("<circle cx=\"360.0\" cy=\"180.0\" r=\"6.3\" fill=\"#d93025\"><title>T big</title>"))
        #expect(svg.contains("<circle cx=\"540.0\" cy=\"270.0\" r=\"3.8\" fill=\"#f28b82\"><title>T mid</title>"))
        #expect(svg.contains("<title>T x&lt;&amp;&gt;</title>"))
        // Largest last, so small pins are never hidden under big ones.
        let order = ["T small", "T x&lt;", "T mid", "T big"].compactMap { svg.range(of: $0)?.lowerBound }
        #expect(order == order.sorted())
    }
}
