/// Which row a screen is fetching a page or file for: the one tapped last. Rows stay tappable while an answer is
/// on its way, so an earlier tap's answer that lands after a later tap is dropped, as is any answer once the person
/// went back or closed what it would have shown.
///
/// ```swift
/// lastTapped.tapped(id)
/// let data = try await client.download(id)
/// guard lastTapped.landed(id) else { return }
/// ```
struct LastTapped {
    private var id: String?

    /// The row `id` was tapped: its answer is the one awaited.
    mutating func tapped(_ id: String) { self.id = id }

    /// Whether the answer for `id` may be shown: it is the row tapped last, and was not forgotten since. It is no
    /// longer awaited then.
    mutating func landed(_ id: String) -> Bool {
        guard self.id == id else { return false }
        self.id = nil
        return true
    }

    /// The person went back, or closed the page: no answer on its way is shown.
    mutating func forget() { id = nil }
}
