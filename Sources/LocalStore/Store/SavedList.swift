import Foundation

/// A list kept for offline reading, and when it was saved.
public struct SavedList<Element> {
    /// The elements, in the order they were saved.
    public var elements: [Element]
    /// When they were saved.
    public var savedAt: Date
}

extension SavedList: Sendable where Element: Sendable {}
extension SavedList: Equatable where Element: Equatable {}
