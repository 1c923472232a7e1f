import Foundation
import QuakesModels

/// The fixed words of the Quakes screens (titles, buttons, menu entries), so the views show no literal of
/// their own and every sentence is in the strings file.
public enum QuakeScreenText {
    /// The list's navigation title.
    public static var title: String { Strings.text("quakes.screen.title") }
    /// The toolbar button that opens the map.
    public static var map: String { Strings.text("quakes.screen.map") }
    /// `Magnitude 3.5 and Above`, the map's title for the magnitude its pins start at.
    public static func mapTitle(_ minimum: String) -> String { Strings.format("quakes.screen.mapTitle", minimum) }
    /// `No earthquakes of magnitude 3.5 or more in the list.`: what the map says when it has no pin.
    public static func mapEmpty(_ minimum: String) -> String { Strings.format("quakes.screen.mapEmpty", minimum) }
    /// `Earthquakes of Magnitude 3.5 or More`, the title of the map drawn as SVG, for the magnitude its pins start at.
    public static func svgTitle(_ minimum: String) -> String { Strings.format("quakes.map.svgTitle", minimum) }
    /// The filter menu's title.
    public static var filter: String { Strings.text("quakes.screen.filter") }
    /// `3 earthquakes could not be read`, the line under "Updated …" for the features of the feed's answer that
    /// could not be read; `nil` for none.
    public static func skipped(_ count: Int, numbers: NumberSymbols) -> String? {
        switch count {
        case ...0: nil
        case 1: Strings.format("quakes.screen.skipped.one", numbers.whole(count))
        default: Strings.format("quakes.screen.skipped", numbers.whole(count))
        }
    }
    /// The banner's retry button.
    public static var retry: String { Strings.text("quakes.screen.retry") }
    /// Closes a sheet.
    public static var done: String { Strings.text("quakes.screen.done") }
    /// The detail's link to the USGS page.
    public static var openEventPage: String { Strings.text("quakes.screen.openEventPage") }
    /// What the busy indicator says to a screen reader.
    public static var loading: String { Strings.text("quakes.screen.loading") }
    /// The list when no row is left after the filter.
    public static var empty: String { Strings.text("quakes.screen.empty") }
    /// The list when the search hides every quake: `No earthquakes match “Fiji”.`
    public static func noMatch(_ search: String) -> String { Strings.format("quakes.screen.noMatch", search) }
    /// The list when the magnitude or time filter hides every quake.
    public static var noneInFilter: String { Strings.text("quakes.screen.noneInFilter") }
    /// The button under that sentence that lifts the magnitude floor and time window.
    public static var clearFilter: String { Strings.text("quakes.screen.clearFilter") }
    /// The magnitude picker's title.
    public static var magnitude: String { Strings.text("quakes.filter.magnitude") }
    /// The time picker's title.
    public static var time: String { Strings.text("quakes.filter.time") }
}

/// One entry of a filter menu: what it says and the value it sets.
public struct QuakeFilterChoice<Value: Hashable & Sendable>: Hashable, Sendable, Identifiable {
    /// `M 4.5+`, `Past Day`.
    public var label: String
    /// The floor or window it sets (`nil`: no limit).
    public var value: Value?
    /// The label, unique within a menu.
    public var id: String { label }
}

extension QuakeFilter {
    /// The magnitude floors the filter menu offers, from none to M 6+, each written in `numbers`
    /// (``QuakeRowFormatter/numbers``, as the rows are: `M ٤٫٥+` in `ar_SA`).
    public static func magnitudeChoices(numbers: NumberSymbols) -> [QuakeFilterChoice<Double>] {
        [QuakeFilterChoice(label: Strings.text("quakes.filter.allMagnitudes"), value: nil)]
            + [1, 2.5, 4.5, 6].map {
                QuakeFilterChoice(
                    label: Strings.format("quakes.filter.magnitudeAtLeast", numbers.fixed($0, digits: 1)), value: $0)
            }
    }

    /// The time windows the filter menu offers, from the whole feed to the past hour.
    public static var windowChoices: [QuakeFilterChoice<TimeInterval>] {
        [
            QuakeFilterChoice(label: Strings.text("quakes.filter.past30Days"), value: nil),
            QuakeFilterChoice(label: Strings.text("quakes.filter.pastWeek"), value: 7 * 86_400),
            QuakeFilterChoice(label: Strings.text("quakes.filter.pastDay"), value: 86_400),
            QuakeFilterChoice(label: Strings.text("quakes.filter.pastHour"), value: 3_600),
        ]
    }
}
