import Foundation
import QuakesModels

/// The quakes to show and their rows, side by side, newest first.
public struct QuakeListing: Sendable, Equatable {
    /// Visible quakes (hidden rows removed), newest first.
    public var quakes: [Quake]
    /// One row per quake, same order.
    public var rows: [QuakeRow]
    /// When the server last sent or confirmed this data.
    public var fetchedAt: Date
    /// Features of the last body that could not be read.
    public var skipped: Int

    /// Quakes and rows passing a filter.
    public func filtered(_ filter: QuakeFilter, now: Date) -> (quakes: [Quake], rows: [QuakeRow]) {
        guard filter != .none else { return (quakes, rows) }
        var keptQuakes: [Quake] = []
        var keptRows: [QuakeRow] = []
        for (quake, row) in zip(quakes, rows) where filter.matches(quake, now: now) {
            keptQuakes.append(quake)
            keptRows.append(row)
        }
        return (keptQuakes, keptRows)
    }

    /// Removes one quake and its row.
    public mutating func remove(id: String) {
        guard let index = quakes.firstIndex(where: { $0.id == id }) else { return }
        quakes.remove(at: index)
        rows.remove(at: index)
    }
}
