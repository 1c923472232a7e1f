import Foundation
import QuakesModels
import Testing
import USGSReplay

@testable import QuakesCore

/// Sorting without a temporary copy gives exactly the standard sort's order.
@Suite struct QuakeOrderTests {
    static func quake(_ id: String, _ seconds: Double, place: String? = nil) -> Quake {
        Quake(
            id: id, magnitude: 1, place: place, title: id, time: Date(timeIntervalSince1970: seconds),
            coordinate: QuakeCoordinate(longitude: 0, latitude: 0, depth: nil))
    }

    @Test func sortsNewestFirstThenByIDKeepingDuplicatesInFeedOrder() {
        let quakes = [
            Self.quake("b", 10), Self.quake("a", 5), Self.quake("c", 10), Self.quake("a", 10, place: "first"),
            Self.quake("z", -1), Self.quake("a", 10, place: "second"), Self.quake("é", 5), Self.quake("e\u{301}", 5),
        ]
        var sorted = quakes
        sorted.sortNewestFirst()
        #expect(sorted.map(\.id) == ["a", "a", "b", "c", "a", "é", "e\u{301}", "z"])
        // Canonically equal ids keep their feed order too (é precomposed, then decomposed).
        #expect(sorted[5].id.utf8.count == 2 && sorted[6].id.utf8.count == 3)
        #expect(sorted.map(\.place) == [.some("first"), "second", nil, nil, nil, nil, nil, nil])
        #expect(sorted == quakes.sorted(by: Quake.newestFirst))
    }

    @Test(arguments: [0, 1, 2, 7, 200])
    func matchesTheStandardSortOnShuffledFeeds(_ count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        let quakes = (0..<count).map { index in
            Self.quake(
                "q\(Int.random(in: 0..<10, using: &generator))", Double(Int.random(in: 0..<20, using: &generator)),
                place: "\(index)")
        }
        var sorted = quakes
        sorted.sortNewestFirst()
        #expect(sorted == quakes.sorted(by: Quake.newestFirst))
    }

    @Test func appliesAnyPermutation() {
        let quakes = (0..<6).map { Self.quake("q\($0)", Double($0)) }
        for order in [[0, 1, 2, 3, 4, 5], [5, 4, 3, 2, 1, 0], [1, 2, 0, 4, 5, 3], [3, 0, 5, 1, 2, 4]] {
            var moved = quakes
            moved.applyPermutation(order)
            #expect(moved.map(\.id) == order.map { "q\($0)" })
        }
    }
}
