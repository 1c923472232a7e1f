import Foundation

/// A list kept for offline reading, and when it was saved.
public struct SavedList<Element> {
    /// The elements, in the order they were saved.
    public var elements: [Element]
    /// When they were saved.
    public var savedAt: Date

    /// Creates a saved list (e.g. an expected value in a test).
    public init(elements: [Element], savedAt: Date) {
        self.elements = elements
        self.savedAt = savedAt
    }
}

extension SavedList: Sendable where Element: Sendable {}
extension SavedList: Equatable where Element: Equatable {}
