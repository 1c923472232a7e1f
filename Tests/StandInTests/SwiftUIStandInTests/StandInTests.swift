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

/// A sheet with a field that refuses a swipe down once something is typed, as the apps' edit forms do.
private struct GuardedSheet: View {
    @State private var showsSheet = true
    @State private var typed = ""

    var body: some View {
        Text("Page")
            .sheet(isPresented: $showsSheet) {
                VStack {
                    TextField("Note", text: $typed)
                    Button("Close") { showsSheet = false }
                }
                .interactiveDismissDisabled(!typed.isEmpty)
            }
    }
}

/// A page with a Done of its own that presents a sheet with another Done, as a share sheet over a photo's page.
private struct StackedSheets: View {
    @State private var showsSheet = true
    @State private var closedPage = false

    var body: some View {
        NavigationStack {
            List { Text(closedPage ? "Page closed" : "Page open") }
                .toolbar { Button("Done") { closedPage = true } }
                .sheet(isPresented: $showsSheet) { Button("Done") { showsSheet = false } }
        }
    }
}

/// A row whose Delete asks in a dialog made from the row's name, as the apps' deletions do.
private struct AskingRow: View {
    @State private var asking: String?
    @State private var deleted: [String] = []

    var body: some View {
        List {
            Button("Delete") { asking = "Notes.txt" }
            Text("Deleted: \(deleted.joined(separator: ", "))")
        }
        .confirmationDialog(
            "Delete?", isPresented: Binding(get: { asking != nil }, set: { if !$0 { asking = nil } }),
            titleVisibility: .visible, presenting: asking
        ) { name in
            Button("Delete \(name)", role: .destructive) { deleted.append(name) }
            Button("Cancel", role: .cancel) {}
        } message: { name in
            Text("\(name) goes for good.")
        }
    }
}

/// A row whose swipe asks before deleting, with its Delete of the destructive role or only tinted red.
private struct SwipeThatAsks: View {
    let destructive: Bool
    @State private var asking = false

    var body: some View {
        List {
            Text("Notes.txt")
                .swipeActions {
                    if destructive {
                        Button("Delete", role: .destructive) { asking = true }
                    } else {
                        Button("Delete") { asking = true }.tint(.red)
                    }
                }
        }
        .confirmationDialog("Delete?", isPresented: $asking) { Button("Delete", role: .destructive) {} }
    }
}

/// Rows whose swipe removes: after a question (whose Cancel keeps the row, unless `cancelRemoves`), or at once.
private struct RemovableRows: View {
    let asks: Bool
    var cancelRemoves = false
    @State private var files = ["Notes.txt", "Slides.key"]
    @State private var asking: String?

    var body: some View {
        List {
            ForEach(files, id: \.self) { file in
                Text(file).swipeActions {
                    Button("Delete") { if asks { asking = file } else { files.removeAll { $0 == file } } }.tint(.red)
                }
            }
        }
        .confirmationDialog(
            "Delete “\(asking ?? "")”?", isPresented: Binding(get: { asking != nil }, set: { if !$0 { asking = nil } })
        ) {
            Button("Delete", role: .destructive) { files.removeAll { $0 == asking } }
            Button("Cancel", role: .cancel) { if cancelRemoves { files.removeAll { $0 == asking } } }
        }
    }
}

/// A counter shown or hidden by a switch, beside tabs that each keep a counter of their own.
private struct HiddenCounter: View {
    @State private var isShown = true
    @State private var tab = 0

    var body: some View {
        TabView(selection: $tab) {
            List {
                Button(isShown ? "Hide" : "Show") { isShown.toggle() }
                if isShown { Tally(name: "Shown") } else { Text("Hidden") }
            }
            .tabItem { Label("One", systemImage: "circle") }.tag(0)
            Tally(name: "Other").tabItem { Label("Two", systemImage: "circle") }.tag(1)
        }
    }
}

private struct Tally: View {
    let name: String
    @State private var count = 0

    var body: some View {
        Button("\(name) \(count)") { count += 1 }
    }
}

/// Photos in a grid of square cells, each opening its photo, as a gallery shows them.
private struct PhotoGrid: View {
    let photos: [String]
    @State private var opened: String?

