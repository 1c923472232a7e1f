import QuakesCore
import SwiftUI

/// A menu of magnitude floors and time windows; the change goes to the model as one event.
struct QuakeFilterMenu: View {
    let filter: QuakeFilter
    let changed: (QuakeFilter) -> Void

    private static let magnitudes: [Double?] = [nil, 1, 2.5, 4.5, 6]
    private static let windows: [(String, TimeInterval?)] = [
        ("Past 30 days", nil), ("Past week", 7 * 86_400), ("Past day", 86_400), ("Past hour", 3600),
    ]

    var body: some View {
        Menu("Filter", systemImage: "line.3.horizontal.decrease.circle") {
            Picker(
                "Magnitude",
                selection: Binding(get: { filter.minimumMagnitude }, set: { update(\.minimumMagnitude, $0) })
            ) {
                ForEach(Self.magnitudes, id: \.self) { magnitude in
                    Text(magnitude.map { "M \(NumberText.fixed($0, digits: 1))+" } ?? "All magnitudes").tag(magnitude)
                }
            }
            Picker("Time", selection: Binding(get: { filter.window }, set: { update(\.window, $0) })) {
                ForEach(Self.windows, id: \.0) { name, window in
                    Text(name).tag(window)
                }
            }
        }
    }

    private func update<Value>(_ keyPath: WritableKeyPath<QuakeFilter, Value>, _ value: Value) {
        var filter = filter
        filter[keyPath: keyPath] = value
        changed(filter)
    }
}
