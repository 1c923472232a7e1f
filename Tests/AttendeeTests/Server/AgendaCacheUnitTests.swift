import Foundation
import Testing

@testable import AttendeeServer

@Suite struct AgendaCacheUnitTests {
    let start = Date(timeIntervalSince1970: 1_000)

    @Test func freshStaleAndInvalidated() {
        let cache = AgendaCache(lifetime: 1)
        #expect(cache.lookup("e", at: start) == nil)
        cache.store(Data("v1".utf8), for: "e", generation: cache.generation, at: start)
        #expect(cache.lookup("e", at: start.addingTimeInterval(0.5)) == Data("v1".utf8))

        let later = start.addingTimeInterval(2)
        #expect(cache.lookup("e", at: later) == nil, "the first caller after expiry refreshes")
        #expect(cache.lookup("e", at: later) == Data("v1".utf8), "the others get the aged body meanwhile")
        cache.abandon("e")
        #expect(cache.lookup("e", at: later) == nil, "an abandoned refresh is retried")
        cache.store(Data("v2".utf8), for: "e", generation: cache.generation, at: later)
        #expect(cache.lookup("e", at: later) == Data("v2".utf8))

        cache.invalidate()
        #expect(cache.lookup("e", at: later) == nil)
        #expect(cache.lookup("e", at: later) == nil, "after a write nobody gets the old body")
    }

    @Test func aBodyComputedBeforeAWriteIsNotKept() {
        let cache = AgendaCache(lifetime: 10)
        let generation = cache.generation
        cache.invalidate()
        cache.store(Data("old".utf8), for: "e", generation: generation, at: start)
        #expect(cache.lookup("e", at: start) == nil)
    }

    @Test func zeroLifetimeTurnsItOff() {
        let cache = AgendaCache(lifetime: 0)
        cache.store(Data("x".utf8), for: "e", generation: cache.generation, at: start)
        #expect(cache.lookup("e", at: start) == nil)
    }
}
