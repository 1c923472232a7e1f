import QuakesCore
import SwiftUI

/// A menu of magnitude floors and time windows; the change goes to the model as one event.
struct QuakeFilterMenu: View {
    let filter: QuakeFilter
    let magnitudeChoices: [QuakeFilterChoice<Double>]
    let changed: @MainActor (QuakeFilter) -> Void

    var body: some View {
        Menu(QuakeScreenText.filter, systemImage: "line.3.horizontal.decrease.circle") {
            Picker(
                QuakeScreenText.magnitude,
                selection: Binding(get: { filter.minimumMagnitude }, set: { update(\.minimumMagnitude, $0) })
            ) {
                ForEach(magnitudeChoices) { Text($0.label).tag($0.value) }
            }
            Picker(QuakeScreenText.time, selection: Binding(get: { filter.window }, set: { update(\.window, $0) })) {
                ForEach(QuakeFilter.windowChoices) { Text($0.label).tag($0.value) }
            }
        }
    }

    private func update<Value>(_ keyPath: WritableKeyPath<QuakeFilter, Value>, _ value: Value) {
        var filter = filter
        filter[keyPath: keyPath] = value
        changed(filter)
    }
}
