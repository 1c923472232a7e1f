import QuakesCore
import SwiftUI

/// The quake list: reads ``QuakeListModel`` and sends it events, nothing else.
public struct QuakeListView: View {
    @Bindable var model: QuakeListModel
    @State private var searchText = ""
    @State private var showsMap = false
    @Environment(\.scenePhase) private var scenePhase

    /// The list screen of `model`.
    public init(model: QuakeListModel) {
        self.model = model
    }

    public var body: some View {
        NavigationStack {
            List {
                if let empty = model.emptyMessage {
                    Text(empty).foregroundStyle(.secondary).listRowSeparator(.hidden)
                }
                if model.canClearFilter {
                    Button(QuakeScreenText.clearFilter) { model.clearFilterTapped() }.listRowSeparator(.hidden)
                }
                if let banner = model.banner {
                    QuakeBannerView(banner: banner) { Task { await model.retryTapped() } }
                        .listRowSeparator(.hidden)
                }
                ForEach(model.rows) { row in
                    Button {
                        model.rowTapped(id: row.id)
                    } label: {
                        QuakeRowView(row: row)
                    }
                    .buttonStyle(.plain)
                    .listRowBackground(row.tint.color)
                }
                .onDelete { offsets in
                    let ids = offsets.map { model.rows[$0].id }
                    Task { for id in ids { await model.rowDeleted(id: id) } }
                }
            }
            .listStyle(.plain)
            .overlay {
                if model.busyIndicator == .replacingRows {
                    ProgressView().accessibilityLabel(QuakeScreenText.loading)
                }
            }
            .refreshable { await model.refreshPulled() }
            .task { await model.appeared() }
            .onChange(of: scenePhase) { _, phase in
                if phase == .active { Task { await model.becameActive() } }
            }
            .searchable(text: $searchText)
            .onChange(of: searchText) { _, text in model.searchChanged(text) }
            .navigationTitle(QuakeScreenText.title)
            .toolbar { QuakeListToolbar(model: model, showsMap: $showsMap) }
            .sheet(isPresented: $showsMap) {
                QuakeMapView(
                    title: model.mapTitle, annotations: model.mapAnnotations, region: model.mapRegion,
                    emptyMessage: model.mapEmptyMessage)
            }
            .sheet(item: Binding(get: { model.presented }, set: { if $0 == nil { model.eventPageDismissed() } })) {
                presented in
                switch presented {
                case .eventPage(let url, _): SafariView(url: url)
                case .detail(let detail): QuakeDetailView(detail: detail)
                }
            }
        }
    }
}

struct QuakeListView_Previews: PreviewProvider {
    static var previews: some View {
        QuakeListView(model: .preview)
    }
}