    var body: some View {
        ScrollView {
            Text(opened.map { "Opened \($0)" } ?? "Nothing opened")
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 100), spacing: 2)], spacing: 2) {
                ForEach(photos, id: \.self) { photo in
                    Button {
                        opened = photo
                    } label: {
                        Image(systemName: "photo").resizable().scaledToFill()
                            .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity)
                            .aspectRatio(1, contentMode: .fit)
                            .clipped()
                    }
                    .accessibilityLabel(photo)
                }
            }
        }
    }
}

/// What the tabs of a tab view did, in order: each tab's `.task` starting, ending, and `.onAppear`.
@MainActor
private final class TabLog {
    var lines: [String] = []
}

/// Three tabs, each with a task that waits until it is cancelled (a screen's stream), and an appearance.
private struct LoggedTabs: View {
    let log: TabLog

    var body: some View {
        TabView {
            ForEach(["One", "Two", "Three"], id: \.self) { name in
                Text(name)
                    .task {
                        log.lines.append("\(name) task")
                        try? await Task.sleep(for: .seconds(600))
                        log.lines.append("\(name) ended")
                    }
                    .onAppear { log.lines.append("\(name) appeared") }
                    .tabItem { Label(name, systemImage: "circle") }
                    .tag(name)
            }
        }
    }
}

/// Writes down the scene's phase as it reads it, and each change `.onChange(of:)` reports, as an app that counts
/// its badge again when it comes back.
private struct PhaseWatcher: View {
    @Environment(\.scenePhase) private var scenePhase
    @State private var changes: [String] = []

    var body: some View {
        Text("Now \(String(describing: scenePhase))")
            .onChange(of: scenePhase) { old, new in changes.append("\(old)→\(new)") }
        Text("Changes \(changes.joined(separator: ", "))")
    }
}

@MainActor
struct StandInTests {
    /// All tabs are drawn (their labels, badges and state), but only the selected one is on screen: its `.task`
    /// and `.onAppear` run, the others' wait until they are selected, and leaving a tab ends its task, as in SwiftUI.
    /// (Every tab's task used to start at once: a view test saw an app open a tab nobody had opened.)
    @Test func onlyTheSelectedTabsTaskRuns() async throws {
        let log = TabLog()
        let host = ViewHost(LoggedTabs(log: log), listeners: { 1 })
        await host.settle()
        #expect(log.lines == ["One appeared", "One task"])
        try host.selectTab("Three")
        await host.settle()
        try await host.waitUntil("the first tab's task to end", seconds: 30) { _ in log.lines.contains("One ended") }
        #expect(log.lines.filter { !$0.hasPrefix("One") } == ["Three appeared", "Three task"])
        #expect(!log.lines.contains { $0.hasPrefix("Two") })
    }

    /// `@Environment(\.scenePhase)` is `.active` in a host, and moves as the test moves the app; `.onChange(of:)`
    /// sees each move between evaluations with its old and new phase.
    @Test func theScenePhaseIsReadAndItsChangesSeen() {
        let host = ViewHost(PhaseWatcher())
        #expect(host.tree.texts == ["Now active", "Changes "])
        host.enterScenePhase(.inactive)
        #expect(host.tree.texts.contains("Now inactive"))
        host.enterScenePhase(.background)
        host.enterScenePhase(.active)
        #expect(host.tree.texts == ["Now active", "Changes active→inactive, inactive→active"])
        #expect(ScenePhase.background < .inactive && ScenePhase.inactive < .active)
        var environment = EnvironmentValues()
        environment.scenePhase = .background
        #expect(ViewHost(PhaseWatcher(), environment: environment).tree.texts.first == "Now background")
    }

    /// State lives as long as its view, as in SwiftUI: a view an `if` took away starts afresh when it comes back,
    /// while a tab not selected keeps its own.
    @Test func stateGoesWithItsViewButNotWithAnUnselectedTab() throws {
        let host = ViewHost(HiddenCounter())
        try host.tap("Shown 0")
        try host.tap("Shown 1")
        #expect(host.tree.texts.contains("Shown 2"))
        try host.selectTab("Two")
        try host.tap("Other 0")
        try host.selectTab("One")
        #expect(host.tree.texts.contains("Shown 2"))
        try host.tap("Hide")
        #expect(host.tree.texts.contains("Hidden"))
        try host.tap("Show")
        #expect(host.tree.texts.contains("Shown 0"))
        try host.selectTab("Two")
        #expect(host.tree.texts.contains("Other 1"))
    }

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

