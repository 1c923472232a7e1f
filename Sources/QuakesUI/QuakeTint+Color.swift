import QuakesCore
import SwiftUI

extension QuakeTint {
    /// The row background and pin colour of a tint (the rule lives in QuakesCore; this is only paint).
    var color: Color {
        switch self {
        case .none: .clear
        case .lightRed: Color.red.opacity(0.25)
        case .red: Color.red.opacity(0.6)
        }
    }

    /// The colour of a row's secondary text: grey reads at 3.0:1 on the light red of a magnitude 5 and 2.5:1 on
    /// the red of a magnitude 7, so a tinted row keeps the primary colour (WCAG asks for 4.5:1).
    var detailColor: Color {
        switch self {
        case .none: .secondary
        case .lightRed, .red: .primary
        }
    }

    /// The pin colour on the map, where "no tint" still needs to be visible.
    var pinColor: Color {
        switch self {
        case .none: .orange
        case .lightRed: Color.red.opacity(0.6)
        case .red: .red
        }
    }
}
