/// What a swipe that deletes a row did (``QuakeListModel/rowDeleted(id:)``), for a view that acts on it without
/// reading the banner's sentence: the command line's exit status.
public enum QuakeRowDeletion: Sendable, Hashable {
    /// The row left the list and the device's copy, until the next reload.
    case deleted
    /// The row left the list, but the device's copy could not be written, so it comes back at the next launch; the
    /// banner says so.
    case notSaved
    /// The list shows no such row (the filter hides it, or it was deleted already): nothing changed.
    case notListed
}
