import Foundation
import MapKit
import ScreenRenderer
import SwiftUI
import Testing

private struct Basket: View {
    var body: some View {
        TabView {
            NavigationStack {
                List {
                    Section("Fruit") {
                        Text("Apple & pear")
                        Toggle("Ripe", isOn: .constant(true))
                        LabeledContent("Weight", value: "2 kg")
                    }
                    Button("Empty the basket", role: .destructive) {}
                }
                .navigationTitle("Basket")
                .toolbar { Button("Add", systemImage: "plus") {} }
            }
            .tabItem { Label("Basket", systemImage: "tray.full") }
            .badge(3)
            Text("Elsewhere").tabItem { Label("Settings", systemImage: "gear") }
        }
    }
}

private struct Decorated: View {
    var body: some View {
        VStack {
            Image(systemName: "star")
            Image(systemName: "heart").accessibilityHidden(true)
            Image(systemName: "bell").accessibilityLabel("Alerts")
            Button {
            } label: {
                Image(systemName: "plus")
            }
            Text("")
            Text("quakes.error.offline")
            Text("docs.google.com")
        }
    }
}

/// The HTML a tree becomes, and the checks the catalog runs.
@MainActor
struct ScreenRendererTests {
    @Test func aTabbedListBecomesANavigationBarSectionsRowsAndATabBar() throws {
        let host = ViewHost(Basket())
        let html = ScreenRenderer(device: .iPhone15, appearance: .light).page(host.tree, title: "Basket")
        #expect(html.contains("<html lang=\"en\" class=\"light\">"))
        #expect(html.contains(#"font-family:-apple-system,"SF Pro Text""#))
        #expect(html.contains(".device{width:393px;height:852px}"))
        #expect(html.contains("<div class=\"navbar\">"))
        #expect(html.contains("<h1 class=\"large-title\">Basket</h1>"))
        #expect(html.contains("aria-label=\"Add\""))
        #expect(html.contains("data-symbol=\"plus\""))
        #expect(html.contains("<div class=\"list grouped\""))
        #expect(html.contains("<header class=\"section-header\"><span class=\"text\">Fruit</span></header>"))
        #expect(html.contains("Apple &amp; pear"))
        #expect(html.contains("<span class=\"toggle-switch on\" role=\"switch\" aria-checked=\"true\"></span>"))
        #expect(html.contains("<span class=\"row-value\">2 kg</span>"))
        #expect(html.contains("class=\"row destructive"))
        #expect(html.contains("<nav class=\"tabbar\">"))
        #expect(html.contains("<div class=\"tab selected\">"))
        #expect(html.contains("<span class=\"badge\">3</span>"))
        #expect(!html.contains("Elsewhere"), "only the selected tab is drawn")
    }