    /// As SwiftUI's (`init(value:label:)`: "Pass a nil value to disable the link."): a link with no value yet is
    /// drawn disabled and a tap on it is refused. It pushed an empty page, a blank screen no device shows.
    @Test func aLinkWithNoValueIsDisabled() throws {
        struct Links: View {
            var body: some View {
                NavigationStack {
                    List {
                        NavigationLink("Venue", value: Optional<String>.none)
                        NavigationLink("Room", value: Optional("b"))
                    }
                    .navigationTitle("Links")
                    .navigationDestination(for: String.self) { Text("Page \($0)").navigationTitle($0) }
                }
            }
        }
        let host = ViewHost(Links())
        #expect(host.tree.find(.button, "Venue")?.isEnabled == false)
        #expect(host.tree.find(.button, "Room")?.isEnabled == true)
        #expect(throws: ViewHostError.self) { try host.tap("Venue") }
        #expect(host.tree.visibleNavigationTitle == "Links")
        try host.tap("Room")
        #expect(host.tree.texts == ["Page b"])
    }

    @Test func sheetsPresentAndDismissThemselves() throws {
        let host = ViewHost(CounterView(counter: Counter()))
        #expect(host.tree.topPresentation == nil)
        try host.tap("Open sheet")
        #expect(host.tree.topPresentation?.kind == .sheet)
        try host.tap("Close")
        #expect(host.tree.topPresentation == nil)
    }

    /// `.interactiveDismissDisabled()`: a swipe down leaves the sheet where it is while it holds; the sheet's own
    /// button still closes it, and without it the swipe closes the sheet.
    @Test func aSheetThatRefusesASwipeDownStaysUntilItsOwnButtonClosesIt() throws {
        let host = ViewHost(GuardedSheet())
        try host.dismiss()
        #expect(host.tree.topPresentation == nil, "nothing typed: the swipe closes it")

        let guarded = ViewHost(GuardedSheet())
        try guarded.type("Half a thought", into: "Note")
        try guarded.dismiss()
        #expect(guarded.tree.topPresentation?.kind == .sheet)
        #expect(guarded.tree.find(.textField, "Note")?.value == "Half a thought")
        try guarded.tap("Close")
        #expect(guarded.tree.topPresentation == nil)
    }

    /// A dialog made from data shows only while the data is there; its buttons and message come from it, and
    /// any of its buttons closes it after running.
    @Test func aDialogPresentingDataAsksWithItAndClosesOnAnyButton() throws {
        let host = ViewHost(AskingRow())
        #expect(host.tree.topPresentation == nil)
        try host.tap("Delete")
        let dialog = try #require(host.tree.topPresentation)
        #expect(dialog.kind == .confirmationDialog)
        #expect(dialog.text == "Delete?")
        #expect(dialog.children.map(\.text) == ["Notes.txt goes for good."])
        #expect(dialog.toolbar.map(\.text) == ["Delete Notes.txt", "Cancel"])
        #expect(dialog.toolbar.map(\.role) == [.destructive, .cancel])
        try host.tap("Cancel")
        #expect(host.tree.topPresentation == nil)
        #expect(host.tree.texts.contains("Deleted: "))

        try host.tap("Delete")
        try host.tap("Delete Notes.txt")
        #expect(host.tree.topPresentation == nil)
        #expect(host.tree.texts.contains("Deleted: Notes.txt"))
        try host.tap("Delete")
        try host.dismiss()
        #expect(host.tree.topPresentation == nil)
        #expect(host.tree.texts.contains("Deleted: Notes.txt"))
    }

    /// SwiftUI takes a destructive swipe action as the row's removal and animates the row out at once, so one
    /// that only asks must not be destructive: the stand-in refuses the swipe, and takes the red-tinted one.
    @Test func aSwipeActionThatAsksFirstMustNotBeDestructive() throws {
        let refused = ViewHost(SwipeThatAsks(destructive: true))
        #expect(throws: ViewHostError.self) { try refused.swipe("Notes.txt") }
        let asking = ViewHost(SwipeThatAsks(destructive: false))
        try asking.swipe("Notes.txt")
        #expect(asking.tree.topPresentation?.text == "Delete?")
    }

