import Foundation
import PublicInit
import QuakesModels

/// What the person narrowed the list to: a magnitude floor, a time window and a place search.
@PublicInit
public struct QuakeFilter: Sendable, Hashable {
    /// Only quakes of at least this magnitude as it reads (``Quake/shownMagnitude``; quakes without a magnitude
    /// are then hidden).
    public var minimumMagnitude: Double?
    /// Only quakes within this many seconds before now.
    public var window: TimeInterval?
    /// Case- and accent-insensitive text searched in the place and the title.
    public var searchText: String = ""

    /// Everything.
    public static let none = QuakeFilter()

    /// Whether the quake passes, with `now` the end of the time window.
    public func matches(_ quake: Quake, now: Date) -> Bool {
        if let minimumMagnitude {
            guard let magnitude = quake.shownMagnitude, magnitude >= minimumMagnitude else { return false }
        }
        if let window, quake.time < now.addingTimeInterval(-window) { return false }
        let needle = searchText.trimmingCharacters(in: .whitespaces)
        if !needle.isEmpty {
            // NB: USGS titles some events by region ("M 7.8 - Pedernales, Ecuador") where the place names a
            // distance from a town, so both are searched; the title's "M 7.8 - " is not a place.
            let title = quake.title.range(of: " - ").map { String(quake.title[$0.upperBound...]) } ?? quake.title
            let inPlace = quake.place.map { Self.hasWord(startingWith: needle, in: $0) } ?? false
            guard inPlace || Self.hasWord(startingWith: needle, in: title) else { return false }
        }
        return true
    }

    /// Whether a word of `text` starts with `needle`, ignoring case and accents: "CA" finds "Geysers, CA" and
    /// "California" but not "Volcano", and "M" does not find every title's "M 4.2".
    static func hasWord(startingWith needle: String, in text: String) -> Bool {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        var rest = text.startIndex..<text.endIndex
        while let found = text.range(of: needle, options: options, range: rest) {
            guard found.lowerBound > text.startIndex else { return true }
            let before = text[text.index(before: found.lowerBound)]
            if !before.isLetter && !before.isNumber { return true }
            rest = text.index(after: found.lowerBound)..<text.endIndex
        }
        return false
    }

    /// Parses a duration such as `90m`, `24h`, `7d` or `2w` (seconds when unitless).
    public static func duration(_ text: String) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let unit = trimmed.last else { return nil }
        let multipliers: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 7 * 86_400]
        let number = unit.isNumber ? Substring(trimmed) : trimmed.dropLast()
        guard let seconds = unit.isNumber ? 1 : multipliers[unit], let value = Double(number), value > 0,
            value.isFinite
        else { return nil }
        return value * seconds
    }
}