    /// `.navigationBarTitleDisplayMode(.inline)` puts the title in the bar instead of a large title under it.
    /// A picture of bytes a browser can draw (JPEG, PNG) is drawn, named for a screen reader; others (HEIC)
    /// stay a box with the name.
    @Test func aPictureOfBytesIsDrawnWhereTheBrowserCan() throws {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        let heic = Data([0, 0, 0, 24]) + Data("ftypheic".utf8) + Data(repeating: 0, count: 8)
        let photo = try #require(Picture(jpeg, label: "Photo from Ada")).resizable()
        let stage = try #require(Picture(heic, label: "Stage.heic"))
        let host = ViewHost(
            VStack {
                photo
                stage
            })
        let html = ScreenRenderer(device: .iPhone15, appearance: .light).page(host.tree, title: "Pictures")
        #expect(
            html.contains(
                "<img class=\"picture fit\" aria-label=\"Photo from Ada\" src=\"data:image/jpeg;base64,"
                    + jpeg.base64EncodedString() + "\">"))
        #expect(html.contains("aria-label=\"Stage.heic\">Stage.heic</span>"))
        #expect(!html.contains("data:image/heic"))
    }

    @Test func anInlineTitleIsDrawnInTheBar() {
        let inline = ViewHost(
            NavigationStack {
                Text("Pins").navigationTitle("Magnitude 3.5 and above").navigationBarTitleDisplayMode(.inline)
            })
        #expect(inline.tree.first { $0.kind == .navigationStack }?.inlineTitle == true)
        let html = ScreenRenderer(device: .iPhone15, appearance: .light).page(inline.tree, title: "Map")
        #expect(html.contains("<div class=\"bar-title\">Magnitude 3.5 and above"))
        #expect(!html.contains("large-title\">Magnitude"))

        let large = ViewHost(NavigationStack { Text("Pins").navigationTitle("Quakes") })
        #expect(large.tree.first { $0.kind == .navigationStack }?.inlineTitle == false)
        #expect(
            ScreenRenderer(device: .iPhone15, appearance: .light).page(large.tree, title: "List")
                .contains("<h1 class=\"large-title\">Quakes</h1>"))
    }

    /// A column's alignment is drawn: its children line up on its leading (or trailing) side, where before every
    /// column outside a row was drawn centred (a banner's Retry floated under the banner's middle).
    @Test func aColumnLinesUpItsChildrenAsItsAlignmentSays() {
        let host = ViewHost(
            VStack(spacing: 0) {
                VStack(alignment: .leading) {
                    Text("Banner, wide")
                    Button("Retry") {}
                }
                VStack(alignment: .trailing) {
                    Text("See you")
                    Text("9:13")
                }
                VStack { Text("Centred") }
            })
        let columns = host.tree.allNodes.filter { $0.kind == .vstack }
        #expect(columns.map(\.style.stackAlignment) == [nil, .leading, .trailing, nil])
        let html = ScreenRenderer(device: .iPhone15, appearance: .light).page(host.tree, title: "Columns")
        #expect(html.contains("class=\"vstack leading\""))
        #expect(html.contains("class=\"vstack trailing\""))
        #expect(html.contains("class=\"vstack center\""))
    }

    /// A full-width frame aligned to one side keeps its alignment in the tree, and the page draws the box on
    /// that side as wide as its content (a message bubble), while a centred one stretches as before.
    @Test func aFrameAlignedToASideIsRecordedAndDrawnOnThatSide() {
        let host = ViewHost(
            List {
                Text("Mine").frame(maxWidth: .infinity, alignment: .trailing)
                Text("Theirs").frame(maxWidth: .infinity, alignment: .leading)
                Text("Wide").frame(maxWidth: .infinity)
            })
        #expect(host.tree.find(.text, "Mine")?.style.frameAlignment == .trailing)
        #expect(host.tree.find(.text, "Theirs")?.style.frameAlignment == .leading)
        #expect(host.tree.find(.text, "Wide")?.style.frameAlignment == nil)
        let html = ScreenRenderer(device: .iPhone15, appearance: .light).page(host.tree, title: "Bubbles")
        #expect(html.contains("margin-left:auto;align-self:flex-end;align-items:flex-end;text-align:right\">Mine"))
        #expect(html.contains("margin-right:auto;align-self:flex-start\">Theirs"))
        #expect(html.contains("align-self:stretch;flex:1 1 auto\">Wide"))
    }

    /// A lazy grid is drawn as a CSS grid: an adaptive column as many tracks as fit, each cell a box of its own,
    /// the spacings as gaps; a square cut picture keeps its ratio and loses the rounded corners it did not ask for.
    @Test func aGridIsDrawnAsACSSGridOfSquareCells() throws {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        let cell = try #require(Picture(jpeg, label: "Opening.jpg")).resizable().scaledToFill()
            .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity)
            .aspectRatio(1, contentMode: .fit).clipped()
        let host = ViewHost(
            ScrollView {
                LazyVGrid(columns: [GridItem(.adaptive(minimum: 100), spacing: 2)], spacing: 2) {
                    cell
                    Text("Two")
                    Text("Three")
                }
                LazyVGrid(columns: [GridItem(.fixed(80)), GridItem(.flexible()), GridItem(.flexible(maximum: 120))]) {
                    Text("Fixed")
                }
            })
        let html = ScreenRenderer(device: .iPhone15, appearance: .light).page(host.tree, title: "Gallery")
        #expect(
            html.contains(
                "<div class=\"grid\" style=\"grid-template-columns:repeat(auto-fill,minmax(100px,1fr));row-gap:2px;"
                    + "column-gap:2px\" role=\"grid\"><div class=\"grid-cell\"><img class=\"picture fill\""))
        #expect(html.contains("aspect-ratio:1;overflow:hidden;border-radius:0"))
        #expect(html.components(separatedBy: "<div class=\"grid-cell\">").count == 5)
        #expect(
            html.contains("grid-template-columns:80px minmax(10px,1fr) minmax(10px,120px);row-gap:8px;column-gap:8px"))
        #expect(html.contains(".grid{display:grid;"))
    }

    /// A map's pins are placed in an area of their own and the list of pins is drawn below it: laid over the map,
    /// the list hid the pins of its bottom part (the southernmost quake of a region fitted with a tenth's margin).
    @Test func aMapsPinsAreDrawnAboveItsListOfPinsNotUnderIt() throws {
        let region = MKCoordinateRegion(
            center: CLLocationCoordinate2D(latitude: 0, longitude: 0),
            span: MKCoordinateSpan(latitudeDelta: 10, longitudeDelta: 10))
        let host = ViewHost(
            Map(initialPosition: .region(region)) {
                Annotation("North", coordinate: CLLocationCoordinate2D(latitude: 4, longitude: 0)) { Text("N") }
                Annotation("South", coordinate: CLLocationCoordinate2D(latitude: -4, longitude: 0)) { Text("S") }
            })
        let html = ScreenRenderer(device: .iPhone15, appearance: .light).page(host.tree, title: "Map")
        let area = try #require(html.range(of: "<div class=\"map-area\">"))
        let list = try #require(html.range(of: "<ul class=\"map-pins\">"))
        let areaEnd = try #require(html.range(of: "</div>", range: area.upperBound..<list.lowerBound))
        let pins = html[area.upperBound..<areaEnd.lowerBound]
        #expect(pins.components(separatedBy: "class=\"map-pin\"").count == 3, "both pins are in the map's area")
        #expect(pins.contains("title=\"South\""))
        #expect(html[areaEnd.upperBound..<list.lowerBound].isEmpty, "the list follows the area, outside it")
        #expect(html.contains(".map-area{flex:1 1 auto;position:relative"))
        #expect(!html.contains(".map-pins{position:absolute"), "the list lies below the pins, not over them")
    }

    /// A full-length page grows with its content from the screen's height, so its picture shows every section.
    @Test func aFullLengthPageGrowsWithItsContent() {
        let host = ViewHost(Basket())
        let screen = ScreenRenderer(device: .iPad11, appearance: .light).page(host.tree, title: "Basket")
        #expect(!ScreenDevice.iPad11.isFullLength)
        #expect(!screen.contains("full-length"))
        let device = ScreenDevice.iPad11.fullLength
        #expect(device.isFullLength && device.width == 1180 && device.height == 820)
        let html = ScreenRenderer(device: device, appearance: .light).page(host.tree, title: "Basket")
        #expect(html.contains(".device{width:1180px;min-height:820px}"))
        #expect(!html.contains(".device{width:1180px;height:820px}"))
        #expect(html.contains("class=\"device ipad full-length\""))
        #expect(html.contains(".full-length .base{position:relative;"))
    }

    @Test func aLabelsIconKeepsItsOwnColourAndItsTitleThePages() throws {
        let host = ViewHost(
            Label {
                Text("Saved.")
            } icon: {
                Image(systemName: "checkmark.circle").foregroundStyle(.green)
            })
        let label = try #require(host.tree.first { $0.kind == .label })
        #expect(label.style.iconForeground?.name == "green")
        #expect(label.style.foreground == nil)
        let html = ScreenRenderer(device: .iPhone15, appearance: .light).page(host.tree, title: "Saved")
        let span = try #require(html.range(of: "<span style=\"color:"))
        #expect(html[span.upperBound...].contains("</span>Saved."), "the title is outside the coloured span")
    }

    @Test func darkPagesUseTheDarkPaletteAndIPadPagesTheIPadSize() {
        let host = ViewHost(Basket())
        let html = ScreenRenderer(device: .iPad11, appearance: .dark).page(host.tree, title: "Basket")
        #expect(html.contains("<html lang=\"en\" class=\"dark\">"))
        #expect(html.contains(":root.dark{--label:#fff"))
        #expect(html.contains(".device{width:1180px;height:820px}"))
        #expect(html.contains("class=\"device ipad\""))
    }

    @Test func sheetsAndAlertsAreDrawnOverADimmedPage() throws {
        struct Presenting: View {
            var body: some View {
                Text("Under")
                    .sheet(isPresented: .constant(true)) { Text("On top") }
                    .alert("Delete?", isPresented: .constant(true)) {
                        Button("Cancel", role: .cancel) {}
                        Button("Delete", role: .destructive) {}
                    }
            }
        }
        let html = ScreenRenderer(device: .iPhone15, appearance: .light).page(ViewHost(Presenting()).tree, title: "")
        #expect(html.contains("class=\"device iphone sheet-open\""))
        #expect(html.components(separatedBy: "<div class=\"dim\"></div>").count == 3)
        #expect(html.contains("<div class=\"sheet\""))
        #expect(html.contains("<div class=\"alert-title\">Delete?</div>"))
        #expect(html.contains("<div class=\"alert-buttons pair\">"))
        #expect(html.contains("alert-button destructive"))
    }

    @Test func aConfirmationDialogShowsItsQuestionMessageAndButtonsApart() throws {
        struct Asking: View {
            var body: some View {
                Text("Under")
                    .confirmationDialog(
                        "Delete “Plan”?", isPresented: .constant(true), titleVisibility: .visible, presenting: "Plan"
                    ) { _ in
                        Button("Delete", role: .destructive) {}
                        Button("Cancel", role: .cancel) {}
                    } message: { name in
                        Text("\(name) goes for good.")
                    }
            }
        }
        let html = ScreenRenderer(device: .iPhone15, appearance: .light).page(ViewHost(Asking()).tree, title: "")
        #expect(html.contains("<div class=\"action-title\">Delete “Plan”?</div><div class=\"action-message\">"))
        #expect(html.contains("Plan goes for good."))
        #expect(html.contains("alert-button destructive\" role=\"button\">Delete</span>"))
        #expect(html.contains("<div class=\"action-group action-cancel\"><span class=\"alert-button cancel\""))
    }

    @Test func theChecksFindEmptyTextsKeysAndUnnamedControlsAndImages() {
        let problems = ScreenAudit.problems(in: ViewHost(Decorated()).tree)
        #expect(
            problems.filter { $0.rule == .unlabelledImage }.map(\.message) == [
                "symbol star is neither accessibility-hidden nor labelled",
                "symbol plus is neither accessibility-hidden nor labelled",
            ])
        #expect(problems.filter { $0.rule == .unlabelledControl }.count == 1)
        #expect(problems.filter { $0.rule == .emptyText }.count == 1)
        #expect(
            problems.filter { $0.rule == .rawStringKey }.map(\.message) == [
                "text \"quakes.error.offline\" looks like a strings key"
            ])
        let star = problems.first { $0.message.hasPrefix("symbol star") }
        #expect(star?.nodePath == "group/vstack[0]/image[0]")
    }

    @Test func keysAndPlaceholdersAreToldFromWords() {
        #expect(ScreenAudit.looksLikeKey("error.signInRequired"))
        #expect(ScreenAudit.looksLikeKey("seats.many"))
        #expect(!ScreenAudit.looksLikeKey("docs.google.com"))
        #expect(!ScreenAudit.looksLikeKey("e.g."))
        #expect(!ScreenAudit.looksLikeKey("M 7.1 - Sinabang"))
        #expect(!ScreenAudit.looksLikeKey("Updated 12:04."))
        #expect(ScreenAudit.hasPlaceholder("%@ seats available"))
        #expect(ScreenAudit.hasPlaceholder("Waitlist #%1$@"))
        #expect(!ScreenAudit.hasPlaceholder("100% sure"))
    }
}
