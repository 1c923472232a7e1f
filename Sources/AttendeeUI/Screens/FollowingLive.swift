import SwiftUI

extension View {
    /// A list that follows the server live (the wall, a discussion, the inbox): the empty sentence over it, pull
    /// to reload, and while it is on screen its first load, then its live changes until it goes.
    func followingLive(
        emptyMessage: String?, load: @escaping @MainActor @Sendable () async -> Void,
        listen: @escaping @MainActor @Sendable () async -> Void
    ) -> some View {
        overlay { if let emptyMessage { Text(emptyMessage) } }
            .refreshable { await load() }
            .task {
                await load()
                await listen()
            }
    }
}
