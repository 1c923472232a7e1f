import ChangeJarModels
import Foundation
import Localization
import TestSupport
import Testing

@testable import ChangeJarCore

/// The next-page load that All Actions, My Actions, New and Search share (`PagedActionList.loadNextPage`).
@MainActor
@Suite("Change Jar next-page loads")
struct PagedActionListTests {
    /// A list screen reduced to what the load touches.
    final class List: PagedActionList {
        var pages = PageRequests()
        var banner: Banner?
        var isShown = true
        var shown: [ActionPage] = []
        var endsReached = 0
        func reachedEnd() async { endsReached += 1 }
    }

    nonisolated static let page = ActionPage(
        items: [
            Action(
                id: "1", title: "Recycle", content: "Glass.", authSource: .google,
                createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
        ], nextCursor: "next")

    @Test func aPageForTheListOnScreenIsShown() async {
        let list = List()
        await list.loadNextPage(
            reading: { Self.page }, whileShown: { list.isShown }, show: { list.shown.append($0) })
        #expect(list.shown == [Self.page])
        #expect(list.banner == nil)
        #expect(list.pages.running == 0)
        #expect(list.endsReached == 0)
    }

    @Test func aFailureForTheListOnScreenSaysWhy() async {
        let list = List()
        let failure = URLError(.notConnectedToInternet)
        await list.loadNextPage(
            reading: { throw failure }, whileShown: { list.isShown }, show: { list.shown.append($0) })
        #expect(list.shown.isEmpty)
        #expect(list.banner == .failure(ChangeJarError(failure).message))
        #expect(list.pages.running == 0)
    }

    @Test func aPageOrFailureForAListNoLongerShownIsDropped() async {
        let list = List()
        list.isShown = false
        await list.loadNextPage(
            reading: { Self.page }, whileShown: { list.isShown }, show: { list.shown.append($0) })
        await list.loadNextPage(
            reading: { throw URLError(.timedOut) }, whileShown: { list.isShown }, show: { list.shown.append($0) })
        #expect(list.shown.isEmpty)
        #expect(list.banner == nil)
        #expect(list.pages.running == 0)
    }

    @Test func aNextPageAskedForWhileOneLoadsFollowsOnceItEnds() async {
        let list = List()
        let gate = Gate(isOpen: false)
        let loading = Task {
            await list.loadNextPage(
                reading: {
                    await gate.pass()
                    return Self.page
                }, whileShown: { list.isShown }, show: { list.shown.append($0) })
        }
        await gate.arrived(1)
        #expect(list.pages.running == 1)
        #expect(list.pages.endReached() == false)
        #expect(list.endsReached == 0)
        await gate.open()
        await loading.value
        #expect(list.shown == [Self.page])
        #expect(list.endsReached == 1)
        #expect(list.pages.takeKeptRequest() == false)
    }
}
