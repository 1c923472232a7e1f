import SalesCore
import SwiftUI

/// Builds a preview's model asynchronously (the local store opens async), then shows `content`.
struct PreviewHost<Content: View>: View {
    let accountID: String
    let content: (AccountScreenModel) -> Content
    @State private var model: AccountScreenModel?

    var body: some View {
        Group {
            if let model { content(model) } else { ProgressView() }
        }
        .task { model = try? await SalesPreview.model(accountID: accountID) }
    }
}