    /// The walk through a swipe that asks first passes only where the swipe asks that question, Cancel keeps the
    /// row and the question's Delete removes it.
    @Test func aSwipeThatAsksIsWalkedThroughCancelThenDelete() async throws {
        let host = ViewHost(RemovableRows(asks: true))
        try await host.swipeAsksThenRemoves("Notes.txt", question: "Delete “Notes.txt”?")
        #expect(host.tree.texts.contains("Slides.key"))

        await #expect(throws: ViewHostError.self) {
            try await ViewHost(RemovableRows(asks: false)).swipeAsksThenRemoves("Notes.txt", question: "Delete?")
        }
        await #expect(throws: ViewHostError.self) {
            try await ViewHost(RemovableRows(asks: true)).swipeAsksThenRemoves("Notes.txt", question: "Remove?")
        }
        await #expect(throws: ViewHostError.self) {
            try await ViewHost(RemovableRows(asks: true, cancelRemoves: true))
                .swipeAsksThenRemoves("Notes.txt", question: "Delete “Notes.txt”?")
        }
    }

    /// What is presented covers what presents it: a tap reaches the sheet's button, not the page's under it.
    @Test func aTapReachesTheSheetOverThePage() throws {
        let host = ViewHost(StackedSheets())
        #expect(host.tree.topPresentation?.kind == .sheet)
        try host.tap("Done")
        #expect(host.tree.topPresentation == nil)
        #expect(host.tree.texts.contains("Page open"))
        try host.tap("Done")
        #expect(host.tree.texts.contains("Page closed"))
    }

    /// A lazy grid keeps its columns and its cells, one child a cell in reading order, and a cell's button takes
    /// its tap; the square a cell's picture keeps is recorded on it.
    @Test func aGridKeepsItsColumnsAndCellsAndACellTakesItsTap() throws {
        let host = ViewHost(PhotoGrid(photos: ["Opening.jpg", "Stage.png", "Crowd.jpg", "Closing.jpg"]))
        let grid = try #require(host.tree.first { $0.kind == .grid })
        #expect(grid.style.spacing == 2)
        #expect(grid.gridColumns.count == 1)
        guard case .adaptive(let minimum, let maximum) = grid.gridColumns.first?.size else {
            Issue.record("the column is not adaptive: \(grid.gridColumns)")
            return
        }
        #expect(minimum == 100 && maximum == .infinity)
        #expect(grid.gridColumns.first?.spacing == 2)
        #expect(grid.children.map(\.kind) == [.button, .button, .button, .button])
        #expect(grid.children.map(\.accessibilityLabel) == ["Opening.jpg", "Stage.png", "Crowd.jpg", "Closing.jpg"])
        let picture = try #require(grid.children.first?.children.first)
        #expect(picture.style.aspectRatio == 1)
        #expect(picture.style.isClipped)
        #expect(picture.style.styleName == "fill")

        try host.tap("Crowd.jpg")
        #expect(host.tree.texts.contains("Opened Crowd.jpg"))
    }

    /// Apple's three kinds of column, and its defaults: a flexible column at least 10 points wide, no spacing or
    /// alignment of its own.
    @Test func gridItemsAreApplesThreeSizes() {
        let columns = [
            GridItem(), GridItem(.fixed(80), spacing: 4, alignment: .leading), GridItem(.adaptive(minimum: 44)),
        ]
        guard case .flexible(let minimum, let maximum) = columns[0].size else {
            Issue.record("the default column is not flexible")
            return
        }
        #expect(minimum == 10 && maximum == .infinity)
        #expect(columns[0].spacing == nil && columns[0].alignment == nil)
        if case .fixed(let width) = columns[1].size {
            #expect(width == 80 && columns[1].spacing == 4 && columns[1].alignment == .leading)
        } else {
            Issue.record("the second column is not fixed")
        }
        if case .adaptive(let least, _) = columns[2].size {
            #expect(least == 44)
        } else {
            Issue.record("the third column is not adaptive")
        }
        let grid = ViewHost(LazyVGrid(columns: columns, pinnedViews: [.sectionHeaders]) { Text("One") }).tree
        #expect(grid.first { $0.kind == .grid }?.children.map(\.text) == ["One"])
    }

    @Test func representablesShowTheirController() throws {
        let url = try #require(URL(string: "https://earthquake.usgs.gov/earthquakes/eventpage/us1"))
        let host = ViewHost(Browser(url: url))
        let node = try #require(host.tree.first { $0.kind == .platformView })
        #expect((node.platformObject as? SFSafariViewController)?.url == url)
    }
}
