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
                ForEach(model.infoRows, id: \.label) { LabeledContent($0.label, value: $0.value) }
            }
            if let healthCare = model.healthCare {
                Section {
                    ForEach(healthCare.rows, id: \.label) { LabeledContent($0.label, value: $0.value) }
                } header: {
                    HStack {
                        Text(healthCare.title)
                        Spacer()
                        Button(SalesText.edit) { model.editTapped() }
                    }
                }
            }
            NotesAndAttachmentsSection(model: model)
            KnowSayShowView(model: model)
        }
        .navigationTitle(model.title)
        .overlay {
            if model.phase == .loading { ProgressView().accessibilityLabel(SalesText.loading) }
        }
        .safeAreaInset(edge: .top) {
            if let banner = model.banner { BannerView(text: banner) { model.bannerDismissed() } }
        }
        .refreshable { await model.refreshPulled() }
        .task { await model.appeared() }
        .sheet(isPresented: Binding(get: { model.form != nil }, set: { if !$0 { model.cancelTapped() } })) {
            HealthCareFormView(model: model)
        }
        .sheet(item: Binding(get: { model.presented }, set: { if $0 == nil { model.documentDismissed() } })) {
            AccountPresentationView(presented: $0, model: model)
        }
    }
}

/// What the screen presents: the item editor, or the web view with a document or a page.
struct AccountPresentationView: View {
    let presented: AccountPresentation
    let model: AccountScreenModel

    var body: some View {
        switch presented {
        case .editor(let editor):
            NavigationStack {
                ItemEditorView(model: editor) { Task { await model.editorSaveTapped() } }
                    .toolbar {
                        ToolbarItem(placement: .cancellationAction) {
                            Button(SalesText.cancel) { model.editorDismissed() }
                        }
                    }
            }
        case .document(let document):
            NavigationStack { DocumentViewer(content: .document(document)).navigationTitle(document.title) }
        case .webPage(let url):
            NavigationStack { DocumentViewer(content: .page(url)).navigationTitle(url.host ?? url.absoluteString) }
        }
    }
}

/// The Notes & Attachments accordion: the merged rows, swipe to delete, and the three add buttons.
struct NotesAndAttachmentsSection: View {
    let model: AccountScreenModel

    var body: some View {
        Section {
            DisclosureGroup(isExpanded: Binding(get: { model.itemsExpanded }, set: { _ in model.itemsToggled() })) {
                ForEach(model.items) { row in
                    Button {
                        Task { await model.itemTapped(id: row.id) }
                    } label: {
                        ItemRowView(row: row)
                    }
                    .swipeActions {
                        Button(SalesText.delete, role: .destructive) { Task { await model.itemDeleted(id: row.id) } }
                        Button(SalesText.edit) { model.itemEditTapped(id: row.id) }
                    }
                }
                ForEach(model.addableKinds, id: \.self) { kind in
                    Button(kind.addTitle, systemImage: "plus") { model.addTapped(kind) }
                }
            } label: {
                Text(SalesText.itemsTitle).font(.headline)
            }
        }
    }
}

/// One row of the merged list: name, `MM/DD/YY`, and the content type or shortened URL.
struct ItemRowView: View {
    let row: ItemRow

    var body: some View {
        HStack {
            Image(systemName: row.kind.symbol).accessibilityHidden(true)
            VStack(alignment: .leading) {
                Text(row.title)
                if let detail = row.detail { Text(detail).font(.caption).foregroundStyle(.secondary) }
            }
            Spacer()
            Text(row.date).font(.caption).foregroundStyle(.secondary)
        }
        .frame(minHeight: 44)
    }
}

extension ItemRow.Kind {
    /// The row's SF Symbol.
    var symbol: String {
        switch self {
        case .note: "note.text"
        case .doc: "doc.richtext"
        case .attachment: "paperclip"
        }
    }
}

/// A dismissible one-line message.
struct BannerView: View {
    let text: String
    let dismiss: @MainActor () -> Void

    var body: some View {
        HStack {
            Text(text).font(.callout)
            Spacer()
            Button(SalesText.dismiss, systemImage: "xmark", action: dismiss).labelStyle(.iconOnly)
        }
        .padding()
        .background(.yellow.opacity(0.2))
    }
}

struct AccountScreen_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            PreviewHost(accountID: SalesPreview.hospitalID) { model in NavigationStack { AccountScreen(model: model) } }
                .previewDisplayName("Hospital")
            PreviewHost(accountID: "001Q000000Demo3IAB") { model in NavigationStack { AccountScreen(model: model) } }
                .previewDisplayName("Not a hospital")
        }
    }
}
