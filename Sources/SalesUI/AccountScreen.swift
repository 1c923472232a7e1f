#if canImport(SwiftUI)
    import SalesCore
    import SwiftUI

    /// The Account screen: info, Health Care Info (hospitals only), Notes & Attachments, Know · Say · Show.
    public struct AccountScreen: View {
        @State private var model: AccountScreenModel

        /// Creates the screen over its model.
        public init(model: AccountScreenModel) {
            _model = State(initialValue: model)
        }

        public var body: some View {
            List {
                Section {
                    ForEach(model.infoRows, id: \.label) { row in
                        LabeledContent(row.label, value: row.value)
                    }
                }
                if let healthCare = model.healthCare {
                    Section {
                        ForEach(healthCare.rows, id: \.label) { row in
                            LabeledContent(row.label, value: row.value)
                        }
                    } header: {
                        HStack {
                            Text(healthCare.title)
                            Spacer()
                            Button("Edit") { model.editTapped() }
                        }
                    }
                }
                Section("Notes & Attachments") {
                    ForEach(model.items) { row in
                        Button {
                            Task { await model.itemTapped(id: row.id) }
                        } label: {
                            ItemRowView(row: row)
                        }
                        .swipeActions {
                            Button("Delete", role: .destructive) { Task { await model.itemDeleted(id: row.id) } }
                        }
                    }
                }
                KnowSayShowView(model: model)
            }
            .navigationTitle(model.title)
            .overlay { if model.phase == .loading { ProgressView() } }
            .safeAreaInset(edge: .top) {
                if let banner = model.banner {
                    BannerView(text: banner) { model.bannerDismissed() }
                }
            }
            .refreshable { await model.refreshPulled() }
            .task { await model.appeared() }
            .sheet(isPresented: Binding(get: { model.form != nil }, set: { if !$0 { model.cancelTapped() } })) {
                HealthCareFormView(model: model)
            }
            .sheet(
                isPresented: Binding(
                    get: { model.openedDocument != nil }, set: { if !$0 { model.documentDismissed() } })
            ) {
                if let document = model.openedDocument { DocumentViewer(document: document) }
            }
        }
    }

    /// One row of the merged list: name, `MM/DD/YY`, and the content type or shortened URL.
    struct ItemRowView: View {
        let row: ItemRow

        var body: some View {
            HStack {
                Image(systemName: row.kind == .note ? "note.text" : row.kind == .doc ? "doc.richtext" : "paperclip")
                VStack(alignment: .leading) {
                    Text(row.title)
                    if let detail = row.detail { Text(detail).font(.caption).foregroundStyle(.secondary) }
                }
                Spacer()
                Text(row.date).font(.caption).foregroundStyle(.secondary)
            }
        }
    }

    /// A dismissible one-line message.
    struct BannerView: View {
        let text: String
        let dismiss: () -> Void

        var body: some View {
            HStack {
                Text(text).font(.callout)
                Spacer()
                Button("Dismiss", systemImage: "xmark", action: dismiss).labelStyle(.iconOnly)
            }
            .padding()
            .background(.yellow.opacity(0.2))
        }
    }

    #Preview("Hospital") {
        PreviewHost(accountID: SalesPreview.hospitalID) { model in NavigationStack { AccountScreen(model: model) } }
    }

    #Preview("Not a hospital") {
        PreviewHost(accountID: "001Q000000Demo3IAB") { model in NavigationStack { AccountScreen(model: model) } }
    }
#endif
