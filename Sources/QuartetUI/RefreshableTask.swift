import SwiftUI

extension View {
    /// Runs `load` when the page appears, and again each time the person pulls it down: the page that reads the
    /// server on arrival is also the one a person pulls to try again once the network is back.
    ///
    /// ```swift
    /// List { … }
    ///     .refreshableTask { await model.appeared() }
    /// ```
    ///
    /// NB: one closure for both, so a page cannot load one way on arrival and another on a pull, nor lose its pull
    /// (without it, a page that said "offline" stayed so until the person left it).
    public func refreshableTask(_ load: @escaping @MainActor @Sendable () async -> Void) -> some View {
        refreshable { await load() }
            .task { await load() }
    }
}
