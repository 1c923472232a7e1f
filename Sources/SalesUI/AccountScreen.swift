import QuartetUI
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
            UnsentEditsSection(model: model)
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
            VStack(alignment: .leading, spacing: 0) {
                if let banner = model.banner { BannerView(banner: banner) { model.bannerDismissed() } }
                if model.canRetry {
                    // NB: beside the banner rather than in it, so dismissing the banner leaves a way to try again.
                    Button(SalesText.retry, systemImage: "arrow.clockwise") { Task { await model.retryTapped() } }
                        .buttonStyle(.bordered).disabled(model.isBusy).padding(.horizontal)
                }
                if let pending = model.pendingEditsText {
                    Label(pending, systemImage: "clock.arrow.circlepath").font(.footnote).padding(.horizontal)
                }
            }
        }
        .confirming(model.pageConfirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed)
        .refreshable { await model.refreshPulled() }
        .task { await model.appeared() }
        .sheet(isPresented: Binding(get: { model.form != nil }, set: { if !$0 { model.cancelTapped() } })) {
            HealthCareFormView(model: model).interactiveDismissDisabled(model.formHasUnsavedChanges)
        }
        .sheet(item: Binding(get: { model.presented }, set: { if $0 == nil { model.presentationDismissed() } })) {
            AccountPresentationView(presented: $0, model: model)
                .interactiveDismissDisabled(model.presentationHasUnsavedChanges)
        }
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
