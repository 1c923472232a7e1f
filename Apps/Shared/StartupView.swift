import SwiftUI

/// A spinner while an app builds its root view over live dependencies, then that root view.
///
/// NB: the device store opens asynchronously (it runs its migrations), so the root view cannot be built
/// synchronously in `App.body`; this view waits for it once, on first appearance.
struct StartupView<Content: View>: View {
    /// Builds the root view; runs once.
    let build: @MainActor () async -> Content
    @State private var content: Content?

    var body: some View {
        if let content {
            content
        } else {
            ProgressView().task { content = await build() }
        }
    }
}
