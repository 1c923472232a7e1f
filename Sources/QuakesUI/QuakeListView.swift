import QuakesCore
import SwiftUI

/// The quake list: reads ``QuakeListModel`` and sends it events, nothing else.
public struct QuakeListView: View {
    @Bindable var model: QuakeListModel
    @State private var searchText = ""
    @State private var showsMap = false

    public init(model: QuakeListModel) {
        self.model = model
    }

    public var body: some View {
        NavigationStack {
            List {
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
                }
                .onDelete { offsets in
                    let ids = offsets.map { model.rows[$0].id }
                    Task { for id in ids { await model.rowDeleted(id: id) } }
                }
            }
            .listStyle(.plain)
            .overlay {
                if model.isBusy && model.rows.isEmpty { ProgressView() }
            }
            .refreshable { await model.refreshPulled() }
            .task { await model.appeared() }
            .searchable(text: $searchText)
            .onChange(of: searchText) { _, text in
                var filter = model.filter
                filter.searchText = text
                model.filterChanged(filter)
            }
            .navigationTitle("Earthquakes")
            .toolbar {
                ToolbarItem(placement: .status) {
                    if let lastUpdated = model.lastUpdated { Text(lastUpdated).font(.caption) }
                }
                ToolbarItem {
                    Button("Map", systemImage: "map") { showsMap = true }
                }
                ToolbarItem {
                    QuakeFilterMenu(filter: model.filter) { model.filterChanged($0) }
                }
            }
            .sheet(isPresented: $showsMap) {
                QuakeMapView(annotations: model.mapAnnotations, region: model.mapRegion)
            }
            .sheet(item: Binding(get: { model.selectedDetail }, set: { if $0 == nil { model.eventPageDismissed() } })) {
                detail in
                QuakeDetailView(detail: detail)
            }
        }
    }
}

#Preview {
    QuakeListView(model: .preview)
}
