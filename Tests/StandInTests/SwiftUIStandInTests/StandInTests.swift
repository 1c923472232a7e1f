import Foundation
import SafariServices
import SwiftUI
import Testing

@MainActor
private final class Counter {
    var taps = 0
}

private struct CounterView: View {
    let counter: Counter
    @State private var count = 0
    @State private var showsSheet = false

    var body: some View {
        NavigationStack {
            List {
                Text("Count \(count)").font(.headline)
                Button("Add") {
                    count += 1
                    counter.taps += 1
                }
                Button("Locked") {}.disabled(true)
                NavigationLink("Details") { Text("Detail page").navigationTitle("Details") }
                Button("Open sheet") { showsSheet = true }
            }
            .navigationTitle("Counter")
            .sheet(isPresented: $showsSheet) { SheetContent() }
        }
    }
}

private struct SheetContent: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Button("Close") { dismiss() }
    }
}

@MainActor
struct StandInTests {
    @Test func stateSurvivesEvaluationsAndTapsChangeIt() throws {
        let counter = Counter()
        let host = ViewHost(CounterView(counter: counter))
        #expect(host.tree.texts.contains("Count 0"))
        #expect(host.tree.visibleNavigationTitle == "Counter")
        try host.tap("Add")
        try host.tap("Add")
        #expect(host.tree.texts.contains("Count 2"))
        #expect(counter.taps == 2)
        #expect(host.tree.find(.text, "Count 2")?.style.font == .headline)
    }

    @Test func disabledButtonsRefuseTaps() {
        let host = ViewHost(CounterView(counter: Counter()))
        #expect(host.tree.find(.button, "Locked")?.isEnabled == false)
        #expect(throws: ViewHostError.self) { try host.tap("Locked") }
    }

    @Test func linksPushAndBackPops() throws {
        let host = ViewHost(CounterView(counter: Counter()))
        try host.tap("Details")
        #expect(host.tree.texts == ["Detail page"])
        #expect(host.tree.visibleNavigationTitle == "Details")
        try host.back()
        #expect(host.tree.texts.contains("Count 0"))
    }

    @Test func sheetsPresentAndDismissThemselves() throws {
        let host = ViewHost(CounterView(counter: Counter()))
        #expect(host.tree.topPresentation == nil)
        try host.tap("Open sheet")
        #expect(host.tree.topPresentation?.kind == .sheet)
        try host.tap("Close")
        #expect(host.tree.topPresentation == nil)
    }

    @Test func representablesShowTheirController() throws {
        let url = try #require(URL(string: "https://earthquake.usgs.gov/earthquakes/eventpage/us1"))
        let host = ViewHost(Browser(url: url))
        let node = try #require(host.tree.first { $0.kind == .platformView })
        #expect((node.platformObject as? SFSafariViewController)?.url == url)
    }
}
